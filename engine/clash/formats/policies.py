"""How AI players take part in the pre-game procedures: through the same `pick` and `ban`
calls as people, choosing with a policy.

A policy sees only the public view (`DraftView`, `BanView`) and draws any randomness from the
generator it is given, so a whole procedure is a function of its seed. What a policy answers
(`DraftPolicy`, `BanPolicy`) is written beside the view it reads, in draft.py and bans.py;
the policies here are two of its kinds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from engine.seats import other_letter

from ..cards import Catalogue
from ..rng import Rng
from .bans import BanView
from .draft import DraftView


class RandomPolicy:
    """Any legal choice, uniformly."""

    name = "random"

    def choose_pick(self, view: DraftView, seat: str, rng: Rng) -> str:
        return rng.choice(view.revealed)

    def choose_ban(self, view: BanView, seat: str, rng: Rng) -> str:
        return rng.choice(view.remaining[other_letter(seat)])


class ValuePolicy:
    """Takes the highest-valued revealed card and bans the opponent's highest-valued remaining
    card; ties are broken by the seeded generator. A card without a value counts 0."""

    name = "value"

    def __init__(self, card_values: Mapping[str, float]) -> None:
        self.card_values = dict(card_values)

    @classmethod
    def from_file(cls, path: str | Path | None = None,
                  catalogue: Catalogue | None = None) -> ValuePolicy:
        """The policy with the values of `data/card_values.json` (or `path`)."""
        from .values import load_card_values

        return cls(load_card_values(path, catalogue).values)

    def best(self, cards: Sequence[str], rng: Rng) -> str:
        value = self.card_values.get
        top = max(value(card, 0.0) for card in cards)
        tied = [card for card in cards if value(card, 0.0) == top]
        return tied[0] if len(tied) == 1 else rng.choice(tied)

    def choose_pick(self, view: DraftView, seat: str, rng: Rng) -> str:
        return self.best(view.revealed, rng)

    def choose_ban(self, view: BanView, seat: str, rng: Rng) -> str:
        return self.best(view.remaining[other_letter(seat)], rng)
