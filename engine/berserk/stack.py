"""The stack (rule B-1): simultaneous triggers and die rolls.

Triggers that arise at the same time go on the stack the active player's first, in the order
that player chooses, then the non-active player's, in the order they choose; this holds even
when their trigger conditions differ. The last item pushed resolves first, so the non-active
player's triggers resolve before the active player's.

A die roll is a stack item holding the raw value 1 to 6. Modifiers are not applied when it is
rolled: they apply when it resolves, so a modifier that arrives while the roll waits on the
stack counts. By default the player who controls the card rolls.

Triggered abilities that a player may declare when one condition is met (the seed's
"played" or combined triggered abilities) are declared together (B-8), in a `TriggerWindow`:
the active player declares all of theirs first, without giving the other player priority,
then the non-active player. A player who passes, or declares an ability with another trigger
condition, gives up the rest of theirs until the condition is met again. The declared ones go
on the stack in B-1's order: the active player's first.
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
    condition: str = ""  # what triggers it ("moved", "at the start of the turn", ...)


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


class TriggerWindow:
    """The declaring of the abilities that `condition` triggered together (B-8).

    `offered` maps each seat to its abilities that the condition lets it declare. The active
    player declares first and keeps declaring until they pass (or declare an ability with
    another condition); only then does the non-active player declare. Whoever stops gives up
    the abilities left. `pushed()` is what goes on the stack, bottom first (B-1).
    """

    def __init__(self, active: str, condition: str,
                 offered: Mapping[str, Sequence[Trigger]]) -> None:
        for seat, triggers in offered.items():
            for trigger in triggers:
                if trigger.controller != seat:
                    raise ValueError(f"{trigger.card}'s ability is {trigger.controller}'s, "
                                     f"not {seat}'s")
                if triggers.count(trigger) > 1:
                    raise ValueError(f"{trigger.card}'s ability is offered twice")
                if trigger.condition != condition:
                    raise ValueError(f"{trigger.card}'s ability triggers on "
                                     f"{trigger.condition!r}, not {condition!r}")
        self.active = active
        self.condition = condition
        self.order = [active, *(seat for seat in offered if seat != active)]
        self.offered = {seat: list(offered.get(seat, ())) for seat in self.order}
        self.declared: dict[str, list[Trigger]] = {seat: [] for seat in self.order}
        self.given_up: dict[str, list[Trigger]] = {seat: [] for seat in self.order}
        self._turn = 0
        self._skip_finished()

    @property
    def declaring(self) -> str | None:
        """The seat declaring now, or None when the window is closed."""
        return self.order[self._turn] if self._turn < len(self.order) else None

    @property
    def closed(self) -> bool:
        return self.declaring is None

    def left(self, seat: str) -> list[Trigger]:
        """The abilities `seat` may still declare in this window."""
        gone = (*self.declared[seat], *self.given_up[seat])
        return [t for t in self.offered.get(seat, ()) if t not in gone]

    def declare(self, seat: str, trigger: Trigger) -> None:
        """`seat` declares `trigger`. One of another condition ends `seat`'s declaring here:
        it is declared on its own, and the rest of this window's are given up (B-8)."""
        self._check_turn(seat)
        if trigger.condition != self.condition:
            if trigger.controller != seat:
                raise IllegalStep("not_your_trigger", f"{trigger.card}'s ability is "
                                  f"{trigger.controller}'s, not {seat}'s",
                                  params={"card": trigger.card})
            self._stop(seat)
            return
        if trigger not in self.left(seat):
            reason = "trigger_declared" if trigger in self.declared[seat] else "not_offered"
            raise IllegalStep(reason, f"{trigger.card}'s ability is not among those player "
                              f"{seat} may still declare on {self.condition!r}",
                              params={"card": trigger.card})
        self.declared[seat].append(trigger)
        self._skip_finished()

    def pass_(self, seat: str) -> None:
        """`seat` declares no more: the abilities it has left are given up (B-8)."""
        self._check_turn(seat)
        self._stop(seat)

    def pushed(self) -> list[Trigger]:
        """The declared abilities in the order they go on the stack, bottom first (B-1)."""
        return [t for seat in self.order for t in self.declared[seat]]

    def _check_turn(self, seat: str) -> None:
        if self.closed:
            raise IllegalStep("declarations_over", f"the abilities triggered by "
                              f"{self.condition!r} are declared: nothing more to declare")
        if seat != self.declaring:
            raise IllegalStep("not_declaring_now", f"player {self.declaring} declares now: the "
                              "active player declares every ability that triggered together "
                              "before the other player (B-8)", params={"seat": seat})

    def _stop(self, seat: str) -> None:
        self.given_up[seat].extend(self.left(seat))
        self._turn += 1
        self._skip_finished()

    def _skip_finished(self) -> None:
        # A player with nothing left to declare has nothing to pass: the next one declares.
        while not self.closed and not self.left(self.order[self._turn]):
            self._turn += 1


class Stack:
    """Items pushed on top and resolved from the top."""

    def __init__(self) -> None:
        self.items: list[Any] = []

    def push(self, item: Any) -> None:
        self.items.append(item)

    def push_simultaneous(self, active: str, chosen: Mapping[str, Sequence[Trigger]]) -> None:
        self.items.extend(simultaneous_order(active, chosen))

    def push_window(self, window: TriggerWindow) -> None:
        """The abilities declared in a closed window, in B-1's order (B-8)."""
        if not window.closed:
            raise IllegalStep("declarations_open", f"player {window.declaring} is still "
                              f"declaring the abilities triggered by {window.condition!r}")
        self.items.extend(window.pushed())

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
