"""One seat vocabulary: the apps name the seats, the draw and the match sides through
engine.seats (SEAT_A/SEAT_B/DRAW, LETTER_A/LETTER_B/DRAW_NAME, SIDE_A/SIDE_B and their
helpers), never by the bare values those names stand for. This reads the apps' source and
fails on a comparison of a seat, a side or a winner (a name, attribute, key or call with the
word "seat", "side" or "winner" in its name: `seat`, `ai_seat`, `game.winner`, `side_of(...)`,
not the count `ai_seats`) with a bare 0, 1, 2, "A", "B", "a", "b" or "draw"."""

from __future__ import annotations

import ast

import pytest

from tests.source_scan import ROOT, app_modules

WORDS = ("seat", "side", "winner")
BARE = {0, 1, 2, "A", "B", "a", "b", "draw"}



def _name(node: ast.AST) -> str:
    """The name a seat, side or winner goes by: `seat`, `game.winner`, `view["winner"]`,
    `seat_of(...)`; "" for anything else."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return str(node.slice.value)
    return ""


def _is_bare(node: ast.AST) -> bool:
    """A bare seat value, or a literal tuple, list or set of them (`side in ("a", "b")`).
    `type(...) in (int, str)` keeps True and False (equal to 1 and 0) out."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(map(_is_bare, node.elts))
    return (isinstance(node, ast.Constant) and type(node.value) in (int, str)
            and node.value in BARE)


def _names_a_seat(node: ast.AST) -> bool:
    return any(word in WORDS for word in _name(node).lower().split("_"))


def bare_seat_comparisons(source: str) -> list[int]:
    """The line numbers of `source` that compare a seat, a side or a winner with a bare
    value."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        for left, right in zip(operands, operands[1:], strict=False):
            if ((_names_a_seat(left) and _is_bare(right))
                    or (_names_a_seat(right) and _is_bare(left))):
                lines.append(node.lineno)
                break
    return sorted(set(lines))


def _modules() -> list[str]:
    return app_modules()


def test_the_apps_name_seats_sides_and_winners_through_engine_seats() -> None:
    found = {name: lines for name in _modules()
             if (lines := bare_seat_comparisons((ROOT / name).read_text()))}
    assert found == {}, ("a seat, side or winner is compared with a bare 0/1/2, 'A'/'B', 'draw' or "
                         "'a'/'b': name it through engine.seats")



@pytest.mark.parametrize("line", [
    "seat == 0",
    "1 == seat",
    "game.winner == 2",
    "game.winner == 'draw' or game.winner != 'A'",
    "side == 'a'",
    "view['winner'] == 'B'",
    "seat_of(game, user) == 1",
    "side in ('a', 'b')",
    "0 <= seat < 2",
    "record['winner'] == 'draw'",
])
def test_the_scan_sees_a_bare_seat(line: str) -> None:
    assert bare_seat_comparisons(line) == [1]


@pytest.mark.parametrize("line", [
    "seat == SEAT_A",
    "game.winner == DRAW_NAME",
    "side == SIDE_A",
    "view['winner'] == view['seat']",
    "seat is None",
    "seat == True",
    "len(seats) == 2",
    "count == 0",
    "ai_seats < 0",
    "seated == 1",
])
def test_the_scan_leaves_named_seats_alone(line: str) -> None:
    assert bare_seat_comparisons(line) == []
