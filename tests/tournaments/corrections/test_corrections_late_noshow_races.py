"""Double clicks on a late player and a no-show against a real PostgreSQL: two requests at the
same moment seat the player once and give the loss once (the event's row lock orders them),
with one correction each."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.errors import Conflict
from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import match_of, now, organizer_of, pair, seats, start
from tests.tournaments.results.test_races import at_once
from tournaments.models import Correction, CorrectionAction, LatePlayerGets, Match, ResultChange
from tournaments.services.late_players import round_late_player_add
from tournaments.services.no_shows import match_no_show

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def running(gets: str):  # noqa: ANN201
    event = OrganizedEventFactory(rounds=3, seed=7, late_player_gets=gets)
    seats(event, "alice bob carol dave")
    start(event)
    return event, pair(event)


@pytest.mark.parametrize("gets", [LatePlayerGets.BYE, LatePlayerGets.AI_MATCH])
def test_two_clicks_seat_a_late_player_once(gets):
    event, rnd = running(gets)
    zed, at = UserFactory(username="zed"), now()
    add = lambda: round_late_player_add(event_id=event.pk, by=organizer_of(event),  # noqa: E731
                                        now=at, number=1, player=zed)
    results, errors = at_once([add, add])
    assert sum(e is None for e in errors) == 1
    (refused,) = [e for e in errors if e is not None]
    assert isinstance(refused, Conflict) and refused.code == "already_in_round"
    assert Match.objects.filter(round=rnd, player_a__player=zed).count() == 1
    assert Correction.objects.filter(event=event, action=CorrectionAction.LATE).count() == 1


def test_two_clicks_give_a_no_show_once():
    event, rnd = running(LatePlayerGets.BYE)
    match = match_of(rnd, "alice")
    later = rnd.clock_started_at + timedelta(minutes=30)
    give = lambda: match_no_show(match_id=match.pk, by=organizer_of(event), now=later,  # noqa: E731
                                 absent=match.player_a_id)
    results, errors = at_once([give, give])
    assert errors == [None, None]
    assert sorted(given for _, given in results) == [False, True]
    assert ResultChange.objects.filter(match=match, action="no_show").count() == 1
    assert Correction.objects.filter(event=event, action=CorrectionAction.NO_SHOW).count() == 1
