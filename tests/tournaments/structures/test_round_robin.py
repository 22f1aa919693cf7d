"""Round robin groups: snake seeding, the Berger tables, the group standings. The expectations
are written out or counted here by brute force, never computed by the code under test."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.clash.rng import Rng
from tournaments.structures.model import StructureError
from tournaments.structures.round_robin import group_standings, schedule, snake_groups
from tournaments.swiss.model import Match, Tournament
from tournaments.swiss.standings import compute_standings

SIZES = range(3, 17)


def names(count: int) -> list[str]:
    return [f"p{i:02}" for i in range(1, count + 1)]


def cycle_of(rounds: list, size: int, cycle: int) -> list:
    per_cycle = size - 1 if size % 2 == 0 else size
    return rounds[(cycle - 1) * per_cycle:cycle * per_cycle]


# Snake order.

def test_twelve_players_in_three_groups_snake_one_two_three_three_two_one():
    assert snake_groups(names(12), 3) == [
        ["p01", "p06", "p07", "p12"],
        ["p02", "p05", "p08", "p11"],
        ["p03", "p04", "p09", "p10"],
    ]


def test_ten_players_in_three_groups_give_the_last_seed_to_where_the_snake_turned():
    assert snake_groups(names(10), 3) == [
        ["p01", "p06", "p07"],
        ["p02", "p05", "p08"],
        ["p03", "p04", "p09", "p10"],
    ]


def test_eight_players_in_two_groups_and_sixteen_in_one():
    assert snake_groups(names(8), 2) == [["p01", "p04", "p05", "p08"],
                                         ["p02", "p03", "p06", "p07"]]
    assert snake_groups(names(16), 1) == [names(16)]


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_snake_groups_differ_by_at_most_one_and_the_top_seeds_are_apart(data):
    groups = data.draw(st.integers(1, 40), label="groups")
    count = data.draw(st.integers(3 * groups, 16 * groups), label="players")
    players = names(count)
    result = snake_groups(players, groups)
    assert len(result) == groups
    sizes = [len(g) for g in result]
    assert max(sizes) - min(sizes) <= 1
    assert min(sizes) >= 3 and max(sizes) <= 16
    seed = {p: i for i, p in enumerate(players)}
    assert sorted((p for g in result for p in g), key=seed.__getitem__) == players  # all, once
    for g in result:
        assert g == sorted(g, key=seed.__getitem__)  # each group in seed order
    where = {p: i for i, g in enumerate(result) for p in g}
    for lap in range(0, count, groups):  # seeds 1..k, k+1..2k, ...: each in its own group
        chunk = players[lap:lap + groups]
        assert len({where[p] for p in chunk}) == len(chunk)


@pytest.mark.parametrize(("count", "groups", "size"), [(8, 3, 2), (17, 1, 17), (40, 2, 20)])
def test_snake_groups_refuse_a_group_outside_three_to_sixteen(count, groups, size):
    with pytest.raises(StructureError, match=f"make a group of {size}: a group has 3 to 16"):
        snake_groups(names(count), groups)


def test_snake_groups_refuse_no_groups_and_a_player_twice():
    with pytest.raises(StructureError, match="number of groups"):
        snake_groups(names(6), 0)
    with pytest.raises(StructureError, match="'p01' is listed twice"):
        snake_groups(["p01", "p02", "p01", "p03", "p04", "p05"], 2)


# The Berger tables.

def test_four_players_follow_the_published_berger_table():
    # The FIDE Berger table for 3 or 4 players: 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
    assert schedule(["1", "2", "3", "4"]) == [
        [("1", "4"), ("2", "3")],
        [("4", "3"), ("1", "2")],
        [("2", "4"), ("3", "1")],
    ]


def test_six_players_follow_the_published_berger_table():
    # The FIDE Berger table for 5 or 6 players.
    assert schedule(["1", "2", "3", "4", "5", "6"]) == [
        [("1", "6"), ("2", "5"), ("3", "4")],
        [("6", "4"), ("5", "3"), ("1", "2")],
        [("2", "6"), ("3", "1"), ("4", "5")],
        [("6", "5"), ("1", "4"), ("2", "3")],
        [("3", "6"), ("4", "2"), ("5", "1")],
    ]


def test_five_players_have_the_bye_where_the_table_of_six_has_player_six():
    assert schedule(["1", "2", "3", "4", "5"]) == [
        [("2", "5"), ("3", "4"), ("1", None)],
        [("5", "3"), ("1", "2"), ("4", None)],
        [("3", "1"), ("4", "5"), ("2", None)],
        [("1", "4"), ("2", "3"), ("5", None)],
        [("4", "2"), ("5", "1"), ("3", None)],
    ]


@pytest.mark.parametrize("cycles", [1, 2])
@pytest.mark.parametrize("size", SIZES)
def test_each_pair_meets_exactly_once_per_cycle(size, cycles):
    group = names(size)
    rounds = schedule(group, cycles)
    per_cycle = size - 1 if size % 2 == 0 else size
    assert len(rounds) == per_cycle * cycles
    for cycle in range(1, cycles + 1):
        met = [frozenset((a, b)) for rnd in cycle_of(rounds, size, cycle)
               for a, b in rnd if b is not None]
        for a, b in combinations(group, 2):  # every pair, by brute force
            assert met.count(frozenset((a, b))) == 1, (a, b, cycle)
        assert len(met) == size * (size - 1) // 2  # and nothing else


@pytest.mark.parametrize("cycles", [1, 2])
@pytest.mark.parametrize("size", SIZES)
def test_every_player_is_in_every_round_once_and_an_odd_group_gives_one_bye_each(size, cycles):
    group = names(size)
    rounds = schedule(group, cycles)
    for rnd in rounds:
        seated = [p for a, b in rnd for p in (a, b) if p is not None]
        assert sorted(seated) == group  # at most once a round; nobody left out
        byes = [a for a, b in rnd if b is None]
        assert len(byes) == size % 2
        assert all(b is not None for a, b in rnd[:len(rnd) - len(byes)])  # the bye last
    for cycle in range(1, cycles + 1):
        byes = [a for rnd in cycle_of(rounds, size, cycle) for a, b in rnd if b is None]
        assert sorted(byes) == (group if size % 2 else [])


@pytest.mark.parametrize("size", SIZES)
def test_the_second_cycle_swaps_who_goes_first(size):
    group = names(size)
    rounds = schedule(group, 2)
    first, second = cycle_of(rounds, size, 1), cycle_of(rounds, size, 2)
    firsts = {frozenset((a, b)): a for rnd in first for a, b in rnd if b is not None}
    seconds = {frozenset((a, b)): a for rnd in second for a, b in rnd if b is not None}
    assert firsts.keys() == seconds.keys()
    for pair, a in firsts.items():
        assert seconds[pair] == next(p for p in pair if p != a)
    assert schedule(group, 1) == first


@pytest.mark.parametrize("size", SIZES)
def test_each_player_goes_first_in_about_half_their_matches(size):
    rounds = schedule(names(size))
    goes_first = {p: 0 for p in names(size)}
    for rnd in rounds:
        for a, b in rnd:
            if b is not None:
                goes_first[a] += 1
    played = size - 1
    assert set(goes_first.values()) <= {played // 2, (played + 1) // 2}


def test_a_schedule_refuses_a_group_outside_three_to_sixteen_and_a_third_cycle():
    with pytest.raises(StructureError, match="3 to 16 players, not 2"):
        schedule(names(2))
    with pytest.raises(StructureError, match="3 to 16 players, not 17"):
        schedule(names(17))
    with pytest.raises(StructureError, match="cycles 1 or 2"):
        schedule(names(4), 3)
    with pytest.raises(StructureError, match="listed twice"):
        schedule(["a", "b", "a"])


def test_the_schedule_is_the_same_every_time():
    assert schedule(names(11), 2) == schedule(names(11), 2)


# The group standings.

def m(rnd, a, b, a_wins, b_wins, draws=0):
    return Match(rnd, a, b, a_wins, b_wins, draws)


# a and c end on 6 points, b and d on 3; a is ahead of c on game-win % but c beat a, and b is
# ahead of d on game-win % but d beat b (the opponents' match-win % are equal in each pair).
GROUP = ["a", "b", "c", "d"]
RESULTS = [
    m(1, "a", "d", 2, 0), m(1, "b", "c", 2, 0),
    m(2, "d", "c", 0, 2), m(2, "a", "b", 2, 0),
    m(3, "b", "d", 1, 2), m(3, "c", "a", 2, 1),
]


def test_group_standings_count_three_for_a_win_and_rank_by_the_swiss_tiebreakers():
    standings = group_standings(GROUP, RESULTS)
    assert [(s.rank, s.id, s.match_points) for s in standings] == [
        (1, "a", 6), (2, "c", 6), (3, "b", 3), (4, "d", 3)]
    by_id = {s.id: s for s in standings}
    assert by_id["a"].omw == pytest.approx(by_id["c"].omw)
    assert by_id["a"].gw == pytest.approx(15 / 21) and by_id["c"].gw == pytest.approx(12 / 21)
    assert (by_id["a"].wins, by_id["a"].losses, by_id["a"].draws) == (2, 1, 0)


def test_head_to_head_first_puts_the_winner_of_the_tied_players_match_ahead():
    standings = group_standings(GROUP, RESULTS, head_to_head_first=True)
    assert [(s.rank, s.id) for s in standings] == [(1, "c"), (2, "a"), (3, "d"), (4, "b")]


def test_head_to_head_counts_only_the_matches_among_the_tied_players():
    # a, b and c end on 7 points; among them a beat b and c, b and c drew. d and e are not tied
    # with them, and a's loss to d and draw with e do not count in the head-to-head.
    group = ["b", "c", "a", "d", "e"]
    results = [
        m(1, "a", "b", 2, 0), m(1, "c", "d", 2, 0),
        m(2, "a", "c", 2, 1), m(2, "b", "e", 2, 0),
        m(3, "b", "c", 1, 1, 1), m(3, "a", "d", 0, 2),
        m(4, "a", "e", 1, 1), m(4, "b", "d", 2, 1),
        m(5, "c", "e", 2, 0),
    ]
    plain = group_standings(group, results)
    assert {s.id: s.match_points for s in plain} == {"a": 7, "b": 7, "c": 7, "d": 3, "e": 1}
    assert plain[0].id != "a"  # a's game and opponents' records are not the best
    ahead = group_standings(group, results, head_to_head_first=True)
    assert [s.id for s in ahead[:3]] == ["a"] + [s.id for s in plain if s.id in ("b", "c")]
    assert ahead[0].rank == 1 and ahead[1].rank == 2


def test_head_to_head_that_leaves_a_tie_falls_to_the_next_tiebreaker():
    # a beat b, b beat c, c beat a: each took 3 from the others; they all beat d.
    group = ["a", "b", "c", "d"]
    results = [m(1, "a", "b", 2, 0), m(1, "c", "d", 2, 0), m(2, "b", "c", 2, 0),
               m(2, "a", "d", 2, 1), m(3, "c", "a", 2, 0), m(3, "b", "d", 2, 0)]
    assert ([s.id for s in group_standings(group, results, head_to_head_first=True)]
            == [s.id for s in group_standings(group, results)])


def test_players_equal_on_everything_share_a_rank_in_seed_order():
    drawn = [m(1, "x", "y", 1, 1), m(2, "y", "z", 1, 1), m(3, "z", "x", 1, 1)]
    for head_to_head_first in (False, True):
        standings = group_standings(["z", "x", "y"], drawn, head_to_head_first)
        assert [(s.rank, s.id) for s in standings] == [(1, "z"), (1, "x"), (1, "y")]


def test_a_bye_counts_as_the_swiss_count_it():
    standings = group_standings(["a", "b", "c"], [m(1, "b", "c", 2, 1), Match(1, "a", None)])
    assert {s.id: s.match_points for s in standings} == {"a": 3, "b": 3, "c": 0}


def test_group_standings_refuse_results_from_outside_the_group_or_twice_a_round():
    with pytest.raises(StructureError, match="'z' is not in the group"):
        group_standings(GROUP, [m(1, "a", "z", 2, 0)])
    with pytest.raises(StructureError, match="'a' plays twice in round 1"):
        group_standings(GROUP, [m(1, "a", "b", 2, 0), m(1, "a", "c", 2, 0)])
    with pytest.raises(StructureError, match="do not count match points"):
        group_standings(GROUP, RESULTS, head_to_head_first=True, order=("omw", "gw"))


def played_out(group: list[str], cycles: int, seed: int) -> list[Match]:
    """Every match of the group's schedule with a result drawn from `seed`, byes included."""
    rng = Rng(seed)
    results = []
    for number, rnd in enumerate(schedule(group, cycles), start=1):
        for a, b in rnd:
            if b is None:
                results.append(Match(number, a, None, 2, 0, 0))
                continue
            roll = rng.below(5)
            score = [(2, 0, 0), (2, 1, 0), (0, 2, 0), (1, 2, 0), (1, 1, 1)][roll]
            results.append(Match(number, a, b, *score))
    return results


