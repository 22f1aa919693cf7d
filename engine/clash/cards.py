"""Card definitions and the catalogue (rule C-10: cards are data, never code).

The catalogue is read from `data/starter_kit.csv` (its provenance is in `data/README.md`).
Rules code looks only at a card's type, numbers and ability bits, never at its name.
The catalogue version names the file's content (a digest), so a game record made with one set
of card values is never replayed silently with another.
"""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from .errors import CatalogueError
from .limits import MAX_NUMBER, number_problem

# Ability bits (rule C-5). A creature's abilities are an int mask so the hot path tests them
# with one `&`.
SPLASH: Final = 1
PIERCE: Final = 2
RAGE: Final = 4
PROTECTION: Final = 8
INDESTRUCTIBLE: Final = 16
FRENZY: Final = 32
SPRINT: Final = 64

ABILITY_BITS: dict[str, int] = {
    "splash": SPLASH,
    "pierce": PIERCE,
    "rage": RAGE,
    "protection": PROTECTION,
    "indestructible": INDESTRUCTIBLE,
    "frenzy": FRENZY,
    "sprint": SPRINT,
}
ABILITY_NAMES: dict[int, str] = {bit: name for name, bit in ABILITY_BITS.items()}
# An incantation's effect can only spread like a creature's attack (data README).
SPELL_ABILITIES = SPLASH | PIERCE

CREATURE: Final = "creature"
INCANTATION: Final = "incantation"

BASTION = "BASTION"  # the reserved name of the Bastion/Fort card in hands (scenario format)

DATA_DIR = Path(__file__).resolve().parent / "data"
STARTER_KIT = DATA_DIR / "starter_kit.csv"


