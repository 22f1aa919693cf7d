"""Who advances to the next phase: the top N, a day-2 cut on match points, the top K of each
group. The expectations are written out or found by brute force here."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.structures.advance import at_least, top, top_of_each_group
from tournaments.structures.model import StructureError

RANKING = [f"s{i}" for i in range(1, 11)]


# The top N.

def test_the_top_eight_are_the_first_eight_of_the_ranking():
    assert top(RANKING, 8) == ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"]
    assert top(RANKING, 10) == RANKING


def test_an_excluded_player_takes_no_place_and_the_next_one_advances():
    assert top(RANKING, 4, excluded={"s2", "s4"}) == ["s1", "s3", "s5", "s6"]


@pytest.mark.parametrize("count", [0, -1, True, 2.0])
def test_a_top_needs_a_whole_number_of_at_least_one(count):
    with pytest.raises(StructureError, match="at least 1"):
        top(RANKING, count)


def test_a_top_larger_than_the_field_is_refused():
    with pytest.raises(StructureError, match="a top 11 needs 11 players, the ranking has 10"):
        top(RANKING, 11)
    with pytest.raises(StructureError, match="a top 10 needs 10 players, the ranking has 9"):
        top(RANKING, 10, excluded={"s3"})


def test_a_ranking_that_lists_a_player_twice_is_refused():
    with pytest.raises(StructureError, match="lists 's1' twice"):
        top(["s1", "s2", "s1"], 1)


# The day-2 cut.

def test_nineteen_match_points_after_eleven_rounds_make_day_two():
    # Six wins, four losses and a draw are 19 points; six wins and five losses are 18.
    ranking = [("ana", 33), ("ben", 21), ("cas", 19), ("dan", 19), ("eve", 18), ("fay", 0)]
    assert at_least(ranking, 19) == ["ana", "ben", "cas", "dan"]


def test_the_day_two_cut_leaves_out_the_excluded_and_may_take_everyone_or_nobody():
    ranking = [("ana", 9), ("ben", 6), ("cas", 6), ("dan", 0)]
    assert at_least(ranking, 6, excluded={"ben"}) == ["ana", "cas"]
    assert at_least(ranking, 0) == ["ana", "ben", "cas", "dan"]
    assert at_least(ranking, 10) == []


def test_the_day_two_cut_refuses_negative_points_and_a_player_twice():
    with pytest.raises(StructureError, match="match points to advance"):
        at_least([("ana", 3)], -1)
    with pytest.raises(StructureError, match="'ana''s match points"):
        at_least([("ana", -3)], 0)
    with pytest.raises(StructureError, match="lists 'ana' twice"):
        at_least([("ana", 3), ("ana", 3)], 0)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(points=st.lists(st.integers(0, 33), max_size=40), threshold=st.integers(0, 40),
       excluded=st.sets(st.integers(0, 39), max_size=5))
def test_the_day_two_cut_is_exactly_the_players_at_or_above_the_threshold(
        points, threshold, excluded):
    ranking = [(f"p{i}", p) for i, p in sorted(enumerate(points), key=lambda x: -x[1])]
    out = {f"p{i}" for i in excluded}
    advanced = at_least(ranking, threshold, excluded=out)
    for name, p in ranking:  # each player, one by one
        assert (name in advanced) == (p >= threshold and name not in out)
    assert len(advanced) == len(set(advanced))
    position = [name for name, _ in ranking]
    assert advanced == sorted(advanced, key=position.index)  # in the ranking's order


# The top K of each group.

GROUPS = [["a1", "a2", "a3", "a4"], ["b1", "b2", "b3"], ["c1", "c2", "c3", "c4"]]


def test_the_top_two_of_each_group_are_the_winners_then_the_seconds():
    assert top_of_each_group(GROUPS, 2) == ["a1", "b1", "c1", "a2", "b2", "c2"]
    assert top_of_each_group(GROUPS, 1) == ["a1", "b1", "c1"]


def test_an_excluded_player_gives_their_place_to_the_next_of_their_group():
    assert top_of_each_group(GROUPS, 2, excluded={"b1"}) == ["a1", "b2", "c1", "a2", "b3", "c2"]


def test_the_top_of_each_group_refuses_more_than_a_group_has_and_bad_groups():
    with pytest.raises(StructureError, match="group 2 has 3 who can advance"):
        top_of_each_group(GROUPS, 4)
    with pytest.raises(StructureError, match="group 3 has 2 who can advance"):
        top_of_each_group(GROUPS, 3, excluded={"c1", "c4"})
    with pytest.raises(StructureError, match="at least 1"):
        top_of_each_group(GROUPS, 0)
    with pytest.raises(StructureError, match="no groups"):
        top_of_each_group([], 1)
    with pytest.raises(StructureError, match="lists 'a1' twice"):
        top_of_each_group([["a1", "a2", "a3"], ["b1", "a1", "b3"]], 1)


@settings(max_examples=100, deadline=None, derandomize=True, database=None)
@given(sizes=st.lists(st.integers(3, 16), min_size=1, max_size=8), data=st.data())
def test_the_top_of_each_group_takes_k_from_every_group_and_no_one_else(sizes, data):
    count = data.draw(st.integers(1, min(sizes)), label="count")
    groups = [[f"g{g}s{s}" for s in range(1, size + 1)] for g, size in enumerate(sizes)]
    advanced = top_of_each_group(groups, count)
    assert len(advanced) == count * len(groups)
    for place in range(count):  # place by place, every group in order
        assert advanced[place * len(groups):(place + 1) * len(groups)] == [
            group[place] for group in groups]
