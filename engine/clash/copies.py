"""Copies of a position, written out: copies are the planning players' most frequent operation
(the greedy planner tries each action on a copy, the search player plays out copies).

In CPython an object made without calling its `__init__` (`object.__new__`) and filled
attribute by attribute is the faster copy. The compiled build's classes (mypyc,
docs/engine.md) refuse `object.__new__`, so there the copies call the constructors.
"""

from __future__ import annotations

from typing import Final

from .state import Creature, GameState, Player

_new = object.__new__


def _made_without_init() -> bool:
    """Whether these classes' objects can be made without calling their `__init__`: the faster
    way to copy them in CPython."""
    try:
        _new(Creature)
    except TypeError:
        return False
    return True


_WITHOUT_INIT: Final = _made_without_init()


def copy_position(game: GameState) -> GameState:
    """An independent copy of `game`, of its own class (for search); the event log is not
    carried over."""
    if not _WITHOUT_INIT:
        g = game.__class__(game.catalogue, [_copy_player(p) for p in game.players],
                           first=game.first, active=game.active, turn=game.turn,
                           phase=game.phase, mana=game.mana, winner=game.winner,
                           turn_cap=game.turn_cap)
        pending = game.pending
        g.pending = None if pending is None else (pending[0], pending[1][:], pending[2])
        g.chain = game.chain
        g.resume = game.resume
        return g
    g = _new(game.__class__)
    g.catalogue = game.catalogue
    g.costs = game.costs
    g.creature = game.creature
    g.numbers = game.numbers
    players = []
    for player in game.players:  # `_copy_player`, written out
        p = _new(Player)
        p.cards = player.cards[:]
        p.bpos = player.bpos
        p.fort = player.fort
        top, bottom = player.lanes
        p.lanes = [_copy_lane(top) if top else [], _copy_lane(bottom) if bottom else []]
        p.granted = player.granted
        p.chooses_returns = player.chooses_returns
        players.append(p)
    g.players = players
    g.player_a = players[0]
    g.player_b = players[1]
    g.first = game.first
    g.active = game.active
    g.turn = game.turn
    g.phase = game.phase
    g.mana = game.mana
    g.winner = game.winner
    g.turn_cap = game.turn_cap
    pending = game.pending
    g.pending = None if pending is None else (pending[0], pending[1][:], pending[2])
    g.chain = game.chain
    g.resume = game.resume
    g.log = None
    return g


def _copy_player(player: Player) -> Player:
    top, bottom = player.lanes
    if not _WITHOUT_INIT:
        return Player(player.cards[:], player.bpos, player.fort,
                      [_copy_lane(top) if top else [], _copy_lane(bottom) if bottom else []],
                      player.granted, player.chooses_returns)
    p = _new(Player)
    p.cards = player.cards[:]
    p.bpos = player.bpos
    p.fort = player.fort
    p.lanes = [_copy_lane(top) if top else [], _copy_lane(bottom) if bottom else []]
    p.granted = player.granted
    p.chooses_returns = player.chooses_returns
    return p


def _copy_lane(lane: list[Creature]) -> list[Creature]:
    """Copies of a lane's creatures (`Creature.copy` written out)."""
    if not _WITHOUT_INIT:
        return [Creature(c.card, c.attack, c.health, c.abilities, c.aura, c.damage, c.new,
                         c.attacked, c.protection_used, c.sprint_bonus) for c in lane]
    out = []
    for c in lane:
        d = _new(Creature)
        d.card = c.card
        d.attack = c.attack
        d.health = c.health
        d.abilities = c.abilities
        d.aura = c.aura
        d.damage = c.damage
        d.new = c.new
        d.attacked = c.attacked
        d.protection_used = c.protection_used
        d.sprint_bonus = c.sprint_bonus
        out.append(d)
    return out
