"""Deaths and the hand (RULES.md C-4.5 to C-4.7, C-6.1, C-7): destroyed creatures leave their
lane and return to hand, damage moves the Bastion/Fort, and a destroyed Fort ends the game.

`Deaths` is a part of `Game` (rules.py), written apart so that each phase of the rules reads on
its own; it holds no state of its own and is only ever used through `Game`. The parts form one
line of classes (GameState, Deaths, AttackPhase, Game), not mixins, so that a type checker and
the compiled build (docs/engine.md) know every attribute each part uses. The solo game
(solo/game.py) overrides where the automaton's cards go.
"""

from __future__ import annotations

from . import events as ev
from .state import GameState


class Deaths(GameState):
    """What happens to destroyed creatures and to a damaged Bastion/Fort in `Game`."""

    __slots__ = ()

    def _remove_dead(self, seat: int, tail: tuple[int, int] | None = None) -> None:
        """Destroy every creature of `seat` with damage >= health (C-4.5), close the gaps
        (C-4.7) and return them to hand (C-4.6). `tail` is an incantation (caster, card) that
        returns after them (C-6.1)."""
        p = self.players[seat]
        dead: list[int] = []
        for lane in p.lanes:
            i = 0
            while i < len(lane):
                c = lane[i]
                if c.damage >= c.health:
                    dead.append(c.card)
                    lane.pop(i)  # the ones behind move up (C-4.7)
                else:
                    i += 1
        if dead and self.log is not None:
            self.log.append((ev.DESTROYED, tuple(dead)))
        if len(dead) > 1 and p.chooses_returns:
            self.pending = (seat, dead, tail)
            return
        self._return_cards(seat, dead, tail)

    def _return_cards(self, seat: int, cards: list[int], tail: tuple[int, int] | None) -> None:
        self.players[seat].cards.extend(cards)  # rightmost, in the given order: heals (C-1.5)
        if tail is not None:
            self.players[tail[0]].cards.append(tail[1])

    def _damage_bastion(self, seat: int, n: int) -> None:
        """C-7.1: the Bastion/Fort moves N positions right; C-7.2/C-7.3 at the rightmost."""
        if n <= 0:
            return
        p = self.players[seat]
        p.bpos += n
        if p.bpos >= len(p.cards):
            p.bpos = len(p.cards)  # excess damage is lost (C-7.2)
            self._bastion_rightmost(seat)

    def _bastion_rightmost(self, seat: int) -> None:
        p = self.players[seat]
        if p.fort:
            self.winner = seat ^ 1  # C-7.3
            if self.log is not None:
                self.log.append((ev.FORT_DESTROYED, seat))
        else:
            p.fort = True  # C-7.2: turn to the Fort face, leftmost
            p.bpos = 0
            if self.log is not None:
                self.log.append((ev.BASTION_DESTROYED, seat))
