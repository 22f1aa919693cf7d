"""Deck construction (S-8), threshold and cost against the resources in play (S-2, S-3), and
Unique (S-12).

Each check returns every problem at once (a player fixes a deck in one go); `deck_validate`
raises them together as one IllegalDeck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from .errors import IllegalDeck

# S-2: the five trades and the resource each one uses.
TRADES = {"arcanist": "obsession", "banker": "greed", "gearsmith": "elitism",
          "rogue": "deception", "warlord": "rage"}
RESOURCES = tuple(TRADES.values())
# S-8: the staple resource cards, one per trade, are named after their resource.
STAPLE_RESOURCES = frozenset(r.capitalize() for r in RESOURCES)

# S-4: the six card types.
FACTION, RESOURCE, CHARACTER, TACTIC, ITEM, LOCATION = (
    "faction", "resource", "character", "tactic", "item", "location")
CARD_TYPES = (FACTION, RESOURCE, CHARACTER, TACTIC, ITEM, LOCATION)

# S-8: the least number of cards besides the faction, by format.
CONSTRUCTED, LIMITED = "constructed", "limited"
MINIMUM_CARDS = {CONSTRUCTED: 75, LIMITED: 45}
MAX_COPIES = 4
# S-8: starting influence (S-1) and starting draw.
FACTION_INFLUENCE = {"tournament": 25, "trade": 20}
STARTING_DRAW = {"first": 8, "second": 9}


@dataclass(frozen=True)
class DeckEntry:
    """`count` copies of the card `name` of type `type` (one of CARD_TYPES)."""

    name: str
    type: str
    count: int = 1

    def __post_init__(self) -> None:
        if self.type not in CARD_TYPES:
            raise ValueError(f"{self.name}: a card type is one of {', '.join(CARD_TYPES)}, "
                             f"not {self.type!r}")
        if self.count < 1:
            raise ValueError(f"{self.name}: a deck holds at least one copy, not {self.count}")

    @property
    def staple(self) -> bool:
        return self.type == RESOURCE and self.name in STAPLE_RESOURCES


@dataclass(frozen=True)
class Problem:
    """One thing wrong, with a stable code for programs, an English message for people (the
    command-line tools print it) and `params`, the values the message names, so that it can be
    written again from the code in another language."""

    code: str
    message: str
    params: dict[str, object] = field(default_factory=dict, compare=False)


def deck_problems(entries: Sequence[DeckEntry], *, fmt: str = CONSTRUCTED) -> list[Problem]:
    """Every way the deck breaks S-8 in format `fmt` ("constructed" or "limited"), each
    message ending with what to change."""
    if fmt not in MINIMUM_CARDS:
        raise ValueError(f"a format is {' or '.join(MINIMUM_CARDS)}, not {fmt!r}")
    problems: list[Problem] = []
    factions = [e for e in entries if e.type == FACTION]
    faction_cards = sum(e.count for e in factions)
    if faction_cards == 0:
        problems.append(Problem("no_faction", "no faction card: a deck has exactly one: add "
                                              "one", {}))
    elif faction_cards > 1:
        names = ", ".join(f"{e.count} x {e.name}" if e.count > 1 else e.name for e in factions)
        problems.append(Problem("several_factions", f"{faction_cards} faction cards ({names}): "
                                                    "a deck has exactly one: keep one of "
                                                    "them",
                                {"count": faction_cards, "cards": names}))
    copies: Counter[str] = Counter()
    staple: dict[str, bool] = {}
    for e in entries:
        if e.type != FACTION:
            copies[e.name] += e.count
            staple[e.name] = staple.get(e.name, True) and e.staple
    for name, count in copies.items():
        if count > MAX_COPIES and not staple[name]:
            problems.append(Problem("too_many_copies", f"{count} copies of {name}: at most "
                                    f"{MAX_COPIES} (only the staple resources are unlimited): "
                                    f"remove {count - MAX_COPIES}",
                                    {"card": name, "count": count, "most": MAX_COPIES,
                                     "remove": count - MAX_COPIES}))
    others, least = sum(copies.values()), MINIMUM_CARDS[fmt]
    if others < least:
        problems.append(Problem("too_few_cards", f"{others} cards besides the faction: "
                                f"{fmt.capitalize()} needs at least {least}: add "
                                f"{least - others}",
                                {"count": others, "format": fmt, "least": least,
                                 "add": least - others}))
    return problems


def deck_validate(entries: Sequence[DeckEntry], *, fmt: str = CONSTRUCTED) -> None:
    """IllegalDeck listing every problem, or nothing when the deck is legal."""
    problems = deck_problems(entries, fmt=fmt)
    if problems:
        raise IllegalDeck(problems)


@dataclass(frozen=True)
class ResourceInPlay:
    """A resource card in play: its resource type, or a card played face down (S-3)."""

    resource: str | None = None
    depleted: bool = False
    face_down: bool = False
    card: str | None = None  # the card's id, when the caller tracks which card it is

    def __post_init__(self) -> None:
        if self.resource is not None and self.resource not in RESOURCES:
            raise ValueError(f"a resource is one of {', '.join(RESOURCES)}, "
                             f"not {self.resource!r}")
        if self.resource is None and not self.face_down:
            raise ValueError("a resource face up has a type; a typeless one is face down")

    @property
    def gives(self) -> str | None:
        """The threshold icon it gives: its type face up, none face down (S-3)."""
        return None if self.face_down else self.resource


def threshold_problems(threshold: Mapping[str, int],
                       in_play: Sequence[ResourceInPlay]) -> list[Problem]:
    """Every resource type of which too few are in play (S-2). Depleted ones count."""
    have = Counter(r.gives for r in in_play if r.gives)
    problems = []
    for resource, need in threshold.items():
        if resource not in RESOURCES:
            raise ValueError(f"a threshold names resources ({', '.join(RESOURCES)}), "
                             f"not {resource!r}")
        if have[resource] < need:
            problems.append(Problem("threshold", f"threshold {need} {resource}: "
                                    f"{have[resource]} in play",
                                    {"need": need, "resource": resource,
                                     "have": have[resource]}))
    return problems


def threshold_met(threshold: Mapping[str, int], in_play: Sequence[ResourceInPlay]) -> bool:
    return not threshold_problems(threshold, in_play)


def play_problems(*, cost: int, threshold: Mapping[str, int],
                  in_play: Sequence[ResourceInPlay], unique: str | None = None,
                  unique_in_play: Collection[str] = ()) -> list[Problem]:
    """Why a card cannot be played (S-2): its threshold, then its cost, then Unique (S-12).

    The threshold spends nothing; the cost is paid by depleting that many resources, of any
    type and face down or up, that are not depleted yet. `unique` is the name after the
    card's Unique keyword and `unique_in_play` the Unique names of the player's own cards in
    play.
    """
    problems = threshold_problems(threshold, in_play)
    ready = sum(1 for r in in_play if not r.depleted)
    if ready < cost:
        problems.append(Problem("cost", f"cost {cost}: {ready} undepleted resource"
                                f"{'' if ready == 1 else 's'} to deplete",
                                {"cost": cost, "ready": ready}))
    problems += unique_problems(unique, unique_in_play)
    return problems


def unique_problems(unique: str | None, unique_in_play: Collection[str]) -> list[Problem]:
    """Unique (S-12): a card with the keyword Unique NAME is not played while the player has a
    card in play with the same keyword. It is a rule of play, not of decks: a deck may hold as
    many copies as S-8 allows."""
    if unique is not None and unique in unique_in_play:
        return [Problem("unique", f"Unique {unique}: you have a card with Unique {unique} in "
                                  "play already (S-12)", {"unique": unique})]
    return []
