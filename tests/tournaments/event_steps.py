"""Running an event through its services in tests: a fixed clock, an organizer's shortcuts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import count

from tournaments.models import Event, Match, MatchStatus, Round
from tournaments.services.events import event_start
from tournaments.services.results import result_set
from tournaments.services.rounds import round_pair

T0 = datetime(2026, 5, 1, 10, 0, tzinfo=UTC)
_ticks = count()


def now() -> datetime:
    """A clock that moves one minute per call, so audit rows have a clear order."""
    return T0 + timedelta(minutes=next(_ticks))


def organizer_of(event: Event):  # noqa: ANN201
    return event.organizers.first()


def start(event: Event) -> Event:
    """Start as things are: the factories' seats have no lists, and a draft's odd pod takes
    an AI seat (tests/tournaments/events/test_start_questions.py asks first)."""
    return event_start(event_id=event.pk, by=organizer_of(event), now=now(), ask=False)[0]


def pair(event: Event) -> Round:
    return round_pair(event_id=event.pk, by=organizer_of(event), now=now())[0]


def tables(rnd: Round) -> list[tuple[str, str | None]]:
    """The round's matches as (A's name, B's name or None for the bye), tables in order."""
    return [(m.player_a.name, m.player_b.name if m.player_b else None)
            for m in rnd.matches.select_related("player_a__player", "player_b__player")
            .order_by("table", "id")]


def settle(rnd: Round, result=None, **by_name) -> None:  # noqa: ANN001
    """The organizer confirms every open match of the round: `by_name[winner] = (w, l, d)`
    from the winner's side, else `result(match)` from A's side, else A wins 2-0."""
    organizer = organizer_of(rnd.event)
    for m in rnd.matches.exclude(status=MatchStatus.CONFIRMED).select_related(
            "player_a__player", "player_b__player"):
        a, b = m.player_a.name, m.player_b.name
        if a in by_name:
            score = by_name[a]
        elif b in by_name:
            w, lost, d = by_name[b]
            score = (lost, w, d)
        else:
            score = result(m) if result else (2, 0, 0)
        result_set(match_id=m.pk, by=organizer, a_wins=score[0], b_wins=score[1],
                   draws=score[2], now=now())


def match_of(rnd: Round, name: str) -> Match:
    for m in rnd.matches.select_related("player_a__player", "player_b__player"):
        if name in (m.player_a.name, m.player_b.name if m.player_b else None):
            return m
    raise LookupError(f"{name} does not play in round {rnd.number}")


def seats(event: Event, names: str) -> list:
    """A checked-in seat for each space-separated player name, in registration order."""
    from tests.factories import UserFactory
    from tests.factories.tournaments import SeatFactory

    return [SeatFactory(event=event, player=UserFactory(username=name))
            for name in names.split()]
