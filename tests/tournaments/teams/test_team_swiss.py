"""A whole team event through the services: 8 teams of 3 play 3 rounds of the team Swiss.
Each round's seat matches are checked (seat A against seat A, tables consecutive per team
match), and the team standings against a computation of this test's own from the confirmed
seat matches."""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction

import pytest

from tests.tournaments.event_steps import now, organizer_of, pair, settle, start
from tests.tournaments.teams.team_steps import team_event
from tournaments.models import Match, MatchStatus, Rating, Registration, TeamMatch
from tournaments.selectors.teams import team_standings
from tournaments.services.events import event_complete
from tournaments.services.ratings import ratings_update_for_event
from tournaments.services.registrations import registration_drop
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def _expected(event) -> dict[str, dict]:  # noqa: ANN001
    """Each team's match points, record and opponents' team-match-win % from the rows,
    computed here: a team wins a team match by winning more seats (a seat is won by more
    games), 3 points a win, 1 a draw; match-win % floored at 0.33 (MTR)."""
    table = defaultdict(lambda: {"points": 0, "w": 0, "l": 0, "d": 0, "opponents": [],
                                 "rounds": 0})
    for tm in TeamMatch.objects.filter(round__event=event).select_related("team_a", "team_b"):
        a = tm.team_a.name
        if tm.team_b is None:
            table[a].update(points=table[a]["points"] + 3, w=table[a]["w"] + 1,
                            rounds=table[a]["rounds"] + 1)
            continue
        b = tm.team_b.name
        seats = list(Match.objects.filter(team_match=tm))
        won_a = sum(m.a_wins > m.b_wins for m in seats)
        won_b = sum(m.b_wins > m.a_wins for m in seats)
        for me, them, mine, theirs in ((a, b, won_a, won_b), (b, a, won_b, won_a)):
            row = table[me]
            row["rounds"] += 1
            row["opponents"].append(them)
            if mine > theirs:
                row["points"] += 3
                row["w"] += 1
            elif mine < theirs:
                row["l"] += 1
            else:
                row["points"] += 1
                row["d"] += 1
    mwp = {name: max(Fraction(row["points"], 3 * row["rounds"]), Fraction(33, 100))
           for name, row in table.items()}
    for row in table.values():
        ops = row["opponents"]
        row["omw"] = (sum((mwp[o] for o in ops), Fraction(0)) / len(ops) if ops
                      else Fraction(33, 100))
    return table


def test_eight_teams_of_three_play_three_rounds_of_the_team_swiss():
    event = team_event(8, 3, rounds=3)
    start(event)
    rng = random.Random(35)
    for number in (1, 2, 3):
        rnd = pair(event)
        team_matches = list(TeamMatch.objects.filter(round=rnd).order_by("table"))
        assert len(team_matches) == 4  # 8 teams: no bye
        for index, tm in enumerate(team_matches):
            seats = list(Match.objects.filter(team_match=tm).order_by("table")
                         .select_related("player_a", "player_b"))
            assert [m.table for m in seats] == [3 * index + 1, 3 * index + 2, 3 * index + 3]
            assert tm.table == 3 * index + 1
            for seat, m in zip("ABC", seats, strict=True):
                assert (m.player_a.team_id, m.player_a.seat) == (tm.team_a_id, seat)
                assert (m.player_b.team_id, m.player_b.seat) == (tm.team_b_id, seat)
        assert Match.objects.filter(round=rnd, team_match__isnull=True).count() == 0
        settle(rnd, result=lambda m: rng.choice([(2, 0, 0), (0, 2, 0), (2, 1, 0), (1, 1, 1)]))
        if number > 1:  # no team meets another twice
            met = [frozenset((tm.team_a_id, tm.team_b_id))
                   for tm in TeamMatch.objects.filter(round__event=event)]
            assert len(met) == len(set(met))
    expected = _expected(event)
    rows = team_standings(event)
    assert len(rows) == 8
    for row in rows:
        want = expected[row.name]
        assert (row.match_points, row.wins, row.losses, row.draws) == (
            want["points"], want["w"], want["l"], want["d"])
        assert row.omw == pytest.approx(float(want["omw"]), abs=1e-4)
        assert [m.seat for m in row.members] == ["A", "B", "C"]
        for member in row.members:  # each player's own record, from their seat matches
            seat = Registration.objects.get(pk=member.registration_id)
            mine = Match.objects.filter(round__event=event, status=MatchStatus.CONFIRMED)
            won = sum(1 for m in mine.filter(player_a=seat) if m.a_wins > m.b_wins) + sum(
                1 for m in mine.filter(player_b=seat) if m.b_wins > m.a_wins)
            assert member.wins == won
    keys = [(r.match_points, r.omw) for r in rows]
    assert keys == sorted(keys, reverse=True)
    assert [r.rank for r in rows][0] == 1


def test_an_odd_team_count_gives_every_seat_of_one_team_a_bye():
    event = team_event(3, 2)
    start(event)
    rnd = pair(event)
    bye = TeamMatch.objects.get(round=rnd, team_b__isnull=True)
    assert bye.table is None
    byes = Match.objects.filter(round=rnd, player_b__isnull=True)
    assert sorted(m.player_a.seat for m in byes) == ["A", "B"]
    assert {m.team_match_id for m in byes} == {bye.pk}
    assert {m.player_a.team_id for m in byes} == {bye.team_a_id}
    settle(rnd)
    by_name = {row.name: row for row in team_standings(event)}
    assert by_name[bye.team_a.name].match_points == 3


def test_pairing_twice_pairs_a_round_once():
    event = team_event(4, 2)
    start(event)
    first, made = round_pair(event_id=event.pk, by=organizer_of(event), now=now(), number=1)
    again, made_again = round_pair(event_id=event.pk, by=organizer_of(event), now=now(),
                                   number=1)
    assert (made, made_again, first.pk) == (True, False, again.pk)
    assert TeamMatch.objects.filter(round__event=event).count() == 2


def test_the_seat_matches_feed_the_players_ratings():
    event = team_event(2, 2, rounds=1)
    start(event)
    settle(pair(event), t1a=(2, 0, 0), t2b=(2, 0, 0))  # each team wins one seat: a draw
    event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    ratings_update_for_event(event_id=event.pk, now=now())
    rating = {r.player.username: (r.mu, r.matches)
              for r in Rating.objects.select_related("player")}
    assert rating["t1a"][0] > rating["t2a"][0] and rating["t2b"][0] > rating["t1b"][0]
    assert {matches for _, matches in rating.values()} == {1}
    by_name = {row.name: row for row in team_standings(event)}
    assert by_name["Team 1"].draws == by_name["Team 2"].draws == 1


def test_a_team_whose_player_drops_is_not_paired_again():
    event = team_event(4, 2, rounds=3)
    start(event)
    settle(pair(event))
    quitter = Registration.objects.get(player__username="t3b")
    registration_drop(registration_id=quitter.pk, by=quitter.player, now=now())
    rnd = pair(event)
    playing = {tm.team_a.name for tm in TeamMatch.objects.filter(round=rnd)} | {
        tm.team_b.name for tm in TeamMatch.objects.filter(round=rnd) if tm.team_b}
    assert "Team 3" not in playing and len(playing) == 3  # the odd team has the bye
    dropped = {row.name: row.dropped for row in team_standings(event)}
    assert dropped["Team 3"] and not dropped["Team 1"]
