"""The stack (rule B-1): simultaneous triggers and die rolls.

Triggers that arise at the same time go on the stack the active player's first, in the order
that player chooses, then the non-active player's, in the order they choose; this holds even
when their trigger conditions differ. The last item pushed resolves first, so the non-active
player's triggers resolve before the active player's.

A die roll is a stack item holding the raw value 1 to 6. Modifiers are not applied when it is
rolled: they apply when it resolves, so a modifier that arrives while the roll waits on the
stack counts. By default the player who controls the card rolls.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.clash.rng import Rng

from .errors import IllegalStep

DIE_SIDES = 6


@dataclass(frozen=True)
class Trigger:
    """A triggered ability of `card`, controlled by `controller` (a seat)."""

    card: str
    controller: str
    text: str = ""


@dataclass(frozen=True)
class DieRoll:
    """A die roll on the stack: who rolled, for which card, and the raw value (1 to 6)."""

    roller: str
    raw: int
    card: str | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.raw <= DIE_SIDES:
            raise ValueError(f"a die shows 1 to {DIE_SIDES}, not {self.raw}")


@dataclass(frozen=True)
class ResolvedRoll:
    roll: DieRoll
    modifiers: tuple[int, ...]
    value: int


def roll_die(rng: Rng, *, controller: str, card: str | None = None,
             roller: str | None = None) -> DieRoll:
    """A die roll for `card`; the card's controller rolls unless another `roller` is named."""
    return DieRoll(controller if roller is None else roller, rng.below(DIE_SIDES) + 1, card)


def simultaneous_order(active: str, chosen: Mapping[str, Sequence[Trigger]]) -> list[Trigger]:
    """The order simultaneous triggers are pushed, bottom first (B-1).

    `chosen` maps each seat to its triggers in the order that player chose. The active
    player's all come first, then everyone else's (two players: the non-active player's).
    """
    for seat, triggers in chosen.items():
        for trigger in triggers:
            if trigger.controller != seat:
                raise IllegalStep("not_your_trigger", f"{trigger.card}'s trigger is "
                                  f"{trigger.controller}'s, not {seat}'s to order")
    others = [seat for seat in chosen if seat != active]
    return [*chosen.get(active, ()), *(t for seat in others for t in chosen[seat])]


class Stack:
    """Items pushed on top and resolved from the top."""

    def __init__(self) -> None:
        self.items: list[Any] = []

    def push(self, item: Any) -> None:
        self.items.append(item)

    def push_simultaneous(self, active: str, chosen: Mapping[str, Sequence[Trigger]]) -> None:
        self.items.extend(simultaneous_order(active, chosen))

    @property
    def top(self) -> Any:
        return self.items[-1] if self.items else None

    def resolve(self, modifiers: Sequence[int] = ()) -> Any:
        """Take the top item off. A die roll resolves to its value with the `modifiers` in
        force now, which is when they apply (B-1); any other item is returned as it is."""
        if not self.items:
            raise IllegalStep("empty_stack", "the stack is empty: nothing to resolve")
        item = self.items.pop()
        if isinstance(item, DieRoll):
            return ResolvedRoll(item, tuple(modifiers), item.raw + sum(modifiers))
        return item
