"""The game's words as a label begins: "Creature", "Sprint", "Top lane", "Summon phase".

The catalogue and the engine keep their words in lower case (they are keys); a label that
starts a heading, a chip or a status line is written out here with its capital, not made by
`capfirst`, which upper-cases letter by letter and is wrong for some languages (Turkish's
dotted i). A word missing from the table is shown as it is.
"""

from __future__ import annotations

from django import template

from engine.clash.cards import ABILITY_BITS, CREATURE, INCANTATION
from engine.clash.state import LANES, PHASES
from engine.spoils.deck import CARD_TYPES, TRADES

register = template.Library()

WORDS: dict[str, str] = {
    CREATURE: "Creature", INCANTATION: "Incantation",
    # Rules C-5.1 to C-5.7.
    "splash": "Splash", "pierce": "Pierce", "rage": "Rage", "protection": "Protection",
    "indestructible": "Indestructible", "frenzy": "Frenzy", "sprint": "Sprint",
    "top": "Top", "bottom": "Bottom",
    "summon": "Summon", "attack": "Attack",
    # The Spoils (S-2, S-4).
    "faction": "Faction", "resource": "Resource", "character": "Character",
    "tactic": "Tactic", "item": "Item", "location": "Location",
    "arcanist": "Arcanist", "banker": "Banker", "gearsmith": "Gearsmith", "rogue": "Rogue",
    "warlord": "Warlord",
}
# Every word of the engines' closed vocabularies has its label (tests/decks/test_words.py).
VOCABULARY = (*ABILITY_BITS, CREATURE, INCANTATION, *LANES, *PHASES, *CARD_TYPES, *TRADES)


@register.filter
def word(value: object) -> str:
    """The label of one of the game's words ("" for none)."""
    if value is None or value == "":
        return ""
    return WORDS.get(str(value), str(value))


@register.filter
def words(values: object) -> str:
    """Labels of a list of the game's words, the first one as a label begins and the rest as
    they are read mid-list ("Splash, pierce")."""
    items = [str(v) for v in (values or [])]
    if not items:
        return ""
    return ", ".join([word(items[0]), *items[1:]])