def ability_names(mask: int) -> list[str]:
    """The names of the abilities in `mask`, in the rulebook's order (C-5.1 to C-5.7)."""
    return [name for name, bit in ABILITY_BITS.items() if mask & bit]


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card as printed. `abilities` and `aura` are ability bit masks."""

    name: str
    type: str
    cost: int
    attack: int = 0
    health: int = 0
    abilities: int = 0
    aura: int = 0  # rule C-5.8: the ability this creature grants its lane neighbours
    damage: int = 0  # incantations: damage dealt to the target creature
    deck: int | None = None  # the preconstructed deck (C-2.3) it belongs to, if any
    notes: str = ""

    @property
    def is_creature(self) -> bool:
        return self.type == CREATURE

    @property
    def is_incantation(self) -> bool:
        return self.type == INCANTATION

    def to_json(self) -> dict[str, Any]:
        if self.is_creature:
            return {
                "type": CREATURE,
                "cost": self.cost,
                "attack": self.attack,
                "health": self.health,
                "abilities": ability_names(self.abilities),
                "aura": ABILITY_NAMES.get(self.aura),
            }
        return {
            "type": INCANTATION,
            "cost": self.cost,
            "damage": self.damage,
            "abilities": ability_names(self.abilities),
        }


@dataclass(frozen=True, slots=True)
class Catalogue:
    """An immutable, versioned list of cards. Card ids are indexes into `cards`."""

    version: str
    cards: tuple[CardDef, ...]
    # A dict (never changed once built): the compiled build looks names up in it as one.
    ids: dict[str, int] = field(repr=False)
    # Per card id, for the hot path: cost, and whether it is a creature.
    costs: tuple[int, ...] = field(repr=False, default=())
    creature: tuple[bool, ...] = field(repr=False, default=())
    # Per card id: (cost, attack, health, abilities, aura, damage), what playing it reads.
    numbers: tuple[tuple[int, int, int, int, int, int], ...] = field(repr=False, default=())
    # The card ids of decks that have started a duel (duel.py fills it, up to DECK_IDS_KEPT
    # decks): most games are played with a few decks, whose names are then looked up once.
    # Not an argument (init=False): a catalogue made from another starts with none of its ids.
    deck_ids: dict[tuple[str, ...], tuple[int, ...]] = field(init=False, repr=False,
                                                             compare=False, default_factory=dict)

    @classmethod
    def build(cls, version: str, cards: Iterable[CardDef]) -> Catalogue:
        cards = tuple(cards)
        ids: dict[str, int] = {}
        for index, card in enumerate(cards):
            if card.name in ids:
                raise CatalogueError(f"card {card.name} appears twice in the catalogue")
            if card.name == BASTION:
                raise CatalogueError(f"{BASTION} is reserved for the Bastion/Fort card")
            ids[card.name] = index
            # Bounds both builds compute alike (limits.py); the readers name the bad field.
            for number in ("cost", "attack", "health", "damage"):
                problem = number_problem(getattr(card, number))
                if problem is not None:
                    raise CatalogueError(f"card {card.name}'s {number} {problem}")
        if len(cards) > 250:
            raise CatalogueError("a catalogue holds at most 250 cards")
        return cls(version=version, cards=cards, ids=ids,
                   costs=tuple(card.cost for card in cards),
                   creature=tuple(card.type == CREATURE for card in cards),
                   numbers=tuple((card.cost, card.attack, card.health, card.abilities, card.aura,
                                  card.damage) for card in cards))

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, name: object) -> bool:
        return name in self.ids

    def __getitem__(self, name: str) -> CardDef:
        try:
            return self.cards[self.ids[name]]
        except KeyError:
            raise CatalogueError(f"{name} is not a card of catalogue {self.version}") from None

    def id(self, name: str) -> int:
        try:
            return self.ids[name]
        except KeyError:
            raise CatalogueError(f"{name} is not a card of catalogue {self.version}") from None

    def name(self, card_id: int) -> str:
        return self.cards[card_id].name

    def deck(self, number: int) -> list[str]:
        """The card names of preconstructed deck `number` (rule C-2.3), in catalogue order."""
        names = [card.name for card in self.cards if card.deck == number]
        if not names:
            raise CatalogueError(f"catalogue {self.version} has no preconstructed deck {number}")
        return names

    @property
    def deck_numbers(self) -> list[int]:
        return sorted({card.deck for card in self.cards if card.deck is not None})

    def with_cards(self, extra: Mapping[str, CardDef]) -> Catalogue:
        """A new catalogue with `extra` cards added or overriding ones of the same name."""
        if not extra:
            return self
        cards = list(self.cards)
        for name, card in extra.items():
            if name in self.ids:
                cards[self.ids[name]] = card
            else:
                cards.append(card)
        digest = hashlib.sha256(
            repr(sorted((c.name, c.to_json().__repr__()) for c in extra.values())).encode()
        ).hexdigest()[:8]
        return Catalogue.build(f"{self.version}+custom-{digest}", cards)


def _parse_abilities(text: str, where: str) -> int:
    mask = 0
    for raw in text.split(";"):
        name = raw.strip().lower()
        if not name:
            continue
        if name not in ABILITY_BITS:
            known = ", ".join(ABILITY_BITS)
            raise CatalogueError(f"{where}: unknown ability {raw.strip()!r} (known: {known})")
        mask |= ABILITY_BITS[name]
    return mask


def _int(text: str, where: str, *, default: int | None = None) -> int:
    text = text.strip()
    if not text and default is not None:
        return default
    negative = text.startswith("-")
    digits = text[1:] if negative else text
    shown = text if len(text) <= 20 else text[:17] + "..."
    if not (digits.isascii() and digits.isdigit()):
        raise CatalogueError(f"{where}: {shown!r} is not a whole number")
    if negative:
        raise CatalogueError(f"{where}: {shown} must not be negative")
    # Counted before converted: int() of thousands of digits is slow, or refused.
    if len(digits.lstrip("0")) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
        raise CatalogueError(f"{where}: {shown} is more than {MAX_NUMBER:,}")
    return int(digits)


def parse_catalogue_csv(text: str, *, name: str = "starter-kit") -> Catalogue:
    """Parse the catalogue CSV (columns as in data/starter_kit.csv)."""
    reader = csv.DictReader(io.StringIO(text))
    required = {"name", "deck", "type", "cost", "attack", "health", "abilities", "aura",
                "spell_damage"}
    missing = required - set(reader.fieldnames or ())
    if missing:
        raise CatalogueError(f"catalogue file lacks the column(s) {', '.join(sorted(missing))}")
    cards = []
    for line, row in enumerate(reader, start=2):
        where = f"line {line} ({row.get('name') or '?'})"
        card_name = (row["name"] or "").strip()
        if not card_name:
            raise CatalogueError(f"line {line}: a card needs a name")
        kind = (row["type"] or "").strip().lower()
        deck = _int(row["deck"] or "", f"{where} deck", default=0) or None
        cost = _int(row["cost"] or "", f"{where} cost")
        abilities = _parse_abilities(row["abilities"] or "", f"{where} abilities")
        notes = (row.get("notes") or "").strip()
        if kind == CREATURE:
            aura = _parse_abilities(row["aura"] or "", f"{where} aura")
            cards.append(CardDef(
                name=card_name, type=CREATURE, cost=cost,
                attack=_int(row["attack"] or "", f"{where} attack"),
                health=_int(row["health"] or "", f"{where} health"),
                abilities=abilities, aura=aura, deck=deck, notes=notes,
            ))
        elif kind == INCANTATION:
            cards.append(make_incantation(
                card_name, cost=cost,
                damage=_int(row["spell_damage"] or "", f"{where} spell_damage"),
                abilities=abilities, deck=deck, notes=notes, where=where,
            ))
        else:
            raise CatalogueError(f"{where}: type must be creature or incantation, not {kind!r}")
        if kind == CREATURE and cards[-1].health < 1:
            raise CatalogueError(f"{where}: a creature needs a health of at least 1")
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    return Catalogue.build(f"{name}@{digest}", cards)


def make_incantation(name: str, *, cost: int, damage: int, abilities: int, deck: int | None = None,
                     notes: str = "", where: str = "") -> CardDef:
    if abilities & ~SPELL_ABILITIES:
        bad = ", ".join(ability_names(abilities & ~SPELL_ABILITIES))
        raise CatalogueError(f"{where or name}: an incantation can only have splash or pierce, "
                             f"not {bad}")
    return CardDef(name=name, type=INCANTATION, cost=cost, damage=damage, abilities=abilities,
                   deck=deck, notes=notes)


def card_from_json(name: str, data: Any, where: str) -> CardDef:
    """A card given in the scenario format (`{"type": "creature", "cost": 2, ...}`)."""
    if not isinstance(data, Mapping):
        raise CatalogueError(f"{where}: a card must be an object")
    if name == BASTION or not name or not isinstance(name, str):
        raise CatalogueError(f"{where}: {name!r} cannot be a card name")

    def number(key: str, default: int | None = None) -> int:
        value = data.get(key, default)
        if value is None:
            raise CatalogueError(f"{where}.{key}: missing")
        problem = number_problem(value)
        if problem is not None:
            raise CatalogueError(f"{where}.{key}: {problem}")
        return value

    def ability_list(key: str) -> int:
        value = data.get(key, [])
        if value is None:
            return 0
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise CatalogueError(f"{where}.{key}: must be a list of ability names")
        return _parse_abilities(";".join(value), f"{where}.{key}")

    kind = data.get("type")
    if kind == CREATURE:
        card = CardDef(name=name, type=CREATURE, cost=number("cost"), attack=number("attack"),
                       health=number("health"), abilities=ability_list("abilities"),
                       aura=ability_list("aura"))
        if card.health < 1:
            raise CatalogueError(f"{where}.health: a creature needs a health of at least 1")
        if card.aura & (card.aura - 1):
            raise CatalogueError(f"{where}.aura: an Aura grants a single ability")
        return card
    if kind == INCANTATION:
        return make_incantation(name, cost=number("cost"), damage=number("damage"),
                                abilities=ability_list("abilities"), where=where)
    raise CatalogueError(f"{where}.type: must be 'creature' or 'incantation', got {kind!r}")


@lru_cache(maxsize=4)
def load_catalogue(path: str | Path | None = None) -> Catalogue:
    """The card catalogue (by default the Starter Kit shipped with the engine)."""
    file = Path(path) if path is not None else STARTER_KIT
    return parse_catalogue_csv(file.read_text(encoding="utf-8"),
                               name=file.stem.replace("_", "-"))
