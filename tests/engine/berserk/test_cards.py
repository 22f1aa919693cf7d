"""Deck construction (rule B-6) and the editions' numbers."""

import pytest

from engine.berserk.cards import Card, deck_problems
from engine.berserk.editions import ALTERNATE, FIRST, SECOND, STANDARD, Crystals, Edition
from engine.berserk.errors import IllegalDeck
from engine.berserk.pregame import Pregame

from .builders import deck


def names(n: int, copies: int = 1) -> list[str]:
    return [f"card {i // copies}" for i in range(n)]


def test_b6_a_deck_has_30_to_50_cards():
    assert deck_problems(names(30)) == deck_problems(names(50)) == []
    assert deck_problems(names(29)) == ["29 cards: a deck has 30 to 50: add 1"]
    assert deck_problems(names(51)) == ["51 cards: a deck has 30 to 50: remove 1"]


def test_b6_at_most_3_copies_of_a_card():
    assert deck_problems(names(30, copies=3)) == []
    assert deck_problems(names(32, copies=4)) == [
        f"4 copies of card {i}: at most 3: remove 1" for i in range(8)]


def test_b6_every_problem_of_a_deck_is_named_at_once():
    assert deck_problems(["x"] * 5) == ["5 copies of x: at most 3: remove 2",
                                        "5 cards: a deck has 30 to 50: add 25"]


def test_b6_a_pregame_refuses_an_illegal_deck():
    with pytest.raises(IllegalDeck) as caught:
        Pregame(deck("A", 29), deck("B"), seed=1)
    assert caught.value.message == "player A's deck: 29 cards: a deck has 30 to 50: add 1"
    copies = [Card(f"B{i}", 1, name="Troll" if i < 4 else None) for i in range(30)]
    with pytest.raises(IllegalDeck, match="4 copies of Troll"):
        Pregame(deck("A"), copies, seed=1)


def test_b2_the_seeds_edition_is_the_default():
    assert STANDARD.crystals(FIRST) == Crystals(24, 22)
    assert STANDARD.crystals(SECOND) == Crystals(25, 23)


def test_b6_the_other_edition_gives_23_and_22_and_the_second_player_1_more_silver():
    assert ALTERNATE.crystals(FIRST) == Crystals(23, 22)
    assert ALTERNATE.crystals(SECOND) == Crystals(23, 23)


def test_b6_an_edition_names_a_known_mulligan_rule():
    with pytest.raises(ValueError):
        Edition("odd", 1, 1, 0, 0, mulligan="two_cards_fewer")
