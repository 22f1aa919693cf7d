"""The solo game (rule C-8): the player in seat A against the AI automaton in seat B.

`SoloGame` is a `Game` whose seat B plays by itself. The player acts exactly as in a duel;
their `end_turn` runs the automaton's whole turn (mana, summon, attack, end of turn) and then
the player's next mana phase, so the automaton's turn is never the one to move.

The automaton's seat is stored in the duel's own shapes so that every base rule applies to it
unchanged:

- `players[B].cards` is the **AI deck**, top card first. Its Bastion/Fort lies under the last
  card, so `bpos` stays 0 and the health of rule C-1.5 (cards "right of" the Bastion/Fort) is
  the number of cards in the deck.
- `discard` is the AI discard pile (C-8.5), in the order the cards arrived (the last is on top).
- `players[B].granted` is the ability option every AI creature has (C-8.9).

Solo rules win over the base rules (C-8): the overrides below are where they differ.
"""

from __future__ import annotations

from typing import cast

from engine.seats import SEAT_A, SEAT_B

from .. import events as ev
from ..cards import Catalogue
from ..errors import IllegalAction
from ..hashing import crc_add
from ..rng import Rng, i64
from ..rules import Game
from ..state import DEFAULT_TURN_CAP, SUMMON, TOP, Creature, Player
from .options import SoloOptions

HUMAN, AI = SEAT_A, SEAT_B  # C-8: the player sits in seat A, the automaton in seat B

# Where the automaton's turn stands, so that a return order chosen by the player in the middle
# of the automaton's summon (rule C-4.6) resumes it.
IDLE, SUMMONING = 0, 1

RESHUFFLE_STREAM = "ai-reshuffle"  # rule C-8.7


