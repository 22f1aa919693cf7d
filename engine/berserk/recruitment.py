"""Recruiting one card into a squad (rule B-4): its cost, the element loss, the crystals left.

Elite cards are paid with gold only, ordinary cards with gold and/or silver. For each element
beyond the first in the squad the player loses 1 gold, before the card that adds it is taken:
so that gold must be there, on top of the gold part of the card's cost. When an ordinary
card's split is not given, silver is spent first: gold buys everything silver buys and elite
cards too, so keeping it never loses an option.

The cost paid is the card's cost in the squad (B-9): its printed cost changed by the cards
already recruited (`Card.cost_changes`, e.g. members of a group costing 1 less), so a change
applies to the cards taken after the card that makes it, never to itself or to earlier ones.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .cards import Card, cost_in_squad
from .editions import Crystals
from .errors import IllegalStep


@dataclass(frozen=True)
class Payment:
    gold: int
    silver: int

    def to_json(self) -> dict[str, int]:
        return {"gold": self.gold, "silver": self.silver}


@dataclass(frozen=True)
class Recruited:
    """One card taken: what was paid, the gold lost to a new element, the crystals after."""

    card: Card
    paid: Payment
    element_loss: int
    crystals: Crystals
    cost: int | None = None  # the cost in the squad (B-9); None: the printed cost

    @property
    def cost_change(self) -> int:
        return 0 if self.cost is None else self.cost - self.card.cost


def adds_element(card: Card, elements: Collection[str]) -> bool:
    """Whether taking `card` adds an element beyond the first (B-4). Neutral cards add none."""
    return card.element is not None and card.element not in elements and bool(elements)


def recruit(card: Card, elements: Collection[str], crystals: Crystals,
            payment: Payment | None = None, *, squad: Sequence[Card] = ()) -> Recruited:
    """Take `card` into a squad with `elements` holding `crystals`; IllegalStep if B-4 forbids.

    `squad` is the cards already recruited, whose cost changes apply to `card` (B-9).
    """
    cost = cost_in_squad(card, squad)
    printed = "" if cost == card.cost else f" (printed {card.cost}, changed by the squad, B-9)"
    loss = 1 if adds_element(card, elements) else 0
    if loss and crystals.gold < 1:
        raise IllegalStep("no_gold_for_element", f"{card.id} adds the element {card.element} "
                          f"beyond {', '.join(sorted(elements))}, which costs 1 gold before it "
                          "is taken, and no gold is left (B-4)",
                          params={"card": card.id, "element": card.element,
                                  "elements": ", ".join(sorted(elements))})
    gold = crystals.gold - loss
    lost = f" (after the 1 gold lost to the new element {card.element})" if loss else ""
    given = payment is not None
    # The values the messages name; `printed` only when B-9 changed the cost, `element` only
    # when a new element cost 1 gold.
    notes = ({"printed": card.cost} if cost != card.cost else {}) | (
        {"element": card.element} if loss else {})
    if payment is None:
        silver = 0 if card.elite else min(cost, crystals.silver)
        payment = Payment(cost - silver, silver)
    elif payment.gold < 0 or payment.silver < 0 or payment.gold + payment.silver != cost:
        raise IllegalStep("payment_not_cost", f"{card.id} costs {cost}{printed}: pays "
                          f"{payment.gold} gold and {payment.silver} silver",
                          params={"card": card.id, "cost": cost, "gold": payment.gold,
                                  "silver": payment.silver,
                                  **({"printed": card.cost} if cost != card.cost else {})})
    if card.elite and payment.silver:
        raise IllegalStep("elite_needs_gold", f"{card.id} is elite: it is recruited with gold "
                          f"only, not {payment.silver} silver (B-4)",
                          params={"card": card.id, "silver": payment.silver})
    if payment.gold > gold or payment.silver > crystals.silver:
        if card.elite:
            raise IllegalStep("not_enough_gold", f"{card.id} is elite and costs {card.cost} "
                              f"gold: {gold} gold left{lost}",
                              params={"card": card.id, "cost": card.cost, "gold": gold,
                                      **({"element": card.element} if loss else {})})
        if given:
            raise IllegalStep("not_enough_crystals", f"{card.id}: pays {payment.gold} gold and "
                              f"{payment.silver} silver, {gold} gold{lost} and "
                              f"{crystals.silver} silver left",
                              params={"card": card.id, "paid_gold": payment.gold,
                                      "paid_silver": payment.silver, "gold": gold,
                                      "silver": crystals.silver,
                                      **({"element": card.element} if loss else {})})
        raise IllegalStep("not_enough_crystals", f"{card.id} costs {cost}{printed}: {gold} "
                          f"gold{lost} and {crystals.silver} silver left",
                          params={"card": card.id, "cost": cost, "gold": gold,
                                  "silver": crystals.silver, **notes})
    return Recruited(card, payment, loss,
                     Crystals(gold - payment.gold, crystals.silver - payment.silver),
                     None if cost == card.cost else cost)


def elements_of(cards: Sequence[Card]) -> list[str]:
    """A squad's elements in the order they joined it."""
    seen: list[str] = []
    for card in cards:
        seen = _add(seen, card)
    return seen


def replay(cards: Sequence[Card], payments: Sequence[Payment],
           budget: Crystals) -> list[Recruited]:
    """Recruiting `cards` again in order with these payments, from `budget`.

    Used when cards leave a squad as if never recruited (B-5). Without cost changes, dropping
    cards from a legal recruitment never makes the rest illegal: it only leaves more crystals
    and fewer elements. A dropped card's cost changes (B-9) go with it, so a later card may
    now cost more: it is paid as a card without a split (silver first), and a card that can no
    longer be paid could not have been taken without the dropped ones: it is left out too
    (the result then lacks it).
    """
    steps: list[Recruited] = []
    crystals: Crystals = budget
    elements: list[str] = []
    repriced = False
    for card, payment in zip(cards, payments, strict=True):
        taken = [s.card for s in steps]
        same = payment.gold + payment.silver == cost_in_squad(card, taken)
        repriced = repriced or not same
        try:
            steps.append(recruit(card, elements, crystals, payment if same else None,
                                 squad=taken))
        except IllegalStep:
            if not repriced:
                raise  # only a dearer card before it can make it unaffordable: a bug
            continue
        crystals = steps[-1].crystals
        elements = _add(elements, card)
    return steps


def crystals_after(steps: Sequence[Recruited], budget: Crystals) -> Crystals:
    return steps[-1].crystals if steps else budget


def _add(elements: list[str], card: Card) -> list[str]:
    if card.element is not None and card.element not in elements:
        return [*elements, card.element]
    return elements
