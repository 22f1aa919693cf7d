"""The pre-game (rules B-2 to B-5, B-7, B-9) as an explicit state machine, one method per legal
step.

    roll ──roll_for_first──▶ choose ──choose_order──▶ deal ──deal──▶ mulligan
    mulligan ──declare_mulligan…──▶ before_recruitment ──use/pass…──▶ recruitment
    recruitment ──recruit…/finish_recruitment (both)──▶ placement
    placement ──place…/finish_placement (first, then second)──▶ done
    a mulligan declared with 1 card in the deal ──▶ lost

Every step checks everything before it changes anything: a refused step raises IllegalStep
with a stable `reason` and leaves the pre-game exactly as it was (`snapshot()` is equal).
No actions are declared in the pre-game (B-7): `declare_action` is refused at every step.

Randomness comes from `Rng.stream(seed, purpose)`: "berserk-first-player" for the die rolls
(A's roll, then B's, again on a tie) and "berserk-shuffle-A" / "-B" for each deck's shuffles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.clash.rng import Rng
from engine.seats import LETTERS, other_letter

from .cards import Card, deck_problems
from .editions import DEAL_SIZE, FIRST, ONE_GOLD, SECOND, STANDARD, Crystals, Edition
from .errors import IllegalDeck, IllegalStep
from .field import cell_name, free_cells, parse_cell, priority_refusal
from .recruitment import Payment, crystals_after, elements_of, recruit, replay
from .stack import DIE_SIDES

SEATS = LETTERS  # Berserk names its seats by their letters, "A" and "B"
ROLL, CHOOSE, DEAL, MULLIGAN = "roll", "choose", "deal", "mulligan"
BEFORE_RECRUITMENT, RECRUITMENT, PLACEMENT = "before_recruitment", "recruitment", "placement"
DONE, LOST = "done", "lost"
STATUSES = (ROLL, CHOOSE, DEAL, MULLIGAN, BEFORE_RECRUITMENT, RECRUITMENT, PLACEMENT, DONE,
            LOST)


@dataclass
class Side:
    """One player's part of the pre-game."""

    seat: str
    deck: list[Card]
    rng: Rng
    deal: list[Card] = field(default_factory=list)
    squad: list[Card] = field(default_factory=list)
    payments: list[Payment] = field(default_factory=list)
    budget: Crystals | None = None
    crystals: Crystals | None = None
    mulligans: int = 0
    may_mulligan: bool = True
    abilities_used: list[str] = field(default_factory=list)
    passed_abilities: bool = False
    recruited: bool = False
    cells: dict[str, tuple[int, int]] = field(default_factory=dict)
    returned: list[str] = field(default_factory=list)

    def card_in_deal(self, card_id: str) -> Card | None:
        return next((c for c in self.deal if c.id == card_id), None)

    def card_in_squad(self, card_id: str) -> Card | None:
        return next((c for c in self.squad if c.id == card_id), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": [c.id for c in self.deck], "deal": [c.id for c in self.deal],
            "squad": [c.id for c in self.squad],
            "payments": [p.to_json() for p in self.payments],
            "crystals": self.crystals.to_json() if self.crystals else None,
            "elements": elements_of(self.squad), "mulligans": self.mulligans,
            "may_mulligan": self.may_mulligan, "abilities_used": list(self.abilities_used),
            "passed_abilities": self.passed_abilities, "recruited": self.recruited,
            "placement": {cid: cell_name(cell) for cid, cell in self.cells.items()},
            "returned": list(self.returned), "rng": self.rng.getstate(),
        }