def points_among(tied: list[str], results: list[Match]) -> dict[str, int]:
    """Head-to-head by brute force: each pair of the tied players, every match between them."""
    points = dict.fromkeys(tied, 0)
    for x, y in combinations(tied, 2):
        for r in results:
            if {r.a, r.b} != {x, y}:
                continue
            x_games, y_games = (r.a_wins, r.b_wins) if r.a == x else (r.b_wins, r.a_wins)
            points[x] += 3 if x_games > y_games else 1 if x_games == y_games else 0
            points[y] += 3 if y_games > x_games else 1 if x_games == y_games else 0
    return points


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(size=st.integers(3, 9), cycles=st.sampled_from([1, 2]), seed=st.integers(0, 2**32))
def test_group_standings_are_the_swiss_standings_and_head_to_head_only_reorders_ties(
        size, cycles, seed):
    group = names(size)
    results = played_out(group, cycles, seed)
    plain = group_standings(group, results)
    swiss = compute_standings(Tournament(seed=0, players=group, matches=results))
    assert plain == swiss  # names sort in seed order, as the Swiss breaks full ties
    for s in plain:
        mine = [r for r in results if s.id in (r.a, r.b)]
        won = sum(1 for r in mine if (r.a_wins > r.b_wins) == (r.a == s.id)
                  and r.a_wins != r.b_wins)
        drawn = sum(1 for r in mine if r.a_wins == r.b_wins)
        assert s.match_points == 3 * won + drawn
    ahead = group_standings(group, results, head_to_head_first=True)
    assert sorted(s.id for s in ahead) == group
    points = {s.id: s.match_points for s in plain}
    plain_place = {s.id: i for i, s in enumerate(plain)}
    for total in set(points.values()):
        tied = [p for p in group if points[p] == total]
        h2h = points_among(tied, results)
        in_order = [s.id for s in ahead if s.id in tied]
        expected = sorted(tied, key=lambda p: (-h2h[p], plain_place[p]))
        assert in_order == expected
    assert [s.match_points for s in ahead] == sorted(points.values(), reverse=True)

