"""Resources in play (rule S-10, with S-2 and S-3): the turn's resource play face up or face
down, and turning a face-down resource face up into the card it is."""

import pytest

from engine.spoils.deck import ResourceInPlay
from engine.spoils.errors import IllegalPlay
from engine.spoils.resources import Resources


def refused(reason: str, step, *args, **kwargs) -> IllegalPlay:
    with pytest.raises(IllegalPlay) as caught:
        step(*args, **kwargs)
    assert caught.value.reason == reason and caught.value.code == "illegal"
    return caught.value


def rage(card: str, *, depleted: bool = False) -> ResourceInPlay:
    return ResourceInPlay("rage", depleted=depleted, card=card)


def test_s10_a_card_played_face_down_is_the_turns_resource_play():
    row = Resources().play("knight")  # face down: typeless (S-3)
    assert row.get("knight") == ResourceInPlay(None, face_down=True, card="knight")
    assert row.played_this_turn
    error = refused("resource_play_used", row.play, "rage-1", resource="rage")
    assert error.params == {"card": "rage-1"} and "(S-10)" in error.message
    row = row.new_turn().play("rage-1", resource="rage")
    assert row.get("rage-1").gives == "rage" and len(row.in_play) == 2
    refused("resource_play_used", row.play, "other")  # face up used it: face down may not


def test_s10_a_face_down_resource_turns_face_up_paying_its_cost_with_the_others():
    row = Resources((rage("r1"), rage("r2"), rage("r3"),
                     ResourceInPlay(None, face_down=True, card="knight")))
    flipped = row.flip_up("knight", cost=2, threshold={"rage": 2})
    assert flipped.card == "knight" and flipped.paid == ("r1", "r2")
    assert flipped.resources.get("knight") is None  # it is the card it is now
    assert [r.depleted for r in flipped.resources.in_play] == [True, True, False]
    assert not flipped.resources.played_this_turn  # not a resource play


def test_s10_without_a_flip_up_cost_the_card_cannot_pay_for_itself():
    row = Resources((rage("r1"), ResourceInPlay(None, face_down=True, card="knight")))
    error = refused("cannot_flip_up", row.flip_up, "knight", cost=2)
    assert "cost 2: 1 undepleted resource" in error.message
    refused("bad_payment", row.flip_up, "knight", cost=1, pay=["knight"])


def test_s10_a_flip_up_cost_is_paid_before_the_card_leaves_so_it_may_pay_with_itself():
    row = Resources((rage("r1"), ResourceInPlay(None, face_down=True, card="knight")))
    flipped = row.flip_up("knight", cost=5, flip_up_cost=2)
    assert flipped.paid == ("r1", "knight")
    assert flipped.resources.in_play == (rage("r1", depleted=True),)
    refused("cannot_flip_up", row.flip_up, "knight", cost=1, flip_up_cost=3)


def test_s10_the_threshold_of_a_flipped_card_is_met_by_the_others_and_depleted_ones_count():
    row = Resources((rage("r1", depleted=True), rage("r2"),
                     ResourceInPlay(None, face_down=True, card="knight")))
    assert row.flip_up("knight", cost=1, threshold={"rage": 2}).paid == ("r2",)
    error = refused("cannot_flip_up", row.flip_up, "knight", cost=1, threshold={"greed": 1})
    assert "threshold 1 greed" in error.message


def test_s10_only_a_face_down_resource_of_the_player_turns_face_up():
    row = Resources((rage("r1"), ResourceInPlay(None, face_down=True, card="knight")))
    refused("not_face_down", row.flip_up, "r1", cost=0)
    refused("no_such_resource", row.flip_up, "ghost", cost=0)
    refused("already_a_resource", row.new_turn().play, "r1")
    refused("bad_payment", row.flip_up, "knight", cost=1, pay=["r1", "r1"])
    with pytest.raises(ValueError, match="own card id"):
        Resources((ResourceInPlay("rage"),))
