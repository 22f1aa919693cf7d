"""Pairing constraints racing other writes, on a real PostgreSQL (SQLite has no row locks): two
players given the same table at once, one of them gets it and the other is refused by name;
awarded byes set while the round is paired either reach that round or are refused."""

from __future__ import annotations

import pytest

from core.errors import Conflict
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, seats, start
from tests.tournaments.results.test_races import at_once
from tournaments.models import Match, Registration
from tournaments.services.constraints import seat_constraints_set
from tournaments.services.rounds import round_pair

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_one_table_given_to_two_players_at_once_goes_to_one_of_them():
    event = OrganizedEventFactory()
    alice, bob = seats(event, "alice bob")
    _, errors = at_once([
        lambda s=s: seat_constraints_set(event_id=event.pk, registration_id=s.pk,
                                         by=organizer_of(event), now=now(),
                                         changes={"fixed_table": 5})
        for s in (alice, bob)])
    assert sorted(e is None for e in errors) == [False, True]
    refused = next(e for e in errors if e is not None)
    assert isinstance(refused, Conflict) and refused.code == "table_taken"
    assert Registration.objects.filter(event=event, fixed_table=5).count() == 1


def test_awarded_byes_racing_the_pairing_reach_the_round_or_are_refused():
    event = OrganizedEventFactory(rounds=3)
    alice, *_ = seats(event, "alice bob carol dave")
    start(event)
    _, errors = at_once([
        lambda: seat_constraints_set(event_id=event.pk, registration_id=alice.pk,
                                     by=organizer_of(event), now=now(),
                                     changes={"awarded_byes": 1}),
        lambda: round_pair(event_id=event.pk, by=organizer_of(event), now=now())])
    assert errors[1] is None
    bye = Match.objects.filter(round__event=event, player_a=alice, player_b__isnull=True)
    if errors[0] is None:  # set first: round 1 gave the bye
        assert bye.exists()
    else:  # paired first: the change was refused, round 1 paired alice
        assert isinstance(errors[0], Conflict) and errors[0].code == "byes_paired"
        assert not bye.exists()
        assert Registration.objects.get(pk=alice.pk).awarded_byes == 0
