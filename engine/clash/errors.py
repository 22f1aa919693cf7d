"""Clash of Decks' domain errors: rule violations a person can fix, each with a stable code
and a message.

`EngineError` and `IllegalAction` are shared by the three games and live in `engine.errors`;
they are importable from here as they always were. A broken invariant is a bug and raises an
ordinary exception; these are for input.
"""

from __future__ import annotations

from engine.errors import EngineError, IllegalAction

__all__ = ["CatalogueError", "EngineError", "IllegalAction", "RecordError", "SetupError"]


class CatalogueError(EngineError):
    """A card file or a card definition that cannot be read."""

    code = "catalogue"


class SetupError(EngineError):
    """Decks, seeds or options that cannot start a game."""

    code = "setup"


class RecordError(EngineError):
    """A game record that cannot be read."""

    code = "record"
