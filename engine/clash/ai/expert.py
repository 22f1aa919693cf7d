"""The expert level: information-set Monte Carlo search over the positions a turn can reach.

The search player compares about ten plans for its turn (the greedy plan and the greedy
completion of each first action), plays each out for four greedy turns and commits to the best
at its first decision. The expert looks at more of its turn, not as far, and thinks again at
every decision:

1. Every position the rest of the turn can reach is listed, breadth first, by the actions the
   greedy player considers (plays, and casts at enemy creatures: `greedy.candidate_actions`),
   positions reached in different orders counting once, `nodes` positions at most. Each gets
   its one-turn value (`greedy.value_after_turn`).
2. The candidates: the search player's plans (the greedy plan, the greedy completion of each
   first action) and ending the turn now, then the best other positions by one-turn value,
   `width` in all.
3. Each candidate is played out on sampled *determinizations*: what the seat cannot see, the
   order of the opponent's hand, is drawn by the seeded generator from the cards the opponent
   holds (which are public in every format: `Game.hide`, as `Observation.determinize` does).
   The k-th determinization of a turn is the same for every candidate (common random numbers:
   plans are compared on the same guessed hands, so their difference is not noise of the
   guess). A playout ends the turn, lets both sides play `depth` greedy turns (by default one:
   the opponent's reply), then evaluates the position with `Leaf`, weights fitted to game
   outcomes (see `Leaf`), as a win chance.
4. Sequential halving shares the playout budget: each round plays the remaining candidates on
   more determinizations and keeps the better half, until one is left; the first action on its
   way is played.

A playout is a pure function of (position, k), so a later decision of the same turn reuses the
playouts of the positions it can still reach. The budget is a number of playouts, so a seed
gives the same decisions on every machine; `max_ms` (off by default, so records and replays
never depend on the machine) is a guard only: a decision that reaches it stops where it is
(`capped` counts those). The expert never looks at hidden information: it starts from
`Observation.determinize(None)`, whose opponent hand is in card-id order, and every simulation
runs on a copy whose opponent hand order is a guess.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Final

from ..actions import END_TURN, RETURN_ORDER, Action
from ..observation import Observation
from ..rng import Rng
from ..rules import Game
from ..state import SUMMON
from .evaluate import DEFAULT, WIN, Weights
from .greedy import candidate_actions, plan_turn, value_after_turn
from .search import win_chance  # the same win chance search gives a value

_END: Final[Action] = (END_TURN,)  # an object, not an unboxed tuple: compared by identity


@dataclass(frozen=True)
class Leaf:
    """The weights of the expert's evaluation of a playout's last position, per unit of
    difference between the two sides (`leaf_value`), in the units of `win_chance`.

    Fitted, not chosen: a logistic regression of who won on these five differences (and who
    was to move), over the 2,667 turn starts of 250 games of the search player against itself
    (16 playouts each, seeds 100000-100249, the ladder's deck pairings), scaled by the 3 of
    `win_chance`; `python -m engine.tools.expert_bench --fit 250 --seed 100000` reproduces
    them. The fit weighs a card in hand above a card's worth of health (reserve 0.83,
    life 0.37) and attack facing an empty lane below other attack, unlike `evaluate.DEFAULT`
    (chosen for the one-turn greedy player); these are correlations with winning, not
    causes, but as the expert's leaf they win more games (docs/ai.md).
    """

    life: float = 0.37  # a card right of the Bastion/Fort
    reserve: float = 0.83  # a card in hand while the Bastion stands
    attack: float = 0.73  # a point of attack in play
    health: float = 0.56  # a point of health left in play
    pressure: float = -0.38  # a point of attack facing an empty enemy lane
    fort: float = 0.0  # the Bastion destroyed (the Fort's face up)
    creatures: float = 0.0  # a creature in play


def _side(game: Game, seat: int, w: Leaf) -> float:
    p = game.players[seat]
    cards = len(p.cards)
    value = (cards - p.bpos) * w.life
    if p.fort:
        value += w.fort
    else:
        value += cards * w.reserve
    foe_lanes = game.players[seat ^ 1].lanes
    for li, lane in enumerate(p.lanes):
        if not lane:
            continue
        attack = 0
        for c in lane:
            attack += c.attack
            value += float(c.health - c.damage) * w.health  # a machine word times a float
        value += attack * w.attack + len(lane) * w.creatures
        if not foe_lanes[li]:
            value += attack * w.pressure
    return value


def leaf_value(game: Game, seat: int, w: Leaf) -> float:
    """The position's value for `seat`, in the units of `win_chance`: WIN / -WIN when decided,
    0 for a draw."""
    winner = game.winner
    if winner is not None:
        if winner == seat:
            return WIN - game.turn
        if winner == seat ^ 1:
            return -WIN + game.turn
        return 0.0
    return _side(game, seat, w) - _side(game, seat ^ 1, w)


class _Node:
    """A position the rest of the turn can reach, with the actions that lead there."""

    __slots__ = ("game", "path", "key", "value")

    def __init__(self, game: Game, path: list[Action], key: bytes, value: float) -> None:
        self.game = game
        self.path = path
        self.key = key
        self.value = value  # one-turn value


class ExpertAgent:
    name = "expert"

    def __init__(self, seed: int, playouts: int = 192, depth: int = 1, width: int = 48,
                 nodes: int = 500, max_ms: float | None = None,
                 weights: Weights = DEFAULT, leaf: Leaf = Leaf()) -> None:
        self.seed = seed
        self.playouts = playouts  # per decision, at most (halving may spend fewer)
        self.depth = depth  # greedy turns played after the turn, both sides
        self.width = width  # candidates that enter the race
        self.nodes = nodes  # positions of the turn listed, at most
        self.max_ms = max_ms
        self.weights = weights  # of the greedy turns (both sides) and the one-turn values
        self.leaf = leaf  # the evaluation of the playouts' last positions
        self.playouts_run = 0
        self.capped = 0
        self._turn = -1
        self._values: dict[tuple[bytes, int], float] = {}  # this turn's playouts

    def act(self, obs: Observation) -> Action:
        legal = obs.legal_actions()
        if legal[0][0] == RETURN_ORDER:
            return legal[0]
        if obs.turn != self._turn:
            self._turn = obs.turn
            self._values = {}
        started = time.perf_counter()
        nodes = self.candidates(obs)
        if len(nodes) == 1:
            return nodes[0].path[0] if nodes[0].path else _END
        best = self.choose(obs, nodes, started)
        return best.path[0] if best.path else _END

    # ------------------------------------------------------------------ candidates

    def _node(self, game: Game, path: list[Action], seat: int) -> _Node:
        # The opponent's hand back in card-id order (cards my actions returned to it went to
        # its right end), so positions reached in different orders compare equal.
        game.hide(seat, None)
        return _Node(game, path, game.state_bytes(),
                     value_after_turn(game.copy(), seat, self.weights))

    def candidates(self, obs: Observation) -> list[_Node]:
        seat = obs.seat
        w = self.weights
        root = self._node(obs.determinize(None), [], seat)
        listed: dict[bytes, _Node] = {root.key: root}
        order = [root]
        if root.game.phase == SUMMON:
            frontier = [root]
            while frontier and len(order) < self.nodes:
                nxt = []
                for node in frontier:
                    for action in candidate_actions(node.game, seat):
                        game = node.game.copy()
                        game.apply(action)
                        child = self._node(game, node.path + [action], seat)
                        if child.key in listed:
                            continue
                        listed[child.key] = child
                        order.append(child)
                        if game.winner is None:
                            nxt.append(child)
                        if len(order) >= self.nodes:
                            break
                    if len(order) >= self.nodes:
                        break
                frontier = nxt
        # The search player's plans first: the greedy plan, the greedy completion of each
        # first action, ending the turn now.
        chosen: list[_Node] = []
        taken: set[bytes] = set()

        def take(node: _Node) -> None:
            if node.key not in taken:
                taken.add(node.key)
                chosen.append(node)

        starts = [root] + [n for n in order[1:] if len(n.path) == 1]
        for start in starts:
            game = start.game.copy()
            plan = plan_turn(game, seat, w) if game.winner is None else []
            path = start.path + [a for a in plan if a is not _END]
            end = self._node(game, path, seat)
            take(listed.get(end.key, end))
        take(root)
        rest = sorted(order, key=lambda n: -n.value)  # stable: ties keep the listing order
        for node in rest:
            if len(chosen) >= self.width:
                break
            take(node)
        return chosen

    # ------------------------------------------------------------------ the race

    def choose(self, obs: Observation, nodes: list[_Node], started: float) -> _Node:
        deadline = float("inf") if self.max_ms is None else (
            started + 0.8 * self.max_ms / 1000.0)
        seat = obs.seat
        n = len(nodes)
        rounds = max(1, math.ceil(math.log2(n)))
        share = self.playouts // rounds
        total = [0.0] * n
        runs = [0] * n
        alive = list(range(n))
        spent = 0
        capped = False
        for _ in range(rounds):
            upto = max(1, runs[alive[0]] + share // len(alive))
            for i in alive:
                while runs[i] < upto:
                    total[i] += self.playout(nodes[i], runs[i], seat, obs.turn)
                    runs[i] += 1
                    spent += 1
                if time.perf_counter() > deadline:
                    capped = True
                    break
            if capped:
                break
            alive.sort(key=lambda k: (-total[k] / runs[k], k))
            alive = alive[:max(1, math.ceil(len(alive) / 2))]
            if len(alive) == 1:
                break
        self.capped += capped
        self.playouts_run += spent
        best = min(alive, key=lambda k: (-total[k] / runs[k] if runs[k] else 0.0, k))
        return nodes[best]

    def playout(self, node: _Node, k: int, seat: int, turn: int) -> float:
        """The node's position on the turn's k-th determinization: the end of the turn, then
        `depth` greedy turns, as a win chance."""
        cached = self._values.get((node.key, k))
        if cached is not None:
            return cached
        game = node.game.copy()
        game.hide(seat, Rng.stream(self.seed, f"expert-{turn}-{k}"))
        w = self.weights
        if game.winner is None:
            game.end_turn()
        turns = 0
        while not game.over and turns < self.depth:
            plan_turn(game, game.to_move, w)  # applies the turn's actions but the last
            if not game.over:  # (`over`: a read the type checker does not narrow)
                game.end_turn()
            turns += 1
        value = win_chance(leaf_value(game, seat, self.leaf))
        self._values[(node.key, k)] = value
        return value
