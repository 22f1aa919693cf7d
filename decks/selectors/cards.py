"""Reads of the catalogue: the gallery and its filters, the API's card and set lists, the cards
a builder offers, and cards looked up by name."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from decks.models import Card, CardGame, CardSet
from decks.rules import CLASH, GAME_NAMES, STARTER_KIT
from engine.clash.cards import ABILITY_BITS

# One line per ability of rule C-5, for the gallery's legend and the card faces' tooltips.
ABILITY_HELP = {
    "splash": _("also hits the enemy creature at the same position in the other lane (C-5.1)"),
    "pierce": _("also hits the creature behind the target in its lane (C-5.2)"),
    "rage": _("may attack creatures on the turn it enters play (C-5.3)"),
    "protection": _("the first attack that targets it each turn deals 0 damage (C-5.4)"),
    "indestructible": _("takes no damage and no effect from incantations (C-5.5)"),
    "frenzy": _("attacks again whenever it destroys its target (C-5.6)"),
    "sprint": _("moves to the front of its lane before attacking, +1 damage per creature "
                "passed (C-5.7)"),
}
ABILITIES = list(ABILITY_BITS)

# The Spoils and Berserk: the order their cards are listed in the builder, by type (S-4).
KIND_ORDER = {"faction": 0, "resource": 1, "character": 2, "tactic": 3, "item": 4,
              "location": 5, "elite": 0, "ordinary": 1}


# The API's lists --------------------------------------------------------------------------

def card_sets(*, game: CardGame | None = None) -> QuerySet[CardSet]:
    sets = CardSet.objects.select_related("game").order_by("game__name", "name", "id")
    return sets.filter(game=game) if game is not None else sets


def cards_matching(*, game: CardGame | None = None, card_set: CardSet | None = None,
                   kind: str | None = None, ability: str | None = None,
                   cost: int | None = None) -> QuerySet[Card]:
    """Cards by any combination of game, set, kind, ability (one of `data["abilities"]`) and
    cost, ordered by set and name."""
    cards = Card.objects.select_related("card_set__game").order_by(
        "card_set__game__name", "card_set__name", "name", "id")
    if game is not None:
        cards = cards.filter(card_set__game=game)
    if card_set is not None:
        cards = cards.filter(card_set=card_set)
    if kind:
        cards = cards.filter(kind=kind)
    if cost is not None:
        cards = cards.filter(cost=cost)
    if ability:
        # JSON containment is not available on SQLite; a catalogue is a few hundred cards,
        # so the abilities are matched here and the result stays a queryset.
        ids = [pk for pk, data in cards.values_list("pk", "data")
               if ability in (data or {}).get("abilities", [])]
        cards = cards.filter(pk__in=ids)
    return cards


def card_sets_of_other_games() -> QuerySet[CardSet]:
    """The imported sets of The Spoils and Berserk, for the card import page."""
    return (CardSet.objects.filter(game__slug__in=GAME_NAMES).select_related("game")
            .order_by("game__name", "name"))


# The gallery ------------------------------------------------------------------------------

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


def catalogue_order(card: Card) -> tuple:
    """The gallery's order: by preconstructed deck, then cost, then name."""
    deck = card.data.get("deck")
    return (deck is None, deck or 0, card.cost if card.cost is not None else 99, card.name)


def catalogue_cards() -> list[Card]:
    """Every Clash of Decks card, grouped by preconstructed deck, then by cost."""
    cards = Card.objects.filter(card_set__game__slug=CLASH).select_related("card_set")
    return sorted(cards, key=catalogue_order)


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


# Cards by name and by game ----------------------------------------------------------------

def cards_by_name(names: Iterable[str], game: CardGame | None = None) -> dict[str, Card]:
    """The cards of `game` (Clash of Decks when None) with these names; a name in several
    sets of the game gives the card of the first set."""
    names = list(dict.fromkeys(names))
    cards = Card.objects.filter(name__in=names).order_by("-card_set__name", "-card_set_id")
    cards = cards.filter(card_set__game=game) if game is not None else cards.filter(
        card_set__game__slug=CLASH)
    return {c.name: c for c in cards}


def game_cards(game: CardGame) -> list[Card]:
    """Every card of `game` a list can name, one per name (the first set's), by type, cost
    and name: what the builder of a game with a rules module offers."""
    seen: dict[str, Card] = {}
    for card in Card.objects.filter(card_set__game=game).select_related("card_set").order_by(
            "card_set__name", "card_set_id", "name"):
        seen.setdefault(card.name, card)
    return sorted(seen.values(), key=lambda c: (KIND_ORDER.get(c.kind, 9), c.kind,
                                                c.cost if c.cost is not None else -1, c.name))


def buildable_games() -> list[CardGame]:
    """The games besides Clash of Decks whose lists the builder makes: those with a rules
    module and at least one imported card."""
    return list(CardGame.objects.filter(slug__in=list(GAME_NAMES), sets__cards__isnull=False)
                .distinct().order_by("name"))


def other_game_by_slug(slug: str | None) -> CardGame | None:
    """The game with a rules module named by `slug`, or None (Clash of Decks)."""
    if not slug or slug not in GAME_NAMES:
        return None
    return CardGame.objects.filter(slug=slug).first()
