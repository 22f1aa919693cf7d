"""Pairings that must not happen and awarded byes in the pure Swiss pairer (issue 35).

The order, best first: the fewest rematches, then the fewest listed pairs, then the top-first
levels of issue 14. Every pairing of small events is compared with a brute-force enumeration
of all perfect matchings scored by this module's own reference (not the code under test), by
both methods (the whole-event exact matching and the group-by-group method with its proof).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.clash.rng import Rng
from tournaments.swiss import pair_round, parse_tournament
from tournaments.swiss.model import Match, SwissError, Tournament
from tournaments.swiss.standings import compute_standings, records

from .english import english


def matchings(players):
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        for tail in matchings(rest[:i] + rest[i + 1:]):
            yield [(first, other), *tail]


def reference_cost(pairs, points, played, apart):
    """(rematches, listed pairs, crossings of each score-group boundary from the top, sum of
    squared point differences), written out from the rules, independently of pairing.py."""
    scores = sorted({points[p] for pair in pairs for p in pair}, reverse=True)
    crossings = []
    for boundary in scores[:-1]:
        crossings.append(sum(1 for a, b in pairs
                             if (points[a] >= boundary) != (points[b] >= boundary)))
    return (sum(1 for a, b in pairs if b in played[a]),
            sum(1 for a, b in pairs if frozenset((a, b)) in apart),
            *crossings,
            sum((points[a] - points[b]) ** 2 for a, b in pairs))


def paired_players(t, pairing):
    """The players the round pairs (neither dropped, nor given a bye), their points and
    opponents so far."""
    recs = records(t)
    out = {pairing.bye, *pairing.awarded}
    players = [s.id for s in compute_standings(t) if not s.dropped and s.id not in out]
    return (players, {p: recs[p].match_points for p in players},
            {p: set(recs[p].opponents) for p in players})


def play(t, pairing, rng):
    for a, b in pairing.pairings:
        r = rng.below(4)
        t.matches.append(Match(pairing.round, a, b, *((1, 1, 1) if r == 0 else
                                                      (2, 0, 0) if r % 2 else (0, 2, 0))))
    for pid in [pairing.bye, *pairing.awarded]:
        if pid:
            t.matches.append(Match(pairing.round, pid, None, 2, 0, 0))


def random_event(seed, size, listed):
    rng = Rng.stream(seed, "apart-test")
    players = [f"p{i}" for i in range(1, size + 1)]
    apart = set()
    while len(apart) < listed:
        a, b = rng.below(size), rng.below(size)
        if a != b:
            apart.add(frozenset((players[a], players[b])))
    return Tournament(seed=seed, players=players, apart=apart), rng


@pytest.mark.parametrize("exact_up_to", [32, 0])
@pytest.mark.parametrize("seed", range(12))
def test_every_round_is_the_brute_force_best_with_listed_pairs_just_below_rematches(
        seed, exact_up_to):
    size = 5 + seed % 6  # 5 to 10 players, odd and even
    t, rng = random_event(seed, size, listed=1 + seed % 5)
    for _ in range(5):
        pairing = pair_round(t, exact_up_to=exact_up_to)
        players, points, played = paired_players(t, pairing)
        chosen = reference_cost(pairing.pairings, points, played, t.apart)
        if t.matches:
            best = min(reference_cost(m, points, played, t.apart) for m in matchings(players))
            assert chosen == best
            assert pairing.optimal
        else:  # round 1: only the listed pairs count, nobody has points yet
            assert chosen[1] == min(reference_cost(m, points, played, t.apart)[1]
                                    for m in matchings(players))
        play(t, pairing, rng)


def test_a_listed_pair_is_kept_apart_and_the_explanation_says_so():
    t = Tournament(seed=3, players=["a", "b", "c", "d"], apart={frozenset(("a", "b"))})
    t.matches = [Match(1, "a", "c", 2, 0, 0), Match(1, "b", "d", 2, 0, 0)]
    pairing = pair_round(t)
    # Without the list the two undefeated players a and b would meet.
    assert {frozenset(p) for p in pairing.pairings} == {frozenset("ad"), frozenset("bc")}
    assert "a and b were kept apart: the organizer listed them as a pairing that must not " \
           "happen" in english(pairing.explanation)


def test_a_listed_pair_is_paired_only_when_every_pairing_must_and_it_says_so():
    # a has played c and d: a rematch or the listed pair a-b; rematches weigh more.
    t = Tournament(seed=3, players=["a", "b", "c", "d"], apart={frozenset(("a", "b"))})
    t.matches = [Match(1, "a", "c", 2, 0, 0), Match(1, "b", "d", 2, 0, 0),
                 Match(2, "a", "d", 2, 0, 0), Match(2, "b", "c", 2, 0, 0)]
    pairing = pair_round(t)
    assert frozenset("ab") in {frozenset(p) for p in pairing.pairings}
    assert ("a and b play each other although the organizer listed them as a pairing that "
            "must not happen: every pairing of this round without more rematches pairs at "
            "least 1 listed pair") in english(pairing.explanation)


def test_round_one_draws_around_the_list():
    for seed in range(40):
        t, _ = random_event(seed, 12, listed=8)
        pairing = pair_round(t)
        assert not {frozenset(p) for p in pairing.pairings} & t.apart


def test_round_one_without_a_list_is_drawn_as_before():
    plain = pair_round(Tournament(seed=9, players=[f"p{i}" for i in range(20)]))
    apart = {frozenset(plain.pairings[0])}
    listed = pair_round(Tournament(seed=9, players=[f"p{i}" for i in range(20)], apart=apart))
    assert plain.pairings[0] not in listed.pairings
    # A list no draw pair is on changes nothing; one that is changes only its neighbourhood.
    assert pair_round(Tournament(seed=9, players=[f"p{i}" for i in range(20)],
                                 apart={frozenset((plain.pairings[0][0], plain.pairings[1][0]))},
                                 )).pairings == plain.pairings
    assert set(plain.pairings[2:]) == set(listed.pairings[2:])


def test_a_large_event_keeps_every_listed_pair_apart_with_a_proof():
    t, rng = random_event(5, 300, listed=150)
    for _ in range(6):
        pairing = pair_round(t)
        assert not {frozenset(p) for p in pairing.pairings} & t.apart
        assert pairing.optimal, pairing.proof
        play(t, pairing, rng)


def test_the_same_input_and_seed_give_the_same_pairing():
    def run():
        t, rng = random_event(11, 60, listed=30)
        t.awarded_byes = {"p3": 2, "p4": 1}
        out = []
        for _ in range(4):
            pairing = pair_round(t)
            out.append(pairing.to_json())
            play(t, pairing, rng)
        return out
    assert run() == run()


def test_awarded_byes_cover_the_first_rounds_then_the_player_is_paired():
    t = Tournament(seed=2, players=[f"p{i}" for i in range(1, 8)], awarded_byes={"p1": 2})
    rng = Rng.stream(2, "t")
    for rnd in (1, 2, 3):
        pairing = pair_round(t)
        in_pairs = {p for pair in pairing.pairings for p in pair}
        if rnd <= 2:
            assert pairing.awarded == ["p1"] and "p1" not in in_pairs
            # The six others are even: no odd-player bye.
            assert pairing.bye is None and len(pairing.pairings) == 3
            assert ("bye: p1, awarded byes by the organizer for the first 2 rounds; it counts "
                    "as a 2-0 win") in english(pairing.explanation)
        else:
            assert pairing.awarded == [] and "p1" in in_pairs | {pairing.bye}
        play(t, pairing, rng)
    assert records(t)["p1"].byes == 2


def test_the_odd_player_bye_still_goes_by_its_rule_beside_an_awarded_bye():
    t = Tournament(seed=4, players=[f"p{i}" for i in range(1, 7)], awarded_byes={"p2": 1})
    pairing = pair_round(t)
    assert pairing.awarded == ["p2"]
    assert pairing.bye is not None and pairing.bye != "p2"
    assert len(pairing.pairings) == 2


def test_the_file_reader_reads_the_list_and_the_awarded_byes():
    t = parse_tournament({"seed": 1, "players": [{"id": "a", "awarded_byes": 1}, {"id": "b"},
                                                 {"id": "c"}], "apart": [["b", "c"]]})
    assert t.awarded_byes == {"a": 1} and t.apart == {frozenset("bc")}
    with pytest.raises(SwissError, match=r"apart\[0\]: unknown player 'z'"):
        parse_tournament({"players": [{"id": "a"}], "apart": [["a", "z"]]})
    with pytest.raises(SwissError, match=r"players\[0\].awarded_byes"):
        parse_tournament({"players": [{"id": "a", "awarded_byes": -1}]})


@st.composite
def events(draw):
    size = draw(st.integers(4, 10))
    players = [f"p{i}" for i in range(size)]
    pairs = st.tuples(st.integers(0, size - 1), st.integers(0, size - 1)).filter(
        lambda ab: ab[0] != ab[1])
    apart = {frozenset((players[a], players[b]))
             for a, b in draw(st.lists(pairs, max_size=size))}
    dropped = set(draw(st.lists(st.sampled_from(players), max_size=2)))
    awarded = {p: draw(st.integers(1, 3))
               for p in draw(st.lists(st.sampled_from(players), max_size=2))}
    return Tournament(seed=draw(st.integers(0, 10**6)), players=players, apart=apart,
                      awarded_byes=awarded), dropped, draw(st.integers(1, 4))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_listed_pairs_are_never_paired_when_some_pairing_avoids_them(case):
    t, dropped, rounds = case
    rng = Rng.stream(t.seed, "property")
    for rnd in range(1, rounds + 1):
        if rnd == 2:
            t.dropped = dropped
        if len(t.active) < 2:
            return
        pairing = pair_round(t)
        players, points, played = paired_players(t, pairing)
        chosen = reference_cost(pairing.pairings, points, played, t.apart)
        least = min((reference_cost(m, points, played, t.apart)[:2]
                     for m in matchings(players)), default=(0, 0))
        if rnd == 1:
            least = (0, min((reference_cost(m, points, played, t.apart)[1]
                             for m in matchings(players)), default=0))
        if least[1] == 0 and least[0] == chosen[0]:
            assert chosen[1] == 0
        assert chosen[:2] == least
        in_pairs = [p for pair in pairing.pairings for p in pair]
        assert not set(in_pairs) & t.dropped  # drops never paired
        assert len(in_pairs) == len(set(in_pairs))
        awarded = {p for p, n in t.awarded_byes.items() if n >= rnd and p not in t.dropped}
        assert set(pairing.awarded) == awarded and not awarded & set(in_pairs)
        play(t, pairing, rng)
