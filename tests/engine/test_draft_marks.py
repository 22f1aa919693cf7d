"""The picks the AI's draft policy makes for a person's seat (a pick timer that ran out, a
seat an organizer handed to the AI): marked in the draft record ("auto"), which still replays,
and checked on replay against the policy's own pick from the record's seed."""

import pytest

from engine.clash.ai.turns import PICK, ai_pick, ai_turns, replay_marked_picks
from engine.clash.errors import RecordError
from engine.clash.formats import AUTO_TIMER, DraftRecord, DraftState, ValuePolicy, replay_draft
from engine.clash.rng import Rng


def test_a_record_without_marks_is_unchanged_so_old_records_read_and_write_the_same():
    state = DraftState(11)
    state.pick("A", state.revealed[0])
    data = state.record().to_json()
    assert "auto" not in data
    assert DraftRecord.from_json(data).to_json() == data


def test_a_marked_pick_is_kept_through_json_and_a_rebuild():
    state = DraftState(11)
    state.pick("A", state.revealed[0], auto=AUTO_TIMER)
    state.pick("B", state.revealed[0])
    data = state.record().to_json()
    assert data["auto"] == [[0, "timer"]]
    again = DraftState.from_record(DraftRecord.from_json(data))
    assert again.auto == {0: "timer"} and again.record().to_json() == data
    assert replay_draft(DraftRecord.from_json(data)).ok


@pytest.mark.parametrize("auto", [
    {"0": "timer"}, [[0, "sleep"]], [[5, "timer"]], [[0, "timer"], [0, "organizer"]],
    [[True, "timer"]], [[0]]])
def test_a_malformed_mark_is_a_record_error(auto):
    state = DraftState(11)
    state.pick("A", state.revealed[0])
    data = state.record().to_json() | {"auto": auto}
    with pytest.raises(RecordError):
        DraftRecord.from_json(data)


def test_an_unknown_reason_is_refused_by_the_state():
    state = DraftState(11)
    with pytest.raises(ValueError):
        state.pick("A", state.revealed[0], auto="coffee")
    assert state.picks == ()


def test_the_policys_pick_for_a_person_is_the_pick_an_ai_seat_makes_at_that_step():
    for seed in (1, 2, 3, 99):
        state = DraftState(seed)
        state.pick("A", state.revealed[0])  # a person's pick; B is to pick, step 1
        move = ai_pick(state, seed=seed)
        [first, *_] = ai_turns(PICK, state, seed=seed, ai={"B"})
        reference = ValuePolicy.from_file().choose_pick(state.view(), "B",
                                                        Rng.stream(seed, "draft-ai-B-1"))
        assert move.seat == "B" and move.step == 1
        assert move.choice == first.choice == reference
        assert len(state.picks) == 1  # the state is left as it was


def test_replay_checks_each_marked_pick_against_the_policy():
    seed = 5
    state = DraftState(seed)
    while not state.done:
        move = ai_pick(state, seed=seed)
        state.pick(move.seat, move.choice, auto=AUTO_TIMER)
    record = state.record()
    assert replay_marked_picks(record).ok and replay_marked_picks(record).decks is not None
    # Marking a person's own pick as the policy's is caught, at its step.
    own = DraftState(seed)
    policys = ai_pick(own, seed=seed).choice
    own.pick("A", next(card for card in own.revealed if card != policys))
    forged = own.record()
    forged.auto = {0: AUTO_TIMER}
    verdict = replay_marked_picks(forged)
    assert not verdict.ok and verdict.step == 1 and "marked timer" in verdict.reason
