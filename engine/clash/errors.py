"""Domain errors: rule violations a person can fix, each with a stable code and a message.

A broken invariant is a bug and raises an ordinary exception; these are for input.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base of the engine's domain errors."""

    code = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class IllegalAction(EngineError):
    """An action the rules forbid. The game state is unchanged after it is raised.

    `code` is always "illegal" (the scenario format's category); `reason` is a stable
    identifier of which rule refused it, for programs that branch on it.
    """

    code = "illegal"

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class CatalogueError(EngineError):
    """A card file or a card definition that cannot be read."""

    code = "catalogue"


class SetupError(EngineError):
    """Decks, seeds or options that cannot start a game."""

    code = "setup"


class RecordError(EngineError):
    """A game record that cannot be read."""

    code = "record"
