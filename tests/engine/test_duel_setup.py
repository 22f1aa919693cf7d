"""Setting a duel up (rule C-2.6, duel.py): what a deck must be, and what the catalogue
remembers of the decks that started duels."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.clash.cards import load_catalogue
from engine.clash.errors import SetupError
from engine.clash.game import new_game


def test_a_duel_needs_eight_cards_a_player() -> None:
    catalogue = load_catalogue()
    with pytest.raises(SetupError):
        new_game([catalogue.deck(1)[:7], catalogue.deck(2)], 1)


@pytest.mark.parametrize(("deck", "message"), [
    (5, "a deck is a list of 8 card names, not int"),
    (None, "a deck is a list of 8 card names, not NoneType"),
    ("BRUTEBRUTE", "a deck is a list of 8 card names, not str"),
    ([1] * 8, "a deck is a list of card names, and 1 is not a name"),
    ([["BRUTE"]] * 8, "a deck is a list of card names, and ['BRUTE'] is not a name"),
    (["NOPE"] * 8, "NOPE, NOPE, NOPE, NOPE, NOPE, NOPE, NOPE, NOPE are not in catalogue"),
])
def test_a_deck_that_is_not_eight_names_is_refused_with_what_is_wrong(deck: Any,
                                                                      message: str) -> None:
    """Whatever is given as a deck, setup says what is wrong with it rather than failing on
    it (the compiled build too, which checks argument types)."""
    catalogue = load_catalogue()
    with pytest.raises(SetupError) as caught:
        new_game([catalogue.deck(1), deck], 1)
    assert caught.value.message.startswith(f"player B's deck: {message}")


def test_a_deck_is_read_the_same_every_time_it_starts_a_duel() -> None:
    """A deck's card ids are remembered by the catalogue once a duel has started with it:
    the second duel with the same deck, as a list or a tuple, starts as the first did, and a
    deck changed since starts with its own cards."""
    catalogue = load_catalogue()
    first, second = catalogue.deck(1), catalogue.deck(2)
    fresh = new_game([first, second], 11, catalogue=catalogue).state_bytes()
    assert tuple(first) in catalogue.deck_ids
    assert new_game([tuple(first), list(second)], 11, catalogue=catalogue).state_bytes() == fresh
    changed = [second[0]] + first[1:]
    game = new_game([changed, second], 11, catalogue=catalogue)
    assert sorted(game.players[0].cards) == sorted(catalogue.id(name) for name in changed)
    # A catalogue made from this one starts with none of the ids it remembered.
    assert dataclasses.replace(catalogue).deck_ids == {}
