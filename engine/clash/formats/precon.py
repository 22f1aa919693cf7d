"""The Preconstructed format (rule C-2.3): each player takes one of the Starter Kit's decks.

The decks are data: the `deck` column of the catalogue. Both players may take the same deck
number (each player brings a Starter Kit, as in Constructed); `distinct=True` refuses that
for a table sharing one kit.
"""

from __future__ import annotations

from ..cards import Catalogue, load_catalogue
from .common import SEATS, IllegalChoice


def deck_numbers(catalogue: Catalogue | None = None) -> list[int]:
    """The preconstructed deck numbers of the catalogue (1 to 4 for the Starter Kit)."""
    return (load_catalogue() if catalogue is None else catalogue).deck_numbers


def preconstructed_deck(number: object, catalogue: Catalogue | None = None) -> list[str]:
    """The 8 card names of deck `number`, or `IllegalChoice` (reason `unknown_deck`)."""
    catalogue = load_catalogue() if catalogue is None else catalogue
    known = catalogue.deck_numbers
    if not isinstance(number, int) or isinstance(number, bool) or number not in known:
        raise IllegalChoice("unknown_deck", f"{number!r} is not a preconstructed deck: the "
                                            f"decks are {', '.join(map(str, known))}")
    return catalogue.deck(number)


def preconstructed_decks(numbers: tuple[object, object], catalogue: Catalogue | None = None,
                         *, distinct: bool = False) -> tuple[list[str], list[str]]:
    """A's and B's decks for deck numbers (A's, B's)."""
    if not isinstance(numbers, (tuple, list)) or len(numbers) != 2:
        raise IllegalChoice("unknown_deck", "choose two deck numbers, one for A and one for B")
    if distinct and numbers[0] == numbers[1]:
        raise IllegalChoice("same_deck", f"A and B cannot both take deck {numbers[0]} from "
                                         f"one Starter Kit")
    decks = []
    for seat, number in zip(SEATS, numbers, strict=True):
        try:
            decks.append(preconstructed_deck(number, catalogue))
        except IllegalChoice as exc:
            raise IllegalChoice(exc.reason, f"player {seat}: {exc.message}") from None
    return decks[0], decks[1]
