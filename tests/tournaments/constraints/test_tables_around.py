"""Fixed tables, as a property of `tournaments.rules.tables_around` (no database): every match
with a player whose table is fixed plays at it (both players: the higher-ranked one's), every
table is used once, and the other matches take the lowest free tables in their order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules import tables_around


@st.composite
def rounds(draw):  # noqa: ANN001, ANN201
    """A round's matches, each (fixed table of the higher-ranked player, of the other), the
    fixed tables unique in the event as the database keeps them."""
    count = draw(st.integers(0, 40))
    fixed = draw(st.lists(st.integers(1, 60), unique=True, max_size=2 * count))
    seats = fixed + [None] * (2 * count - len(fixed))
    order = draw(st.permutations(seats))
    return [(order[2 * i], order[2 * i + 1]) for i in range(count)]


@given(rounds())
def test_fixed_tables_are_always_honoured_and_the_others_numbered_around_them(matches):
    tables = tables_around(matches)
    numbers = [table for table, _ in tables]
    assert len(set(numbers)) == len(numbers)
    for (a, b), (table, fixed) in zip(matches, tables, strict=True):
        if a is not None:
            assert (table, fixed) == (a, True)
        elif b is not None:
            assert (table, fixed) == (b, True)
        else:
            assert not fixed
    free = [table for table, fixed in tables if not fixed]
    taken = {table for table, fixed in tables if fixed}
    expected = [n for n in range(1, len(matches) + len(taken) + 1) if n not in taken]
    assert free == expected[:len(free)]


def test_a_round_without_fixed_tables_is_numbered_1_2_3():
    assert tables_around([(None, None)] * 3) == [(1, False), (2, False), (3, False)]


def test_the_others_skip_a_fixed_table():
    assert tables_around([(None, None), (None, 2), (None, None)]) == [
        (1, False), (2, True), (3, False)]
