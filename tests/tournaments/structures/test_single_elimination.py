"""Single elimination brackets against references written apart from the code: the rule of the
standard order (seed s meets 2**(k-r+1) + 1 - s in round r when the better seed always wins),
hand-written brackets of 8 and 16, a resolver of the bracket's sides of its own, and whole
brackets played with random results for every size from 2 to 64 and spot sizes up to 128."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.structures.model import NOBODY, From, StructureError
from tournaments.structures.single_elimination import (
    CUT_SIZES,
    LARGEST_FIELD,
    MOST_PLAYERS,
    SingleElimination,
    bracket,
)
from tournaments.swiss.topcut import bracket as swiss_top_cut

SIZES = [*range(2, 65), 65, 96, 100, 127, 128]


def names(n):
    return [f"s{i}" for i in range(1, n + 1)]


def seed_of(name):
    return int(name[1:])


def slots_for(n):
    """The smallest power of two that holds n, by counting up."""
    slots = 1
    while slots < n:
        slots *= 2
    return slots


def resolve(se, results):
    """The players of each match, worked out here from the matches' sources and the results
    alone (no code of the module): the reference for `sides`."""
    winner, loser, seen = {}, {}, {}
    for m in se.matches:
        pair = []
        for side in (m.a, m.b):
            if side.source == "seed":
                pair.append(se.players[side.ref - 1])
            elif side.source == "winner":
                pair.append(winner.get(side.ref))
            elif side.source == "loser":
                pair.append(loser.get(side.ref))
            else:
                pair.append(None)
        seen[m.id] = tuple(pair)
        if "nobody" in (m.a.source, m.b.source):
            winner[m.id] = pair[0] if m.b.source == "nobody" else pair[1]
        elif m.id in results:
            winner[m.id] = results[m.id]
            loser[m.id] = pair[1] if results[m.id] == pair[0] else pair[0]
    return seen


def play(se, choose):
    """Play the whole bracket round by round: `choose(a, b)` names each winner. Returns the
    results and the match each player lost in the bracket proper."""
    results, lost_in = {}, {}
    for m in se.matches:
        a, b = se.sides(results)[m.id]
        assert se.sides(results) == resolve(se, results)
        if NOBODY in (m.a, m.b):
            continue
        assert a is not None and b is not None, f"match {m.id} reached with a side unknown"
        results[m.id] = choose(a, b)
        if m.bracket == "winners":
            lost_in.setdefault(b if results[m.id] == a else a, []).append(m)
    return results, lost_in


def better_seed(a, b):
    return min(a, b, key=seed_of)


def test_the_bracket_of_eight_is_1_8_4_5_2_7_3_6_then_1_4_2_3_then_1_2():
    se = SingleElimination(names(8))
    results, _ = play(se, better_seed)
    sides = se.sides(results)
    by_round = [[tuple(seed_of(p) for p in sides[m.id]) for m in se.matches if m.round == r]
                for r in (1, 2, 3)]
    assert by_round == [[(1, 8), (4, 5), (2, 7), (3, 6)], [(1, 4), (2, 3)], [(1, 2)]]


def test_the_bracket_of_sixteen_opens_1_16_8_9_4_13_5_12_2_15_7_10_3_14_6_11():
    se = SingleElimination(names(16))
    results, _ = play(se, better_seed)
    sides = se.sides(results)
    by_round = [[tuple(seed_of(p) for p in sides[m.id]) for m in se.matches if m.round == r]
                for r in (1, 2, 3, 4)]
    assert by_round == [
        [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)],
        [(1, 8), (4, 5), (2, 7), (3, 6)],
        [(1, 4), (2, 3)],
        [(1, 2)],
    ]


@pytest.mark.parametrize("n", SIZES)
def test_with_the_better_seed_winning_seed_s_meets_its_mirror_in_each_round(n):
    """In round r of 2**k slots seed s meets 2**(k-r+1) + 1 - s; a mirror above n is a bye.
    So 1 and 2 meet only in the final, 1 to 4 only in the semifinals."""
    se = SingleElimination(names(n))
    results, _ = play(se, better_seed)
    sides = se.sides(results)
    slots = slots_for(n)
    rounds = slots.bit_length() - 1
    assert se.rounds == rounds
    for r in range(1, rounds + 1):
        size = slots >> (r - 1)
        expected = {(s, size + 1 - s if size + 1 - s <= n else None)
                    for s in range(1, size // 2 + 1)}
        found = {tuple(seed_of(p) if p else None for p in sides[m.id])
                 for m in se.matches if m.round == r}
        assert found == expected, f"round {r} of {n}"


@pytest.mark.parametrize("n", SIZES)
def test_every_player_starts_once_and_only_the_top_seeds_have_byes(n):
    se = SingleElimination(names(n))
    slots = slots_for(n)
    first = [m for m in se.matches if m.round == 1]
    assert len(first) == slots // 2
    starters = [m.a.ref for m in first] + [m.b.ref for m in first if m.b != NOBODY]
    assert sorted(starters) == list(range(1, n + 1))
    assert all(m.a.source == From.SEED for m in first)
    byes = [m.a.ref for m in first if m.b == NOBODY]
    assert sorted(byes) == list(range(1, slots - n + 1))
    later = [m for m in se.matches if m.round > 1]
    assert all(side.source == From.WINNER for m in later for side in (m.a, m.b))
    assert [m.id for m in se.matches] == list(range(1, len(se.matches) + 1))
    assert [m.round for m in se.matches] == sorted(m.round for m in se.matches)


@pytest.mark.parametrize("n", SIZES)
def test_n_minus_1_matches_are_played_and_one_more_for_third_place(n):
    played = [m for m in SingleElimination(names(n)).matches if NOBODY not in (m.a, m.b)]
    assert len(played) == n - 1
    if n >= 4:
        with_third = SingleElimination(names(n), third_place=True).matches
        assert len([m for m in with_third if NOBODY not in (m.a, m.b)]) == n
        assert [m.bracket for m in with_third].count("third_place") == 1
        assert with_third[-1].bracket == "third_place"


@pytest.mark.parametrize("n", SIZES)
def test_a_bracket_played_with_random_results_eliminates_everyone_once_but_the_champion(n):
    rng = random.Random(n)
    se = SingleElimination(names(n))
    results, lost_in = play(se, lambda a, b: rng.choice((a, b)))
    assert all(len(matches) == 1 for matches in lost_in.values())
    unbeaten = [p for p in se.players if p not in lost_in]
    assert len(unbeaten) == 1
    final = se.matches[-1]
    assert results[final.id] == unbeaten[0]
    assert len(results) == n - 1


@pytest.mark.parametrize("n", SIZES)
def test_the_places_follow_the_round_each_player_went_out_in(n):
    """The reference: a player's place is 1 + the number of players who went further; those
    who share a place are listed by seed."""
    rng = random.Random(1000 + n)
    se = SingleElimination(names(n))
    results, lost_in = play(se, lambda a, b: rng.choice((a, b)))
    out = {p: lost_in[p][0].round if p in lost_in else se.rounds + 1 for p in se.players}
    expected = sorted(((1 + sum(out[q] > out[p] for q in se.players), p) for p in se.players),
                      key=lambda pair: (pair[0], seed_of(pair[1])))
    assert se.placings(results) == expected


@pytest.mark.parametrize("n", [4, 5, 7, 8, 13, 16, 33, 64, 100, 128])
def test_the_third_place_match_sets_the_semifinal_losers_3rd_and_4th(n):
    rng = random.Random(2000 + n)
    se = SingleElimination(names(n), third_place=True)
    results, lost_in = play(se, lambda a, b: rng.choice((a, b)))
    third = se.matches[-1]
    semifinal_losers = {p for p, ms in lost_in.items() if ms[0].round == se.rounds - 1}
    a, b = se.sides(results)[third.id]
    assert {a, b} == semifinal_losers
    places = se.placings(results)
    fourth = b if results[third.id] == a else a
    assert places[2:4] == [(3, results[third.id]), (4, fourth)]
    assert sorted(p for _, p in places) == sorted(se.players)
    unplayed = {k: v for k, v in results.items() if k != third.id}
    assert se.placings(unplayed)[2:4] == [(3, p) for p in sorted(semifinal_losers, key=seed_of)]


def test_places_of_eight_by_seed_share_fifth():
    se = SingleElimination(names(8))
    results, _ = play(se, better_seed)
    assert se.placings(results) == [(1, "s1"), (2, "s2"), (3, "s3"), (3, "s4"),
                                     (5, "s5"), (5, "s6"), (5, "s7"), (5, "s8")]


def test_places_of_six_with_upsets_list_each_round_by_seed():
    se = SingleElimination(names(6))
    # round 1: s1 bye, s4-s5, s2 bye, s3-s6; upsets: s5 and s6 win their first matches
    results = {2: "s5", 4: "s6"}
    assert se.sides(results)[5] == ("s1", "s5") and se.sides(results)[6] == ("s2", "s6")
    results |= {5: "s5", 6: "s2", 7: "s5"}
    assert se.placings(results) == [(1, "s5"), (2, "s2"), (3, "s1"), (3, "s6"),
                                    (5, "s3"), (5, "s4")]


def test_five_players_give_byes_to_seeds_1_2_3_and_sides_show_them_at_once():
    se = SingleElimination(names(5))
    assert se.sides({}) == {1: ("s1", None), 2: ("s4", "s5"), 3: ("s2", None),
                            4: ("s3", None), 5: ("s1", None), 6: ("s2", "s3"), 7: (None, None)}
    assert se.sides({2: "s5"})[5] == ("s1", "s5")
    assert se.sides({1: "s1"}) == se.sides({})  # a bye's own result is accepted


def test_two_players_play_one_final():
    se = SingleElimination(["a", "b"])
    assert [(m.id, m.round, m.bracket) for m in se.matches] == [(1, 1, "winners")]
    assert se.placings({1: "b"}) == [(1, "b"), (2, "a")]


def test_a_winner_who_is_not_in_the_match_is_refused():
    se = SingleElimination(names(8))
    with pytest.raises(StructureError, match="'s3' is not in match 1"):
        se.sides({1: "s3"})
    with pytest.raises(StructureError, match="'s4' is not in match 5"):
        se.placings({1: "s1", 2: "s5", 5: "s4"})


def test_a_result_for_a_match_not_yet_decided_is_refused():
    se = SingleElimination(names(8))
    with pytest.raises(StructureError, match="match 5 cannot have a result yet"):
        se.sides({1: "s1", 5: "s1"})
    with pytest.raises(StructureError, match="match 7 cannot have a result yet"):
        se.sides({7: "s1"})


def test_a_result_for_no_match_or_against_a_bye_is_refused():
    se = SingleElimination(names(5))
    with pytest.raises(StructureError, match="no match 8"):
        se.sides({8: "s1"})
    with pytest.raises(StructureError, match="bye for s1"):
        se.sides({1: "s4"})


def test_places_wait_for_the_bracket_to_finish():
    se = SingleElimination(names(4))
    with pytest.raises(StructureError, match="match 3 has no result"):
        se.placings({1: "s1", 2: "s2"})


@pytest.mark.parametrize("n", [0, 1, 129, 4096])
def test_a_bracket_has_2_to_128_players(n):
    with pytest.raises(StructureError, match="2 to 128 players"):
        SingleElimination(names(n))


def test_the_functions_build_up_to_4096_and_no_more():
    matches = bracket(LARGEST_FIELD)
    assert len(matches) == LARGEST_FIELD - 1
    assert not any(NOBODY in (m.a, m.b) for m in matches)
    wide = bracket(3000)
    assert len(wide) == 4095 and sum(NOBODY in (m.a, m.b) for m in wide) == 4096 - 3000
    with pytest.raises(StructureError, match="2 to 4096 players"):
        bracket(LARGEST_FIELD + 1)
    assert MOST_PLAYERS == 128


def test_a_third_place_match_needs_four_players_and_names_are_unique():
    with pytest.raises(StructureError, match="4 players or more, not 3"):
        SingleElimination(names(3), third_place=True)
    with pytest.raises(StructureError, match="'b' is in the bracket twice"):
        SingleElimination(["a", "b", "c", "b"])


@pytest.mark.parametrize("cut", CUT_SIZES)
def test_every_cut_size_is_a_bracket_and_matches_the_swiss_top_cut(cut):
    ranked = names(70)
    se = SingleElimination(ranked[:cut], third_place=cut >= 4)
    first = [se.sides({})[m.id] for m in se.matches if m.round == 1 and m.bracket == "winners"]
    assert len(first) == cut // 2 and all(b is not None for _, b in first)
    if cut <= 16:  # the sizes the site's top cut takes today
        assert first == swiss_top_cut(ranked, cut)


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(n=st.integers(2, MOST_PLAYERS), third_place=st.booleans(), data=st.data())
def test_any_bracket_played_any_way_places_everyone_once(n, third_place, data):
    se = SingleElimination(names(n), third_place=third_place and n >= 4)
    results, lost_in = play(se, lambda a, b: data.draw(st.sampled_from((a, b))))
    places = se.placings(results)
    assert sorted(p for _, p in places) == sorted(se.players)
    numbers = [place for place, _ in places]
    assert numbers == sorted(numbers) and numbers[:2] == [1, 2]
    # each place is 1 + the number of players above it
    assert all(place == 1 + sum(other < place for other in numbers) for place in numbers)
    assert sum(len(ms) for ms in lost_in.values()) == n - 1