class Pregame:
    """Two players' pre-game from the die rolls to the placed squads."""

    def __init__(self, deck_a: Sequence[Card], deck_b: Sequence[Card], *, seed: int,
                 edition: Edition = STANDARD,
                 blocked: dict[str, Sequence[str]] | None = None) -> None:
        for seat, deck in zip(SEATS, (deck_a, deck_b), strict=True):
            problems = deck_problems([c.title for c in deck])  # B-6
            if problems:
                raise IllegalDeck(problems, seat=seat)
        ids = [c.id for c in (*deck_a, *deck_b)]
        if len(set(ids)) != len(ids):
            raise ValueError("every card needs its own id across both decks")
        self.seed = seed
        self.edition = edition
        self.status = ROLL
        self.sides = {seat: Side(seat, list(deck), Rng.stream(seed, f"berserk-shuffle-{seat}"))
                      for seat, deck in zip(SEATS, (deck_a, deck_b), strict=True)}
        self.blocked: dict[str, frozenset[tuple[int, int]]] = {}
        for seat in SEATS:
            cells = [parse_cell(c) for c in (blocked or {}).get(seat, ())]
            if None in cells:
                raise ValueError(f"player {seat}'s blocked cells name no cell: {blocked}")
            self.blocked[seat] = frozenset(c for c in cells if c)
        self._dice = Rng.stream(seed, "berserk-first-player")
        self.rolls: list[tuple[int, int]] = []
        self.roll_winner: str | None = None
        self.first: str | None = None
        self.to_declare: list[str] = []
        self.declared: dict[str, bool] = {}
        self.ability_turn: str | None = None
        self.placing: str | None = None
        self.loser: str | None = None

    # -- reading ----------------------------------------------------------------------------

    @property
    def second(self) -> str | None:
        return None if self.first is None else other_letter(self.first)

    def position(self, seat: str) -> str:
        return FIRST if seat == self.first else SECOND

    def snapshot(self) -> dict[str, Any]:
        """Everything the pre-game holds, as plain data (equal before and after a refusal)."""
        return {
            "status": self.status, "rolls": [list(r) for r in self.rolls],
            "roll_winner": self.roll_winner, "first": self.first, "loser": self.loser,
            "to_declare": list(self.to_declare), "declared": dict(self.declared),
            "ability_turn": self.ability_turn, "placing": self.placing,
            "dice": self._dice.getstate(),
            "players": {seat: side.to_json() for seat, side in self.sides.items()},
        }

    # -- B-2: who goes first, crystals -----------------------------------------------------

    def roll_for_first(self) -> tuple[int, int]:
        """Both players roll; ties are rolled again (B-2). Returns the deciding rolls."""
        self._expect(ROLL, "roll for the first player")
        while True:
            pair = (self._dice.below(DIE_SIDES) + 1, self._dice.below(DIE_SIDES) + 1)
            self.rolls.append(pair)
            if pair[0] != pair[1]:
                break
        self.roll_winner = SEATS[0] if pair[0] > pair[1] else SEATS[1]
        self.status = CHOOSE
        return pair

    def choose_order(self, seat: str, *, go_first: bool) -> None:
        """The higher roll chooses to go first or second; crystals follow (B-2)."""
        self._expect(CHOOSE, "choose who goes first")
        self._seat(seat)
        if seat != self.roll_winner:
            a, b = self.rolls[-1]
            raise IllegalStep("not_the_roll_winner", f"player {self.roll_winner} rolled higher "
                              f"(A {a}, B {b}) and chooses, not player {seat} (B-2)")
        self.first = seat if go_first else other_letter(seat)
        for s, side in self.sides.items():
            side.budget = side.crystals = self.edition.crystals(self.position(s))
        self.status = DEAL

    # -- B-3: the deal and mulligans -------------------------------------------------------

    def deal(self) -> None:
        """Each player shuffles and takes the top 15 cards (B-2, B-3)."""
        self._expect(DEAL, "deal")
        for side in self._in_order():
            side.rng.shuffle(side.deck)
            side.deal, side.deck = side.deck[:DEAL_SIZE], side.deck[DEAL_SIZE:]
        self.to_declare = [self.first, self.second]
        self.declared = {}
        self.status = MULLIGAN

    def declare_mulligan(self, seat: str, take: bool) -> None:
        """Declare whether to mulligan, the first player first (B-3).

        A player who declines may not mulligan later. Once every player still allowed has
        declared, those who took one shuffle their deal back and are dealt one card fewer
        (or, in an edition where a mulligan costs 1 gold, pay it and take 15 again).
        Declaring a mulligan with 1 card in the deal loses the game at once.
        """
        self._expect(MULLIGAN, "declare a mulligan")
        side = self.sides[self._seat(seat)]
        if not side.may_mulligan:
            raise IllegalStep("mulligan_right_lost", f"player {seat} declined a mulligan and "
                              "may not take one later (B-3)")
        if seat in self.declared:
            raise IllegalStep("already_declared", f"player {seat} has declared in this round; "
                              f"player {self.to_declare[0]} declares now")
        if seat != self.to_declare[0]:
            raise IllegalStep("not_your_declaration", f"player {self.to_declare[0]} declares "
                              f"first (the first player declares before the second, B-3)")
        gold_rule = self.edition.mulligan == ONE_GOLD
        if take and gold_rule and side.crystals.gold < 1:
            raise IllegalStep("mulligan_needs_gold", f"a mulligan costs 1 gold in the "
                              f"{self.edition.name} edition and player {seat} has none left")
        if take and not gold_rule and len(side.deal) == 1:
            self.loser = seat
            self.status = LOST
            return
        self.declared[seat] = take
        self.to_declare = self.to_declare[1:]
        if self.to_declare:
            return
        for s in self._in_order():
            if s.seat not in self.declared:
                continue
            if not self.declared[s.seat]:
                s.may_mulligan = False
                continue
            size = len(s.deal) if gold_rule else len(s.deal) - 1
            if gold_rule:
                s.crystals = Crystals(s.crystals.gold - 1, s.crystals.silver)
                s.budget = s.crystals
            s.deck.extend(s.deal)
            s.rng.shuffle(s.deck)
            s.deal, s.deck = s.deck[:size], s.deck[size:]
            s.mulligans += 1
        self.declared = {}
        self.to_declare = [s.seat for s in self._in_order() if s.may_mulligan]
        if not self.to_declare:
            self._start_abilities()

    # -- B-4: "before recruitment" abilities ------------------------------------------------

    def _start_abilities(self) -> None:
        self.status = BEFORE_RECRUITMENT
        self.ability_turn = self.first
        self._skip_idle_ability_turns()

    def _usable(self, side: Side) -> list[Card]:
        return [c for c in side.deal if self._ability_refusal(side, c) is None]

    def _unique_names_used(self, side: Side) -> set[str]:
        cards = {c.id: c for c in (*side.deck, *side.deal, *side.squad)}
        return {cards[cid].title for cid in side.abilities_used if cards[cid].unique}

    def _ability_refusal(self, side: Side, card: Card) -> IllegalStep | None:
        """Why `card` of `side`'s deal cannot use its "before recruitment" ability now."""
        if not card.before_recruitment:
            return IllegalStep("no_such_ability", f"{card.id} has no \"before recruitment\" "
                               "ability", params={"card": card.id})
        if card.id in side.abilities_used:
            return IllegalStep("ability_used", f"{card.id}'s \"before recruitment\" ability "
                               "is used once per game (B-4)", params={"card": card.id})
        if card.once_per_turn:
            return IllegalStep("once_per_turn_in_pregame", f"{card.id}'s ability is \"once "
                               "per turn\": such abilities are not used in the pre-game (B-7)",
                               params={"card": card.id})
        if card.unique and card.title in self._unique_names_used(side):
            return IllegalStep("unique_ability_used", f"{card.id} is unique and player "
                               f"{side.seat} has used the \"before recruitment\" ability of a "
                               f"{card.title} already: it is used up for every card of that "
                               "name (B-7)", params={"card": card.id, "name": card.title})
        return None

    def _skip_idle_ability_turns(self) -> None:
        """A player with no unused ability in the deal can only pass: pass for them."""
        while self.status == BEFORE_RECRUITMENT:
            side = self.sides[self.ability_turn]
            if self._usable(side) and not side.passed_abilities:
                return
            self._pass_abilities(side)

    def _pass_abilities(self, side: Side) -> None:
        side.passed_abilities = True
        other = self.sides[other_letter(side.seat)]
        if other.passed_abilities:
            self.ability_turn = None
            self.status = RECRUITMENT
        else:
            self.ability_turn = other.seat

    def use_before_recruitment(self, seat: str, card_id: str) -> None:
        """Use a card's "before recruitment" ability; players alternate, the first player
        first, and each card's ability is used once per game (B-4). Never a "once per turn"
        ability, and a unique card's only once for its whole name (B-7). Its effect is the
        card's and is not modelled here."""
        if self.status in (DONE, LOST):
            raise IllegalStep("pregame_over", "the pre-game is played once: a card taken into "
                              "the squad after it does nothing with its pre-game abilities "
                              "(B-7)", params={"card": card_id})
        self._expect(BEFORE_RECRUITMENT, 'use a "before recruitment" ability')
        side = self.sides[self._seat(seat)]
        if seat != self.ability_turn:
            raise IllegalStep("not_your_turn", f"player {self.ability_turn} uses or passes "
                              "now (players alternate, the first player first, B-4)")
        card = side.card_in_deal(card_id)
        if card is None:
            raise IllegalStep("not_in_deal", f"{card_id} is not in player {seat}'s deal: only "
                              "cards in the deal use \"before recruitment\" abilities")
        refusal = self._ability_refusal(side, card)
        if refusal is not None:
            raise refusal
        side.abilities_used.append(card_id)
        other = self.sides[other_letter(seat)]
        if not other.passed_abilities:
            self.ability_turn = other.seat
        self._skip_idle_ability_turns()

    def pass_before_recruitment(self, seat: str) -> None:
        """Pass: that player uses no more "before recruitment" abilities (B-4)."""
        self._expect(BEFORE_RECRUITMENT, 'pass on "before recruitment" abilities')
        if self._seat(seat) != self.ability_turn:
            raise IllegalStep("not_your_turn", f"player {self.ability_turn} uses or passes "
                              "now (players alternate, the first player first, B-4)")
        self._pass_abilities(self.sides[seat])
        self._skip_idle_ability_turns()

    def declare_action(self, seat: str, action: str) -> None:
        """No actions are declared in the pre-game (B-7): always refused. Actions (moves,
        attacks, abilities of the main phase) belong to the main phase, which starts after
        the pre-game and is not modelled."""
        self._seat(seat)
        if self.status in (DONE, LOST):
            raise IllegalStep("wrong_step", f"cannot declare {action!r} here: the pre-game is "
                              f"over ({self.status!r}) and the main phase is not modelled")
        raise IllegalStep("no_actions_in_pregame", f"player {seat} cannot declare {action!r}: "
                          "no actions are declared in the pre-game (B-7)",
                          params={"action": action})

    # -- B-4: recruitment ------------------------------------------------------------------

    def recruit(self, seat: str, card_id: str, *, gold: int | None = None,
                silver: int | None = None) -> None:
        """Take one card of the deal into the squad, paying its cost (B-4).

        `gold`/`silver` split an ordinary card's cost; without them silver is spent first.
        """
        self._expect(RECRUITMENT, "recruit")
        side = self.sides[self._seat(seat)]
        if side.recruited:
            raise IllegalStep("recruitment_finished", f"player {seat} has finished recruiting")
        card = side.card_in_deal(card_id)
        if card is None:
            reason, where = (("already_recruited", "already in the squad")
                             if side.card_in_squad(card_id) else ("not_in_deal", "not in the deal"))
            raise IllegalStep(reason, f"{card_id} is {where} of player {seat}")
        payment = None
        if gold is not None or silver is not None:
            payment = Payment(gold or 0, silver or 0)
        # B-9: the cost changes of the cards already in the squad apply to this one.
        taken = recruit(card, elements_of(side.squad), side.crystals, payment, squad=side.squad)
        side.deal.remove(card)
        side.squad.append(card)
        side.payments.append(taken.paid)
        side.crystals = taken.crystals

    def finish_recruitment(self, seat: str) -> None:
        """Stop recruiting: the cards left in the deal go back under the deck; unspent
        crystals are kept (B-4). When both have finished, the first player places."""
        self._expect(RECRUITMENT, "finish recruiting")
        side = self.sides[self._seat(seat)]
        if side.recruited:
            raise IllegalStep("recruitment_finished", f"player {seat} has finished recruiting")
        side.recruited = True
        side.deck.extend(side.deal)
        side.deal = []
        if all(s.recruited for s in self.sides.values()):
            self.status = PLACEMENT
            self.placing = self.first

    # -- B-5: placement --------------------------------------------------------------------

    def _full(self, side: Side) -> set[tuple[int, int]]:
        return set(side.cells.values()) | set(self.blocked[side.seat])

    def place(self, seat: str, card_id: str, cell: str) -> None:
        """Put a squad card face down on a cell of the half-field, in B-5's order."""
        self._expect(PLACEMENT, "place")
        side = self.sides[self._seat(seat)]
        if seat != self.placing:
            raise IllegalStep("not_your_placement", f"player {self.placing} places now (the "
                              "first player places the whole squad first, B-5)")
        if side.card_in_squad(card_id) is None:
            raise IllegalStep("not_in_squad", f"{card_id} is not in player {seat}'s squad")
        if card_id in side.cells:
            raise IllegalStep("already_placed", f"{card_id} is already on "
                              f"{cell_name(side.cells[card_id])}")
        where = parse_cell(cell)
        if where is None:
            raise IllegalStep("no_such_cell", f"{cell!r} is no cell: r1c1 to r3c5, row 1 in "
                              "front")
        if where in self.blocked[seat]:
            raise IllegalStep("cell_blocked", f"{cell} is not free")
        taken_by = next((cid for cid, c in side.cells.items() if c == where), None)
        if taken_by:
            raise IllegalStep("cell_taken", f"{cell} already holds {taken_by}: one card a cell")
        refusal = priority_refusal(self.position(seat), where, self._full(side))
        if refusal:
            raise IllegalStep("cell_priority", refusal)
        side.cells[card_id] = where

    def finish_placement(self, seat: str) -> None:
        """End a player's placement. Squad cards that could not be placed (no cell left) go
        back to the deck as if never recruited, their crystals with them (B-5)."""
        self._expect(PLACEMENT, "finish placing")
        side = self.sides[self._seat(seat)]
        if seat != self.placing:
            raise IllegalStep("not_your_placement", f"player {self.placing} places now")
        unplaced = [c for c in side.squad if c.id not in side.cells]
        free = free_cells(self.position(seat), self._full(side))
        if unplaced and free:
            raise IllegalStep("cards_left_to_place", f"{', '.join(c.id for c in unplaced)} "
                              f"still to place and {cell_name(free[0])} is free: every squad "
                              "card goes on the field (B-5)")
        if unplaced:
            kept = [(c, p) for c, p in zip(side.squad, side.payments, strict=True)
                    if c.id in side.cells]
            steps = replay([c for c, _ in kept], [p for _, p in kept], side.budget)
            # A placed card that only the returned cards' cost changes paid for (B-9) could
            # not have been taken without them: it goes back with them.
            still = {s.card.id for s in steps}
            returned = [c for c in side.squad if c.id not in still]
            side.squad = [s.card for s in steps]
            side.payments = [s.paid for s in steps]
            side.crystals = crystals_after(steps, side.budget)
            for card in returned:
                side.cells.pop(card.id, None)
            side.deck.extend(returned)
            side.returned = [c.id for c in returned]
        if seat == self.first:
            self.placing = self.second
        else:
            self.placing = None
            self.status = DONE

    # -- helpers ---------------------------------------------------------------------------

    def _expect(self, status: str, what: str) -> None:
        if self.status != status:
            raise IllegalStep("wrong_step", f"cannot {what} now: the pre-game is at "
                              f"{self.status!r}, not {status!r}")

    def _seat(self, seat: str) -> str:
        if seat not in SEATS:
            raise IllegalStep("unknown_seat", f"{seat!r} is not a seat: the seats are A and B")
        return seat

    def _in_order(self) -> list[Side]:
        return [self.sides[self.first], self.sides[self.second]]


if __name__ == "__main__":
    import sys

    from engine.berserk.squad_file import main

    sys.exit(main())
