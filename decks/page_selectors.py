"""Reads for the decks pages: the gallery, a collection, a player's lists, ban sessions.

Selectors only read. Who may see a decklist or a ban session is decided by `decks.selectors`
alone (`visible_versions`, `visible_ban_sessions`); the functions here build on them and never
widen what they let through.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Prefetch

from decks.models import (
    BanSession,
    Card,
    CardSet,
    CollectionEntry,
    Decklist,
    DecklistKind,
    DecklistVersion,
    Game,
)
from decks.selectors import visible_ban_sessions, visible_versions
from decks.services.catalogue import CLASH, STARTER_KIT
from decks.services.game_rules import GAME_NAMES
from engine.clash.cards import ABILITY_BITS
from engine.clash.formats import BAN_ORDER

# One line per ability of rule C-5, for the gallery's legend and the card faces' tooltips.
ABILITY_HELP = {
    "splash": "also hits the enemy creature at the same position in the other lane (C-5.1)",
    "pierce": "also hits the creature behind the target in its lane (C-5.2)",
    "rage": "may attack creatures on the turn it enters play (C-5.3)",
    "protection": "the first attack that targets it each turn deals 0 damage (C-5.4)",
    "indestructible": "takes no damage and no effect from incantations (C-5.5)",
    "frenzy": "attacks again whenever it destroys its target (C-5.6)",
    "sprint": "moves to the front of its lane before attacking, +1 damage per creature "
              "passed (C-5.7)",
}
ABILITIES = list(ABILITY_BITS)


# The catalogue ---------------------------------------------------------------------------

@dataclass(frozen=True)
class GalleryFilters:
    kind: str | None = None
    ability: str | None = None
    cost: int | None = None
    deck: int | None = None

    @property
    def active(self) -> bool:
        return any(v is not None for v in (self.kind, self.ability, self.cost, self.deck))


@dataclass
class Gallery:
    cards: list[Card]
    total: int  # cards in the catalogue, before filtering
    costs: list[int] = field(default_factory=list)
    decks: list[int] = field(default_factory=list)


def _sort_key(card: Card) -> tuple:
    deck = card.data.get("deck")
    return (deck is None, deck or 0, card.cost if card.cost is not None else 99, card.name)


def catalogue_cards() -> list[Card]:
    """Every Clash of Decks card, grouped by preconstructed deck, then by cost."""
    cards = Card.objects.filter(card_set__game__slug=CLASH).select_related("card_set")
    return sorted(cards, key=_sort_key)


def card_matches(card: Card, filters: GalleryFilters) -> bool:
    data = card.data
    if filters.kind is not None and card.kind != filters.kind:
        return False
    # An aura grants its ability to the neighbours (C-5.8): it counts as having it here.
    if filters.ability is not None and filters.ability not in (
            *data.get("abilities", ()), data.get("aura")):
        return False
    if filters.cost is not None and card.cost != filters.cost:
        return False
    return filters.deck is None or data.get("deck") == filters.deck


def gallery(*, filters: GalleryFilters) -> Gallery:
    """The catalogue filtered in memory: it holds at most a few hundred cards (C-10), and the
    ability and deck filters look inside `Card.data`, which SQLite cannot query portably."""
    cards = catalogue_cards()
    return Gallery(
        cards=[c for c in cards if card_matches(c, filters)],
        total=len(cards),
        costs=sorted({c.cost for c in cards if c.cost is not None}),
        decks=sorted({c.data["deck"] for c in cards if c.data.get("deck") is not None}),
    )


def cards_by_name(names: Iterable[str], game: Game | None = None) -> dict[str, Card]:
    """The cards of `game` (Clash of Decks when None) with these names; a name in several
    sets of the game gives the card of the first set."""
    names = list(dict.fromkeys(names))
    cards = Card.objects.filter(name__in=names).order_by("-card_set__name", "-card_set_id")
    cards = cards.filter(card_set__game=game) if game is not None else cards.filter(
        card_set__game__slug=CLASH)
    return {c.name: c for c in cards}


# The Spoils and Berserk: the order their cards are listed in the builder, by type (S-4).
KIND_ORDER = {"faction": 0, "resource": 1, "character": 2, "tactic": 3, "item": 4,
              "location": 5, "elite": 0, "ordinary": 1}


def game_cards(game: Game) -> list[Card]:
    """Every card of `game` a list can name, one per name (the first set's), by type, cost
    and name: what the builder of a game with a rules module offers."""
    seen: dict[str, Card] = {}
    for card in Card.objects.filter(card_set__game=game).select_related("card_set").order_by(
            "card_set__name", "card_set_id", "name"):
        seen.setdefault(card.name, card)
    return sorted(seen.values(), key=lambda c: (KIND_ORDER.get(c.kind, 9), c.kind,
                                                c.cost if c.cost is not None else -1, c.name))


def buildable_games() -> list[Game]:
    """The games besides Clash of Decks whose lists the builder makes: those with a rules
    module and at least one imported card."""
    return list(Game.objects.filter(slug__in=list(GAME_NAMES), sets__cards__isnull=False)
                .distinct().order_by("name"))


def other_game_by_slug(slug: str | None) -> Game | None:
    """The game with a rules module named by `slug`, or None (Clash of Decks)."""
    if not slug or slug not in GAME_NAMES:
        return None
    return Game.objects.filter(slug=slug).first()


def preconstructed_decks() -> dict[int, list[Card]]:
    """The cards of each preconstructed deck (C-2.3), by deck number."""
    decks: dict[int, list[Card]] = {}
    for card in catalogue_cards():
        number = card.data.get("deck")
        if number is not None:
            decks.setdefault(number, []).append(card)
    return dict(sorted(decks.items()))


def starter_kit_set() -> CardSet | None:
    return CardSet.objects.filter(game__slug=CLASH, code=STARTER_KIT).first()


# Collections -----------------------------------------------------------------------------

def collection_entries(user: AbstractBaseUser) -> list[CollectionEntry]:
    entries = CollectionEntry.objects.filter(owner=user).select_related("card__card_set")
    return sorted(entries, key=lambda e: _sort_key(e.card))


def collection_cards(user: AbstractBaseUser) -> list[Card]:
    """The cards `user` owns at least one of: what a constructed list may use (C-2.5)."""
    return [e.card for e in collection_entries(user)]


# Decklists -------------------------------------------------------------------------------

def decklists_of(user: AbstractBaseUser) -> list[Decklist]:
    """`user`'s own lists, each with `latest` (its current version) and `version_count`."""
    lists = list(Decklist.objects.filter(owner=user).select_related("game").prefetch_related(
        Prefetch("versions", queryset=DecklistVersion.objects.order_by("-number"),
                 to_attr="versions_newest_first")))
    for decklist in lists:
        decklist.latest = decklist.versions_newest_first[0]
        decklist.version_count = len(decklist.versions_newest_first)
    return lists


def own_decklist(user: AbstractBaseUser, decklist_id: int) -> Decklist | None:
    """The list if `user` owns it (the only one who may change it), else None."""
    if not user.is_authenticated:
        return None
    return Decklist.objects.filter(owner=user, pk=decklist_id).first()


def latest_version(decklist: Decklist) -> DecklistVersion:
    return decklist.versions.order_by("-number").first()


@dataclass
class VersionEntry:
    version: DecklistVersion
    added: list[str]
    removed: list[str]


def visible_history(user: AbstractBaseUser | AnonymousUser,
                    decklist_id: int) -> list[VersionEntry]:
    """The versions of a list that `user` may see, oldest first, each with what changed since
    the visible version before it. Empty when `user` may see none (the page is then a 404)."""
    versions = list(visible_versions(user).filter(decklist_id=decklist_id)
                    .select_related("decklist__owner", "decklist__game").order_by("number"))
    history: list[VersionEntry] = []
    previous: list[str] | None = None
    for version in versions:
        cards = list(version.cards)
        # Counted per copy: a list of The Spoils or Berserk repeats a card's name.
        added = [] if previous is None else list((Counter(cards) - Counter(previous)).elements())
        removed = [] if previous is None else list(
            (Counter(previous) - Counter(cards)).elements())
        history.append(VersionEntry(version=version, added=added, removed=removed))
        previous = cards
    return history


def registrations_of(decklist: Decklist, now: datetime) -> list:
    """Where the owner's versions are registered (shown to the owner only), each with `fixed`:
    whether that event has fixed its lists, so an edit no longer reaches it."""
    from tournaments.models import Registration

    registrations = list(Registration.objects.filter(decklist_version__decklist=decklist,
                                                     player_id=decklist.owner_id)
                         .select_related("event", "decklist_version").order_by("event__name"))
    for registration in registrations:
        registration.fixed = registration.event.lists_fixed(now)
    return registrations


def constructed_decklists_of(user: AbstractBaseUser):  # noqa: ANN201
    """`user`'s constructed Clash of Decks lists: what a ban session (C-2.5) can be started
    with (the other games have no ban-two procedure)."""
    return Decklist.objects.filter(owner=user, kind=DecklistKind.CONSTRUCTED,
                                   game__slug=CLASH).order_by("name")


# Ban sessions ----------------------------------------------------------------------------

def ban_sessions_of(user: AbstractBaseUser | AnonymousUser) -> list[BanSession]:
    return list(visible_ban_sessions(user).select_related(
        "list_a__decklist", "list_b__decklist", "player_a", "player_b", "event"))


def ban_session_for(user: AbstractBaseUser | AnonymousUser, session_id: int) -> BanSession | None:
    """The session if `user` is one of its players or organizes its event, else None."""
    return visible_ban_sessions(user).select_related(
        "list_a__decklist", "list_b__decklist", "player_a", "player_b", "event",
    ).filter(pk=session_id).first()


@dataclass
class BanStep:
    number: int
    by: str  # the seat that bans
    target: str  # whose list loses a card
    card: str | None
    current: bool


def ban_steps(bans: list[str]) -> list[BanStep]:
    """The four steps of C-2.5 (B, A, A, B) with the card banned at each so far."""
    return [BanStep(number=i + 1, by=by, target=target,
                    card=bans[i] if i < len(bans) else None, current=i == len(bans))
            for i, (by, target) in enumerate(BAN_ORDER)]
