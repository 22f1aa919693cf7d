"""Cards as data, and deck construction (rule B-6)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

DECK_MIN, DECK_MAX = 30, 50
MAX_COPIES = 3


@dataclass(frozen=True)
class Card:
    """One physical card: its recruitment cost, whether it is elite, and its element.

    `element` None is a neutral card, which adds no element to a squad (B-4, ruling in
    docs/berserk.md). Copies of a card share a `name` (B-6); it defaults to the id.
    `before_recruitment` says the card has a "before recruitment" ability (B-4).
    """

    id: str
    cost: int
    elite: bool = False
    element: str | None = None
    name: str | None = None
    before_recruitment: bool = False

    def __post_init__(self) -> None:
        if self.cost < 0:
            raise ValueError(f"{self.id}: a cost is at least 0, not {self.cost}")

    @property
    def title(self) -> str:
        return self.name or self.id


def deck_problems(names: Sequence[str]) -> list[str]:
    """Every way a deck, given as one card name per card, breaks B-6, with what to change."""
    problems = []
    for name, count in Counter(names).items():
        if count > MAX_COPIES:
            problems.append(f"{count} copies of {name}: at most {MAX_COPIES}: remove "
                            f"{count - MAX_COPIES}")
    if len(names) < DECK_MIN:
        problems.append(f"{len(names)} cards: a deck has {DECK_MIN} to {DECK_MAX}: add "
                        f"{DECK_MIN - len(names)}")
    elif len(names) > DECK_MAX:
        problems.append(f"{len(names)} cards: a deck has {DECK_MIN} to {DECK_MAX}: remove "
                        f"{len(names) - DECK_MAX}")
    return problems
