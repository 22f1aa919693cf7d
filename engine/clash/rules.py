"""The rules of Clash of Decks (RULES.md C-1 to C-7): legal actions and their effects.

`Game` extends the plain state with one method per player action. Each method checks every
rule before it changes anything, so an `IllegalAction` leaves the state exactly as it was.
Whatever the rules decide by themselves (activation order, targets, deaths, returns, the
Bastion turning to its Fort, the end of the game) happens inside those methods.

Interpretations beyond RULES.md, kept in one place (docs/engine.md repeats them):
- Incantations may be cast between any two activations of the Attack phase (C-6.3 names
  "before any activation and after the last one"; the scenario format's single-activation
  step exists for this).
- Casting an incantation is playing a card, so it is refused when it is the last card besides
  the Bastion/Fort (C-7.4a). The card is back in hand when the cast completes, so a cast never
  leaves the Bastion/Fort rightmost.
- An attack of 0 damage that targets a Protection creature still uses the Protection up: it is
  "the first attack that targets this creature" (C-5.4).

The rules are written in three modules, one per part of a turn: this one (the turn structure,
the checks and the player's actions), attack.py (the Attack phase, C-4 and C-5) and deaths.py
(destroyed creatures, the hand and the Bastion/Fort, C-4.5 to C-4.7 and C-7); `Game` joins them.

The event log: `log` is a list of events (events.py: a code and plain values, rendered into a
sentence by whoever reads them), or None when nobody reads it (simulations, the AI's playouts,
the deck lab). Every event is written as `if log is not None: log.append((ev.CODE, ...))`, so
an unread log costs one comparison per event and the event is never built. A null logger
(`log.event(...)` on an object whose method does nothing) would read one line shorter but
costs a call per event and builds its arguments anyway. Measured with timeit on the
development machine (Python 3.11, best of 9 x 1,000,000): the loop alone 6-17 ns, the branch
23-28 ns, a no-op method call with no arguments 109-122 ns, with the event's words as
arguments 344-400 ns. A random game writes about 95 events, so the null logger would add
about 8 to 35 microseconds to a game of 300 to 850: 1 to 10% of the bench. The branch stays.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable
from itertools import permutations
from typing import Final, cast

from engine.seats import DRAW, LETTERS

from . import events as ev
from .actions import ATTACK_ALL, ATTACK_NEXT, CAST, END_TURN, PLAY, RETURN_ORDER, Action
from .attack import AttackPhase, abilities_at
from .cards import BASTION, CREATURE, INDESTRUCTIBLE, PIERCE, SPLASH
from .copies import copy_position
from .errors import IllegalAction
from .hashing import hex8, hex8_value, position_crc, position_values
from .rng import NATIVE, Rng, i64
from .state import LANES, SUMMON, Creature, GameState

# Shared action tuples for legal_actions (tuples are immutable, so sharing is safe).
_PLAYS: Final[tuple[tuple[Action, ...], ...]] = tuple(((PLAY, i, 0), (PLAY, i, 1))
                                                    for i in range(4))
_ATTACK_NEXT: Final[Action] = (ATTACK_NEXT,)
_END_TURN: Final[Action] = (END_TURN,)
# Whether an action's numbers must be checked to be ints: as Python a caller may pass any
# object; the compiled build's methods accept only ints (a bool arrives as 0 or 1), and
# checking the type of one there would make a Python object of it first.
_CHECK_TYPES: Final = not NATIVE

# What the engine is doing when a return-order choice interrupts it, to carry on afterwards.
_RESUME_NONE: Final = 0
_RESUME_ALL: Final = 1
_RESUME_END: Final = 2


class Game(AttackPhase):
    """A game of Clash of Decks in progress: the turn structure, the checks and the player's
    actions here; the Attack phase in attack.py, deaths and the Bastion/Fort in deaths.py."""

    __slots__ = ()

    # ------------------------------------------------------------------ copy and hash
    # Written for speed in copies.py and hashing.py; the solo game adds its fields to both.

    def copy(self) -> Game:
        """An independent copy (for search); the event log is not carried over."""
        return cast(Game, copy_position(self))

    def state_values(self) -> list[int]:
        """The position as a canonical list of byte values (`hashing.position_values`)."""
        return position_values(self)

    def state_bytes(self) -> bytes:
        """`state_values()` as bytes."""
        return bytes(self.state_values())

    def state_crc(self) -> i64:
        """The running CRC-32 of `state_values()`, before its last inversion
        (`hashing.position_crc`; tests/engine/test_record.py holds the two to the same hash
        in every position of seeded games, in both builds)."""
        return position_crc(self)

    def state_hash(self) -> str:
        """CRC-32 (zlib's, as 8 hex digits) of `state_bytes()`: the same on every machine.
        The compiled build (rng.NATIVE) takes the CRC from the position itself (`state_crc`)
        rather than building the bytes first: a third of the time there, ten times it as
        Python."""
        if NATIVE:
            return hex8(self.state_crc() ^ 0xFFFFFFFF)
        # % spells a number in half the time of an f-string (63 against 125 ns).
        return "%08x" % zlib.crc32(self.state_bytes())  # noqa: UP031

    def hash_is(self, expected: str) -> bool:
        """Whether `expected` is `state_hash()`: what a replay asks after every turn. The
        compiled build reads `expected`'s eight hex digits into a number (`hex8_value`)
        rather than spelling the hash (a new string each turn, four times the reading)."""
        if not NATIVE:
            return self.state_hash() == expected
        value = hex8_value(expected)
        return value >= 0 and value == self.state_crc() ^ 0xFFFFFFFF

    # ------------------------------------------------------------------ determinization

    def hide(self, seat: int, rng: Rng | None) -> None:
        """Replace what `seat` cannot see by a guess (determinization, for search): the
        opponent's hand order. Which cards the opponent holds is public in every format (the
        decks are known, C-2.3 to C-2.5, and lanes are visible), their order is not. With no
        rng the guess is the cards in id order."""
        cards = self.players[seat ^ 1].cards
        cards.sort()
        if rng is not None:
            rng.shuffle(cards)

    # ------------------------------------------------------------------ turn structure

    def begin_turn(self) -> None:
        """Mana phase (rule C-3.1; C-2.6: the first player's first turn has 6)."""
        p = self.player_b if self.active else self.player_a
        self.mana = 6 if self.turn == 1 and self.active == self.first else len(p.cards) + 1
        self.phase = SUMMON
        if self.log is not None:
            self.log.append((ev.MANA, self.turn, self.active, self.mana))

    def _clear_turn_effects(self) -> None:
        """C-3.6: every creature heals; this turn's entry, activation, Protection and Sprint
        bonus end."""
        for p in self.players:
            for lane in p.lanes:
                for c in lane:
                    c.damage = 0
                    c.new = False
                    c.attacked = False
                    c.protection_used = False
                    c.sprint_bonus = 0

    def _finish_turn(self) -> None:
        """End of turn (C-3.6), the turn cap (C-7.5a), then the next player's mana phase."""
        self._clear_turn_effects()
        if self.log is not None:
            self.log.append((ev.END_TURN, self.turn, self.active))
        if self.turn >= self.turn_cap:
            self.winner = DRAW
            if self.log is not None:
                self.log.append((ev.TURN_CAP, self.turn_cap))
            return
        self.turn += 1
        self.active ^= 1
        self.begin_turn()

    # ------------------------------------------------------------------ checks

    def _check_can_act(self) -> None:
        if self.winner is not None:
            raise IllegalAction("game_over", "the game is over")
        if self.pending is not None:
            owner = LETTERS[self.pending[0]]
            names = ", ".join(self.catalogue.name(c) for c in self.pending[1])
            raise IllegalAction("return_order_pending",
                                f"player {owner} must first choose the order in which "
                                f"{names} return to hand (rule C-4.6)")

    def _check_playable(self, index: int, want: str) -> int:
        """The card id at `index` of the active hand, if it may be played now."""
        p = self.players[self.active]
        cards = p.cards
        if not isinstance(index, int) or not 0 <= index < min(4, len(cards)):
            raise IllegalAction("not_playable",
                                f"card #{index} is not among your four playable cards "
                                f"(rule C-3.2)")
        card = cards[index]
        cd = self.catalogue.cards[card]
        if cd.type != want:
            if want == CREATURE:
                raise IllegalAction("not_a_creature",
                                    f"{cd.name} is an incantation: cast it at a creature",
                                    params={"card": cd.name})
            raise IllegalAction("not_an_incantation",
                                f"{cd.name} is a creature: play it to a lane",
                                params={"card": cd.name})
        if cd.cost > self.mana:
            raise IllegalAction("not_enough_mana", "not enough mana")
        if len(cards) == 1:
            raise IllegalAction("last_card",
                                f"{cd.name} is your last card besides the "
                                f"{'Fort' if p.fort else 'Bastion'}: you must keep it "
                                f"(rule C-7.4)", params={"card": cd.name})
        return card

    def playable_index(self, name: str) -> int:
        """The hand index of the leftmost playable card called `name` (for name-based calls)."""
        cards = self.players[self.active].cards
        for i in range(min(4, len(cards))):
            if self.catalogue.cards[cards[i]].name == name:
                return i
        raise IllegalAction("not_playable", f"{name} is not among your four playable cards",
                            params={"card": name})

    # ------------------------------------------------------------------ actions

    def play(self, index: int, lane: int) -> None:
        """Play the creature at hand `index` to `lane` (C-3.2, C-3.4)."""
        seat = self.active
        p = self.player_b if seat else self.player_a
        cards = p.cards
        # Fast path: every check passes; otherwise the slow path raises the precise error.
        if (self.winner is not None or self.pending is not None or self.phase != SUMMON
                or lane not in (0, 1) or (_CHECK_TYPES and type(index) is not int)
                or not 0 <= index < 4
                or index >= len(cards) or not self.creature[cards[index]]
                or self.costs[cards[index]] > self.mana or len(cards) == 1):
            self._check_can_act()
            if self.phase != SUMMON:
                raise IllegalAction("wrong_phase",
                                    "creatures are played only in the Summon phase (rule C-3.2)")
            if lane not in (0, 1):
                raise IllegalAction("bad_lane", f"lane must be top or bottom, not {lane!r}")
            self._check_playable(index, CREATURE)
        # pop, not del: the compiled build deletes an item through Python's generic protocol
        card = cards.pop(index)
        # Every field named: `_` would be a Python object in the compiled build, boxed here.
        cost, attack, health, abilities, aura, damage = self.numbers[card]
        self.mana -= cost
        if index < p.bpos:
            p.bpos -= 1  # a card from left of the Bastion does not lower health (C-9)
        p.lanes[lane].append(Creature(card, attack, health, abilities, aura, 0, True))
        if self.log is not None:
            self.log.append((ev.PLAY, seat, card, lane, self.mana))
        if p.bpos >= len(cards):
            self._bastion_rightmost(seat)  # ruling C-7.4a

    def cast(self, index: int, seat: int, lane: int, position: int) -> None:
        """Cast the incantation at hand `index` at a creature (C-6)."""
        if self.winner is not None or self.pending is not None:
            self._check_can_act()
        if seat not in (0, 1) or lane not in (0, 1):
            raise IllegalAction("no_target", "the target must be a creature in play")
        target_lane = (self.player_b if seat else self.player_a).lanes[lane]
        if (_CHECK_TYPES and not isinstance(position, int)) or not 0 <= position < len(
                target_lane):
            raise IllegalAction("no_target",
                                f"there is no creature at {LETTERS[seat]} {LANES[lane]} "
                                f"position {position}")
        caster = self.active
        p = self.player_b if caster else self.player_a
        cards = p.cards
        # Fast path: the card may be cast; otherwise the checks raise the precise error.
        if ((not _CHECK_TYPES or type(index) is int) and 0 <= index < 4 and index < len(cards) > 1
                and not self.creature[cards[index]] and self.costs[cards[index]] <= self.mana):
            card = cards[index]
        else:
            card = self._check_playable(index, "incantation")
        self.mana -= self.costs[card]
        cards.pop(index)
        if index < p.bpos:
            p.bpos -= 1
        log = self.log
        if log is not None:
            log.append((ev.CAST, caster, card, target_lane[position].card, seat, lane,
                        position))
        self.resolve_incantation(caster, card, seat, lane, position)

    def resolve_incantation(self, caster: int, card: int, seat: int, lane: int,
                            position: int) -> None:
        """An incantation's effect (C-6.1): its damage to the target creature, and with Splash
        or Pierce to the creature at the same position of the other lane or behind it (C-5.1,
        C-5.2); Indestructible creatures take nothing (C-5.5). The destroyed return, then the
        card returns to its caster (or wherever `_return_incantation` sends it)."""
        numbers = self.numbers[card]  # (not unpacked into `_`s: see `play`)
        abilities = numbers[3]
        damage = numbers[5]
        owner = self.player_b if seat else self.player_a
        target_lane = owner.lanes[lane]
        granted = owner.granted
        # Damage changes no lane and no Aura, so each hit is taken in turn.
        self._hit(target_lane, position, granted, damage)
        if abilities & SPLASH:  # the same position of the other lane, same side
            self._hit(owner.lanes[1 - lane], position, granted, damage)
        if abilities & PIERCE:  # the creature behind the target
            self._hit(target_lane, position + 1, granted, damage)
        self._remove_dead(seat, caster, card)

    def _hit(self, lane: list[Creature], i: int, granted: int, damage: int) -> None:
        """An incantation's damage to the creature at `i` of `lane`, if there is one and it is
        not Indestructible (C-5.5)."""
        if i >= len(lane):
            return
        c = lane[i]
        if abilities_at(lane, i, granted) & INDESTRUCTIBLE:
            if self.log is not None:
                self.log.append((ev.INDESTRUCTIBLE, c.card))
            return
        c.damage += damage
        if self.log is not None:
            self.log.append((ev.TAKES, c.card, damage))

    def attack_next(self) -> bool:
        """Enter the Attack phase if needed and run one activation; False if none was left."""
        if self.winner is not None or self.pending is not None:
            self._check_can_act()
        self._enter_attack()
        place = self._next_attacker()
        if place < 0:
            return False
        self._activate(place >> 8, place & 255)
        return True

    def attack_all(self) -> None:
        """Run the rest of the Attack phase."""
        self._check_can_act()
        self._enter_attack()
        self._run_attacks(_RESUME_ALL)

    def end_turn(self) -> None:
        """Finish the Attack phase (every creature that may attack does), end the turn."""
        if self.winner is not None or self.pending is not None:
            self._check_can_act()
        self._enter_attack()
        if self._run_attacks(_RESUME_END):
            self._finish_turn()

    def choose_return_order(self, order: Iterable[int]) -> None:
        """The owner's order for creatures destroyed at once (rule C-4.6)."""
        if self.winner is not None:
            raise IllegalAction("game_over", "the game is over")
        if self.pending is None:
            raise IllegalAction("no_return_pending", "no destroyed creatures wait to return")
        owner, dead, tail = self.pending
        order = list(order)
        if sorted(order) != sorted(dead):
            names = ", ".join(self.catalogue.name(c) for c in dead)
            raise IllegalAction("bad_return_order",
                                f"the order must name each of {names} exactly once")
        self.pending = None
        self._return_cards(owner, order)
        if tail is not None:
            self._return_incantation(tail[0], tail[1])
        chain, self.chain = self.chain, None
        if chain is not None:
            self._strike(chain[0], chain[1])
        if not self.returns_pending and not self.over:  # (set again by the strike?)
            resume, self.resume = self.resume, _RESUME_NONE
            if resume and self._run_attacks(resume) and resume == _RESUME_END:
                self._finish_turn()

    def apply(self, action: Action) -> None:
        """Apply an action tuple (see `actions`)."""
        # An int, so that the compiled build compares it as one; anything else is unknown.
        kind: int = action[0] if type(action[0]) is int else -1
        # The most frequent kinds first (a game has about as many turn ends as plays).
        if kind == END_TURN:
            self.end_turn()
        elif kind == PLAY:
            self.play(action[1], action[2])
        elif kind == ATTACK_NEXT:
            self.attack_next()
        elif kind == CAST:
            self.cast(action[1], action[2], action[3], action[4])
        elif kind == ATTACK_ALL:
            self.attack_all()
        elif kind == RETURN_ORDER:
            self.choose_return_order(action[1])
        else:
            raise IllegalAction("unknown_action", f"unknown action {action!r}")

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (ATTACK_ALL, a shortcut, is left out)."""
        if self.winner is not None:
            return []
        if self.pending is not None:
            seen: list[tuple[int, ...]] = []
            for perm in permutations(self.pending[1]):
                if perm not in seen:
                    seen.append(perm)
            return [(RETURN_ORDER, perm) for perm in seen]
        acts: list[Action] = []
        cards = self.players[self.active].cards
        summon = self.phase == SUMMON
        if len(cards) > 1:  # C-7.4: never the last card besides the Bastion/Fort
            costs = self.costs
            creature = self.creature
            mana = self.mana
            targets = None
            for i, card in enumerate(cards[:4]):
                if costs[card] > mana:
                    continue
                if creature[card]:
                    if summon:
                        acts += _PLAYS[i]
                else:
                    if targets is None:
                        targets = [(s, li, pos) for s, p in enumerate(self.players)
                                   for li, lane in enumerate(p.lanes) for pos in range(len(lane))]
                    acts += [(CAST, i, s, li, pos) for s, li, pos in targets]
        if summon or self._next_attacker() >= 0:
            acts.append(_ATTACK_NEXT)
        acts.append(_END_TURN)
        return acts

    def pick_legal(self, below: Callable[[int], int]) -> Action:
        """`legal_actions()[below(len(legal_actions()))]`, building only the action picked (a
        random player needs one action, not the list): one pass counts the choices, `below(n)`
        picks one, and only that one is made."""
        if self.winner is not None or self.pending is not None:
            acts = self.legal_actions()
            return acts[below(len(acts))]
        cards = self.players[self.active].cards
        summon = self.phase == SUMMON
        # First pass: how many choices the playable cards give (two lanes for a creature, a
        # target for an incantation). Nothing is allocated: the second pass finds the pick.
        # Machine words in the compiled build (rng.i64), plain ints as Python.
        n: i64 = 0
        targets: i64 = 0
        playable: i64 = 0  # how many of the first cards to walk again
        size: i64 = len(cards)
        costs = self.costs
        creature = self.creature
        mana = self.mana
        if size > 1:  # C-7.4: never the last card besides the Bastion/Fort
            i: i64
            for i in range(min(4, size)):
                card = cards[i]
                if costs[card] <= mana:
                    if creature[card]:
                        if summon:  # C-3.2: creatures only in the Summon phase
                            n += 2
                            playable = i + 1
                    else:
                        if not targets:
                            a, b = self.players
                            targets = (len(a.lanes[0]) + len(a.lanes[1]) + len(b.lanes[0])
                                       + len(b.lanes[1]))
                            if not targets:
                                targets = -1  # no creature to cast at
                        if targets > 0:
                            n += targets
                            playable = i + 1
        attack = summon or self._next_attacker() >= 0
        k: i64 = below(n + 1 + attack)
        if k < n:
            # Second pass: the same cards in the same order, down to the k-th choice.
            for i in range(playable):
                card = cards[i]
                if costs[card] > mana:
                    continue
                if creature[card]:
                    if summon:
                        if k < 2:
                            return _PLAYS[i][k]
                        k -= 2
                elif targets > 0:
                    if k < targets:
                        for s, p in enumerate(self.players):
                            for li, lane in enumerate(p.lanes):
                                if k < len(lane):
                                    return (CAST, i, s, li, k)
                                k -= len(lane)
                    k -= targets
        if attack and k == n:
            return _ATTACK_NEXT
        return _END_TURN


def hand_names(game: GameState, seat: int) -> list[str]:
    """A hand as the scenario format spells it: names with BASTION at its place."""
    p = game.players[seat]
    names = [game.catalogue.name(c) for c in p.cards]
    names.insert(p.bpos, BASTION)
    return names
