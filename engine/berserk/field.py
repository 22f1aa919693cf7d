"""A player's half of the field and the order its cells are filled in (rule B-5).

The half-field is 5 columns by 3 rows; row 1 is the front row. Cells are named "r1c3" (row 1,
column 3). The central 3 x 3 is columns 2 to 4 of every row.

Priority tiers, each filled before any cell of the next is used:

- first player: the central 3 x 3; then the other cells of rows 2 and 3 (their edge cells);
  the empty cells of row 1 (its edge cells) last;
- second player: the central 3 x 3 and the edge cells of row 1; the edge cells of rows 2 and 3
  last.

A cell is full when a card is on it or when it is `blocked` (taken by something else; nothing
blocks a cell in the basic game, but a card that cannot be placed must have somewhere it
could not go).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from .editions import FIRST, SECOND

ROWS, COLUMNS = 3, 5
Cell = tuple[int, int]  # (row, column), both from 1

CENTRE = frozenset((r, c) for r in (1, 2, 3) for c in (2, 3, 4))
FRONT_EDGES = frozenset({(1, 1), (1, 5)})
BACK_EDGES = frozenset({(2, 1), (2, 5), (3, 1), (3, 5)})
TIERS = {FIRST: (CENTRE, BACK_EDGES, FRONT_EDGES),
         SECOND: (CENTRE | FRONT_EDGES, BACK_EDGES)}
TIER_NAMES = {FIRST: ("the central 3x3", "the edge cells of rows 2 and 3",
                      "the edge cells of row 1"),
              SECOND: ("the central 3x3 and the edge cells of row 1",
                       "the edge cells of rows 2 and 3")}
ALL_CELLS = tuple((r, c) for r in range(1, ROWS + 1) for c in range(1, COLUMNS + 1))

_CELL = re.compile(r"r([1-9])c([1-9])")


def parse_cell(text: object) -> Cell | None:
    """(row, column) for a name like "r1c3", or None if it names no cell of the half-field."""
    if not isinstance(text, str):
        return None
    match = _CELL.fullmatch(text)
    if not match:
        return None
    cell = (int(match.group(1)), int(match.group(2)))
    return cell if cell in ALL_CELLS else None


def cell_name(cell: Cell) -> str:
    return f"r{cell[0]}c{cell[1]}"


def tier_of(position: str, cell: Cell) -> int:
    return next(i for i, tier in enumerate(TIERS[position]) if cell in tier)


def free_cells(position: str, full: Collection[Cell]) -> list[Cell]:
    """The cells still empty, in the order they may be used (row by row within a tier)."""
    return [cell for tier in TIERS[position] for cell in sorted(tier) if cell not in full]


def priority_waiting(position: str, cell: Cell, full: Collection[Cell]) -> list[Cell]:
    """The free cells that come before `cell` in the order of priority (B-5): `cell` may
    take a card only when there are none."""
    tier = tier_of(position, cell)
    return [c for earlier in TIERS[position][:tier] for c in sorted(earlier) if c not in full]


def priority_refusal(position: str, cell: Cell, full: Collection[Cell]) -> str | None:
    """Why `cell` may not take a card yet (B-5), or None if it may."""
    tier = tier_of(position, cell)
    waiting = priority_waiting(position, cell, full)
    if not waiting:
        return None
    names = TIER_NAMES[position]
    return (f"{cell_name(cell)} is in {names[tier]}, which the {position} player fills only "
            f"after {' and '.join(names[:tier])}; free there: "
            f"{', '.join(cell_name(c) for c in waiting)} (B-5)")
