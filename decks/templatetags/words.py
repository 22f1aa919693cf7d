"""The game's words as a label begins: "Creature", "Sprint", "Top lane", "Summon phase".

The catalogue and the engine keep their words in lower case (they are keys); a label that
starts a heading, a chip or a status line is written out here with its capital, not made by
`capfirst`, which upper-cases letter by letter and is wrong for some languages (Turkish's
dotted i). A word missing from the table is shown as it is.
"""

from __future__ import annotations

from django import template
from django.utils.translation import gettext, pgettext_lazy

from decks.card_notes import NOTES
from engine.clash.cards import ABILITY_BITS, CREATURE, INCANTATION
from engine.clash.state import LANES, PHASES
from engine.spoils.deck import CARD_TYPES, TRADES

register = template.Library()

# Labels in the reader's language; the "game word" context keeps them apart from the
# same English words elsewhere on the pages.
WORDS: dict[str, str] = {
    CREATURE: pgettext_lazy("game word", "Creature"),
    INCANTATION: pgettext_lazy("game word", "Incantation"),
    # Rules C-5.1 to C-5.7.
    "splash": pgettext_lazy("game word", "Splash"),
    "pierce": pgettext_lazy("game word", "Pierce"),
    "rage": pgettext_lazy("game word", "Rage"),
    "protection": pgettext_lazy("game word", "Protection"),
    "indestructible": pgettext_lazy("game word", "Indestructible"),
    "frenzy": pgettext_lazy("game word", "Frenzy"),
    "sprint": pgettext_lazy("game word", "Sprint"),
    "top": pgettext_lazy("game word", "Top"),
    "bottom": pgettext_lazy("game word", "Bottom"),
    "summon": pgettext_lazy("game word", "Summon"),
    "attack": pgettext_lazy("game word", "Attack"),
    # The Spoils (S-2, S-4).
    "faction": pgettext_lazy("game word", "Faction"),
    "resource": pgettext_lazy("game word", "Resource"),
    "character": pgettext_lazy("game word", "Character"),
    "tactic": pgettext_lazy("game word", "Tactic"),
    "item": pgettext_lazy("game word", "Item"),
    "location": pgettext_lazy("game word", "Location"),
    "arcanist": pgettext_lazy("game word", "Arcanist"),
    "banker": pgettext_lazy("game word", "Banker"),
    "gearsmith": pgettext_lazy("game word", "Gearsmith"),
    "rogue": pgettext_lazy("game word", "Rogue"),
    "warlord": pgettext_lazy("game word", "Warlord"),
}
# Every word of the engines' closed vocabularies has its label (tests/decks/test_words.py).
VOCABULARY = (*ABILITY_BITS, CREATURE, INCANTATION, *LANES, *PHASES, *CARD_TYPES, *TRADES)


@register.filter
def word(value: object) -> str:
    """The label of one of the game's words ("" for none)."""
    if value is None or value == "":
        return ""
    return str(WORDS.get(str(value), str(value)))


@register.filter
def words(values: object) -> str:
    """Labels of a list of the game's words, the first one as a label begins and the rest as
    they are read mid-list ("Splash, pierce")."""
    labels = [word(v) for v in (values or [])]
    if not labels:
        return ""
    return ", ".join([labels[0], *(label[:1].lower() + label[1:] for label in labels[1:])])


@register.filter
def card_note(value: object) -> str:
    """A card's note from the catalogue (decks.card_notes) in the reader's language; a note
    not listed there is shown as the data has it."""
    if not value:
        return ""
    text = str(value)
    return gettext(text) if text in NOTES else text  # msgids marked with gettext_noop
