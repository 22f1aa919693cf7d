"""The steps the tests of a late player and a no-show share (test_corrections_late_players.py,
test_corrections_no_shows.py, test_corrections_late_noshow.py): a running event with its late
player setting, a late player added to a round, a no-show given at a time."""

from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, seats, start
from tournaments.models import LatePlayerGets
from tournaments.services.late_players import round_late_player_add
from tournaments.services.no_shows import match_no_show


def running(names="alice bob carol dave", gets=LatePlayerGets.BYE, **settings):
    event = OrganizedEventFactory(rounds=3, seed=7, late_player_gets=gets, **settings)
    players = seats(event, names)
    start(event)
    return event, players


def late(event, number=1, **who):
    return round_late_player_add(event_id=event.pk, by=organizer_of(event), now=now(),
                                 number=number, **who)


def no_show(match, absent, at):
    return match_no_show(match_id=match.pk, by=organizer_of(match.round.event), now=at,
                         absent=absent.pk)
