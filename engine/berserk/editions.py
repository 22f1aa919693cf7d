"""The editions' numbers (B-2, B-3, B-6): starting crystals and what a mulligan costs.

The seed's numbers are the default (`STANDARD`): 24 gold and 22 silver, the second player 1
more of each, and each mulligan deals one card fewer. B-6 names another edition's numbers:
23 gold and 22 silver with 1 more silver for the second player, and mulligans that cost 1 gold
each (`ALTERNATE`). Any other mix is an `Edition(...)` of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

FIRST, SECOND = "first", "second"
POSITIONS = (FIRST, SECOND)
ONE_CARD_FEWER, ONE_GOLD = "one_card_fewer", "one_gold"
DEAL_SIZE = 15


@dataclass(frozen=True)
class Crystals:
    gold: int
    silver: int

    def to_json(self) -> dict[str, int]:
        return {"gold": self.gold, "silver": self.silver}


@dataclass(frozen=True)
class Edition:
    name: str
    gold: int
    silver: int
    second_gold: int
    second_silver: int
    mulligan: str = ONE_CARD_FEWER

    def __post_init__(self) -> None:
        if self.mulligan not in (ONE_CARD_FEWER, ONE_GOLD):
            raise ValueError(f"a mulligan rule is {ONE_CARD_FEWER} or {ONE_GOLD}, "
                             f"not {self.mulligan!r}")

    def crystals(self, position: str) -> Crystals:
        """What a player starts recruiting with (B-2)."""
        if position == FIRST:
            return Crystals(self.gold, self.silver)
        if position == SECOND:
            return Crystals(self.gold + self.second_gold, self.silver + self.second_silver)
        raise ValueError(f"a position is {FIRST} or {SECOND}, not {position!r}")


STANDARD = Edition("standard", 24, 22, 1, 1, ONE_CARD_FEWER)
ALTERNATE = Edition("alternate", 23, 22, 0, 1, ONE_GOLD)
EDITIONS = {e.name: e for e in (STANDARD, ALTERNATE)}
