"""Preconstructed decks (rule C-2.3)."""

import pytest

from engine.clash.cards import load_catalogue
from engine.clash.formats import (
    IllegalChoice,
    deck_numbers,
    preconstructed_deck,
    preconstructed_decks,
)

CAT = load_catalogue()

# Rule C-2.3, as printed.
RULE_DECKS = {
    1: "ANNIHILATION, BARON, BOOM!, BRUTE, CARAPACE, PARTISAN, REVENANT, TROLL",
    2: "ABOMINATION, ALPHA, COMBUSTION, LIEUTENANT, MICROCTOPUS, OGRE, SCRIBE, SHAMAN",
    3: "BRIGAND, DISCIPLE, GNOME, GRRR, MARTYR, METEORITE, PARASITE, VORTEX",
    4: "ABERRATION, ASSASSIN, CARNIVORE, CYCLONE, MACHINE, MUTANT, REPTILE, ZOMBIE",
}


def test_c_2_3_the_four_starter_kit_decks_are_those_of_the_rule():
    assert deck_numbers() == [1, 2, 3, 4]
    for number, names in RULE_DECKS.items():
        assert sorted(preconstructed_deck(number)) == names.split(", ")


def test_c_2_3_the_four_decks_are_the_thirty_two_cards_of_the_kit():
    cards = [card for n in deck_numbers() for card in preconstructed_deck(n)]
    assert len(cards) == len(set(cards)) == len(CAT) == 32


@pytest.mark.parametrize("number", [0, 5, -1, "1", 1.0, True, None])
def test_c_2_3_only_the_four_deck_numbers_are_accepted(number):
    with pytest.raises(IllegalChoice) as caught:
        preconstructed_deck(number)
    assert caught.value.reason == "unknown_deck"
    assert "the decks are 1, 2, 3, 4" in caught.value.message


def test_each_player_takes_a_deck_and_the_error_names_the_player():
    assert preconstructed_decks((2, 3)) == (CAT.deck(2), CAT.deck(3))
    with pytest.raises(IllegalChoice, match="player B: 9 is not"):
        preconstructed_decks((2, 9))
    with pytest.raises(IllegalChoice, match="two deck numbers"):
        preconstructed_decks((2,))


def test_the_same_deck_twice_needs_two_kits():
    assert preconstructed_decks((4, 4)) == (CAT.deck(4), CAT.deck(4))
    with pytest.raises(IllegalChoice) as caught:
        preconstructed_decks((4, 4), distinct=True)
    assert caught.value.reason == "same_deck"
