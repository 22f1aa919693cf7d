"""Swiss pairing: random first round, score groups, no rematches, byes, drops, optimality."""

import pytest

from engine.clash.rng import Rng
from tournaments.swiss import SwissError, pair_round, parse_tournament, rounds_for
from tournaments.swiss.model import Match, Tournament
from tournaments.swiss.standings import records

from .english import english


def fresh(n, seed=7, dropped=()):
    return Tournament(seed=seed, players=[f"p{i}" for i in range(1, n + 1)],
                      dropped=set(dropped))


def play(t, pairing, rng):
    for a, b in pairing.pairings:
        r = rng.below(10)
        t.matches.append(Match(pairing.round, a, b, *((1, 1, 1) if r == 0 else
                                                      (2, 0, 0) if r % 2 else (0, 2, 0))))
    if pairing.bye:
        t.matches.append(Match(pairing.round, pairing.bye, None, 2, 0, 0))


def everyone_once(t, pairing):
    seen = [p for pair in pairing.pairings for p in pair] + ([pairing.bye] if pairing.bye else [])
    assert sorted(seen) == sorted(t.active)


def test_round_one_is_random_from_the_seed_and_deterministic():
    a = pair_round(fresh(16, seed=1))
    assert a.round == 1 and a.bye is None and len(a.pairings) == 8
    assert pair_round(fresh(16, seed=1)).pairings == a.pairings
    assert pair_round(fresh(16, seed=2)).pairings != a.pairings
    assert "random" in " ".join(english(a.explanation))


@pytest.mark.parametrize("n", [7, 8, 13, 64, 101])
def test_every_active_player_is_paired_once_or_has_the_bye(n):
    t = fresh(n, seed=n)
    rng = Rng(n)
    for _ in range(5):
        p = pair_round(t)
        everyone_once(t, p)
        assert (p.bye is not None) == (len(t.active) % 2 == 1)
        play(t, p, rng)


def test_the_bye_goes_to_the_lowest_ranked_player_without_one():
    t = fresh(5, seed=3)
    rng = Rng(3)
    byes = []
    for _ in range(5):
        p = pair_round(t)
        recs = records(t)
        from tournaments.swiss import compute_standings

        ranked = [s.id for s in compute_standings(t) if not s.dropped]
        expected = next(pid for pid in reversed(ranked) if not recs[pid].byes)
        assert p.bye == expected
        byes.append(p.bye)
        play(t, p, rng)
    assert len(set(byes)) == 5  # nobody had a second bye while someone had none


def test_a_bye_is_a_two_nil_match_win():
    t = fresh(3, seed=1)
    p = pair_round(t)
    play(t, p, Rng(1))
    bye = next(m for m in t.matches if m.b is None)
    assert (bye.a_wins, bye.b_wins) == (2, 0)
    assert records(t)[bye.a].match_points == 3


def test_dropped_players_are_never_paired_again():
    t = fresh(10, seed=5)
    rng = Rng(5)
    play(t, pair_round(t), rng)
    t.dropped |= {"p1", "p2", "p3"}
    for _ in range(3):
        p = pair_round(t)
        paired = {x for pair in p.pairings for x in pair} | {p.bye}
        assert not paired & {"p1", "p2", "p3"}
        everyone_once(t, p)
        play(t, p, rng)


def test_equal_points_are_paired_together_when_possible():
    # After round 1 of 8 players: 4 on 3 points, 4 on 0.
    t = fresh(8, seed=9)
    p1 = pair_round(t)
    for a, b in p1.pairings:
        t.matches.append(Match(1, a, b, 2, 0, 0))
    pts = {pid: r.match_points for pid, r in records(t).items()}
    p2 = pair_round(t)
    assert all(pts[a] == pts[b] for a, b in p2.pairings)


def test_no_rematch_when_it_can_be_avoided():
    for seed in range(20):
        t = fresh(12, seed=seed)
        rng = Rng(seed)
        for _ in range(6):
            p = pair_round(t)
            before = {frozenset((m.a, m.b)) for m in t.matches if m.b}
            assert not any(frozenset(pair) in before for pair in p.pairings)
            play(t, p, rng)


def test_a_rematch_happens_only_when_unavoidable_and_is_explained():
    # 4 players, 3 rounds: everyone has played everyone; round 4 must repeat a pairing.
    t = fresh(4, seed=1)
    for rnd, pairs in enumerate([(("p1", "p2"), ("p3", "p4")), (("p1", "p3"), ("p2", "p4")),
                                 (("p1", "p4"), ("p2", "p3"))], start=1):
        for a, b in pairs:
            t.matches.append(Match(rnd, a, b, 2, 0, 0))
    p = pair_round(t)
    assert len(p.pairings) == 2
    assert any(line["code"] == "rematch" for line in p.explanation)
    assert any("meet again" in line for line in english(p.explanation))


def test_every_later_round_comes_with_an_explanation():
    t = fresh(40, seed=4)
    rng = Rng(4)
    for _ in range(4):
        p = pair_round(t)
        play(t, p, rng)
    p = pair_round(t)
    text = "\n".join(english(p.explanation))
    assert "points:" in text and "players to pair" in text


@pytest.mark.parametrize("players, rounds", [(8, 3), (9, 4), (16, 4), (17, 5), (32, 5),
                                             (33, 6), (64, 6), (65, 7), (128, 7), (129, 8),
                                             (226, 8), (227, 9), (409, 9), (410, 10),
                                             (4096, 10)])
def test_the_default_number_of_rounds_follows_the_mtr_table(players, rounds):
    assert rounds_for(players) == rounds


def test_nothing_to_pair_is_an_error():
    t = fresh(3, dropped={"p1", "p2"})
    with pytest.raises(SwissError, match="fewer than two"):
        pair_round(t)


def test_bad_input_names_the_field():
    with pytest.raises(SwissError, match=r"matches\[0\]\.b: unknown player 'zz'"):
        parse_tournament({"seed": 1, "players": [{"id": "a"}, {"id": "b"}],
                          "matches": [{"round": 1, "a": "a", "b": "zz"}]})
    with pytest.raises(SwissError, match=r"players\[1\]\.id: 'a' is listed twice"):
        parse_tournament({"players": [{"id": "a"}, {"id": "a"}]})
    with pytest.raises(SwissError, match="already plays in round 1"):
        parse_tournament({"players": [{"id": "a"}, {"id": "b"}, {"id": "c"}],
                          "matches": [{"round": 1, "a": "a", "b": "b"},
                                      {"round": 1, "a": "c", "b": "a"}]})
