"""Draft pods (rule C-2.4) through the services: seating, the pairs' drafts, AI seats picking
by the value policy, refused picks, the decks the drafts give, and Swiss rounds within a pod."""

from collections import Counter

import pytest

from core.errors import Conflict, DomainError, Forbidden
from engine.clash.formats import DraftRecord, DraftState, replay_draft
from tests.factories import UserFactory
from tests.tournaments.event_steps import now, organizer_of, pair, settle
from tests.tournaments.pods_play import draft_all, draft_event, human_seats, pick_first
from tournaments.models import (
    DraftPair,
    DraftStatus,
    Event,
    Match,
    Pod,
    PodSeat,
    Registration,
)
from tournaments.presenters.explanations import round_explanation
from tournaments.selectors.pods import draft_seat_view
from tournaments.selectors.starting import pod_sizes
from tournaments.services.pods import draft_pick, pair_seed

pytestmark = pytest.mark.django_db


def seat(event: Event, number: int, pod: int = 1) -> PodSeat:
    return (PodSeat.objects.select_related("registration__player", "pair")
            .get(pod__event=event, pod__number=pod, number=number))


def record_of(s: PodSeat) -> dict:
    return DraftPair.objects.get(pk=s.pair_id).record


# Seating ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("places", "sizes"), [
    (2, [2]), (5, [6]), (8, [8]), (9, [6, 4]), (12, [6, 6]), (15, [8, 8]), (16, [8, 8]),
    (17, [6, 6, 6]), (24, [8, 8, 8])])
def test_places_split_into_even_pods_of_at_most_eight(places, sizes):
    assert pod_sizes(places) == sizes


def test_eight_places_with_three_no_shows_seat_five_players_and_three_ai_seats():
    event = draft_event(8, no_shows=3)
    pod = Pod.objects.get(event=event)
    seats = list(pod.seats.select_related("registration").order_by("number"))
    assert [s.number for s in seats] == list(range(1, 9))
    assert [s.registration.is_ai for s in seats] == [False] * 5 + [True] * 3
    assert [(s.pair.number, s.side) for s in seats] == [
        (1, "A"), (1, "B"), (2, "A"), (2, "B"), (3, "A"), (3, "B"), (4, "A"), (4, "B")]
    no_shows = Registration.objects.filter(event=event, is_ai=False, dropped=True)
    assert no_shows.count() == 3 and not no_shows.filter(pod_seat__isnull=False).exists()
    assert event.rounds == 3  # a pod of 8 plays 3 Swiss rounds


def test_an_odd_pod_gets_an_ai_seat_so_every_seat_drafts_with_a_partner():
    event = draft_event(5)
    assert Registration.objects.filter(event=event, is_ai=True).count() == 1
    assert PodSeat.objects.filter(pod__event=event).count() == 6


@pytest.mark.parametrize("players", range(9, 17))
def test_nine_to_sixteen_players_split_into_two_pods(players):
    event = draft_event(players)
    pods = list(Pod.objects.filter(event=event).order_by("number"))
    assert [p.number for p in pods] == [1, 2]
    sizes = [p.seats.count() for p in pods]
    assert all(size <= 8 and size % 2 == 0 for size in sizes)
    humans = [s.registration.player_id for s in human_seats(event)]
    assert len(humans) == len(set(humans)) == players  # each player in exactly one pod


def test_the_seating_and_each_pairs_shuffle_come_from_the_event_seed():
    one, two = draft_event(8, seed=77), draft_event(8, seed=77)

    def order(event):
        regs = list(Registration.objects.filter(event=event, is_ai=False)
                    .order_by("created_at", "id").values_list("pk", flat=True))
        return [regs.index(s.registration_id) for s in human_seats(event)]

    assert order(one) == order(two)
    for p in DraftPair.objects.filter(pod__event=one):
        assert p.seed == pair_seed(one, p.pod.number, p.number)
        assert p.record["seed"] == p.seed
        assert DraftPair.objects.get(pod__event=two, number=p.number).seed == p.seed
    seeds = DraftPair.objects.filter(pod__event=one).values_list("seed", flat=True)
    assert len(set(seeds)) == 4  # each pair has its own shuffled kit


