"""The notes of the Clash of Decks catalogue (engine/clash/data/starter_kit.csv, column
`notes`: how a card's printed codes were read), marked here for translation so the engine's
data keeps no wording of the site's.

The gallery shows a card's note to the staff only (it is about the import, not the game: never
to players; the cards API likewise) through `decks.templatetags.words.card_note`, in the
reader's language. Every note of the data is listed (tests/decks/test_card_notes.py): a note
added to the data is added here, and translated, before the tests pass.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

NOTES: tuple[str, ...] = (
    gettext_noop("printed code 100 read as Aura; Rage listed beside it"),
    gettext_noop("printed code 100 read as Aura; Sprint listed beside it"),
    gettext_noop("two further printed codes (41; 208) not decoded"),
    gettext_noop("one further printed code (170) not decoded"),
    gettext_noop("one further printed code (108) not decoded"),
)
