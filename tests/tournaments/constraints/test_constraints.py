"""The organizer's pairing constraints through the services (issue 35): awarded byes given by
the one bye writer and counted in the standings, set only while they can still matter; pairs
kept apart never paired in rounds 1 and later; fixed tables always honoured, the others
numbered around them, in the top cut too; each change in the event's audit trail, and a
refused change writes nothing."""

from __future__ import annotations

import pytest

from core.errors import Conflict, DomainError, NotFound
from tests.factories.tournaments import AISeatFactory, KeptApartFactory, OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start
from tournaments.models import Event, EventChange, KeptApart, Registration, ResultAction
from tournaments.presenters.explanations import round_explanation
from tournaments.selectors.placings import cut_placings
from tournaments.selectors.standings import standings_for_event
from tournaments.services.constraints import (
    kept_apart_add,
    kept_apart_remove,
    seat_constraints_set,
)
from tournaments.services.events import event_complete
from tournaments.services.topcut import topcut_advance, topcut_start

pytestmark = pytest.mark.django_db


def set_(seat: Registration, **changes):  # noqa: ANN201
    return seat_constraints_set(event_id=seat.event_id, registration_id=seat.pk,
                                by=organizer_of(seat.event), now=now(), changes=changes)


def apart(a: Registration, b: Registration, note: str = "") -> KeptApart:
    return kept_apart_add(event_id=a.event_id, first_id=a.pk, second_id=b.pk, note=note,
                          by=organizer_of(a.event), now=now())


def fresh(seat: Registration) -> Registration:
    return Registration.objects.get(pk=seat.pk)


def event_with(names: str, rounds: int = 3, top_cut: int = 0) -> tuple[Event, list]:
    event = OrganizedEventFactory(rounds=rounds, top_cut=top_cut)
    return event, seats(event, names)


def byes_of(rnd) -> list[str]:  # noqa: ANN001
    return sorted(m.player_a.name for m in rnd.matches.filter(player_b__isnull=True))


# Awarded byes -----------------------------------------------------------------------------


def test_awarded_byes_are_byes_in_the_first_rounds_counted_like_any_bye():
    event, (alice, *_rest) = event_with("alice bob carol dave eve")
    set_(alice, awarded_byes=2)
    start(event)
    for number in (1, 2):
        rnd = pair(event)
        assert rnd.number == number
        assert "alice" in byes_of(rnd)
        assert not rnd.matches.filter(player_b=alice).exists()
        bye = rnd.matches.get(player_a=alice, player_b__isnull=True)
        assert bye.table is None and bye.changes.get().action == ResultAction.BYE
        assert (bye.a_wins, bye.b_wins) == (2, 0)
        assert any("alice, awarded byes by the organizer for the first 2 rounds" in line
                   for line in round_explanation(rnd))
        settle(rnd)
    rnd = pair(event)  # round 3: alice is paired again
    assert rnd.matches.filter(player_a=alice).exclude(player_b__isnull=True).exists() or (
        rnd.matches.filter(player_b=alice).exists())
    alice_row = next(r for r in standings_for_event(event) if r.name == "alice")
    assert alice_row.match_points == 6


def test_the_usual_bye_goes_to_someone_else_when_the_rest_are_odd():
    event, (alice, *_rest) = event_with("alice bob carol dave")
    set_(alice, awarded_byes=1)
    start(event)
    rnd = pair(event)
    assert len(byes_of(rnd)) == 2 and "alice" in byes_of(rnd)
    assert rnd.matches.exclude(player_b__isnull=True).count() == 1


def test_awarded_byes_change_only_before_the_rounds_they_cover_are_paired():
    event, (alice, bob, *_rest) = event_with("alice bob carol dave")
    set_(alice, awarded_byes=1)
    start(event)
    settle(pair(event))
    with pytest.raises(Conflict) as refused:
        set_(bob, awarded_byes=1)  # round 1 is paired without it
    assert refused.value.code == "byes_paired"
    with pytest.raises(Conflict):
        set_(alice, awarded_byes=0)  # round 1's bye is given
    _, changed = set_(alice, awarded_byes=2)  # round 2 is still to pair
    assert changed == {"awarded_byes": [1, 2]}
    assert fresh(bob).awarded_byes == 0


