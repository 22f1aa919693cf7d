"""The Draft (rule C-2.4): order of picks, the cards used, errors, determinism and records."""

import random

import pytest

from engine.clash.cards import load_catalogue
from engine.clash.errors import RecordError, SetupError
from engine.clash.formats import (
    DraftRecord,
    DraftState,
    IllegalChoice,
    pick_order,
    replay_draft,
)

CAT = load_catalogue()


def first_revealed_each_time(seed: int) -> DraftState:
    """A draft where every pick takes the leftmost revealed card."""
    state = DraftState(seed)
    while not state.done:
        state.pick(state.to_pick, state.revealed[0])
    return state


def reveals_of(seed: int) -> list[tuple[str, ...]]:
    state, reveals = DraftState(seed), []
    while not state.done:
        if len(state.revealed) == 4:
            reveals.append(state.revealed)
        state.pick(state.to_pick, state.revealed[0])
    return reveals


def refused(state: DraftState, seat, card, reason: str) -> IllegalChoice:
    before, record = state.view(), state.record().to_json()
    with pytest.raises(IllegalChoice) as caught:
        state.pick(seat, card)
    assert caught.value.reason == reason
    assert caught.value.code == "illegal"
    assert state.view() == before and state.record().to_json() == record
    return caught.value


# C-2.4: the order of picks --------------------------------------------------------------

def test_c_2_4_a_takes_one_b_takes_two_a_takes_the_last_then_b_picks_first():
    state = DraftState(3)
    seen = []
    while not state.done:
        seen.append((state.reveal, state.to_pick, state.picks_left_now))
        state.pick(state.to_pick, state.revealed[0])
    assert seen == [
        (1, "A", 1), (1, "B", 2), (1, "B", 1), (1, "A", 1),
        (2, "B", 1), (2, "A", 2), (2, "A", 1), (2, "B", 1),
        (3, "A", 1), (3, "B", 2), (3, "B", 1), (3, "A", 1),
        (4, "B", 1), (4, "A", 2), (4, "A", 1), (4, "B", 1),
    ]
    assert state.status == "done" and state.to_pick is None and state.picks_left_now == 0


def test_c_2_4_pick_order_alternates_the_first_picker():
    assert [pick_order(r) for r in range(4)] == [
        ("A", "B", "B", "A"), ("B", "A", "A", "B"), ("A", "B", "B", "A"), ("B", "A", "A", "B")]


def test_c_2_4_four_reveals_of_four_new_cards_sixteen_used_from_the_whole_kit():
    state = DraftState(8)
    assert sorted(state.revealed + state.view().unseen) == sorted(c.name for c in CAT.cards)
    assert len(CAT) == 32
    reveals = reveals_of(8)
    assert len(reveals) == 4 and all(len(r) == 4 for r in reveals)
    used = [card for reveal in reveals for card in reveal]
    assert len(used) == len(set(used)) == 16
    done = first_revealed_each_time(8)
    assert len(done.view().unseen) == 16 and not set(done.view().unseen) & set(used)


def test_c_2_4_each_player_ends_with_eight_cards_and_no_card_twice():
    for seed in range(30):
        deck_a, deck_b = first_revealed_each_time(seed).decks()
        assert len(deck_a) == len(deck_b) == 8
        assert len(set(deck_a) | set(deck_b)) == 16


def test_a_reveal_shows_the_next_four_cards_only_once_the_last_is_taken():
    state = DraftState(4)
    first = state.revealed
    for _ in range(3):
        state.pick(state.to_pick, state.revealed[0])
    assert state.revealed == (first[3],) and state.reveal == 1
    state.pick("A", first[3])
    assert state.reveal == 2 and len(state.revealed) == 4 and not set(state.revealed) & set(first)


def test_picks_are_public_both_hands_and_every_pick_are_in_the_view():
    state = DraftState(6)
    a_card = state.revealed[1]
    state.pick("A", a_card)
    b_card = state.revealed[0]
    state.pick("B", b_card)
    view = state.view()
    assert view.hands == {"A": (a_card,), "B": (b_card,)}
    assert view.picks == (("A", a_card), ("B", b_card))
    assert view.to_json()["hands"] == {"A": [a_card], "B": [b_card]}
    # The order of the unrevealed pile stays hidden: the view gives only the set, sorted.
    assert list(view.unseen) == sorted(view.unseen)
    assert not hasattr(view, "_pile")


def test_seats_may_be_given_as_the_engines_numbers():
    state = DraftState(2)
    state.pick(0, state.revealed[0])
    state.pick(1, state.revealed[0])
    assert [seat for seat, _ in state.picks] == ["A", "B"]


# Refusals -------------------------------------------------------------------------------

def test_a_pick_out_of_turn_is_refused_and_changes_nothing():
    state = DraftState(1)
    error = refused(state, "B", state.revealed[0], "not_your_pick")
    assert error.message == "it is A's pick"
    state.pick("A", state.revealed[0])
    state.pick("B", state.revealed[0])
    assert refused(state, "A", state.revealed[0], "not_your_pick").message == "it is B's pick"


def test_a_card_not_among_the_revealed_ones_is_refused_and_changes_nothing():
    state = DraftState(1)
    hidden = state.view().unseen[0]
    error = refused(state, "A", hidden, "not_revealed")
    assert hidden in error.message and all(c in error.message for c in state.revealed)


