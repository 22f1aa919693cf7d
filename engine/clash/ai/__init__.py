"""AI players: each takes an `Observation` and returns an action."""

from .base import Agent
from .expert import ExpertAgent
from .greedy import GreedyAgent
from .random_agent import RandomAgent
from .scripted import ScriptedAgent
from .search import SearchAgent

LEVELS = ("random", "scripted", "greedy", "search", "expert")

__all__ = ["LEVELS", "Agent", "ExpertAgent", "GreedyAgent", "RandomAgent", "ScriptedAgent",
           "SearchAgent", "make_agent"]


def make_agent(level: str, seed: int, **options: object) -> Agent:
    """An AI player by level name; `options` go to the search and expert players (e.g.
    max_ms=None for the search player, playouts=... for either)."""
    if level == "random":
        return RandomAgent(seed)
    if level == "scripted":
        return ScriptedAgent(seed)
    if level == "greedy":
        return GreedyAgent(seed)
    if level == "search":
        return SearchAgent(seed, **options)  # type: ignore[arg-type]
    if level == "expert":
        return ExpertAgent(seed, **options)  # type: ignore[arg-type]
    raise ValueError(f"unknown AI level {level!r}: known levels are {', '.join(LEVELS)}")
