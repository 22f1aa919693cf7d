"""The top cut is seeded from the standings: 1-8, 4-5, 2-7, 3-6."""

import pytest

from tournaments.swiss import SwissError, bracket


def test_top_eight_is_seeded_1_8_4_5_2_7_3_6():
    ranked = [f"s{i}" for i in range(1, 11)]
    assert bracket(ranked, 8) == [("s1", "s8"), ("s4", "s5"), ("s2", "s7"), ("s3", "s6")]


def test_top_four_is_seeded_1_4_2_3():
    assert bracket(["a", "b", "c", "d"], 4) == [("a", "d"), ("b", "c")]


def test_a_cut_needs_enough_players_and_a_supported_size():
    with pytest.raises(SwissError, match="needs 8 players"):
        bracket(["a"] * 5, 8)
    with pytest.raises(SwissError, match="2, 4, 8, 16, 32 or 64"):
        bracket(["a"] * 6, 6)
    with pytest.raises(SwissError, match="2, 4, 8, 16, 32 or 64"):
        bracket(["a"] * 128, 128)
