"""A team match: seat A plays seat A; the team that wins more of its players' matches wins;
equal is a draw; 3, 1 or 0 match points. Every outcome of 2 and 3 seats is checked against a
table written here or a count made here."""

from __future__ import annotations

from itertools import product

import pytest

from tournaments.structures.model import StructureError
from tournaments.structures.teams import (
    Outcome,
    TeamResult,
    outcome_of,
    seat_pairings,
    seats_of,
    team_result,
)

A, B, D = Outcome.A, Outcome.B, Outcome.DRAW

# Every outcome of a team match of two seats, written out: (seat A, seat B) -> winner.
TWO_SEATS = {
    (A, A): "a", (A, B): None, (A, D): "a",
    (B, A): None, (B, B): "b", (B, D): "b",
    (D, A): "a", (D, B): "b", (D, D): None,
}


@pytest.mark.parametrize(("outcomes", "winner"), TWO_SEATS.items())
def test_every_outcome_of_two_seats(outcomes, winner):
    result = team_result(dict(zip("AB", outcomes, strict=True)))
    assert result.winner == winner
    points = {"a": (3, 0), "b": (0, 3), None: (1, 1)}[winner]
    assert (result.a_points, result.b_points) == points


@pytest.mark.parametrize("outcomes", list(product([A, B, D], repeat=3)))
def test_every_outcome_of_three_seats(outcomes):
    won_by_a = won_by_b = drawn = 0
    for outcome in outcomes:  # count the seats one by one
        if outcome == A:
            won_by_a += 1
        elif outcome == B:
            won_by_b += 1
        else:
            drawn += 1
    if won_by_a > won_by_b:
        expected = TeamResult("a", won_by_a, won_by_b, drawn, 3, 0)
    elif won_by_b > won_by_a:
        expected = TeamResult("b", won_by_a, won_by_b, drawn, 0, 3)
    else:
        expected = TeamResult(None, won_by_a, won_by_b, drawn, 1, 1)
    assert team_result(dict(zip("ABC", outcomes, strict=True))) == expected


def test_two_seats_won_against_one_win_the_team_match_and_one_each_with_a_draw_is_a_draw():
    assert team_result({"A": A, "B": B, "C": A}).winner == "a"
    assert team_result({"A": A, "B": B, "C": D}).winner is None
    assert team_result({"A": D, "B": D, "C": B}).winner == "b"  # one win to none


def test_outcomes_may_be_given_by_their_values():
    assert team_result({"A": "a", "B": "draw"}).winner == "a"


@pytest.mark.parametrize("seats", [{}, {"A": A}, {"A": A, "C": A}, {"B": A, "C": A},
                                   {"A": A, "B": A, "C": A, "D": A}])
def test_a_team_match_needs_the_seats_a_b_or_a_b_c(seats):
    with pytest.raises(StructureError, match="seats A, B or A, B, C"):
        team_result(seats)


def test_a_seat_outcome_must_be_a_b_or_draw():
    with pytest.raises(StructureError, match="seat B: the outcome is a, b or draw, not 'x'"):
        team_result({"A": A, "B": "x"})


@pytest.mark.parametrize(("a_wins", "b_wins", "outcome"), [
    (a, b, A if a > b else B if b > a else D) for a in range(3) for b in range(3)])
def test_a_seat_is_won_by_the_player_who_won_more_games(a_wins, b_wins, outcome):
    assert outcome_of(a_wins, b_wins) == outcome


def test_games_won_are_whole_numbers():
    with pytest.raises(StructureError, match="not -1"):
        outcome_of(-1, 0)


def test_seat_a_plays_seat_a():
    assert seat_pairings(["ann", "bob", "cy"], ["dee", "eli", "fox"]) == [
        ("A", "ann", "dee"), ("B", "bob", "eli"), ("C", "cy", "fox")]
    assert seat_pairings(["ann", "bob"], ["dee", "eli"]) == [("A", "ann", "dee"),
                                                             ("B", "bob", "eli")]
    assert seats_of(2) == ("A", "B") and seats_of(3) == ("A", "B", "C")


def test_seat_pairings_refuse_uneven_teams_other_sizes_and_a_player_twice():
    with pytest.raises(StructureError, match="same number of seats"):
        seat_pairings(["ann", "bob"], ["dee", "eli", "fox"])
    with pytest.raises(StructureError, match="2 or 3 players, not 4"):
        seat_pairings(["a", "b", "c", "d"], ["e", "f", "g", "h"])
    with pytest.raises(StructureError, match="2 or 3 players, not 1"):
        seat_pairings(["a"], ["b"])
    with pytest.raises(StructureError, match="'ann' sits in two seats"):
        seat_pairings(["ann", "bob"], ["ann", "eli"])
