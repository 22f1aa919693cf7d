"""AI players: each takes an `Observation` and returns an action."""

from .base import Agent
from .random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent", "make_agent"]


def make_agent(level: str, seed: int) -> Agent:
    """An AI player by level name."""
    if level == "random":
        return RandomAgent(seed)
    raise ValueError(f"unknown AI level {level!r}: known levels are random")
