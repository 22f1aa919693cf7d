"""The interface every AI player implements."""

from __future__ import annotations

from typing import Protocol

from ..actions import Action
from ..observation import Observation


class Agent(Protocol):
    """Observation in, action out. Seeded at construction; never sees hidden cards."""

    name: str

    def act(self, obs: Observation) -> Action: ...