class SoloGame(Game):
    """A solo game in progress: seat A is the player, seat B the automaton (rule C-8)."""

    __slots__ = ("options", "seed", "discard", "ai_lane", "ai_stage")

    def __init__(self, catalogue: Catalogue, players: list[Player], *,
                 options: SoloOptions | None = None, seed: int = 0,
                 discard: list[int] | None = None, first: int = SEAT_A, active: int = SEAT_A,
                 turn: int = 1, phase: int = SUMMON, mana: int = 0, winner: int | None = None,
                 turn_cap: int = DEFAULT_TURN_CAP, log: list[tuple] | None = None) -> None:
        super().__init__(catalogue, players, first=first, active=active, turn=turn, phase=phase,
                         mana=mana, winner=winner, turn_cap=turn_cap, log=log)
        self.options = options if options is not None else SoloOptions()
        self.seed = seed  # the game's seed: the reshuffle of rule C-8.7 draws from it
        self.discard = discard if discard is not None else []
        self.ai_lane = TOP  # the lane the next revealed card takes (C-8.3)
        self.ai_stage = IDLE
        ai = players[AI]
        ai.bpos = 0
        ai.granted = self.options.granted
        ai.chooses_returns = False  # the automaton returns its dead in lane order (C-4.6a)

    def copy(self) -> SoloGame:
        g = cast(SoloGame, super().copy())
        # The compiled build's copy is made by the constructor, which sets the automaton's
        # granted ability from default options: the game's own are put back.
        g.players[AI].granted = self.players[AI].granted
        g.options = self.options
        g.seed = self.seed
        g.discard = self.discard[:]
        g.ai_lane = self.ai_lane
        g.ai_stage = self.ai_stage
        return g

    def hide(self, seat: int, rng: Rng | None) -> None:
        """Determinization for the player's AI: the face-down AI deck order is guessed, and the
        reshuffle of rule C-8.7 is drawn from another seed, so a plan cannot foresee it."""
        super().hide(seat, rng)
        self.seed = rng.next_u64() if rng is not None else 0

    @property
    def deck(self) -> list[int]:
        """The AI deck, top card first (the automaton's health, C-8.6)."""
        return self.players[AI].cards

    @property
    def to_move(self) -> int:
        """Only the player ever decides: the automaton's turn runs by itself."""
        return self.pending[0] if self.pending is not None else HUMAN

    @property
    def ai_out_of_cards(self) -> bool:
        """The AI deck is empty with the Fort exposed: the automaton is on its last turn or
        will play it next (rule C-8.8)."""
        ai = self.players[AI]
        return ai.fort and not ai.cards

    def state_values(self) -> list[int]:
        """The duel's values (which hold the AI deck as B's cards and its Fort flag), then
        `_solo_values()`."""
        return super().state_values() + self._solo_values()

    def state_crc(self) -> i64:
        crc = super().state_crc()
        for value in self._solo_values():
            crc = crc_add(crc, value)
        return crc

    def _solo_values(self) -> list[int]:
        """The AI discard pile (size, card ids), the next summon lane, the summon stage and
        the play options (fixed mana, mana per creature, resistance, granted ability bits)."""
        o = self.options
        return [len(self.discard), *self.discard, self.ai_lane, self.ai_stage, o.fixed_mana,
                o.mana_per_creature, o.resistance, o.granted]

    # ------------------------------------------------------------------ the player's actions

    def _check_players_turn(self) -> None:
        self._check_can_act()  # game over and awaited return orders say so first
        raise IllegalAction("not_your_turn",
                            "it is the automaton's turn: it plays by itself (rule C-8)")

    def play(self, index: int, lane: int) -> None:
        if self.active != HUMAN:
            self._check_players_turn()
        super().play(index, lane)

    def cast(self, index: int, seat: int, lane: int, position: int) -> None:
        if self.active != HUMAN:
            self._check_players_turn()
        super().cast(index, seat, lane, position)

    def attack_next(self) -> bool:
        if self.active != HUMAN:
            self._check_players_turn()
        return super().attack_next()

    def attack_all(self) -> None:
        if self.active != HUMAN:
            self._check_players_turn()
        super().attack_all()

    def end_turn(self) -> None:
        if self.active != HUMAN:
            self._check_players_turn()
        super().end_turn()

    def choose_return_order(self, order) -> None:  # type: ignore[no-untyped-def]
        super().choose_return_order(order)
        if self.ai_stage == SUMMONING and self.pending is None and self.winner is None:
            self._ai_continue()  # the automaton's summon goes on where the choice stopped it

    def legal_actions(self):  # type: ignore[no-untyped-def]
        if self.active != HUMAN and self.pending is None:
            return []
        return super().legal_actions()

    def pick_legal(self, below):  # type: ignore[no-untyped-def]
        if self.active != HUMAN and self.pending is None:
            return ()[below(0)]  # as from the empty list: below(0) refuses
        return super().pick_legal(below)

    # ------------------------------------------------------------------ turn structure

    def begin_turn(self) -> None:
        """The player's mana phase as in a duel; the automaton's whole turn (C-8.2 to C-8.4)."""
        if self.active == HUMAN:
            super().begin_turn()
            return
        o = self.options
        creatures = len(self.players[HUMAN].lanes[0]) + len(self.players[HUMAN].lanes[1])
        self.mana = o.fixed_mana + o.mana_per_creature * creatures  # C-8.2
        self.phase = SUMMON
        self.ai_lane = TOP
        self.ai_stage = SUMMONING
        if self.log is not None:
            self.log.append((ev.AI_MANA, self.turn, self.mana, o.fixed_mana,
                             o.mana_per_creature, creatures))
        self._ai_continue()

    def _ai_continue(self) -> None:
        """Run the automaton's turn from where it stands: summon, then attack and end of turn."""
        if self.ai_stage == SUMMONING:
            if not self._ai_summon():
                return  # the player chooses a return order first
            self.ai_stage = IDLE
        Game.end_turn(self)  # the base Attack phase (C-4) and end of turn (C-3.6)

    def _finish_turn(self) -> None:
        """End of turn; after the automaton's last turn, the player has survived it (C-8.8)."""
        if self.active == AI and self.ai_out_of_cards:
            self._clear_turn_effects()  # C-3.6, as at the end of every turn
            self.winner = HUMAN
            if self.log is not None:
                self.log.append((ev.SOLO_WON, self.turn))
            return
        super()._finish_turn()

    # ------------------------------------------------------------------ the automaton's summon

    def _ai_summon(self) -> bool:
        """Rule C-8.3 with ruling C-8.3a: reveal the top card into the top lane, then, while
        the cost played this turn is below the mana, the next into the other lane, and so on.
        `mana` counts down what is left (never below 0: the last card may overshoot).
        False when a return order interrupts it (an incantation destroyed several creatures
        of a player who chooses)."""
        ai = self.players[AI]
        deck = ai.cards
        cat = self.catalogue
        while True:
            if not deck:
                if not ai.fort:
                    self._bastion_rightmost(AI)  # C-8.7: the discard pile is the new deck
                if not deck:
                    return True  # the Fort is exposed: nothing left to reveal (C-8.8)
            if self.mana <= 0:
                return True  # the cards played cost at least the mana (C-8.3)
            card = deck.pop(0)
            lane = self.ai_lane
            self.ai_lane = lane ^ 1  # every revealed card takes its lane's turn (C-8.3a)
            cd = cat.cards[card]
            if cd.is_creature:
                ai.lanes[lane].append(Creature(card, cd.attack, cd.health, cd.abilities,
                                               cd.aura, new=True))
                self.mana = max(0, self.mana - cd.cost)
                if self.log is not None:
                    self.log.append((ev.AI_PLACE, card, lane, self.mana))
            else:
                self._ai_incantation(card, lane)
                if self.pending is not None:
                    return False

    def _ai_incantation(self, card: int, lane: int) -> None:
        """Rule C-8.4 with ruling C-8.4a: every incantation of this engine deals damage, so it
        is harmful and targets the player's creature closest to the bridge in the lane where
        the card would have been placed. It resolves like a cast (C-6.1) and goes to the AI
        discard pile (C-8.5); with no target it does nothing and costs nothing."""
        cd = self.catalogue.cards[card]
        target_lane = self.players[HUMAN].lanes[lane]
        log = self.log
        if not target_lane:
            self.discard.append(card)
            if log is not None:
                log.append((ev.AI_DISCARD, card, lane))
            return
        self.mana = max(0, self.mana - cd.cost)
        if log is not None:
            log.append((ev.AI_CAST, card, target_lane[0].card, lane, self.mana))
        self.resolve_incantation(AI, card, HUMAN, lane, 0)

    # ------------------------------------------------------------------ damage and piles

    def _return_cards(self, seat: int, cards: list[int]) -> None:
        """Destroyed AI creatures go to the AI discard pile (C-8.5); the player's return to
        hand as in a duel (C-4.6)."""
        if seat == AI:
            self.discard += cards
        else:
            super()._return_cards(seat, cards)

    def _return_incantation(self, caster: int, card: int) -> None:
        """Used AI incantations go to the AI discard pile (C-8.5); the player's return to hand
        as in a duel (C-6.1)."""
        if caster == AI:
            self.discard.append(card)
        else:
            super()._return_incantation(caster, card)

    def _damage_bastion(self, seat: int, n: int) -> None:
        """Rule C-8.6: N damage to the automaton mills the top N cards of its deck.
        Resistance (C-8.9, ruling C-8.9a): each attack deals 1 less, but not below 1; an
        attack of 0 deals nothing. Damage beyond the deck is lost (ruling C-8.7a)."""
        if seat == HUMAN:
            super()._damage_bastion(seat, n)
            return
        if n <= 0:
            return
        if self.options.resistance:
            n = max(1, n - 1)
        deck = self.players[AI].cards
        milled = deck[:n]
        del deck[:n]
        self.discard += milled
        if self.log is not None:
            self.log.append((ev.AI_MILL, n, tuple(milled)))
        if milled and not deck:
            self._bastion_rightmost(AI)

    def _bastion_rightmost(self, seat: int) -> None:
        """The AI deck is empty (C-8.7, C-8.8): a Bastion turns to its Fort face with the
        shuffled discard pile on top as the new deck; an exposed Fort means one last turn."""
        if seat == HUMAN:
            super()._bastion_rightmost(seat)
            return
        ai = self.players[AI]
        log = self.log
        if not ai.fort:
            ai.fort = True
            pile = self.discard
            self.discard = []
            Rng.stream(self.seed, RESHUFFLE_STREAM).shuffle(pile)
            ai.cards[:0] = pile  # in place: the summon holds this list
            if log is not None:
                log.append((ev.AI_RESHUFFLE, len(pile)))
            if ai.cards:
                return
        if log is not None:
            log.append((ev.AI_LAST_TURN,) if self.active == AI else (ev.AI_ONE_MORE_TURN,))

