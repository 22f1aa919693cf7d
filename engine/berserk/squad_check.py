"""Check a finished squad and its placement against a deal and a budget (rules B-4, B-5).

The same rules as the pre-game's `recruit` and `place` steps, applied to a whole answer at
once so that every problem is named in one go. Each card costs what it costs after the cards
recruited before it (B-9: their cost changes apply), not its printed cost alone. A card
refused at recruitment is left out of the squad for the checks after it (its crystals are not
spent), so one mistake does not hide the others.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import Card
from .editions import Crystals
from .errors import IllegalStep
from .field import cell_name, free_cells, parse_cell, priority_refusal, priority_waiting, tier_of
from .recruitment import Payment, Recruited, crystals_after, elements_of, recruit, replay


@dataclass(frozen=True)
class Problem:
    """One problem: a stable code, the input it is about, the English message and `params`,
    the values the message names (so it can be written again in another language)."""

    code: str
    where: str
    message: str
    params: dict[str, Any] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, Any]:
        """What the squad file tool prints (without the params)."""
        return {"code": self.code, "where": self.where, "message": self.message}

    def to_record(self) -> dict[str, Any]:
        """`to_json` with the params, for a caller that writes the message again."""
        return {**self.to_json(), "params": dict(self.params)}


@dataclass(frozen=True)
class SquadEntry:
    """A card taken, in recruitment order, with its split of gold and silver if given."""

    card_id: str
    payment: Payment | None = None


@dataclass(frozen=True)
class SquadReport:
    problems: list[Problem]
    squad: list[Recruited]
    crystals_left: Crystals
    elements: list[str]
    back_to_deck: list[str]
    placement: dict[str, str] = field(default_factory=dict)

    @property
    def valid(self) -> bool:
        return not self.problems


def squad_check(*, deal: Sequence[Card], position: str, budget: Crystals,
                squad: Sequence[SquadEntry], placement: Mapping[str, str],
                blocked: Collection[str] = ()) -> SquadReport:
    """Every problem of recruiting `squad` from `deal` with `budget` and placing it."""
    problems: list[Problem] = []
    by_id = {c.id: c for c in deal}
    taken: list[Recruited] = []
    crystals = budget
    for i, entry in enumerate(squad):
        where = f"squad[{i}]"
        card = by_id.get(entry.card_id)
        if card is None:
            problems.append(Problem("not_in_deal", where, f"{entry.card_id} is not in the deal",
                                    {"card": entry.card_id}))
            continue
        if any(t.card.id == card.id for t in taken):
            problems.append(Problem("already_recruited", where,
                                    f"{card.id} is already in the squad", {"card": card.id}))
            continue
        try:
            squad_so_far = [t.card for t in taken]
            step = recruit(card, elements_of(squad_so_far), crystals, entry.payment,
                           squad=squad_so_far)  # B-9: the cost changes of the cards before
        except IllegalStep as exc:
            problems.append(Problem(exc.reason, where, exc.message, dict(exc.params)))
            continue
        taken.append(step)
        crystals = step.crystals

    in_squad = {t.card.id for t in taken}
    full_blocked = {parse_cell(c) for c in blocked} - {None}
    cells: dict[str, tuple[int, int]] = {}
    for card_id, text in placement.items():
        where = f"placement.{card_id}"
        cell = parse_cell(text)
        if card_id not in in_squad:
            problems.append(Problem("not_in_squad", where, f"{card_id} is not in the squad",
                                    {"card": card_id}))
        elif cell is None:
            problems.append(Problem("no_such_cell", where, f"{text!r} is no cell: r1c1 to "
                                                           "r3c5, row 1 in front",
                                    {"cell": text}))
        elif cell in full_blocked:
            problems.append(Problem("cell_blocked", where, f"{text} is not free",
                                    {"cell": text}))
        elif cell in cells.values():
            other = next(cid for cid, c in cells.items() if c == cell)
            problems.append(Problem("cell_taken", where, f"{text} already holds {other}: one "
                                                         "card a cell",
                                    {"cell": text, "other": other}))
        else:
            cells[card_id] = cell
    full = set(cells.values()) | full_blocked
    for card_id, cell in cells.items():
        refusal = priority_refusal(position, cell, full)
        if refusal:
            free_before = ", ".join(cell_name(c) for c in priority_waiting(position, cell, full))
            problems.append(Problem("cell_priority", f"placement.{card_id}", refusal,
                                    {"cell": cell_name(cell), "position": position,
                                     "tier": tier_of(position, cell), "free": free_before}))

    unplaced = [t.card.id for t in taken if t.card.id not in cells]
    free = free_cells(position, full)
    if unplaced and free:
        for card_id in unplaced:
            problems.append(Problem("not_placed", "placement", f"{card_id} is not placed and "
                                    f"{cell_name(free[0])} is free: every squad card goes on "
                                    "the field (B-5)",
                                    {"card": card_id, "free": cell_name(free[0])}))
    elif unplaced:
        # B-5: no cell left for them; they go back to the deck as if never recruited.
        # A card that only the returned cards' cost changes paid for goes back too (B-9).
        kept = [t for t in taken if t.card.id in cells]
        taken = replay([t.card for t in kept], [t.paid for t in kept], budget)
        crystals = crystals_after(taken, budget)
    squad_ids = {t.card.id for t in taken}
    return SquadReport(
        problems, taken, crystals, elements_of([t.card for t in taken]),
        [c.id for c in deal if c.id not in squad_ids],
        {cid: cell_name(cell) for cid, cell in cells.items() if cid in squad_ids})
