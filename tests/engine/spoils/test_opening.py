"""The zones and the opening hand (rule S-5), with the faction in play (S-1) and the starting
draw (S-8)."""

import pytest

from engine.clash.rng import Rng
from engine.spoils.opening import (
    DECK,
    DISCARD,
    DONE,
    HAND,
    IN_PLAY,
    OUT_OF_GAME,
    ZONES,
    IllegalOpening,
    Opening,
    Zones,
)

CARDS = [f"c{i:02d}" for i in range(75)]


def opening(position: str = "first", seed: int = 3) -> Opening:
    return Opening(faction="faction", cards=CARDS, position=position,
                   rng=Rng.stream(seed, "spoils-shuffle-A"))


def refused(op: Opening, reason: str, step, *args) -> None:  # noqa: ANN001
    before = op.snapshot()
    with pytest.raises(IllegalOpening) as caught:
        step(*args)
    assert caught.value.reason == reason and caught.value.code == "illegal"
    assert op.snapshot() == before


def every_card(zones: Zones) -> list[str]:
    return sorted(c for z in ZONES for c in getattr(zones, z))


def test_s5_there_are_six_zones():
    assert ZONES == ("deck", "hand", "being_played", "in_play", "discard", "out_of_game")


def test_s5_a_card_moves_from_zone_to_zone_and_is_in_exactly_one():
    zones = Zones(deck=("a", "b", "c"))
    zones = zones.draw(1).move("a", IN_PLAY).move("a", DISCARD).move("b", OUT_OF_GAME)
    assert zones.zone_of("a") == DISCARD and zones.zone_of("b") == OUT_OF_GAME
    assert zones.deck == ("c",) and zones.hand == () and every_card(zones) == ["a", "b", "c"]
    with pytest.raises(IllegalOpening, match="no zone"):
        zones.move("a", "graveyard")


def test_s1_the_faction_starts_in_play():
    assert opening().zones.in_play == ("faction",)
    assert "faction" not in opening().zones.deck + opening().zones.hand


@pytest.mark.parametrize(("position", "drawn"), [("first", 8), ("second", 9)])
def test_s8_the_starting_draw_is_8_going_first_and_9_going_second(position, drawn):
    op = opening(position)
    assert len(op.zones.hand) == drawn and len(op.zones.deck) == 75 - drawn
    assert every_card(op.zones) == sorted([*CARDS, "faction"])


def test_s5_the_opening_is_shuffled_from_the_seed():
    assert opening(seed=3).zones.hand == opening(seed=3).zones.hand
    assert opening(seed=3).zones.hand != opening(seed=4).zones.hand
    assert opening().zones.hand != tuple(CARDS[:8])


def test_s5_a_mulligan_puts_cards_on_the_bottom_and_draws_as_many():
    op = opening()
    hand, deck = op.zones.hand, op.zones.deck
    back = [hand[5], hand[1], hand[6]]
    op.mulligan(back)
    assert op.zones.deck[-3:] == tuple(back)  # on the bottom, in the order given
    assert op.zones.hand == (*[c for c in hand if c not in back], *deck[:3])  # from the top
    assert len(op.zones.hand) == 8 and op.mulligan_taken and op.status == DONE
    assert every_card(op.zones) == sorted([*CARDS, "faction"])


def test_s5_any_number_of_cards_may_go_back_even_the_whole_hand():
    op = opening("second")
    hand, deck = op.zones.hand, op.zones.deck
    op.mulligan(list(hand))
    assert op.zones.hand == deck[:9] and op.zones.deck[-9:] == hand


def test_s5_there_is_one_mulligan():
    op = opening()
    op.mulligan([op.zones.hand[0]])
    refused(op, "mulligan_used", op.mulligan, [op.zones.hand[0]])
    kept = opening()
    kept.keep()
    assert not kept.mulligan_taken
    refused(kept, "mulligan_used", kept.mulligan, [kept.zones.hand[0]])


def test_s5_only_cards_of_the_opening_hand_go_back_each_once():
    op = opening()
    refused(op, "not_in_hand", op.mulligan, [op.zones.deck[0]])
    refused(op, "not_in_hand", op.mulligan, ["faction"])
    refused(op, "same_card_twice", op.mulligan, [op.zones.hand[0], op.zones.hand[0]])
    assert op.zones.zone_of(op.zones.deck[0]) == DECK and op.zones.zone_of(
        op.zones.hand[0]) == HAND


def test_an_opening_needs_a_position_and_distinct_ids():
    with pytest.raises(ValueError, match="position"):
        Opening(faction="f", cards=CARDS, position="third", rng=Rng(1))
    with pytest.raises(ValueError, match="c00 repeats"):
        Opening(faction="f", cards=[*CARDS, "c00"], position="first", rng=Rng(1))


# S-9: the starting resources go into play with the faction before the shuffle -------------

RESOURCES = [f"c{i:02d}" for i in range(70, 75)]  # the deck's resource cards


def with_resources(starting, *, seed: int = 3, **kwargs) -> Opening:
    return Opening(faction="faction", cards=CARDS, position="first",
                   rng=Rng.stream(seed, "spoils-shuffle-A"), starting_resources=starting,
                   resource_cards=RESOURCES, **kwargs)


def test_s9_the_starting_resources_go_into_play_with_the_faction():
    op = with_resources(["c72", "c70"], starting_count=2)
    assert op.zones.in_play == ("faction", "c72", "c70")
    assert "c72" not in op.zones.deck + op.zones.hand
    assert len(op.zones.hand) == 8 and len(op.zones.deck) == 75 - 2 - 8
    assert every_card(op.zones) == sorted([*CARDS, "faction"])


def test_s9_the_shuffle_and_the_draw_come_after_the_resources_are_taken():
    # The same seed shuffles the 73 cards left: the deck is that shuffle of them, so no
    # starting resource can be drawn and the draw is the top of that shuffle.
    op = with_resources(["c70", "c71"])
    rest = [c for c in CARDS if c not in ("c70", "c71")]
    Rng.stream(3, "spoils-shuffle-A").shuffle(rest)
    assert op.zones.hand == tuple(rest[:8]) and op.zones.deck == tuple(rest[8:])
    assert with_resources([]).zones.hand == opening().zones.hand  # none taken: as before


def test_s9_the_starting_resources_are_resource_cards_of_the_deck_each_once():
    def refused_opening(reason, starting, **kwargs):
        with pytest.raises(IllegalOpening) as caught:
            with_resources(starting, **kwargs)
        assert caught.value.reason == reason
        return caught.value

    assert refused_opening("not_in_deck", ["c70", "zz"]).params == {"card": "zz"}
    assert refused_opening("not_a_resource", ["c01"]).params == {"card": "c01"}
    refused_opening("starting_resource_twice", ["c70", "c70"])
    error = refused_opening("wrong_starting_count", ["c70"], starting_count=3)
    assert error.params == {"count": 1, "needed": 3} and "(S-9)" in error.message
