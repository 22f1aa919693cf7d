"""Races against a real PostgreSQL: several threads, each with its own connection, ask at the
same moment. Pairing happens once, two reports confirm once, and a report racing the
organizer's correction leaves one consistent history.

SQLite has no row locks to test (select_for_update is a no-op there), so these run only in the
PostgreSQL run of the suite.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection, connections

from core.errors import Conflict
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import now, organizer_of, pair, settle, start
from tournaments.models import Match, MatchStatus, ResultChange, Round, RoundStatus
from tournaments.selectors.matches import result_history
from tournaments.services.results import result_report, result_set
from tournaments.services.rounds import round_pair
from tournaments.services.topcut import topcut_start

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def at_once(calls: list[Callable[[], object]]) -> tuple[list, list[BaseException | None]]:
    """Run every call in its own thread, released together; returns results and errors."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)
    errors: list[BaseException | None] = [None] * len(calls)

    def run(i: int) -> None:
        try:
            connection.ensure_connection()  # connect first, so the race is the queries
            barrier.wait(timeout=10)
            results[i] = calls[i]()
        except BaseException as exc:  # noqa: BLE001 - reported to the test below
            errors[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a thread is stuck (a lock never freed?)"
    return results, errors


def running_event(players: int, **kwargs):  # noqa: ANN201
    event = OrganizedEventFactory(**kwargs)
    SeatFactory.create_batch(players, event=event)
    start(event)
    return event


def history_is_a_chain(match: Match) -> list[ResultChange]:
    """Each change starts where the one before ended, and the last is the match now."""
    changes = list(result_history(match))
    for earlier, later in zip(changes, changes[1:], strict=False):
        assert later.before == earlier.after
    match.refresh_from_db()
    assert changes[-1].after["status"] == match.status
    assert (changes[-1].after["a_wins"], changes[-1].after["b_wins"]) == (match.a_wins,
                                                                          match.b_wins)
    return changes


def test_eight_clicks_on_pair_round_one_pair_it_once():
    event = running_event(10)
    organizer = organizer_of(event)
    results, errors = at_once([
        lambda: round_pair(event_id=event.pk, by=organizer, now=now(), number=1)
        for _ in range(8)])
    assert errors == [None] * 8
    assert len({r.pk for r, _ in results}) == 1
    assert sum(paired for _, paired in results) == 1  # one click paired it, seven found it
    assert Round.objects.filter(event=event).count() == 1
    assert Match.objects.filter(round__event=event).count() == 5


def test_racing_requests_for_the_next_round_pair_one_and_the_rest_are_told_why():
    event = running_event(9)
    organizer = organizer_of(event)
    results, errors = at_once([lambda: round_pair(event_id=event.pk, by=organizer, now=now())
                               for _ in range(6)])
    made = [r for r in results if r is not None]
    assert len(made) == 1
    assert all(isinstance(e, Conflict) and e.code == "results_open"
               for e in errors if e is not None)
    assert Round.objects.filter(event=event).count() == 1
    assert Match.objects.filter(round__event=event).count() == 5  # four tables and the bye


def test_both_players_reporting_at_the_same_moment_confirm_each_match_once():
    event = running_event(10)
    rnd = pair(event)
    matches = list(rnd.matches.select_related("player_a__player", "player_b__player"))
    calls = []
    for m in matches:  # every player of the round at once: ten reports on five matches
        for reporter in (m.player_a.player, m.player_b.player):
            calls.append(lambda m=m, reporter=reporter: result_report(
                match_id=m.pk, by=reporter, a_wins=2, b_wins=1, now=now()))
    _, errors = at_once(calls)
    assert errors == [None] * len(calls)
    for m in matches:
        changes = history_is_a_chain(m)
        assert [c.after["status"] for c in changes] == ["reported", "confirmed"]
        assert (m.status, m.a_wins, m.b_wins) == (MatchStatus.CONFIRMED, 2, 1)
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.COMPLETE and rnd.completed_at is not None


def test_a_report_racing_the_organizers_correction_leaves_one_consistent_history():
    event = running_event(10)
    organizer = organizer_of(event)
    matches = list(pair(event).matches.select_related("player_a__player", "player_b__player"))
    calls = []
    for m in matches:  # A has reported 2-0; B confirms it as the organizer enters 2-1
        result_report(match_id=m.pk, by=m.player_a.player, a_wins=2, b_wins=0, now=now())
        calls.append(lambda m=m: result_report(match_id=m.pk, by=m.player_b.player, a_wins=2,
                                               b_wins=0, now=now()))
        calls.append(lambda m=m: result_set(match_id=m.pk, by=organizer, a_wins=2, b_wins=1,
                                            now=now(), note="seen by the judge"))
    _, errors = at_once(calls)
    for i, m in enumerate(matches):
        report_error, set_error = errors[2 * i], errors[2 * i + 1]
        assert set_error is None
        # Either the report came first (confirmed 2-0, then corrected) or the correction did
        # (and the report of another score was refused).
        assert report_error is None or (isinstance(report_error, Conflict)
                                        and report_error.code == "already_confirmed")
        changes = history_is_a_chain(m)
        assert (m.status, m.a_wins, m.b_wins) == (MatchStatus.CONFIRMED, 2, 1)
        assert [c.action for c in changes] == (
            ["report", "report", "organizer"] if report_error is None
            else ["report", "organizer"])


def test_starting_the_top_cut_from_two_tabs_seeds_one_bracket():
    event = running_event(8, rounds=1, top_cut=4)
    settle(pair(event))
    organizer = organizer_of(event)
    results, errors = at_once([lambda: topcut_start(event_id=event.pk, by=organizer,
                                                    now=now()) for _ in range(4)])
    assert errors == [None] * 4 and len({r.pk for r, _ in results}) == 1
    assert sum(paired for _, paired in results) == 1
    assert Round.objects.filter(event=event).count() == 2
