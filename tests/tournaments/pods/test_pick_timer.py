"""The draft's pick timer and the seats handed to the AI (issue 35, "draft pods that never
stall"): a pick whose time ran out is the draft policy's, made once, marked in the record so
the record replays; the overdue pick is made on read and by the sweep; an organizer, and only
an organizer, hands an absent player's seat to the AI and back; the round names the pods
still drafting. Time is passed in as `now`."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings

from core.errors import Conflict, Forbidden, NotFound
from engine.clash.ai.turns import replay_marked_picks
from engine.clash.formats import DraftRecord, DraftState, ValuePolicy
from engine.clash.rng import Rng
from tests.factories import UserFactory
from tests.tournaments.event_steps import organizer_of, pair
from tests.tournaments.pods_play import draft_event, pick_first
from tournaments.models import DraftPair, DraftStatus, EventChange, EventStatus, PodSeat
from tournaments.selectors.pods import draft_seat_view, draft_state, pods_drafting
from tournaments.services.pods import (
    draft_pick,
    draft_pick_timeout,
    draft_seat_to_ai,
    draft_seat_to_player,
    drafts_at_time,
    drafts_read_repair,
)
from tournaments.tasks import drafts_at_time_task

pytestmark = pytest.mark.django_db


def timed_event(players: int = 2, seconds: int = 60, **kwargs):  # noqa: ANN003, ANN201
    return draft_event(players, pick_seconds=seconds, **kwargs)


def seats_of(event) -> tuple[PodSeat, PodSeat]:  # noqa: ANN001
    """The first pair's two seats, the one whose pick comes first first (which side that is
    follows the pair's seed, drawn from the event's)."""
    a, b = (PodSeat.objects.select_related("registration__player", "pair", "pod")
            .filter(pod__event=event).order_by("number")[:2])
    return (a, b) if draft_seat_view(a).your_turn else (b, a)


def fresh(pair_id: int) -> DraftPair:
    return DraftPair.objects.get(pk=pair_id)


def pick_in_time(seat: PodSeat) -> str:
    """The seat's player takes the first revealed card before its time runs out."""
    card = draft_seat_view(seat).revealed[0]
    draft_pick(seat_id=seat.pk, by=seat.registration.player, card=card,
               now=fresh(seat.pair_id).updated_at)
    return card


def pick_not_the_policys(seat: PodSeat) -> str:
    """The seat's player takes, in time, a revealed card the policy would not have taken (a
    pick marked as the policy's is then caught on replay)."""
    row = fresh(seat.pair_id)
    taken = policy_pick(row.seed, draft_state(row), seat.side)
    card = next(c for c in draft_seat_view(seat).revealed if c != taken)
    draft_pick(seat_id=seat.pk, by=seat.registration.player, card=card, now=row.updated_at)
    return card


def policy_pick(seed: int, state: DraftState, seat: str) -> str:
    """An independent reference: the value policy's pick from the stream named in
    engine.clash.ai.turns for an AI seat's pick n, "draft-ai-<seat>-<n>"."""
    n = len(state.picks)
    return ValuePolicy.from_file().choose_pick(state.view(), seat,
                                               Rng.stream(seed, f"draft-ai-{seat}-{n}"))


# The timer -------------------------------------------------------------------------------


def test_no_timer_by_default_so_a_casual_draft_waits_for_its_players():
    event = draft_event(2)
    a, _ = seats_of(event)
    pair_row = fresh(a.pair_id)
    assert event.pick_seconds is None and pair_row.pick_due_at is None
    far = pair_row.updated_at + timedelta(days=3)
    assert draft_pick_timeout(pair_id=a.pair_id, now=far) == 0
    assert drafts_read_repair(event_id=event.pk, now=far) == 0
    assert fresh(a.pair_id).record["picks"] == []


def test_each_pick_of_a_person_gets_the_events_seconds_from_when_it_comes_up():
    event = timed_event(seconds=45)
    a, _ = seats_of(event)
    started = fresh(a.pair_id)
    assert started.pick_due_at == started.updated_at + timedelta(seconds=45)


def test_the_timer_does_not_pick_before_the_time_runs_out():
    event = timed_event()
    a, _ = seats_of(event)
    due = fresh(a.pair_id).pick_due_at
    assert draft_pick_timeout(pair_id=a.pair_id, now=due - timedelta(seconds=1)) == 0
    assert fresh(a.pair_id).record["picks"] == []


def test_a_pick_whose_time_ran_out_is_the_policys_pick_marked_timer():
    event = timed_event()
    a, _ = seats_of(event)
    row = fresh(a.pair_id)
    expected = policy_pick(row.seed, DraftState(row.seed), "A")
    assert draft_pick_timeout(pair_id=a.pair_id, now=row.pick_due_at) == 1
    row = fresh(a.pair_id)
    assert row.record["picks"] == [expected]
    assert row.record["auto"] == [[0, "timer"]]
    # The next pick (B's) has its own time, from when the timed-out pick was made.
    assert row.pick_due_at == row.updated_at + timedelta(seconds=60)


