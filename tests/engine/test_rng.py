"""The generator is frozen by test vectors: a change here would break every stored record."""

from collections import UserList

import pytest

from engine.clash.rng import Rng, fnv1a64


def test_splitmix64_matches_the_published_reference_outputs():
    # Reference values of SplitMix64 (Vigna's splitmix64.c) for seeds 0 and 1234567.
    r = Rng(0)
    assert [r.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    r = Rng(1234567)
    assert [r.next_u64() for _ in range(3)] == [
        6457827717110365317, 3203168211198807973, 9817491932198370423]


def test_fnv1a64_of_stream_names():
    assert fnv1a64("") == 0xCBF29CE484222325
    assert fnv1a64("coin") == 0x0BDAF091196BD10C


def test_streams_draws_and_shuffles_are_frozen():
    r = Rng.stream(42, "shuffle-A")
    assert [r.below(10) for _ in range(10)] == [3, 3, 8, 7, 5, 7, 5, 8, 3, 7]
    cards = list(range(8))
    Rng.stream(42, "shuffle-A").shuffle(cards)
    assert cards == [0, 1, 4, 6, 3, 5, 7, 2]


def test_streams_of_different_purposes_differ():
    a = [Rng.stream(7, "shuffle-A").next_u64() for _ in range(1)]
    b = [Rng.stream(7, "shuffle-B").next_u64() for _ in range(1)]
    assert a != b


def test_below_is_uniform_enough_and_in_range():
    r = Rng(99)
    counts = [0] * 6
    for _ in range(60000):
        counts[r.below(6)] += 1
    assert all(9500 < c < 10500 for c in counts)


def test_state_can_be_saved_and_restored():
    r = Rng(5)
    state = r.getstate()
    first = [r.next_u64() for _ in range(4)]
    r.setstate(state)
    assert [r.next_u64() for _ in range(4)] == first


@pytest.mark.parametrize("bad", [0, -3])
def test_below_refuses_an_empty_range(bad):
    with pytest.raises(ValueError):
        Rng(1).below(bad)


def test_seed_must_be_an_integer():
    with pytest.raises(TypeError):
        Rng("12")  # type: ignore[arg-type]


def test_the_edges_of_the_64_bit_words_are_frozen_too():
    # The compiled build keeps the state as a signed machine word and splits multiply-shift
    # into 32-bit halves below 2**31 (the module's docstring): these cross every edge of
    # that, against the values the Python integers give.
    r = Rng.stream(2**64 - 1, "edge")
    assert [r.below(n) for n in (1, 2, 2**31 - 1, 2**31, 2**40, 10**30)] == [
        0, 0, 1748010903, 570991005, 863563820170, 441924018788750618469060582604]
    r = Rng(2**63 - 1)
    assert (r.next_u64(), r.getstate()) == (3055647633038352039, 2177342782468422676)
    r = Rng(2**63)
    assert (r.below(7), r.getstate()) == (1, 2177342782468422677)
    r = Rng(-1)
    assert (r.getstate(), r.random()) == (2**64 - 1, 0.8939429202831845)
    r.setstate(2**64 + 5)
    assert (r.getstate(), r.next_u64()) == (5, 7134611160154358618)
    cards = list(range(40))
    Rng.stream(9, "long").shuffle(cards)
    # A sequence that is not a list takes the same draws by another path.
    other = UserList(range(40))
    Rng.stream(9, "long").shuffle(other)
    assert list(other) == cards
    assert cards == [2, 4, 26, 10, 3, 24, 25, 15, 9, 20, 11, 0, 38, 13, 7, 27, 22, 23, 32, 33,
                     8, 1, 18, 34, 28, 35, 12, 31, 19, 37, 30, 17, 14, 39, 16, 6, 5, 21, 36, 29]


def test_the_way_of_computing_matches_the_build():
    import engine
    from engine.clash.rng import NATIVE

    assert (engine.build() == "compiled") == NATIVE
