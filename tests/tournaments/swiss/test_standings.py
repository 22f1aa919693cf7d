"""Standings by the Magic Tournament Rules Appendix C (match points, OMW%, GW%, OGW%)."""

import pytest

from tournaments.swiss import SwissError, compute_standings, parse_tournament
from tournaments.swiss.standings import headings


def event(players, matches, seed=1):
    return parse_tournament({"seed": seed, "players": [{"id": p} for p in players],
                             "matches": matches})


def m(rnd, a, b, aw, bw, d=0):
    return {"round": rnd, "a": a, "b": b, "a_wins": aw, "b_wins": bw, "draws": d}


def test_match_points_win_three_draw_one_loss_zero_and_a_bye_is_a_win():
    t = event(["p1", "p2", "p3", "p4", "p5"], [
        m(1, "p1", "p2", 2, 0), m(1, "p3", "p4", 1, 1, 1), {"round": 1, "a": "p5", "bye": True},
    ])
    points = {s.id: s.match_points for s in compute_standings(t)}
    assert points == {"p1": 3, "p2": 0, "p3": 1, "p4": 1, "p5": 3}


def test_game_win_percentage_counts_game_points_and_has_a_floor_of_0_33():
    t = event(["p1", "p2", "p3", "p4"], [m(1, "p1", "p2", 2, 1), m(1, "p3", "p4", 2, 0)])
    gw = {s.id: s.gw for s in compute_standings(t)}
    assert gw["p1"] == pytest.approx(6 / 9)
    assert gw["p2"] == pytest.approx(1 / 3)  # 3/9 = 0.333..., above the floor
    assert gw["p4"] == 0.33  # 0 lifted to the floor


def test_opponents_match_win_averages_each_opponent_floored_and_ignores_byes():
    t = event(["p1", "p2", "p3", "p4"], [
        m(1, "p1", "p2", 2, 0), m(1, "p3", "p4", 2, 0),
        m(2, "p1", "p3", 2, 0), {"round": 2, "a": "p2", "bye": True},
    ])
    s = {x.id: x for x in compute_standings(t)}
    # p1 played p2 (1 win of 2 rounds: 0.5) and p3 (1 of 2: 0.5).
    assert s["p1"].omw == pytest.approx(0.5)
    # p2 played only p1 (2 of 2 = 1.0); the bye is not an opponent.
    assert s["p2"].omw == pytest.approx(1.0)
    # p4 played p3 (1 of 2 = 0.5).
    assert s["p4"].omw == pytest.approx(0.5)
    # p3's opponents: p4 (0 of 1 -> the floor, 0.33) and p1 (1.0).
    assert s["p3"].omw == pytest.approx((0.33 + 1.0) / 2)


def test_the_floor_is_0_33_to_the_digit_not_a_third_as_mtr_appendix_c_publishes_it():
    """A worked example whose figures differ between a floor of 1/3 and one of 0.33.

    Round 1: a beats b 2-0, c beats d 2-0. Round 2: a beats c 2-1, d beats b 2-0.
    b lost both matches (match-win 0/6 -> 0.33) and every game (game-win 0/12 -> 0.33).
    a's opponents: b (0.33) and c (3/6 = 0.5): OMW% (0.33 + 0.5) / 2 = 0.415 (0.4167 with a
    floor of 1/3). d's opponents: c (0.5) and b (0.33): the same 0.415. c's: d (0.5) and a
    (1.0): 0.75. b's opponents: a (1.0) and d (0.5): 0.75.
    OGW%: a's opponents are b (0.33) and c (games 2-0 then 1-2: 9/15 = 0.6): 0.465.
    """
    t = event(["a", "b", "c", "d"], [m(1, "a", "b", 2, 0), m(1, "c", "d", 2, 0),
                                     m(2, "a", "c", 2, 1), m(2, "d", "b", 2, 0)])
    s = {x.id: x for x in compute_standings(t)}
    assert s["b"].gw == 0.33
    assert s["a"].omw == pytest.approx(0.415, abs=1e-12)
    assert s["d"].omw == pytest.approx(0.415, abs=1e-12)
    assert s["a"].ogw == pytest.approx(0.465, abs=1e-12)
    assert s["a"].to_json()["omw"] == 0.415  # 0.4167 with a floor of 1/3
    assert s["a"].to_json()["ogw"] == 0.465  # 0.4667


