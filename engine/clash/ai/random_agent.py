"""The weakest level: a uniformly random legal action."""

from __future__ import annotations

from ..actions import Action
from ..observation import Observation
from ..rng import Rng


class RandomAgent:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng.stream(seed, "ai-random")
        self._below = self.rng.below

    def act(self, obs: Observation) -> Action:
        # The same pick as `legal_actions()[below(len(...))]`, building only the one picked.
        return obs.pick_legal(self._below)
