"""Double elimination checked from the outside: brackets of every size from 3 to 64 played
through with random results, each player's losses counted from the matches played, the byes
and the seed order checked against the powers of two, and the placings against the rounds the
players went out in."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.structures.double_elimination import (
    DoubleElimination,
)
from tournaments.structures.model import NOBODY, From, StructureError

SIZES = range(3, 65)


def names(n: int) -> list[str]:
    return [f"s{i}" for i in range(1, n + 1)]


def seed_of(name: str) -> int:
    return int(name[1:])


def power_above(n: int) -> int:
    size = 1
    while size < n:
        size *= 2
    return size


Played = list[tuple[int, str, str, str]]


def play(bracket: DoubleElimination, pick) -> tuple[dict[int, str], Played]:
    """Plays the first match that can be played, one at a time, until none can; returns the
    results and the matches played as (id, a, b, winner) in the order played."""
    results: dict[int, str] = {}
    played = []
    while True:
        sides = bracket.sides(results)
        ready = [m for m in bracket.matches if m.id not in results and None not in sides[m.id]]
        if not ready:
            return results, played
        match = ready[0]
        a, b = sides[match.id]
        winner = pick(a, b)
        results[match.id] = winner
        played.append((match.id, a, b, winner))


def random_pick(seed: int):
    rng = random.Random(seed)
    return lambda a, b: a if rng.random() < 0.5 else b


def favourite(a: str, b: str) -> str:
    return min(a, b, key=seed_of)


@pytest.mark.parametrize("n", SIZES)
def test_every_player_starts_once_and_only_the_top_seeds_have_byes(n):
    bracket = DoubleElimination(names(n))
    first = [m for m in bracket.matches if m.bracket == "winners" and m.round == 1]
    seeds = [side.ref for m in first for side in (m.a, m.b) if side.source is From.SEED]
    assert sorted(seeds) == list(range(1, n + 1))
    assert len(first) == power_above(n) // 2
    with_bye = {m.a.ref for m in first if m.b == NOBODY}
    assert with_bye == set(range(1, power_above(n) - n + 1))
    later = [m for m in bracket.matches if m not in first]
    assert all(NOBODY not in (m.a, m.b) for m in later)
    assert {m.bracket for m in bracket.matches} == {"winners", "losers", "final"}


@pytest.mark.parametrize("n", SIZES)
def test_when_the_favourites_win_each_winners_round_pairs_seeds_in_the_standard_order(n):
    bracket = DoubleElimination(names(n))
    _, played = play(bracket, favourite)
    by_id = {m.id: m for m in bracket.matches}
    size = power_above(n)
    for match_id, a, b, _ in played:
        match = by_id[match_id]
        if match.bracket == "winners":
            # round r of a bracket of `size` pairs seeds adding up to size / 2^(r-1) + 1
            assert seed_of(a) + seed_of(b) == size // 2 ** (match.round - 1) + 1
    final_of_winners = max((m for m in bracket.matches if m.bracket == "winners"),
                           key=lambda m: m.round)
    assert {p for (mid, a, b, _) in played if mid == final_of_winners.id
            for p in (a, b)} == {"s1", "s2"}


def check_played_through(n: int, seed: int, reset: bool) -> None:
    bracket = DoubleElimination(names(n), grand_final_reset=reset)
    results, played = play(bracket, random_pick(seed))
    losses = dict.fromkeys(names(n), 0)
    out_in_round: dict[str, tuple[str, int]] = {}
    by_id = {m.id: m for m in bracket.matches}
    first_final_upset = False
    for match_id, a, b, winner in played:
        assert losses[a] < 2 and losses[b] < 2, "a player played after a second loss"
        match = by_id[match_id]
        if (match.bracket, match.round) == ("final", 1):
            # the losers-bracket champion comes with one loss, the other with none
            assert sorted((losses[a], losses[b])) == [0, 1]
            first_final_upset = losses[winner] == 1
        loser = b if winner == a else a
        losses[loser] += 1
        out_in_round[loser] = (match.bracket, match.round)
    assert bracket.finished(results)
    champion = played[-1][3]
    runner_up = played[-1][1] if champion == played[-1][2] else played[-1][2]
    assert losses[champion] <= 1
    still_in = {p for p, count in losses.items() if count < 2}
    if reset:
        assert still_in == {champion}
    else:
        assert still_in <= {champion, runner_up}
    reset_played = reset and first_final_upset
    assert (by_id[played[-1][0]].bracket, by_id[played[-1][0]].round) == (
        "final", 2 if reset_played else 1)
    assert len(played) == 2 * n - 2 + (1 if reset_played else 0)
    placings = bracket.placings(results)
    assert sorted(placings) == sorted(names(n))
    assert placings[:2] == [champion, runner_up]
    rest = [p for p in names(n) if p not in (champion, runner_up)]
    assert all(out_in_round[p][0] == "losers" for p in rest)
    rest.sort(key=lambda p: (-out_in_round[p][1], seed_of(p)))
    assert placings[2:] == rest


@pytest.mark.parametrize("n", SIZES)
def test_each_player_is_out_at_their_second_loss_for_every_size(n):
    for seed in range(12):
        check_played_through(n, seed, reset=True)
    for seed in range(4):
        check_played_through(n, 100 + seed, reset=False)


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(n=st.integers(min_value=3, max_value=64), seed=st.integers(min_value=0, max_value=2**32),
       reset=st.booleans())
def test_any_results_place_every_player_once(n, seed, reset):
    check_played_through(n, seed, reset)


@pytest.mark.parametrize("k", [2, 3, 4, 5, 6])
def test_no_rematch_in_the_losers_bracket_before_its_round_k_in_a_bracket_of_2_to_the_k(k):
    n = 2 ** k
    bracket = DoubleElimination(names(n))
    by_id = {m.id: m for m in bracket.matches}
    for seed in range(60):
        _, played = play(bracket, random_pick(seed))
        met: set[frozenset[str]] = set()
        beaten_by: dict[str, str] = {}
        first_losers_opponent: dict[str, str] = {}
        for match_id, a, b, winner in played:
            match = by_id[match_id]
            pair = frozenset((a, b))
            if match.bracket == "losers":
                for player, opponent in ((a, b), (b, a)):
                    first_losers_opponent.setdefault(player, opponent)
                if match.round < k:
                    assert pair not in met, f"rematch {sorted(pair)} in losers round {match.round}"
            elif match.bracket == "winners":
                beaten_by[b if winner == a else a] = winner
            met.add(pair)
        for player, opponent in first_losers_opponent.items():
            assert beaten_by.get(player) != opponent


def test_the_reset_final_is_played_only_when_the_losers_bracket_champion_wins_the_first():
    bracket = DoubleElimination(names(4))
    final, reset = bracket.matches[-2], bracket.matches[-1]
    assert (final.bracket, final.round, reset.bracket, reset.round) == ("final", 1, "final", 2)
    results, _ = play(bracket, favourite)
    assert results[final.id] == "s1" and reset.id not in results
    assert bracket.sides(results)[reset.id] == (None, None)
    assert bracket.reset_needed(results) is False
    with pytest.raises(StructureError, match="not needed"):
        bracket.sides({**results, reset.id: "s1"})
    assert bracket.placings(results)[:2] == ["s1", "s2"]

    upset = {k: v for k, v in results.items() if k != final.id}
    champion_of_winners, champion_of_losers = bracket.sides(upset)[final.id]
    upset[final.id] = champion_of_losers
    assert bracket.reset_needed(upset) is True
    assert not bracket.finished(upset)
    assert bracket.sides(upset)[reset.id] == (champion_of_winners, champion_of_losers)
    upset[reset.id] = champion_of_losers
    assert bracket.placings(upset)[:2] == [champion_of_losers, champion_of_winners]


def test_without_a_reset_the_first_final_decides():
    bracket = DoubleElimination(names(5), grand_final_reset=False)
    assert [m.bracket for m in bracket.matches].count("final") == 1
    upset_results, played = play(bracket, lambda a, b: max(a, b, key=seed_of))
    assert len(played) == 2 * 5 - 2
    assert bracket.placings(upset_results)[0] == played[-1][3]


def test_a_first_round_bye_leaves_no_empty_match_in_the_losers_bracket():
    # 5 players: seeds 1, 2 and 3 have byes, so only the loser of 4-5 starts in the losers
    # bracket; they meet the first loser of winners round 2 there, never an empty slot.
    bracket = DoubleElimination(names(5))
    results, played = play(bracket, favourite)
    losers = [(a, b) for match_id, a, b, _ in played
              if next(m for m in bracket.matches if m.id == match_id).bracket == "losers"]
    assert losers[0] == ("s5", "s3")
    assert all(a and b for a, b in losers)


def test_a_wrong_winner_or_an_undecided_match_is_refused():
    bracket = DoubleElimination(names(6))
    first = next(m for m in bracket.matches if m.bracket == "winners" and m.b != NOBODY)
    a, b = bracket.sides({})[first.id]
    with pytest.raises(StructureError, match="not in match"):
        bracket.sides({first.id: "s1" if "s1" not in (a, b) else "nobody"})
    later = next(m for m in bracket.matches if m.bracket == "losers")
    with pytest.raises(StructureError, match="not known yet"):
        bracket.sides({later.id: "s1"})
    bye = next(m for m in bracket.matches if m.b == NOBODY)
    with pytest.raises(StructureError, match="is a bye"):
        bracket.sides({bye.id: "s1"})
    with pytest.raises(StructureError, match="no match 999"):
        bracket.sides({999: "s1"})
    with pytest.raises(StructureError, match="not finished"):
        bracket.placings({first.id: a})


@pytest.mark.parametrize("n", [0, 1, 2, 65, 100])
def test_a_field_of_3_to_64_is_what_an_event_takes(n):
    with pytest.raises(StructureError, match="3 to 64"):
        DoubleElimination(names(n))


def test_the_benchmark_builds_up_to_4096_and_no_more():
    assert len(DoubleElimination(names(4096), max_players=4096).matches) > 8190
    with pytest.raises(StructureError, match="3 to 4096"):
        DoubleElimination(names(4097), max_players=10_000)


def test_players_are_named_once_each():
    with pytest.raises(StructureError, match="twice"):
        DoubleElimination(["a", "b", "a"])
    with pytest.raises(StructureError, match="name"):
        DoubleElimination(["a", "b", ""])


def test_a_player_who_drops_loses_each_match_left_until_their_second_loss():
    # s1 drops after winning winners round 1: the caller records both of their next matches
    # as won by the opponent, and s1 is placed by the losers round of the second.
    bracket = DoubleElimination(names(8))
    matches_of_s1 = []

    def pick(a: str, b: str) -> str:
        if "s1" not in (a, b):
            return favourite(a, b)
        matches_of_s1.append((a, b))
        if len(matches_of_s1) == 1:
            return "s1"
        return b if a == "s1" else a

    results, played = play(bracket, pick)
    lost = [(match_id, winner) for match_id, a, b, winner in played if "s1" in (a, b)]
    assert [winner == "s1" for _, winner in lost] == [True, False, False]
    by_id = {m.id: m for m in bracket.matches}
    assert by_id[lost[-1][0]].bracket == "losers"
    placings = bracket.placings(results)
    assert placings.index("s1") >= 2