def test_a_record_of_one_in_three_stays_above_the_floor_of_0_33():
    """p1 beat p2 2-1 (p2: 3/9 game points = 0.333...); p3 beat p4 2-0 (p4: 0 -> 0.33).
    With a floor of 1/3 p1 and p3 were equal on every tiebreaker and shared rank 1; with
    0.33 p1's opponent has the better game-win percentage."""
    t = event(["p1", "p2", "p3", "p4"], [m(1, "p1", "p2", 2, 1), m(1, "p3", "p4", 2, 0)])
    rows = compute_standings(t, ("match_points", "ogw"))
    assert [(r.id, r.rank) for r in rows[:2]] == [("p1", 1), ("p3", 2)]


def test_opponents_game_win_averages_the_opponents_game_win():
    t = event(["p1", "p2", "p3", "p4"], [m(1, "p1", "p2", 2, 1), m(1, "p3", "p4", 2, 0),
                                         m(2, "p1", "p3", 2, 0), m(2, "p2", "p4", 2, 0)])
    s = {x.id: x for x in compute_standings(t)}
    # p1's opponents: p2 (games: 1 of 3 won then 2 of 2: 9/15) and p3 (6/6 then 0/6: 6/12).
    assert s["p1"].ogw == pytest.approx((9 / 15 + 6 / 12) / 2)


def test_the_order_is_points_then_omw_then_gw_then_ogw_and_full_ties_share_a_rank():
    t = event(["a", "b", "c", "d"], [m(1, "a", "b", 2, 0), m(1, "c", "d", 2, 0)])
    rows = compute_standings(t)
    assert [r.rank for r in rows] == [1, 1, 3, 3]
    assert [r.id for r in rows] == ["a", "c", "b", "d"]


def test_tiebreakers_are_configuration():
    t = event(["a", "b", "c", "d"], [m(1, "a", "b", 2, 1), m(1, "c", "d", 2, 0)])
    by_gw = compute_standings(t, ("match_points", "gw"))
    assert [r.id for r in by_gw][:2] == ["c", "a"]  # c won 2-0, a 2-1
    by_points = compute_standings(t, ("match_points",))
    assert by_points[0].rank == by_points[1].rank == 1
    with pytest.raises(SwissError, match="unknown tiebreaker"):
        compute_standings(t, ("match_points", "coin"))


def test_dropped_players_keep_their_results_in_the_standings():
    t = parse_tournament({"seed": 1, "players": [{"id": "a", "dropped": True}, {"id": "b"}],
                          "matches": [m(1, "a", "b", 2, 0)]})
    rows = {r.id: r for r in compute_standings(t)}
    assert rows["a"].match_points == 3 and rows["a"].dropped


def test_output_rounds_percentages_to_four_decimals():
    t = event(["a", "b", "c"], [m(1, "a", "b", 2, 1), {"round": 1, "a": "c", "bye": True}])
    data = compute_standings(t)[0].to_json()
    assert set(data) == {"rank", "id", "match_points", "omw", "gw", "ogw"}
    assert data["gw"] == round(data["gw"], 4)


def test_standings_count_matches_won_lost_and_drawn_a_bye_as_a_win():
    t = event(["p1", "p2", "p3", "p4", "p5"], [
        m(1, "p1", "p2", 2, 0), m(1, "p3", "p4", 1, 1, 1), {"round": 1, "a": "p5", "bye": True},
        m(2, "p1", "p5", 0, 2), m(2, "p2", "p3", 0, 0),
    ])
    rows = {s.id: (s.wins, s.losses, s.draws, s.played) for s in compute_standings(t)}
    assert rows == {"p1": (1, 1, 0, 2), "p2": (0, 1, 1, 2), "p3": (0, 0, 2, 2),
                    "p4": (0, 0, 1, 1), "p5": (2, 0, 0, 2)}


def test_the_configured_order_names_the_headings_and_decides_the_sort():
    t = event(["a", "b", "c", "d"], [m(1, "a", "b", 2, 1), m(1, "c", "d", 2, 0)])
    assert headings(("gw", "match_points")) == [("GW", "Game-win percentage"),
                                                ("Pts", "Match points")]
    assert [s.id for s in compute_standings(t, ("gw", "match_points"))] == ["c", "a", "b", "d"]
