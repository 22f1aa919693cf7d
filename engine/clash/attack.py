"""The Attack phase (RULES.md C-4 and C-5): which creature activates next, its attacks and the
abilities that shape them.

`AttackPhase` is a part of `Game` (rules.py), written apart so that each phase of the rules
reads on its own; it holds no state of its own and is only ever used through `Game`.
"""

from __future__ import annotations

from . import events as ev
from .cards import FRENZY, PIERCE, PROTECTION, RAGE, SPLASH, SPRINT
from .deaths import Deaths
from .state import ATTACK, SUMMON, Creature


def abilities_at(lane: list[Creature], i: int, granted: int) -> int:
    """The abilities creature `lane[i]` has now: its own, its player's granted ones, and the
    Auras of its neighbours (rule C-5.8: never its own Aura)."""
    a = lane[i].abilities | granted
    if i:
        a |= lane[i - 1].aura
    if i + 1 < len(lane):
        a |= lane[i + 1].aura
    return a


class AttackPhase(Deaths):
    """The Attack phase of `Game` (C-4.1 to C-4.4, C-5)."""

    __slots__ = ()

    def _enter_attack(self) -> None:
        if self.phase == SUMMON:
            self.phase = ATTACK
            if self.log is not None:
                self.log.append((ev.ATTACK_PHASE, self.active))

    def _run_attacks(self, resume: int) -> bool:
        """Activate creatures until none is left; False if interrupted (a choice, game over).

        The order is `_next_attacker`'s (C-4.3, C-4.3a), found by the same scan without
        starting it over from the top lane each time: the activations of the bottom lane can
        make no creature of the top lane able to attack (they only ever remove enemies), so
        once the top lane has none left it is not looked at again. Within a lane the scan
        starts over from the back after each activation: Sprint reorders the lane and its
        Auras with it (C-5.7, C-5.8)."""
        me, foe = (self.player_b, self.player_a) if self.active else (self.player_a, self.player_b)
        foe_lanes = foe.lanes
        granted = me.granted
        for li in range(2):  # a tuple would be iterated as an object in the compiled build
            lane = me.lanes[li]
            i = len(lane) - 1
            while i >= 0:
                c = lane[i]
                if c.attacked:
                    i -= 1
                    continue
                if c.new:
                    # Rage on the entry turn attacks creatures only (C-5.3).
                    if not foe_lanes[li]:
                        i -= 1
                        continue
                    a = c.abilities | granted
                    if i:
                        a |= lane[i - 1].aura
                    if i + 1 < len(lane):
                        a |= lane[i + 1].aura
                    if not a & RAGE:
                        i -= 1
                        continue
                self._activate(li, i)
                if self.winner is not None:
                    return False
                if self.pending is not None:
                    self.resume = resume
                    return False
                i = len(lane) - 1
        return True

    def _next_attacker(self) -> int:
        """Rule C-4.3 with ruling C-4.3a: top lane first; within it, the creature now furthest
        from the bridge that has not activated and may attack (C-4.2, C-5.3). Its place as
        lane * 256 + position, -1 when none is left (a number: a pair would be a new tuple at
        each call in the compiled build)."""
        me, foe = (self.player_b, self.player_a) if self.active else (self.player_a, self.player_b)
        foe_lanes = foe.lanes
        for li in range(2):  # a tuple would be iterated as an object in the compiled build
            lane = me.lanes[li]
            i = len(lane) - 1
            while i >= 0:
                c = lane[i]
                if not c.attacked:
                    if not c.new:
                        return li << 8 | i
                    # Rage on the entry turn attacks creatures only (C-5.3); its abilities
                    # with its neighbours' Auras (C-5.8), as in `abilities_at`.
                    if foe_lanes[li]:
                        a = c.abilities | me.granted
                        if i:
                            a |= lane[i - 1].aura
                        if i + 1 < len(lane):
                            a |= lane[i + 1].aura
                        if a & RAGE:
                            return li << 8 | i
                i -= 1
        return -1

    def _activate(self, li: int, i: int) -> None:
        """One creature's activation: Sprint's move (C-5.7), then its attack(s)."""
        me = self.player_b if self.active else self.player_a
        lane = me.lanes[li]
        c = lane[i]
        c.attacked = True
        # Sprint, its own or from a neighbour's Aura (C-5.8): only a creature not already
        # nearest the bridge moves.
        if i and (c.abilities | me.granted | lane[i - 1].aura
                  | (lane[i + 1].aura if i + 1 < len(lane) else 0)) & SPRINT:
            # The ones in front move back one place (a shift in place: pop and insert
            # would each move the lane's items and resize it).
            j = i
            while j:
                lane[j] = lane[j - 1]
                j -= 1
            lane[0] = c
            c.sprint_bonus += i
            if self.log is not None:
                self.log.append((ev.SPRINT, c.card, i))
            i = 0
        self._strike(li, i)

    def _strike(self, li: int, i: int) -> None:
        """The attacks of the creature at (`li`, `i`): one, and more while Frenzy chains."""
        seat = self.active
        me, foe = (self.player_b, self.player_a) if seat else (self.player_a, self.player_b)
        lane = me.lanes[li]
        c = lane[i]
        log = self.log
        # Its abilities (C-5.8, as in `abilities_at`): its own lane does not change while it
        # attacks, so they hold for every attack of a Frenzy chain.
        a = c.abilities | me.granted
        if i:
            a |= lane[i - 1].aura
        if i + 1 < len(lane):
            a |= lane[i + 1].aura
        while True:
            target_lane = foe.lanes[li]
            dmg = c.attack + c.sprint_bonus
            if not target_lane:
                if c.new:
                    return  # Rage never hits the Bastion/Fort on the entry turn (C-5.3, C-5.6)
                if log is not None:
                    log.append((ev.HITS_FORT if foe.fort else ev.HITS_BASTION, c.card, seat, li,
                                dmg))
                self._damage_bastion(seat ^ 1, dmg)
                return  # destroying a Bastion does not trigger Frenzy (C-5.6)
            t = target_lane[0]
            if (not t.protection_used
                    and (t.abilities | foe.granted
                         | (target_lane[1].aura if len(target_lane) > 1 else 0)) & PROTECTION):
                t.protection_used = True  # C-5.4: the first attack targeting it deals 0
                if log is not None:
                    log.append((ev.PROTECTION, c.card, t.card))
            else:
                t.damage += dmg
                if log is not None:
                    log.append((ev.ATTACK, c.card, t.card, dmg))
            # Whether this attack destroys anything (C-4.5): when not, the search for the
            # destroyed is skipped.
            killed = dead = t.damage >= t.health
            if a & SPLASH:  # C-5.1: same position of the adjacent lane
                other = foe.lanes[li ^ 1]
                if other:
                    other[0].damage += dmg
                    dead = dead or other[0].damage >= other[0].health
                    if log is not None:
                        log.append((ev.SPLASH, other[0].card, dmg))
            if a & PIERCE and len(target_lane) > 1:  # C-5.2: the creature behind the target
                target_lane[1].damage += dmg
                dead = dead or target_lane[1].damage >= target_lane[1].health
                if log is not None:
                    log.append((ev.PIERCE, target_lane[1].card, dmg))
            if not dead:
                return
            self._remove_dead(seat ^ 1)
            if not killed or not a & FRENZY:
                return
            if log is not None:
                log.append((ev.FRENZY, c.card))
            if self.pending is not None:
                self.chain = (li, i)
                return