# Picking ---------------------------------------------------------------------------------


def test_two_ai_seats_draft_their_whole_pair_at_the_start():
    event = draft_event(8, no_shows=3)
    ai_pair = DraftPair.objects.get(pod__event=event, number=4)
    assert ai_pair.status == DraftStatus.DONE and len(ai_pair.record["picks"]) == 16
    assert replay_draft(DraftRecord.from_json(ai_pair.record)).ok
    assert all(len(s.cards) == 8 for s in ai_pair.seats.all())


def test_an_ai_seat_picks_as_soon_as_it_is_its_turn():
    event = draft_event(8, no_shows=3)
    human = seat(event, 5)  # A of pair 3, against the AI seat 6
    assert draft_seat_view(human).your_turn
    pick_first(human)
    view = draft_seat_view(human)
    # C-2.4: A takes 1, B takes 2, A takes the last; the AI seat's two picks are made already.
    assert [side for side, _ in view.picks] == ["A", "B", "B"]
    assert view.your_turn and len(view.revealed) == 1
    assert view.partner.registration.is_ai


def test_every_seat_ends_with_its_eight_drafted_cards_as_its_decklist():
    event = draft_event(8, no_shows=3)
    assert draft_all(event) == 5 * 8  # every human pick is one service call
    for s in PodSeat.objects.filter(pod__event=event).select_related(
            "registration__decklist_version__decklist"):
        assert len(s.cards) == len(set(s.cards)) == 8
        version = s.registration.decklist_version
        if s.registration.is_ai:
            assert version is None  # an AI seat keeps its cards on the seat
        else:
            assert version.cards == s.cards
            assert version.decklist.kind == "drafted"
            assert version.decklist.owner_id == s.registration.player_id


def test_the_pairs_records_replay_with_the_engine():
    event = draft_event(8, no_shows=3)
    draft_all(event)
    for p in DraftPair.objects.filter(pod__event=event):
        verdict = replay_draft(DraftRecord.from_json(p.record))
        assert verdict.ok and verdict.decks is not None
        seats = {s.side: s.cards for s in p.seats.all()}
        assert list(verdict.decks) == [seats["A"], seats["B"]]


def test_a_pick_out_of_turn_is_refused_with_409_and_changes_nothing():
    event = draft_event(8, no_shows=3)
    b = seat(event, 2)
    before = record_of(b)
    card = DraftState.from_record(DraftRecord.from_json(before)).revealed[0]
    with pytest.raises(Conflict) as refused:
        draft_pick(seat_id=b.pk, by=b.registration.player, card=card, now=now())
    assert isinstance(refused.value, Conflict) and refused.value.code == "not_your_pick"
    assert refused.value.message == "it is A's pick"
    assert record_of(b) == before


@pytest.mark.parametrize(("card", "reason"), [("DRAGON", "unknown_card"),
                                              (None, "not_revealed")])
def test_a_card_not_on_the_table_is_refused_with_409_and_changes_nothing(card, reason):
    event = draft_event(8, no_shows=3)
    a = seat(event, 1)
    state = DraftState.from_record(DraftRecord.from_json(record_of(a)))
    card = card or state.view().unseen[0]
    before = record_of(a)
    with pytest.raises(Conflict) as refused:
        draft_pick(seat_id=a.pk, by=a.registration.player, card=card, now=now())
    assert refused.value.code == reason
    assert record_of(a) == before


def test_a_card_the_partner_took_is_refused():
    event = draft_event(8, no_shows=3)
    a, b = seat(event, 1), seat(event, 2)
    taken = pick_first(a)
    with pytest.raises(Conflict, match=f"{taken} was taken by A"):
        draft_pick(seat_id=b.pk, by=b.registration.player, card=taken, now=now())


def test_the_same_pick_sent_twice_is_a_no_op():
    event = draft_event(8, no_shows=3)
    a = seat(event, 1)
    card = pick_first(a)
    after_one = record_of(a)
    draft_pick(seat_id=a.pk, by=a.registration.player, card=card, now=now())
    assert record_of(a) == after_one and after_one["picks"] == [card]