def test_the_same_seed_gives_the_same_timed_out_pick_in_another_event():
    first, second = timed_event(), timed_event()
    model = DraftPair.objects.get(pod__event=first)
    DraftPair.objects.filter(pod__event=second).update(seed=model.seed, record=model.record)
    for event in (first, second):
        row = DraftPair.objects.get(pod__event=event)
        draft_pick_timeout(pair_id=row.pk, now=row.pick_due_at)
    assert (DraftPair.objects.get(pod__event=first).record["picks"]
            == DraftPair.objects.get(pod__event=second).record["picks"])


def test_a_timed_out_pick_replays_and_verifies_as_the_policys():
    event = timed_event()
    a, b = seats_of(event)
    row = fresh(a.pair_id)
    draft_pick_timeout(pair_id=a.pair_id, now=row.pick_due_at)  # A's first pick
    pick_not_the_policys(b)
    pick_in_time(b)
    row = fresh(a.pair_id)
    draft_pick_timeout(pair_id=a.pair_id, now=row.pick_due_at)  # A's last of reveal 1
    record = DraftRecord.from_json(fresh(a.pair_id).record)
    assert sorted(record.auto) == [0, 3]
    assert replay_marked_picks(record).ok
    # A pick marked as the policy's that is not the policy's is caught by the replay.
    forged = DraftRecord.from_json(fresh(a.pair_id).record)
    forged.auto = {1: "timer"}
    verdict = replay_marked_picks(forged)
    assert not verdict.ok and verdict.step == 2


def test_the_overdue_pick_is_made_once_whoever_reads_first():
    event = timed_event()
    a, _ = seats_of(event)
    due = fresh(a.pair_id).pick_due_at
    later = due + timedelta(seconds=5)
    assert drafts_read_repair(event_id=event.pk, now=later) == 1
    assert drafts_read_repair(event_id=event.pk, now=later) == 0
    assert drafts_at_time(now=later) == 0
    assert draft_pick_timeout(pair_id=a.pair_id, now=later) == 0
    assert len(fresh(a.pair_id).record["picks"]) == 1


def test_the_sweep_makes_overdue_picks_of_running_events_only():
    running, other = timed_event(), timed_event()
    other_pair = DraftPair.objects.get(pod__event=other)
    type(other).objects.filter(pk=other.pk).update(status=EventStatus.COMPLETE)
    row = DraftPair.objects.get(pod__event=running)
    later = max(row.pick_due_at, other_pair.pick_due_at) + timedelta(seconds=1)
    assert drafts_at_time(now=later) == 1
    assert fresh(other_pair.pk).record["picks"] == []


def test_the_beat_task_sweeps_the_picks_that_ran_out():
    event = timed_event()
    DraftPair.objects.filter(pod__event=event).update(pick_due_at=DraftPair.objects.get(
        pod__event=event).updated_at)  # long past by the wall clock
    assert drafts_at_time_task() == 1
    assert drafts_at_time_task() == 0
    schedule = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "tournaments.drafts_at_time" in schedule


def test_a_pick_sent_after_the_time_ran_out_finds_the_policys_pick_made():
    event = timed_event()
    a, _ = seats_of(event)
    row = fresh(a.pair_id)
    # A card the policy does not take (the very card it took would be the same pick again).
    taken = policy_pick(row.seed, DraftState(row.seed), a.side)
    card = next(c for c in draft_seat_view(a).revealed if c != taken)
    with pytest.raises(Conflict) as refused:
        draft_pick(seat_id=a.pk, by=a.registration.player, card=card,
                   now=row.pick_due_at + timedelta(seconds=1))
    assert refused.value.code == "not_your_pick"  # B's turn: the timer picked for A
    assert fresh(a.pair_id).record["auto"] == [[0, "timer"]]


def test_a_timed_out_pick_against_an_ai_seat_lets_the_ai_answer_at_once():
    event = timed_event(players=3)  # a pod of 4: seat 3 drafts against AI seat 4
    seat = PodSeat.objects.get(pod__event=event, number=3)
    row = fresh(seat.pair_id)
    assert draft_pick_timeout(pair_id=row.pk, now=row.pick_due_at) == 3  # A, then B's two
    row = fresh(row.pk)
    assert row.record["auto"] == [[0, "timer"]]
    assert row.pick_due_at == row.updated_at + timedelta(seconds=60)  # the player's next


def test_a_draft_left_alone_finishes_by_the_timer_and_its_decks_are_written():
    event = timed_event()
    a, _ = seats_of(event)
    for _ in range(16):
        row = fresh(a.pair_id)
        if row.status == DraftStatus.DONE:
            break
        draft_pick_timeout(pair_id=row.pk, now=row.pick_due_at)
    row = fresh(a.pair_id)
    assert row.status == DraftStatus.DONE and row.pick_due_at is None
    assert len(row.record["auto"]) == 16
    assert replay_marked_picks(DraftRecord.from_json(row.record)).ok
    assert all(s.registration.decklist_version_id for s in PodSeat.objects.select_related(
        "registration").filter(pair_id=row.pk))


