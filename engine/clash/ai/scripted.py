"""A rule-of-thumb player: no simulation, a few checks per decision.

It keeps enough health not to throw its Bastion/Fort away, plays its strongest affordable
creature where it shields against an attacker or hits an empty lane, casts an incantation
when it destroys an enemy front creature, and otherwise ends its turn.
"""

from __future__ import annotations

from typing import Final

from ..actions import CAST, END_TURN, PLAY, RETURN_ORDER, Action
from ..cards import CREATURE, INDESTRUCTIBLE, PROTECTION
from ..observation import Observation
from ..rng import Rng
from ..state import SUMMON

_END: Final[Action] = (END_TURN,)  # an object, not an unboxed tuple: compared by identity
_PLAYS: Final = tuple(((PLAY, i, 0), (PLAY, i, 1)) for i in range(4))


class ScriptedAgent:
    name = "scripted"

    def __init__(self, seed: int, keep_health: int = 2) -> None:
        self.rng = Rng.stream(seed, "ai-scripted")
        self.keep_health = keep_health

    def act(self, obs: Observation) -> Action:
        if obs.return_pending or obs.to_move != obs.seat:
            legal = obs.legal_actions()
            if legal and legal[0][0] == RETURN_ORDER:
                return legal[0]
            return choose(obs.seat_view(), obs.seat, legal, self.keep_health)
        # choose reads only this seat's hand and the lanes: the seat view serves it without
        # copying the game (the same choice as on a determinized copy; tests compare them),
        # and `choose_now` makes it without listing the legal actions.
        return choose_now(obs.seat_view(), obs.seat, obs.mana, obs.phase == SUMMON,
                          self.keep_health)


def choose_now(game, seat: int, mana: int, summon: bool,  # noqa: ANN001
               keep_health: int = 2) -> Action:
    """`choose(game, seat, game.legal_actions(), keep_health)` when `seat` is to move and no
    return order waits, with `mana` and whether it is the Summon phase: the same choice,
    made by going through the playable cards in the order `legal_actions` lists their
    actions instead of listing them (only plays, and casts at the front enemy creatures,
    can score)."""
    me = game.players[seat]
    cards = me.cards
    if len(cards) < 2:  # C-7.4: the last card besides the Bastion/Fort stays
        return _END
    foe_lanes = game.players[seat ^ 1].lanes
    my_lanes = me.lanes
    defs = game.catalogue.cards
    bpos = me.bpos
    # A card from right of the Bastion/Fort costs a point of health (C-1.5).
    spare = len(cards) - bpos - 1 >= keep_health + (1 if me.fort else 0)
    best: Action = _END
    best_score = 0.0
    # What a creature played to each lane adds to its score (the same for every creature).
    bonus: list[float] = [0.0, 0.0]
    for lane in range(2):
        foe_lane = foe_lanes[lane]
        if foe_lane and not my_lanes[lane]:
            bonus[lane] = 3 + sum(c.attack for c in foe_lane) * 0.5  # shield the Bastion
        elif not foe_lane:
            bonus[lane] = 2.0  # it will hit the Bastion/Fort
    for i in range(min(4, len(cards))):
        cd = defs[cards[i]]
        if cd.cost > mana:
            continue
        if cd.type == CREATURE:
            if not summon or (i >= bpos and not spare):
                continue
            base = cd.attack + cd.health * 0.3 + cd.cost * 0.2
            for lane in range(2):
                score = base + bonus[lane] if bonus[lane] else base
                if score > best_score:
                    best, best_score = _PLAYS[i][lane], score
        else:
            for lane in range(2):
                foe_lane = foe_lanes[lane]
                if not foe_lane:
                    continue
                t = foe_lane[0]
                if t.abilities & INDESTRUCTIBLE:
                    continue
                if t.health - t.damage <= cd.damage:
                    score = 4 + t.attack
                    if score > best_score:
                        best, best_score = (CAST, i, seat ^ 1, lane, 0), score
    return best


def choose(game, seat: int, legal: list[Action], keep_health: int = 2) -> Action:  # noqa: ANN001
    """The scripted choice for `seat` on a game (the search player's rollouts pass their
    determinized copies) or on an `Observation.seat_view`: it reads the catalogue, the seat's
    own cards, Bastion/Fort and lanes, and the opponent's lanes only."""
    me = game.players[seat]
    foe = game.players[seat ^ 1]
    defs = game.catalogue.cards
    health = len(me.cards) - me.bpos
    best: Action | None = None
    best_score = 0.0
    for action in legal:
        kind = action[0]
        if kind == PLAY:
            index, lane = action[1], action[2]
            # A card from right of the Bastion/Fort costs a point of health (C-1.5).
            if index >= me.bpos and health - 1 < keep_health + (1 if me.fort else 0):
                continue
            cd = defs[me.cards[index]]
            foe_lane = foe.lanes[lane]
            my_lane = me.lanes[lane]
            score = cd.attack + cd.health * 0.3 + cd.cost * 0.2
            if foe_lane and not my_lane:
                score += 3 + sum(c.attack for c in foe_lane) * 0.5  # shield the Bastion
            elif not foe_lane:
                score += 2  # it will hit the Bastion/Fort
            if score > best_score:
                best, best_score = action, score
        elif kind == CAST:
            target_seat, lane, pos = action[2], action[3], action[4]
            if target_seat == seat or pos != 0:
                continue
            cd = defs[me.cards[action[1]]]
            foe_lane = foe.lanes[lane]
            t = foe_lane[0]
            if t.abilities & INDESTRUCTIBLE:
                continue
            if t.health - t.damage <= cd.damage:
                score = 4 + t.attack
                if score > best_score:
                    best, best_score = action, score
        elif kind == END_TURN and best is None:
            continue
    if best is not None:
        return best
    return _END if _END in legal else legal[0]


def protected(abilities: int, used: bool) -> bool:
    return bool(abilities & PROTECTION) and not used