def test_awarded_byes_out_of_range_or_past_the_rounds_or_for_an_ai_seat_are_refused():
    event, (alice, *_rest) = event_with("alice bob", rounds=2)
    ai = AISeatFactory(event=event)
    for byes in (4, -1, "two"):
        with pytest.raises(DomainError) as refused:
            set_(alice, awarded_byes=byes)
        assert refused.value.fields["awarded_byes"]
    with pytest.raises(DomainError) as refused:
        set_(alice, awarded_byes=3)
    assert refused.value.code == "too_many_byes"
    with pytest.raises(DomainError) as refused:
        set_(ai, awarded_byes=1)
    assert refused.value.code == "ai_seat"
    assert fresh(alice).awarded_byes == 0 and not EventChange.objects.filter(event=event)


# Pairs kept apart -------------------------------------------------------------------------


def test_a_pair_kept_apart_never_meets_while_a_pairing_avoids_it():
    event, players = event_with("alice bob carol dave eve fay gil hal", rounds=3)
    alice, bob = players[0], players[1]
    apart(alice, bob, note="siblings")
    start(event)
    for _ in range(3):
        rnd = pair(event)
        met = {frozenset((m.player_a_id, m.player_b_id)) for m in rnd.matches.all()}
        assert frozenset((alice.pk, bob.pk)) not in met
        assert any("alice and bob were kept apart" in line for line in round_explanation(rnd))
        settle(rnd)


def test_a_pair_is_listed_once_between_two_players_of_the_event():
    event, (alice, bob, *_rest) = event_with("alice bob carol")
    _other, (stranger,) = event_with("stranger")
    pair_row = apart(bob, alice, note="  teammates ")
    assert (pair_row.first_id, pair_row.second_id, pair_row.note) == (alice.pk, bob.pk,
                                                                       "teammates")
    with pytest.raises(Conflict):
        apart(alice, bob)
    with pytest.raises(DomainError) as refused:
        apart(alice, alice)
    assert refused.value.code == "same_player"
    with pytest.raises(NotFound):
        apart(alice, stranger)  # a seat of another event reads like a missing one
    with pytest.raises(DomainError) as refused:
        apart(alice, _rest[0], note="x" * 201)
    assert refused.value.code == "invalid_note"
    assert KeptApart.objects.filter(event=event).count() == 1


def test_removing_a_pair_lets_them_meet_and_is_kept_in_the_audit_trail():
    event, (alice, bob, *_rest) = event_with("alice bob carol")
    row = apart(alice, bob, note="siblings")
    other, _ = event_with("x y")
    with pytest.raises(NotFound):
        kept_apart_remove(event_id=other.pk, pair_id=row.pk, by=organizer_of(other), now=now())
    kept_apart_remove(event_id=event.pk, pair_id=row.pk, by=organizer_of(event), now=now())
    assert not KeptApart.objects.filter(event=event).exists()
    trail = [c.changes for c in EventChange.objects.filter(event=event).order_by("at")]
    assert trail == [
        {"kept_apart": [None, {"players": ["alice", "bob"], "note": "siblings"}]},
        {"kept_apart": [{"players": ["alice", "bob"], "note": "siblings"}, None]}]


# Fixed tables ----------------------------------------------------------------------------


def test_a_fixed_table_is_always_the_players_and_the_others_are_numbered_around_it():
    event, players = event_with("alice bob carol dave eve fay gil hal", rounds=3)
    hal = players[-1]
    set_(hal, fixed_table=2)
    start(event)
    for _ in range(3):
        rnd = pair(event)
        tables = sorted(rnd.matches.values_list("table", flat=True))
        assert tables == [1, 2, 3, 4]
        mine = rnd.matches.get(player_a=hal) if rnd.matches.filter(player_a=hal).exists() \
            else rnd.matches.get(player_b=hal)
        assert mine.table == 2
        assert any("table 2: hal, whose table is fixed by the organizer" in line
                   for line in round_explanation(rnd))
        settle(rnd)


def test_two_fixed_tables_paired_together_take_the_higher_ranked_players():
    event, (alice, bob) = event_with("alice bob", rounds=2)
    set_(alice, fixed_table=7)
    set_(bob, fixed_table=3)
    start(event)
    settle(pair(event), alice=(2, 0, 0))
    rnd = pair(event)  # alice leads the standings
    match = rnd.matches.get()
    assert match.table == 7 and match.player_a_id == alice.pk
    assert any("alice and bob both have a fixed table (7 and 3)" in line
               for line in round_explanation(rnd))