# What the round waits for ----------------------------------------------------------------


def test_the_round_names_the_pods_still_drafting_and_the_seats_to_pick():
    event = draft_event(4)
    drafting = pods_drafting(event)
    assert [(p.number, [s.number for s in p.to_pick]) for p in drafting] == [(1, [1, 3])]
    with pytest.raises(Conflict) as refused:
        pair(event)
    assert "pod 1: seat 1 (" in refused.value.message and "seat 3 (" in refused.value.message
    assert refused.value.params["pods"] == [1]


# Handing a seat to the AI ----------------------------------------------------------------


def test_an_organizer_hands_an_absent_players_seat_to_the_ai_for_the_rest_of_the_draft():
    event = draft_event(2)
    a, b = seats_of(event)
    organizer = organizer_of(event)
    draft_seat_to_ai(seat_id=a.pk, by=organizer, now=fresh(a.pair_id).updated_at)
    row = fresh(a.pair_id)
    assert row.record["auto"] == [[0, "organizer"]]  # A's pick made at once
    assert not draft_seat_view(a).your_turn
    while fresh(a.pair_id).status != DraftStatus.DONE:
        pick_first(b)
    record = DraftRecord.from_json(fresh(a.pair_id).record)
    a_picks = {i for i, (side, _) in enumerate(DraftState.from_record(record).picks)
               if side == "A"}
    assert set(record.auto) == a_picks and set(record.auto.values()) == {"organizer"}
    assert replay_marked_picks(record).ok
    change = EventChange.objects.get(event=event)
    assert change.by == organizer and change.changes == {"draft_seat:1:1": ["player", "ai"]}


def test_a_seat_handed_back_picks_again_with_its_timer():
    event = timed_event()
    a, b = seats_of(event)
    organizer = organizer_of(event)
    t = fresh(a.pair_id).updated_at
    draft_seat_to_ai(seat_id=a.pk, by=organizer, now=t)
    draft_seat_to_ai(seat_id=a.pk, by=organizer, now=t)  # again: nothing more
    assert EventChange.objects.filter(event=event).count() == 1
    pick_in_time(b)
    draft_seat_to_player(seat_id=a.pk, by=organizer, now=t + timedelta(seconds=5))
    pick_in_time(b)
    assert draft_seat_view(a).your_turn  # A takes the last card of reveal 1 itself
    row = fresh(a.pair_id)
    assert row.pick_due_at is not None
    assert [c.changes for c in EventChange.objects.filter(event=event).order_by("id")] == [
        {"draft_seat:1:1": ["player", "ai"]}, {"draft_seat:1:1": ["ai", "player"]}]


def test_a_player_cannot_hand_their_partners_seat_to_the_ai():
    event = draft_event(2)
    a, b = seats_of(event)
    with pytest.raises(Forbidden):
        draft_seat_to_ai(seat_id=a.pk, by=b.registration.player, now=a.pod.created_at)
    assert PodSeat.objects.get(pk=a.pk).ai_picks_since is None
    assert not EventChange.objects.filter(event=event).exists()


def test_a_brand_new_account_or_another_events_organizer_cannot_hand_a_seat():
    event, other = draft_event(2), draft_event(2)
    a, _ = seats_of(event)
    for stranger in (UserFactory(), organizer_of(other)):
        for hand in (draft_seat_to_ai, draft_seat_to_player):
            with pytest.raises(Forbidden):
                hand(seat_id=a.pk, by=stranger, now=a.pod.created_at)
    assert fresh(a.pair_id).record["picks"] == []


def test_a_guessed_seat_id_is_not_found():
    event = draft_event(2)
    missing = PodSeat.objects.order_by("-pk").first().pk + 1000
    with pytest.raises(NotFound):
        draft_seat_to_ai(seat_id=missing, by=organizer_of(event), now=event.created_at)


def test_an_ai_seat_or_a_finished_draft_cannot_be_handed_over():
    event = draft_event(3)  # pod of 4: one AI seat
    ai_seat = PodSeat.objects.get(pod__event=event, registration__is_ai=True)
    with pytest.raises(Conflict) as refused:
        draft_seat_to_ai(seat_id=ai_seat.pk, by=organizer_of(event), now=event.created_at)
    assert refused.value.code == "not_a_player"
    a, b = seats_of(event)
    while fresh(a.pair_id).status != DraftStatus.DONE:
        for seat in (a, b):
            if draft_seat_view(seat).your_turn:
                pick_first(seat)
    with pytest.raises(Conflict) as refused:
        draft_seat_to_ai(seat_id=a.pk, by=organizer_of(event), now=event.created_at)
    assert refused.value.code == "draft_over"
