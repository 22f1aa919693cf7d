"""The default damage assignment of a speed step (rule S-6): destroy the most it can."""

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from engine.spoils.policy import destroy_most


def opponents(*lives: int) -> list[tuple[str, int]]:
    return [(f"c{i}", life) for i, life in enumerate(lives, 1)]


def test_s6_the_default_policy_destroys_the_most_it_can():
    assert destroy_most(3, opponents(3, 1, 2, 1)) == {"c3": 2, "c4": 1}  # two, not the 3


def test_s6_the_default_policy_destroys_the_toughest_among_equally_many():
    # One kill either way: the 4 takes all the strength (the seed's speed-4 choice).
    assert destroy_most(4, opponents(4, 2)) == {"c1": 4}


def test_s6_the_default_policy_takes_the_character_listed_last_between_equals():
    # The seed's defender destroys "the last card" of two identical 1/1/2 attackers.
    assert destroy_most(1, opponents(3, 2, 2, 1, 1)) == {"c5": 1}
    assert destroy_most(2, opponents(2, 1, 2)) == {"c3": 2}


def test_s6_the_default_policy_puts_strength_left_over_on_the_weakest_survivor():
    assert destroy_most(4, opponents(5, 3, 9)) == {"c1": 1, "c2": 3}
    assert destroy_most(2, opponents(5, 3, 3)) == {"c3": 2}


def test_s6_the_default_policy_overkills_when_nobody_survives():
    assert destroy_most(5, opponents(1, 2)) == {"c1": 1, "c2": 4}


def test_s6_the_default_policy_has_nothing_to_assign_without_strength():
    assert destroy_most(0, opponents(1)) == {}


@given(st.integers(0, 12), st.lists(st.integers(1, 6), min_size=1, max_size=7))
def test_s6_the_default_policy_assigns_the_whole_strength_and_destroys_the_most(strength,
                                                                                  lives):
    team = opponents(*lives)
    to = destroy_most(strength, team)
    assert sum(to.values()) == strength
    assert set(to) <= {cid for cid, _ in team} and all(d > 0 for d in to.values())
    killed = sum(1 for cid, life in team if to.get(cid, 0) >= life)
    best = max(k for k in range(len(lives) + 1)
               if any(sum(c) <= strength for c in combinations(lives, k)))
    assert killed == best
