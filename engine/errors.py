"""The errors every game of the engine shares (Clash of Decks, The Spoils, Berserk).

Two families, as everywhere in the project (STYLE.md, habit 4):

- `EngineError` and its subclasses are domain errors: input a person can fix (an action the
  rules refuse, an illegal deck), each with a stable `code` (and, for a refused action, a
  stable `reason`), an English message for the command-line tools, and `params`: the values
  the message names (the card, the seat), by name. The web maps them to its own domain errors
  and writes the message again in the reader's language from the code and the params
  (`core.error_messages`, which lists every code and reason the engine raises).
- `FormatError` is a JSON input of one of the engine's file formats (a scenario, a battle, a
  squad) that cannot be read; its message starts with the path of the bad field. It is a
  `ValueError`, as these errors have always been, so that code catching `ValueError` still
  catches them.

A broken invariant is a bug and raises an ordinary exception. Each game keeps its own
subclasses in its package (`engine.clash.errors`, `engine.spoils.errors`,
`engine.berserk.errors`), which also re-export these names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


class EngineError(Exception):
    """Base of the engine's domain errors."""

    code = "error"

    def __init__(self, message: str, *, params: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.params = dict(params or {})

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message}


class IllegalAction(EngineError):
    """An action the rules forbid. The game state is unchanged after it is raised.

    `code` is always "illegal" (the scenario format's category); `reason` is a stable
    identifier of which rule refused it, for programs that branch on it.
    """

    code = "illegal"

    def __init__(self, reason: str, message: str, *,
                 params: Mapping[str, object] | None = None) -> None:
        super().__init__(message, params=params)
        self.reason = reason


class ExplainedIllegalAction(IllegalAction):
    """An IllegalAction whose JSON names its `reason` beside the code and the message (the
    file formats of The Spoils and Berserk print it)."""

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "reason": self.reason, "message": self.message}


class IllegalDeck(EngineError):
    """A deck (or a decklist) the game's deck rules refuse. `problems` names every problem at
    once, so that a player fixes the deck in one go."""

    code = "deck"

    def __init__(self, message: str, problems: Sequence[object]) -> None:
        super().__init__(message)
        self.problems = problems


class FormatError(ValueError):
    """A malformed input of one of the engine's JSON formats; the message starts with the
    path of the bad field (`players.A.hand[2]: unknown card 'X'`)."""
