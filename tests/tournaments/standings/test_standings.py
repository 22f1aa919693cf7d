"""Standings: match points, then the tiebreakers in the event's configured order (MTR by
default), shared ranks, and which results count."""

import pytest

from tests.factories.tournaments import (
    AISeatFactory,
    ConfirmedMatchFactory,
    OrganizedEventFactory,
    RoundFactory,
)
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start
from tournaments.selectors.standings import standings_for_event
from tournaments.services.registrations import registration_drop
from tournaments.services.results import result_report
from tournaments.services.topcut import topcut_start

pytestmark = pytest.mark.django_db


def scene(names, rounds, **event):
    """An event whose rounds are given as {round: [(a, b, (a_wins, b_wins, draws)), ...]}
    with b None for a bye."""
    event = OrganizedEventFactory(**event)
    seat = {r.name: r for r in seats(event, names)}
    for number, matches in rounds.items():
        rnd = RoundFactory(event=event, number=number)
        for table, (a, b, score) in enumerate(matches, start=1):
            ConfirmedMatchFactory(round=rnd, table=table if b else None, player_a=seat[a],
                                  player_b=seat[b] if b else None, a_wins=score[0],
                                  b_wins=score[1], draws=score[2])
    return event


# Six players, two rounds: x and y both 1-1. x met stronger opponents (OMW 75% against 42%),
# y won more games (GW 60% against 50%).
TWO_ROUNDS = {
    1: [("s", "x", (2, 1, 0)), ("y", "w2", (2, 0, 0)), ("w", "t", (2, 0, 0))],
    2: [("x", "w", (2, 1, 0)), ("t", "y", (2, 1, 0)), ("s", "w2", (2, 0, 0))],
}


def names(rows):
    return [r.name for r in rows]


def test_match_points_come_first_then_opponents_match_win_by_default():
    event = scene("s x y t w w2", TWO_ROUNDS)
    rows = standings_for_event(event)
    assert names(rows) == ["s", "x", "w", "t", "y", "w2"]
    x = rows[1]
    assert (x.match_points, x.wins, x.losses, x.draws) == (3, 1, 1, 0)
    assert x.omw == pytest.approx(0.75) and x.gw == pytest.approx(0.5)


def test_the_tiebreaker_order_is_the_events_configuration():
    event = scene("s x y t w w2", TWO_ROUNDS,
                  tiebreakers=["match_points", "gw", "omw", "ogw"])
    assert names(standings_for_event(event)) == ["s", "w", "y", "x", "t", "w2"]


def test_players_equal_on_every_tiebreaker_share_a_rank():
    event = scene("a b c d", {1: [("a", "b", (2, 0, 0)), ("c", "d", (2, 0, 0))]})
    assert [(r.rank, r.match_points) for r in standings_for_event(event)] == [
        (1, 3), (1, 3), (3, 0), (3, 0)]


def test_a_draw_is_one_point_each_and_a_bye_is_a_win_with_no_opponent():
    event = scene("a b c", {1: [("a", "b", (1, 1, 1)), ("c", None, (2, 0, 0))]})
    rows = {r.name: r for r in standings_for_event(event)}
    assert (rows["a"].match_points, rows["a"].draws) == (1, 1)
    assert (rows["c"].match_points, rows["c"].wins, rows["c"].omw) == (3, 1, 0.0)


def test_only_confirmed_results_count():
    event = OrganizedEventFactory()
    seats(event, "alice bob")
    start(event)
    match = pair(event).matches.get()
    result_report(match_id=match.pk, by=match.player_a.player, a_wins=2, b_wins=0, now=now())
    assert {r.match_points for r in standings_for_event(event)} == {0}


def test_dropped_players_keep_their_place_and_are_flagged():
    event = scene("a b c d", {1: [("a", "b", (2, 0, 0)), ("c", "d", (2, 0, 0))]})
    a = event.registrations.get(player__username="a")
    registration_drop(registration_id=a.pk, by=a.player, now=now())
    rows = standings_for_event(event)
    assert rows[0].name == "a" and rows[0].dropped and rows[0].match_points == 3


def test_a_player_who_dropped_before_playing_is_not_in_the_standings():
    event = OrganizedEventFactory(check_in_required=True)
    alice, bob, carol = seats(event, "alice bob carol")
    carol.checked_in = False
    carol.save()
    start(event)
    settle(pair(event))
    assert sorted(names(standings_for_event(event))) == ["alice", "bob"]


def test_the_ai_seat_is_in_the_standings_and_flagged():
    event = OrganizedEventFactory()
    a, b = seats(event, "a b")
    ai = AISeatFactory(event=event)
    rnd = RoundFactory(event=event, number=1)
    ConfirmedMatchFactory(round=rnd, table=1, player_a=a, player_b=ai, is_ai_match=True,
                          a_wins=0, b_wins=2)
    ConfirmedMatchFactory(round=rnd, table=None, player_a=b, player_b=None)
    rows = {r.name: r for r in standings_for_event(event)}
    assert rows["AI player"].is_ai and rows["AI player"].match_points == 3
    assert not rows["a"].is_ai


def test_top_cut_results_do_not_change_the_standings():
    event = OrganizedEventFactory(rounds=1, top_cut=4)
    seats(event, "alice bob carol dave")
    start(event)
    settle(pair(event))
    before = standings_for_event(event)
    cut, _ = topcut_start(event_id=event.pk, by=organizer_of(event), now=now())
    settle(cut)
    assert standings_for_event(event) == before


def test_standings_take_a_fixed_number_of_queries(django_assert_max_num_queries):
    event = scene("s x y t w w2", TWO_ROUNDS)
    with django_assert_max_num_queries(3):
        standings_for_event(event)
