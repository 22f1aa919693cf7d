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

    def _remove_dead(self, seat: int, caster: int = -1, card: int = 0) -> None:
        """Destroy every creature of `seat` with damage >= health (C-4.5), close the gaps
        (C-4.7) and return them to hand (C-4.6). With a `caster` (a seat), the incantation
        `card` that did it returns after them (C-6.1). The incantation is two numbers, not a
        pair: a pair would be a new tuple at every cast in the compiled build."""
        p = self.player_b if seat else self.player_a
        dead: list[int] | None = None  # made for the first destroyed: most casts kill none
        for lane in p.lanes:
            i = 0
            while i < len(lane):
                c = lane[i]
                if c.damage >= c.health:
                    if dead is None:
                        dead = [c.card]
                    else:
                        dead.append(c.card)
                    if len(lane) > 1:
                        lane.pop(i)  # the ones behind move up (C-4.7)
                    else:
                        # clear, not pop: a list that pop empties asks the allocator for a
                        # block of no bytes, which it takes from the C library, and its
                        # next append grows that block there (two calls of about 100
                        # instructions each, where clear frees the block for reuse).
                        lane.clear()
                else:
                    i += 1
        if dead is not None:
            if self.log is not None:
                self.log.append((ev.DESTROYED, tuple(dead)))
            if len(dead) > 1 and p.chooses_returns:
                self.pending = (seat, dead, None if caster < 0 else (caster, card))
                return
            self._return_cards(seat, dead)
        if caster >= 0:
            self._return_incantation(caster, card)

    def _return_cards(self, seat: int, cards: list[int]) -> None:
        """Destroyed creatures back to their owner's hand, rightmost in the given order: they
        heal (C-1.5, C-4.6)."""
        (self.player_b if seat else self.player_a).cards.extend(cards)

    def _return_incantation(self, caster: int, card: int) -> None:
        """A resolved incantation back to its caster's hand, rightmost (C-6.1)."""
        (self.player_b if caster else self.player_a).cards.append(card)

    def _damage_bastion(self, seat: int, n: int) -> None:
        """C-7.1: the Bastion/Fort moves N positions right; C-7.2/C-7.3 at the rightmost."""
        if n <= 0:
            return
        p = self.player_b if seat else self.player_a
        p.bpos += n
        if p.bpos >= len(p.cards):
            p.bpos = len(p.cards)  # excess damage is lost (C-7.2)
            self._bastion_rightmost(seat)

    def _bastion_rightmost(self, seat: int) -> None:
        p = self.player_b if seat else self.player_a
        if p.fort:
            self.winner = seat ^ 1  # C-7.3
            if self.log is not None:
                self.log.append((ev.FORT_DESTROYED, seat))
        else:
            p.fort = True  # C-7.2: turn to the Fort face, leftmost
            p.bpos = 0
            if self.log is not None:
                self.log.append((ev.BASTION_DESTROYED, seat))
