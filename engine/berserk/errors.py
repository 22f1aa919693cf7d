"""Berserk's domain errors: a refused step and an illegal deck, with stable codes."""

from __future__ import annotations

from engine.errors import EngineError, ExplainedIllegalAction, IllegalAction
from engine.errors import IllegalDeck as _IllegalDeck

__all__ = ["EngineError", "IllegalAction", "IllegalDeck", "IllegalStep"]


class IllegalStep(ExplainedIllegalAction):
    """A step the rules refuse; the pre-game (or stack) is unchanged after it is raised.

    `code` is "illegal" like every refused action of the engine; `reason` is a stable
    identifier (`not_your_declaration`, `elite_needs_gold`, `cell_priority`, ...).
    """


class IllegalDeck(_IllegalDeck):
    """A deck that breaks B-6; `problems` names every problem at once."""

    def __init__(self, problems: list[str], *, seat: str | None = None) -> None:
        prefix = f"player {seat}'s deck: " if seat else ""
        super().__init__(prefix + "; ".join(problems), problems)
        self.seat = seat

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "problems": self.problems}
