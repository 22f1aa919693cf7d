"""Position evaluation shared by the planning AI players.

The game's tension: every card played lowers its owner's health (C-1.5) and mana (C-3.1), and
a destroyed creature comes back (C-4.6), so creatures are worth what they threaten and shield,
and life is what stands between a Bastion/Fort and the rightmost position. `evaluate` scores a
position for one seat in "health points": its life minus the opponent's, plus board terms.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..rules import Game

WIN: Final = 10_000.0


@dataclass(frozen=True)
class Weights:
    life: float = 1.0  # one card right of the Bastion/Fort
    reserve: float = 0.5  # each card in hand while the Bastion stands (the Fort's future health)
    attack: float = 0.8  # a creature's attack in play
    health: float = 0.3  # a creature's health in play
    pressure: float = 0.5  # attack facing an empty enemy lane: it will hit the Bastion/Fort


DEFAULT = Weights()


def side_value(game: Game, seat: int, w: Weights) -> float:
    p = game.players[seat]
    cards = len(p.cards)
    value = (cards - p.bpos) * w.life
    if not p.fort:
        value += cards * w.reserve
    foe_lanes = game.players[seat ^ 1].lanes
    atk_w, hp_w, press_w = w.attack, w.health, w.pressure
    for li, lane in enumerate(p.lanes):
        if not lane:
            continue
        total_attack = 0
        for c in lane:
            total_attack += c.attack
            value += float(c.health - c.damage) * hp_w  # a machine word times a float
        value += total_attack * atk_w
        if not foe_lanes[li]:
            value += total_attack * press_w
    return value


def evaluate(game: Game, seat: int, w: Weights = DEFAULT) -> float:
    """The position's value for `seat`: WIN / -WIN when decided, 0 for a draw."""
    winner = game.winner
    if winner is not None:
        if winner == seat:
            return WIN - game.turn  # sooner is better
        if winner == seat ^ 1:
            return -WIN + game.turn
        return 0.0
    # `side_value` of each seat, written out (the planning players evaluate every trial): the
    # same terms added in the same order, so the same floating-point value.
    values = [0.0, 0.0]
    life, reserve, atk_w, hp_w, press_w = w.life, w.reserve, w.attack, w.health, w.pressure
    players = game.players
    for other in range(2):  # seat, then the other seat (a native loop in the compiled build)
        side = seat ^ other
        p = players[side]
        cards = len(p.cards)
        value = (cards - p.bpos) * life
        if not p.fort:
            value += cards * reserve
        foe_lanes = players[side ^ 1].lanes
        for li, lane in enumerate(p.lanes):
            if lane:
                total_attack = 0
                for c in lane:
                    total_attack += c.attack
                    value += float(c.health - c.damage) * hp_w  # a machine word times a float
                value += total_attack * atk_w
                if not foe_lanes[li]:
                    value += total_attack * press_w
        values[side == seat] = value
    return values[1] - values[0]
