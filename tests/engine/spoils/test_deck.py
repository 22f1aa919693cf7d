"""Deck construction (rule S-8), threshold and cost against the resources in play (S-2, S-3)."""

import pytest

from engine.spoils.deck import (
    CONSTRUCTED,
    FACTION_INFLUENCE,
    LIMITED,
    STARTING_DRAW,
    TRADES,
    DeckEntry,
    ResourceInPlay,
    deck_problems,
    deck_validate,
    play_problems,
    threshold_met,
    threshold_problems,
)
from engine.spoils.errors import IllegalDeck

FACTION = DeckEntry("Tournament Faction", "faction")


def filler(n: int) -> list[DeckEntry]:
    """n different cards, four copies each as far as they go."""
    return [DeckEntry(f"Card {i}", "character", min(4, n - 4 * i)) for i in range((n + 3) // 4)]


def codes(entries, fmt=CONSTRUCTED) -> list[str]:
    return [p.code for p in deck_problems(entries, fmt=fmt)]


# S-8 ------------------------------------------------------------------------------------------

def test_s8_a_constructed_deck_is_one_faction_and_at_least_75_other_cards():
    assert deck_problems([FACTION, *filler(75)]) == []
    deck_validate([FACTION, *filler(75)])
    assert codes([FACTION, *filler(74)]) == ["too_few_cards"]


def test_s8_a_limited_deck_needs_at_least_45_other_cards():
    assert deck_problems([FACTION, *filler(45)], fmt=LIMITED) == []
    [problem] = deck_problems([FACTION, *filler(44)], fmt=LIMITED)
    assert problem.message == "44 cards besides the faction: Limited needs at least 45: add 1"


def test_s8_a_deck_has_exactly_one_faction():
    assert codes(filler(75)) == ["no_faction"]
    assert codes([FACTION, DeckEntry("Warlord Faction", "faction"), *filler(75)]) == [
        "several_factions"]
    assert codes([DeckEntry("Tournament Faction", "faction", 2), *filler(75)]) == [
        "several_factions"]


def test_s8_at_most_4_copies_of_a_card():
    deck = [FACTION, *filler(72), DeckEntry("Ogre", "character", 3),
            DeckEntry("Ogre", "character", 2)]
    [problem] = deck_problems(deck)
    assert problem.code == "too_many_copies"
    assert problem.message.startswith("5 copies of Ogre: at most 4")


def test_s8_the_five_staple_resources_are_unlimited():
    staples = [DeckEntry(r.capitalize(), "resource", 20) for r in TRADES.values()]
    assert deck_problems([FACTION, *staples]) == []
    # A resource card that is not a staple is limited like any other card.
    assert codes([FACTION, *staples, DeckEntry("Vault of Greed", "resource", 5)]) == [
        "too_many_copies"]


def test_s8_every_problem_of_a_deck_is_named_at_once():
    deck = [DeckEntry("Ogre", "character", 6), DeckEntry("Imp", "character", 5)]
    assert codes(deck) == ["no_faction", "too_many_copies", "too_many_copies",
                           "too_few_cards"]
    with pytest.raises(IllegalDeck) as caught:
        deck_validate(deck)
    assert len(caught.value.to_json()["problems"]) == 4


def test_s8_influence_and_starting_draw():
    assert FACTION_INFLUENCE == {"tournament": 25, "trade": 20}
    assert STARTING_DRAW == {"first": 8, "second": 9}


def test_s4_a_card_has_one_of_the_six_types():
    with pytest.raises(ValueError):
        DeckEntry("Thing", "creature")


# S-2 and S-3 ----------------------------------------------------------------------------------

RAGE = ResourceInPlay("rage")


def test_s2_each_trade_has_its_resource():
    assert TRADES == {"arcanist": "obsession", "banker": "greed", "gearsmith": "elitism",
                      "rogue": "deception", "warlord": "rage"}


def test_s2_threshold_needs_as_many_resources_of_the_type_in_play():
    assert threshold_met({"rage": 2}, [RAGE, RAGE])
    assert not threshold_met({"rage": 2}, [RAGE, ResourceInPlay("greed")])
    [problem] = threshold_problems({"rage": 2}, [RAGE])
    assert problem.message == "threshold 2 rage: 1 in play"


def test_s2_depleted_resources_count_for_threshold():
    assert threshold_met({"rage": 2}, [RAGE, ResourceInPlay("rage", depleted=True)])


def test_s2_every_missing_type_is_named_at_once():
    problems = threshold_problems({"rage": 1, "greed": 2, "elitism": 1}, [RAGE])
    assert [p.message for p in problems] == ["threshold 2 greed: 0 in play",
                                             "threshold 1 elitism: 0 in play"]


def test_s3_a_card_played_face_down_gives_no_threshold():
    face_down = ResourceInPlay("rage", face_down=True)
    assert not threshold_met({"rage": 1}, [face_down, ResourceInPlay(face_down=True)])


def test_s2_threshold_spends_nothing_and_cost_depletes_resources_of_any_type():
    in_play = [RAGE, ResourceInPlay("rage", depleted=True), ResourceInPlay(face_down=True)]
    assert play_problems(cost=2, threshold={"rage": 2}, in_play=in_play) == []
    [problem] = play_problems(cost=3, threshold={"rage": 2}, in_play=in_play)
    assert (problem.code, problem.message) == ("cost", "cost 3: 2 undepleted resources to "
                                                       "deplete")


# S-12: Unique is a rule about cards in play, not about decks --------------------------------

def test_s12_a_unique_card_is_not_played_while_one_of_the_same_name_is_in_play():
    ready = [ResourceInPlay("rage"), ResourceInPlay("rage")]
    problems = play_problems(cost=1, threshold={}, in_play=ready, unique="Beatrix",
                             unique_in_play=["Beatrix"])
    assert [p.code for p in problems] == ["unique"]
    assert "Unique Beatrix" in problems[0].message and "(S-12)" in problems[0].message
    assert play_problems(cost=1, threshold={}, in_play=ready, unique="Beatrix",
                         unique_in_play=["Oswald"]) == []
    assert play_problems(cost=1, threshold={}, in_play=ready,
                         unique_in_play=["Beatrix"]) == []  # a card without the keyword


def test_s12_a_deck_may_hold_four_copies_of_a_unique_card():
    deck = [FACTION, DeckEntry("Beatrix", "character", 4), *filler(71)]
    assert codes(deck) == []
