"""The strongest level: determinized Monte Carlo search over whole-turn plans.

At the first decision of its turn the player builds candidate plans for the turn (the greedy
plan, and for each first action the greedy completion after it), then plays out each plan
many times from *determinizations* (copies of the game in which the opponent's hand order is
guessed by the seeded generator: `Observation.determinize`), each playout continuing with
greedy turns for both sides for a few turns before the position is evaluated. Playouts are
shared out by UCB1 so promising plans get more; the plan with the best mean is played. It
never looks at the opponent's hidden cards: it only ever simulates determinized copies.

The budget is a number of playouts (so a seed gives the same game on every machine), with a
wall-clock cap as a safety net (`max_ms`, default 100 ms per decision): on a slow or busy
machine a decision may stop early, the one way its play can differ between machines;
`capped` counts those decisions. `max_ms=None` removes the cap, for play that must be the
same everywhere whatever the load.
"""

from __future__ import annotations

import math
import time
from typing import Final

from ..actions import END_TURN, RETURN_ORDER, Action
from ..observation import Observation
from ..rng import Rng
from ..rules import Game
from .evaluate import DEFAULT, WIN, Weights, evaluate
from .greedy import candidate_actions, plan_turn

_END: Final[Action] = (END_TURN,)  # an object, not an unboxed tuple: compared by identity


def win_chance(value: float) -> float:
    """An evaluation as a win chance in [0, 1]."""
    if value >= WIN / 2:
        return 1.0
    if value <= -WIN / 2:
        return 0.0
    return 1.0 / (1.0 + math.exp(-value / 3.0))


class SearchAgent:
    name = "search"

    def __init__(self, seed: int, playouts: int = 48, depth: int = 4,
                 max_ms: float | None = 100.0,
                 weights: Weights = DEFAULT) -> None:
        self.rng = Rng.stream(seed, "ai-search")
        self.playouts = playouts
        self.depth = depth
        self.max_ms = max_ms
        self.weights = weights
        self._plan: list[Action] = []
        self._turn = -1
        self.playouts_run = 0  # total, for the bench's playouts per second
        self.capped = 0  # decisions cut short by the wall-clock cap (machine-dependent)

    def act(self, obs: Observation) -> Action:
        legal = obs.legal_actions()
        if legal[0][0] == RETURN_ORDER:
            return legal[0]
        if self._turn == obs.turn and self._plan and self._plan[0] in legal:
            return self._plan.pop(0)
        self._turn = obs.turn
        self._plan = self.plan(obs, time.perf_counter())
        return self._plan.pop(0)

    def candidate_plans(self, obs: Observation) -> list[list[Action]]:
        base = obs.determinize(None)
        seat = obs.seat
        plans = [plan_turn(base.copy(), seat, self.weights)]
        for first in candidate_actions(base, seat) + [_END]:
            game = base.copy()
            game.apply(first)
            plan = [first] if first is _END or game.winner is not None else (
                [first] + plan_turn(game, seat, self.weights))
            if plan not in plans:
                plans.append(plan)
        return plans

    def plan(self, obs: Observation, started: float | None = None) -> list[Action]:
        # Stop early enough that one more playout still fits under the cap.
        deadline = float("inf") if self.max_ms is None else (
            (time.perf_counter() if started is None else started) + 0.75 * self.max_ms / 1000.0)
        plans = self.candidate_plans(obs)
        if len(plans) == 1:
            return plans[0]
        seat = obs.seat
        n = [0] * len(plans)
        total = [0.0] * len(plans)
        runs = 0
        # Every plan once, then UCB1.
        while runs < max(self.playouts, len(plans)):
            if runs < len(plans):
                i = runs
            else:
                log_runs = math.log(runs)
                i = max(range(len(plans)),
                        key=lambda k: total[k] / n[k] + 0.7 * math.sqrt(log_runs / n[k]))
            total[i] += self.playout(obs, plans[i], seat)
            n[i] += 1
            runs += 1
            if time.perf_counter() > deadline:
                self.capped += 1
                break
        self.playouts_run += runs
        best = max(range(len(plans)), key=lambda k: (total[k] / n[k] if n[k] else -1.0, -k))
        return list(plans[best])

    def playout(self, obs: Observation, plan: list[Action], seat: int) -> float:
        game: Game = obs.determinize(self.rng)
        for action in plan:
            if game.winner is not None:
                break
            game.apply(action)
        turns = 0
        while game.winner is None and turns < self.depth:
            # The greedy turn of the side to move: planning plays the plan's actions on the
            # game as it goes, all but the closing END_TURN, which is played here.
            plan = plan_turn(game, game.to_move, self.weights)
            if not game.over and plan[-1] == _END:  # (`over`: see GameState)
                game.apply(_END)
            turns += 1
        return win_chance(evaluate(game, seat, self.weights))
