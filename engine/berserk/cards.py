"""Cards as data, and deck construction (rule B-6).

What a card does in the pre-game is data on the card, never a special case of its name:
whether it has a "before recruitment" ability (B-4), whether that ability is "once per turn"
(never usable in the pre-game, B-7), whether the card is unique (B-7), the groups it belongs
to and the recruitment costs it changes for the cards taken after it (B-9).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

DECK_MIN, DECK_MAX = 30, 50
MAX_COPIES = 3


@dataclass(frozen=True)
class CostChange:
    """A recruited card's change to the cost of the cards taken after it (B-9).

    `amount` is added to the cost of every later recruit of `group` (every card when `group`
    is None): -1 is the seed's example, members of the Coven costing 1 crystal less once
    Soultrad is in the squad. A cost never goes below 0.
    """

    amount: int
    group: str | None = None

    def applies_to(self, card: Card) -> bool:
        return self.group is None or self.group in card.groups

    def to_json(self) -> dict[str, object]:
        return {"group": self.group, "amount": self.amount}


@dataclass(frozen=True)
class Card:
    """One physical card: its recruitment cost, whether it is elite, and its element.

    `element` None is a neutral card, which adds no element to a squad (B-4, ruling in
    docs/berserk.md). Copies of a card share a `name` (B-6); it defaults to the id.
    `before_recruitment` says the card has a "before recruitment" ability (B-4);
    `once_per_turn` that this ability is "once per turn", so it is never used in the pre-game
    (B-7); `unique` that the card is unique, so one use of that ability uses it up for every
    card of the name (B-7). `groups` are the groups the card belongs to and `cost_changes`
    what it changes in the cost of the cards recruited after it (B-9).
    """

    id: str
    cost: int
    elite: bool = False
    element: str | None = None
    name: str | None = None
    before_recruitment: bool = False
    once_per_turn: bool = False
    unique: bool = False
    groups: tuple[str, ...] = ()
    cost_changes: tuple[CostChange, ...] = ()

    def __post_init__(self) -> None:
        if self.cost < 0:
            raise ValueError(f"{self.id}: a cost is at least 0, not {self.cost}")

    @property
    def title(self) -> str:
        return self.name or self.id


def cost_in_squad(card: Card, squad: Iterable[Card]) -> int:
    """What `card` costs to recruit after the cards of `squad` (B-9): its printed cost plus
    every change those cards make to it, never below 0. The order of `squad` does not matter:
    the changes add up."""
    change = sum(c.amount for member in squad for c in member.cost_changes if c.applies_to(card))
    return max(0, card.cost + change)


@dataclass(frozen=True)
class DeckProblem:
    """One way a deck breaks B-6: a stable code (too_many_copies, too_few_cards,
    too_many_cards), the English message and the values it names."""

    code: str
    message: str
    params: dict[str, object] = field(default_factory=dict, compare=False)


def deck_problem_list(names: Sequence[str]) -> list[DeckProblem]:
    """Every way a deck, given as one card name per card, breaks B-6, with what to change."""
    problems = []
    for name, count in Counter(names).items():
        if count > MAX_COPIES:
            problems.append(DeckProblem(
                "too_many_copies", f"{count} copies of {name}: at most {MAX_COPIES}: remove "
                f"{count - MAX_COPIES}",
                {"card": name, "count": count, "most": MAX_COPIES,
                 "remove": count - MAX_COPIES}))
    size = {"count": len(names), "least": DECK_MIN, "most": DECK_MAX}
    if len(names) < DECK_MIN:
        problems.append(DeckProblem(
            "too_few_cards", f"{len(names)} cards: a deck has {DECK_MIN} to {DECK_MAX}: add "
            f"{DECK_MIN - len(names)}", {**size, "add": DECK_MIN - len(names)}))
    elif len(names) > DECK_MAX:
        problems.append(DeckProblem(
            "too_many_cards", f"{len(names)} cards: a deck has {DECK_MIN} to {DECK_MAX}: "
            f"remove {len(names) - DECK_MAX}", {**size, "remove": len(names) - DECK_MAX}))
    return problems


def deck_problems(names: Sequence[str]) -> list[str]:
    """The English messages of `deck_problem_list`."""
    return [p.message for p in deck_problem_list(names)]
