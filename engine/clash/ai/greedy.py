"""A one-turn planner: builds its whole turn step by step, each step the action whose result,
after the Attack phase and the end of the turn, evaluates best; the turn ends when no action
beats ending it. It plans on a determinized copy, so it never sees the opponent's cards."""

from __future__ import annotations

from typing import Final

from ..actions import CAST, END_TURN, PLAY, RETURN_ORDER, Action
from ..observation import Observation
from ..rng import Rng
from ..rules import Game
from .evaluate import DEFAULT, Weights, evaluate

_END: Final[Action] = (END_TURN,)  # an object, not an unboxed tuple: compared by identity


def candidate_actions(game: Game, seat: int) -> list[Action]:
    """Plays and casts at enemy creatures (damage spells never help their target's owner)."""
    return [a for a in game.legal_actions()
            if a[0] == PLAY or (a[0] == CAST and a[2] != seat)]


def value_after_turn(game: Game, seat: int, w: Weights) -> float:
    """Evaluate `game` (consumed) after the rest of this turn: attacks and end of turn."""
    if game.winner is None:
        game.end_turn()
    return evaluate(game, seat, w)


def plan_turn(game: Game, seat: int, w: Weights = DEFAULT) -> list[Action]:
    """The greedy plan of the rest of this turn on `game` (consumed), ending with END_TURN."""
    plan: list[Action] = []
    # The value of ending the turn now: after the first step it is the value of the action
    # just chosen (the same position, played out the same way), so it is not computed again
    # (unless a return order waits: ending the turn then is refused, as it always was).
    ending: float | None = None
    while game.winner is None:
        best_action: Action = _END
        if ending is None or game.pending is not None:
            best = value_after_turn(game.copy(), seat, w)
        else:
            best = ending
        for action in candidate_actions(game, seat):
            trial = game.copy()
            trial.apply(action)
            if trial.winner is None:  # `value_after_turn`, written out
                trial.end_turn()
            value = evaluate(trial, seat, w)
            if value > best + 1e-9:
                best, best_action = value, action
        plan.append(best_action)
        if best_action is _END:
            break
        game.apply(best_action)
        ending = best
    return plan


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int, weights: Weights = DEFAULT) -> None:
        self.rng = Rng.stream(seed, "ai-greedy")
        self.weights = weights
        self._plan: list[Action] = []
        self._turn = -1

    def act(self, obs: Observation) -> Action:
        legal = obs.legal_actions()
        if legal[0][0] == RETURN_ORDER:
            return legal[0]
        if self._turn == obs.turn and self._plan and self._plan[0] in legal:
            return self._plan.pop(0)
        self._turn = obs.turn
        self._plan = plan_turn(obs.determinize(None), obs.seat, self.weights)
        return self._plan.pop(0)
