"""A player's resources in play (rules S-2, S-3, S-10): the turn's resource play, face up or
face down, and turning a face-down resource face up into the card it is.

S-10: any card may be played face down as a resource (S-3), and doing so is that turn's
resource play, exactly as playing a resource card face up: a turn has one (the faction's
develop rule, which is card text, says when and what it gives up in exchange, such as the
draw). A face-down resource may later be turned face up, at any moment its card could be
played from the hand, and is then the card it is; its threshold, cost and extra costs must
be met as for a card from the hand. A card with a flip-up cost pays that cost *before* it
leaves the resources, so it may deplete itself as part of it; a card without one pays its
cost after it has left them, so it cannot pay for itself.

Every step checks everything before it changes anything and returns new resources; a
refusal raises IllegalPlay with a stable reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from .deck import ResourceInPlay, play_problems
from .errors import IllegalPlay


@dataclass(frozen=True)
class FlippedUp:
    """A face-down resource turned face up: the resources left, the card now in play as the
    card it is, and the resources depleted to pay for it (the card itself among them when a
    flip-up cost let it pay)."""

    resources: Resources
    card: str
    paid: tuple[str, ...]


@dataclass(frozen=True)
class Resources:
    """A player's resources in play, each with its card id, and whether this turn's resource
    play is used (S-10)."""

    in_play: tuple[ResourceInPlay, ...] = ()
    played_this_turn: bool = False

    def __post_init__(self) -> None:
        ids = [r.card for r in self.in_play]
        if None in ids or len(set(ids)) != len(ids):
            raise ValueError("every resource in play needs its own card id")

    def get(self, card: str) -> ResourceInPlay | None:
        return next((r for r in self.in_play if r.card == card), None)

    def new_turn(self) -> Resources:
        """A new turn of the player: its resource play is free again."""
        return replace(self, played_this_turn=False)

    def play(self, card: str, *, resource: str | None = None) -> Resources:
        """Play `card` as the turn's resource play (S-10): a resource card face up (its
        `resource` type), or any card face down (`resource` None, S-3)."""
        if self.played_this_turn:
            raise IllegalPlay("resource_play_used", f"{card}: this turn's resource play is "
                              "used already, and a card played face down is that play too "
                              "(S-10)", params={"card": card})
        if self.get(card) is not None:
            raise IllegalPlay("already_a_resource", f"{card} is a resource in play already",
                              params={"card": card})
        placed = ResourceInPlay(resource, face_down=resource is None, card=card)
        return Resources((*self.in_play, placed), played_this_turn=True)

    def flip_up(self, card: str, *, cost: int, threshold: Mapping[str, int] | None = None,
                flip_up_cost: int | None = None, pay: Sequence[str] | None = None) -> FlippedUp:
        """Turn the face-down resource `card` face up into the card it is (S-10).

        With a `flip_up_cost` that cost is paid (instead of `cost`) while the card is still a
        resource, so it may pay with itself; without one, `cost` is paid by the other
        resources after it has left. `threshold` is met by the other resources (a face-down
        card gives none, S-3). `pay` names the resources to deplete; by default the first
        undepleted ones in order, the card itself last. It does not use the turn's resource
        play.
        """
        own = self.get(card)
        if own is None:
            raise IllegalPlay("no_such_resource", f"{card} is not one of the player's "
                              "resources in play", params={"card": card})
        if not own.face_down:
            raise IllegalPlay("not_face_down", f"{card} is a resource face up: only a card "
                              "played face down is turned face up (S-10)", params={"card": card})
        others = tuple(r for r in self.in_play if r.card != card)
        price = cost if flip_up_cost is None else flip_up_cost
        payers = others if flip_up_cost is None else (*others, own)
        problems = play_problems(cost=price, threshold=threshold or {}, in_play=payers)
        if problems:
            raise IllegalPlay("cannot_flip_up", f"{card} cannot be turned face up: "
                              f"{'; '.join(p.message for p in problems)} (S-10)",
                              params={"card": card})
        ready = [r.card for r in payers if not r.depleted]
        chosen = ready[:price] if pay is None else list(pay)
        if len(set(chosen)) != len(chosen) or len(chosen) != price or not set(chosen) <= set(
                ready):
            raise IllegalPlay("bad_payment", f"{card} costs {price}: deplete {price} of the "
                              f"undepleted resources that may pay ({', '.join(ready)}), each "
                              f"once, not {', '.join(chosen) or 'none'} (S-10)",
                              params={"card": card})
        left = tuple(replace(r, depleted=True) if r.card in chosen else r for r in others)
        paid = tuple(r.card for r in payers if r.card in chosen)
        return FlippedUp(replace(self, in_play=left), card, paid)
