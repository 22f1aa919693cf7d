"""The Spoils' domain errors: a combat or a deck the rules refuse, with stable codes."""

from __future__ import annotations

from engine.errors import EngineError, ExplainedIllegalAction, IllegalAction
from engine.errors import IllegalDeck as _IllegalDeck

__all__ = ["EngineError", "IllegalAction", "IllegalCombat", "IllegalDeck", "IllegalPlay"]


class IllegalCombat(ExplainedIllegalAction):
    """A party, a target or a damage assignment that S-6 forbids; nothing was resolved.

    `code` is "illegal" like every refused action of the engine; `reason` is a stable
    identifier (`over_assigned`, `not_in_opposing_party`, ...). The message starts with the
    place of the problem in the battle's input (`assign[1].to.b2`, `blockers[0]`).
    """


class IllegalPlay(ExplainedIllegalAction):
    """A resource play or a flip-up that S-10 forbids; the resources are unchanged.

    `reason` is a stable identifier (`resource_play_used`, `not_face_down`, ...).
    """


class IllegalDeck(_IllegalDeck):
    """A deck that breaks S-8; `problems` names every problem at once."""

    def __init__(self, problems: list) -> None:
        super().__init__("; ".join(p.message for p in problems), problems)

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message,
                "problems": [{"code": p.code, "message": p.message} for p in self.problems]}