def test_a_taken_table_is_refused_with_who_holds_it_and_nothing_changes():
    event, (alice, bob, *_rest) = event_with("alice bob carol")
    set_(alice, fixed_table=4)
    with pytest.raises(Conflict) as refused:
        set_(bob, fixed_table=4)
    assert refused.value.code == "table_taken" and "alice" in refused.value.message
    assert refused.value.fields == {"fixed_table": [refused.value.message]}
    for table in (0, 1000, "5"):
        with pytest.raises(DomainError):
            set_(bob, fixed_table=table)
    assert fresh(bob).fixed_table is None
    set_(alice, fixed_table=None)
    set_(bob, fixed_table=4)
    assert fresh(bob).fixed_table == 4


def test_the_top_cut_keeps_its_bracket_and_seats_a_fixed_table():
    event, players = event_with("alice bob carol dave eve fay gil hal", rounds=3, top_cut=4)
    start(event)
    for _ in range(3):
        settle(pair(event))
    ranked = [r.registration_id for r in standings_for_event(event)]
    fourth = Registration.objects.get(pk=ranked[3])
    set_(fourth, fixed_table=2)
    rnd, _ = topcut_start(event_id=event.pk, by=organizer_of(event), now=now())
    matches = list(rnd.matches.order_by("id"))
    # Bracket order kept (1-4, 2-3), the fourth seed's match at table 2, the other at 1.
    assert [(m.player_a_id, m.player_b_id) for m in matches] == [
        (ranked[0], ranked[3]), (ranked[1], ranked[2])]
    assert [m.table for m in matches] == [2, 1]
    set_(fourth, fixed_table=None)
    set_(Registration.objects.get(pk=ranked[0]), fixed_table=None)
    second = Registration.objects.get(pk=ranked[1])
    set_(second, fixed_table=5)
    for m in matches:
        settle(rnd, **{Registration.objects.get(pk=m.player_a_id).name: (2, 0, 0)})
    final, _ = topcut_advance(event_id=event.pk, by=organizer_of(event), now=now())
    match = final.matches.get()
    assert {match.player_a_id, match.player_b_id} == {ranked[0], ranked[1]}
    assert match.table == 5
    settle(final, **{Registration.objects.get(pk=match.player_b_id).name: (2, 0, 0)})
    places = dict((pk, place) for place, pk in cut_placings(event))
    # The placings read the bracket in written order, whatever the tables.
    assert places[match.player_b_id] == 1 and places[match.player_a_id] == 2
    assert {places[ranked[2]], places[ranked[3]]} == {3}


def test_constraints_do_not_change_once_the_event_is_complete():
    event, (alice, bob) = event_with("alice bob", rounds=1)
    row = KeptApartFactory(first=alice, second=bob)
    start(event)
    settle(pair(event))
    event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    for attempt in (lambda: set_(alice, fixed_table=3),
                    lambda: kept_apart_remove(event_id=event.pk, pair_id=row.pk,
                                              by=organizer_of(event), now=now())):
        with pytest.raises(Conflict) as refused:
            attempt()
        assert refused.value.code == "event_complete"
    assert KeptApart.objects.filter(pk=row.pk).exists()


def test_each_change_is_kept_with_who_and_the_value_before_and_after():
    event, (alice, *_rest) = event_with("alice bob")
    set_(alice, awarded_byes=1, fixed_table=9)
    set_(alice, awarded_byes=1)  # no change: nothing written
    change = EventChange.objects.get(event=event)
    assert change.by == organizer_of(event)
    assert change.changes == {
        "awarded_byes": [{"player": "alice", "value": 0}, {"player": "alice", "value": 1}],
        "fixed_table": [{"player": "alice", "value": None}, {"player": "alice", "value": 9}]}


def test_the_ai_seat_counts_the_players_an_awarded_bye_sits_out():
    event = OrganizedEventFactory(rounds=2, fill_with_ai=True)
    alice, *_rest = seats(event, "alice bob carol dave eve")
    set_(alice, awarded_byes=1)
    start(event)
    rnd = pair(event)  # four players paired: the AI seat sits out, nobody else has a bye
    assert byes_of(rnd) == ["alice"]
    assert not rnd.matches.filter(is_ai_match=True).exists()
    assert rnd.matches.exclude(player_b__isnull=True).count() == 2
