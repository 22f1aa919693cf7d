"""The zones (rule S-5) and the opening: the faction and its starting resources in play (S-1,
S-9), the shuffle, the starting draw (S-8) and the one mulligan (S-5).

A card is named by its own id (one id per physical card, so copies can be told apart). A zone
is a tuple of ids; the deck's first id is its top card. Every step checks everything before it
changes anything: a refused step raises IllegalOpening with a stable `reason` and leaves the
opening exactly as it was (`snapshot()` is equal).

Randomness comes from the `Rng` the caller passes (e.g. `Rng.stream(seed, "spoils-shuffle-A")`),
so the same seed gives the same opening.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.clash.rng import Rng
from engine.errors import ExplainedIllegalAction

from .deck import STARTING_DRAW

# S-5: the six zones.
DECK, HAND, BEING_PLAYED, IN_PLAY, DISCARD, OUT_OF_GAME = (
    "deck", "hand", "being_played", "in_play", "discard", "out_of_game")
ZONES = (DECK, HAND, BEING_PLAYED, IN_PLAY, DISCARD, OUT_OF_GAME)

DRAWING, DONE = "drawing", "done"


class IllegalOpening(ExplainedIllegalAction):
    """A mulligan or a move the rules refuse; the opening is unchanged after it is raised."""


@dataclass(frozen=True)
class Zones:
    """Where every card of one player is (S-5). `deck` is top first."""

    deck: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    being_played: tuple[str, ...] = ()
    in_play: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    out_of_game: tuple[str, ...] = ()

    def zone_of(self, card: str) -> str | None:
        return next((z for z in ZONES if card in getattr(self, z)), None)

    def move(self, card: str, to: str, *, bottom: bool = False) -> Zones:
        """`card` from the zone it is in to `to` (last of it; the deck's top unless
        `bottom`)."""
        if to not in ZONES:
            raise IllegalOpening("no_such_zone", f"{to!r} is no zone: the zones are "
                                                 f"{', '.join(ZONES)} (S-5)")
        source = self.zone_of(card)
        if source is None:
            raise IllegalOpening("no_such_card", f"{card} is in none of the zones")
        rest = tuple(c for c in getattr(self, source) if c != card)
        moved = replace(self, **{source: rest})
        target = getattr(moved, to)
        if to == DECK and not bottom:
            return replace(moved, deck=(card, *target))
        return replace(moved, **{to: (*target, card)})

    def draw(self, count: int) -> Zones:
        """The top `count` cards of the deck to the hand (fewer if the deck runs out)."""
        drawn, rest = self.deck[:count], self.deck[count:]
        return replace(self, deck=rest, hand=(*self.hand, *drawn))

    def to_json(self) -> dict[str, list[str]]:
        return {z: list(getattr(self, z)) for z in ZONES}


def _check_starting_resources(starting: Sequence[str], cards: Sequence[str],
                              resource_cards: Collection[str] | None,
                              count: int | None) -> None:
    repeated = [c for c, n in Counter(starting).items() if n > 1]
    if repeated:
        raise IllegalOpening("starting_resource_twice", f"{', '.join(repeated)} is named "
                             "twice as a starting resource: name each card once",
                             params={"card": repeated[0]})
    in_deck = set(cards)
    missing = [c for c in starting if c not in in_deck]
    if missing:
        raise IllegalOpening("not_in_deck", f"{', '.join(missing)}: the starting resources are "
                             "found in the player's own deck (S-9)", params={"card": missing[0]})
    if resource_cards is not None:
        others = [c for c in starting if c not in resource_cards]
        if others:
            raise IllegalOpening("not_a_resource", f"{', '.join(others)} is no resource card: "
                                 "the faction's starting resources are resources (S-9)",
                                 params={"card": others[0]})
    if count is not None and len(starting) != count:
        raise IllegalOpening("wrong_starting_count", f"{len(starting)} starting resources: the "
                             f"faction names {count} (S-9)",
                             params={"count": len(starting), "needed": count})


class Opening:
    """One player's opening: the faction and its starting resources in play, the shuffle, the
    starting draw, one mulligan.

    `faction` is the id of the deck's one faction card, which starts in play (S-1); `cards`
    are the ids of the other cards. `position` is "first" or "second": the starting draw is 8
    going first, 9 going second (S-8).

    S-9: before the shuffle the player finds in the deck the starting resources the faction
    names and puts them into play with it. `starting_resources` are the ids of the cards
    taken, in the order they go into play; `resource_cards`, when given, are the ids of the
    deck's resource cards (only those can be taken) and `starting_count` the number the
    faction names (the faction's text; None: not checked). A refusal raises IllegalOpening
    (`not_in_deck`, `not_a_resource`, `starting_resource_twice`, `wrong_starting_count`).
    """

    def __init__(self, *, faction: str, cards: Sequence[str], position: str,
                 rng: Rng, starting_resources: Sequence[str] = (),
                 resource_cards: Collection[str] | None = None,
                 starting_count: int | None = None) -> None:
        if position not in STARTING_DRAW:
            raise ValueError(f"a position is {' or '.join(STARTING_DRAW)}, not {position!r}")
        repeated = [c for c, n in Counter([faction, *cards]).items() if n > 1]
        if repeated:
            raise ValueError(f"every card needs its own id: {', '.join(repeated)} repeats")
        _check_starting_resources(starting_resources, cards, resource_cards, starting_count)
        # S-9: the starting resources leave the deck first; the shuffle comes after.
        taken = set(starting_resources)
        deck = [c for c in cards if c not in taken]
        rng.shuffle(deck)
        self.position = position
        self.status = DRAWING
        self.mulligan_taken = False
        self.zones = Zones(deck=tuple(deck), in_play=(faction, *starting_resources)).draw(
            STARTING_DRAW[position])

    def snapshot(self) -> dict[str, Any]:
        return {"position": self.position, "status": self.status,
                "mulligan_taken": self.mulligan_taken, "zones": self.zones.to_json()}

    def mulligan(self, put_back: Sequence[str]) -> None:
        """Put any number of the opening cards on the bottom of the deck, in the order given,
        and draw as many (S-5). A player has one mulligan; it ends the opening."""
        if self.status != DRAWING:
            raise IllegalOpening("mulligan_used", "one mulligan only, and only of the opening "
                                                  "hand: the opening is over (S-5)")
        repeated = [c for c, n in Counter(put_back).items() if n > 1]
        if repeated:
            raise IllegalOpening("same_card_twice", f"{', '.join(repeated)} is put back "
                                                    "twice: name each card once")
        missing = [c for c in put_back if c not in self.zones.hand]
        if missing:
            raise IllegalOpening("not_in_hand", f"{', '.join(missing)}: only cards of the "
                                                "opening hand go back (S-5)")
        zones = self.zones
        for card in put_back:
            zones = zones.move(card, DECK, bottom=True)
        self.zones = zones.draw(len(put_back))
        self.mulligan_taken = bool(put_back)
        self.status = DONE

    def keep(self) -> None:
        """Keep the opening hand: the mulligan is not taken and the opening is over."""
        if self.status != DRAWING:
            raise IllegalOpening("mulligan_used", "the opening is over (S-5)")
        self.status = DONE