def test_a_card_the_other_player_took_is_refused_and_says_so():
    state = DraftState(1)
    taken = state.revealed[0]
    state.pick("A", taken)
    assert f"{taken} was taken by A" in refused(state, "B", taken, "not_revealed").message


def test_an_unknown_card_or_seat_is_refused():
    state = DraftState(1)
    refused(state, "A", "DRAGON", "unknown_card")
    refused(state, "A", 7, "unknown_card")
    error = refused(state, "C", state.revealed[0], "unknown_seat")
    assert "the seats are A and B" in error.message


def test_repeating_a_pick_already_made_is_told_apart_from_other_refusals():
    state = DraftState(1)
    card = state.revealed[0]
    state.pick("A", card)
    # A double submission: A's pick is done and it is B's turn, yet the reason says so.
    assert refused(state, "A", card, "already_picked").message == f"A already picked {card}"
    state.pick("B", state.revealed[0])
    again = state.picks[-1][1]
    refused(state, "B", again, "already_picked")


def test_a_pick_after_the_draft_is_over_is_refused():
    state = first_revealed_each_time(1)
    refused(state, "A", state.view().unseen[0], "draft_over")
    refused(state, "B", state.view().unseen[0], "draft_over")


def test_unfinished_draft_has_no_decks():
    with pytest.raises(SetupError, match="not over: 0 of 16"):
        DraftState(1).decks()


# Determinism ----------------------------------------------------------------------------

def test_the_same_seed_reveals_the_same_cards_whatever_the_random_module_does():
    random.seed(1)
    first = reveals_of(77)
    random.seed(2)
    random.random()
    assert reveals_of(77) == first


def test_different_seeds_reveal_different_cards():
    firsts = {DraftState(seed).revealed for seed in range(50)}
    assert len(firsts) == 50
    assert reveals_of(1) != reveals_of(2)


def test_the_draft_has_its_own_stream_independent_of_the_catalogue_object():
    assert DraftState(9, CAT).revealed == DraftState(9).revealed


# Records --------------------------------------------------------------------------------

def test_the_record_holds_seed_catalogue_and_the_picks_in_order():
    state = first_revealed_each_time(12)
    data = state.record().to_json()
    assert data == {"v": 1, "procedure": "draft", "catalogue": CAT.version, "seed": 12,
                    "picks": [card for _, card in state.picks]}
    assert len(data["picks"]) == 16


def test_replay_confirms_an_untouched_record_after_a_json_round_trip():
    state = first_revealed_each_time(12)
    verdict = replay_draft(DraftRecord.loads(state.record().dumps()))
    assert verdict.ok and verdict.step is None and verdict.decks == state.decks()


def test_replay_names_the_first_bad_pick():
    state = first_revealed_each_time(12)
    record = state.record()
    record.picks[5] = record.picks[14]  # a card of reveal 4, not on the table at pick 6
    record.picks[9] = "DRAGON"
    verdict = replay_draft(record)
    assert not verdict.ok and verdict.step == 6 and verdict.decks is None
    assert verdict.reason.startswith("pick 6 (") and "not among the revealed" in verdict.reason


def test_replay_refuses_a_pick_after_the_end_and_another_catalogue():
    record = first_revealed_each_time(12).record()
    record.picks.append(record.picks[0])
    verdict = replay_draft(record)
    assert not verdict.ok and verdict.step == 17 and "over" in verdict.reason
    other = first_revealed_each_time(12).record()
    other.catalogue = "starter-kit@000000000000"
    verdict = replay_draft(other)
    assert not verdict.ok and verdict.step is None and "catalogue" in verdict.reason


def test_a_record_of_an_unfinished_draft_rebuilds_the_same_state():
    state = DraftState(30)
    for _ in range(6):
        state.pick(state.to_pick, state.revealed[-1])
    verdict = replay_draft(state.record())
    assert verdict.ok and verdict.decks is None
    assert DraftState.from_record(state.record()).view() == state.view()


def test_from_record_raises_the_refusal_with_its_step():
    record = first_revealed_each_time(3).record()
    record.picks[2] = record.picks[0]
    with pytest.raises(IllegalChoice) as caught:
        DraftState.from_record(record)
    assert caught.value.step == 3
    record.catalogue = "other"
    with pytest.raises(RecordError):
        DraftState.from_record(record)


@pytest.mark.parametrize("data", [
    [], {"v": 2, "procedure": "draft", "catalogue": "x", "seed": 1, "picks": []},
    {"v": 1, "procedure": "ban-two", "catalogue": "x", "seed": 1, "picks": []},
    {"v": 1, "procedure": "draft", "catalogue": "x", "picks": []},
    {"v": 1, "procedure": "draft", "catalogue": "x", "seed": -1, "picks": []},
    {"v": 1, "procedure": "draft", "catalogue": "x", "seed": 1, "picks": "BRUTE"},
    {"v": 1, "procedure": "draft", "catalogue": "x", "seed": 1, "picks": [3]},
])
def test_a_malformed_record_is_a_record_error(data):
    with pytest.raises(RecordError):
        DraftRecord.from_json(data)


def test_a_record_must_be_json():
    with pytest.raises(RecordError, match="must be JSON"):
        DraftRecord.loads("{")