@pytest.mark.parametrize("who", ["partner", "player of another pair", "organizer", "stranger"])
def test_only_the_seats_player_may_pick_for_it(who):
    event = draft_event(8, no_shows=3)
    a = seat(event, 1)
    by = {"partner": lambda: seat(event, 2).registration.player,
          "player of another pair": lambda: seat(event, 3).registration.player,
          "organizer": lambda: organizer_of(event),
          "stranger": UserFactory}[who]()
    before = record_of(a)
    card = draft_seat_view(a).revealed[0]
    with pytest.raises(DomainError) as refused:
        draft_pick(seat_id=a.pk, by=by, card=card, now=now())
    assert isinstance(refused.value, Forbidden) and refused.value.code == "not_your_seat"
    assert record_of(a) == before


# Playing ---------------------------------------------------------------------------------


def test_no_round_is_paired_while_a_pair_is_still_drafting():
    event = draft_event(8, no_shows=3)
    seat = r"seat \d \(p\S+\)"
    with pytest.raises(Conflict, match=rf"pod 1: {seat}, {seat}, {seat} to pick"):
        pair(event)


def test_the_swiss_rounds_pair_within_the_pod():
    event = draft_event(8, no_shows=3)
    draft_all(event)
    for number in range(1, 4):
        rnd = pair(event)
        assert rnd.number == number
        assert rnd.matches.count() == 4 and not rnd.matches.filter(player_b=None).exists()
        settle(rnd)
    played = Counter(p for m in Match.objects.filter(round__event=event)
                     for p in (m.player_a_id, m.player_b_id))
    assert set(played.values()) == {3}  # all 8 seats, AI seats too, played every round


def test_two_pods_each_pair_their_rounds_among_themselves():
    event = draft_event(12, seed=5)
    draft_all(event)
    pod_of = {s.registration_id: s.pod.number
              for s in PodSeat.objects.filter(pod__event=event).select_related("pod")}
    for _ in range(event.rounds):
        rnd = pair(event)
        matches = list(rnd.matches.all())
        assert len(matches) == 6
        assert all(pod_of[m.player_a_id] == pod_of[m.player_b_id] for m in matches)
        assert sorted(m.table for m in matches) == list(range(1, 7))
        lines = round_explanation(rnd)
        assert any(line.startswith("pod 1: ") for line in lines)
        assert any(line.startswith("pod 2: ") for line in lines)
        settle(rnd)


def test_a_pod_with_an_odd_count_after_a_drop_gives_its_own_bye():
    from tournaments.services.registrations import registration_drop

    event = draft_event(12)
    draft_all(event)
    leaving = human_seats(event)[0]
    registration_drop(registration_id=leaving.registration_id, by=leaving.registration.player,
                      now=now())
    rnd = pair(event)
    bye = rnd.matches.get(player_b=None)
    assert bye.player_a.pod_seat.pod_id == leaving.pod_id
    assert rnd.matches.count() == 2 + 1 + 3  # the pod of 5: 2 tables and the bye; of 6: 3


def test_a_draft_event_takes_no_late_entries_even_when_its_settings_allow_them():
    from tournaments.services.registrations import registration_create

    event = draft_event(4, late_entry_until_round=2)
    with pytest.raises(Conflict, match="pods were seated when it started"):
        registration_create(event_id=event.pk, by=UserFactory(), now=now())


def test_a_player_who_drops_during_the_draft_is_picked_for_so_the_partner_is_not_stuck():
    from tournaments.services.registrations import registration_drop

    event = draft_event(4)
    leaver = human_seats(event)[0]
    registration_drop(registration_id=leaver.registration.pk, by=leaver.registration.player,
                      now=now())
    draft_all(event)  # fails if a pair is stuck with nobody to pick
    leaver.refresh_from_db()
    assert len(leaver.cards) == 8
    record = DraftRecord.from_json(DraftPair.objects.get(pk=leaver.pair_id).record)
    assert replay_draft(record).ok
