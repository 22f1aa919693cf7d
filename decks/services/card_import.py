"""Importing a card file of The Spoils or Berserk into the catalogue as one CardSet.

The columns (CSV, comma- or semicolon-separated as its header line says) or keys (JSON) each
game needs are in docs/other-games.md. Every row is checked before anything is written: a
file with any bad row is refused with one problem per row and nothing imported. Cards are
matched by name within the set and updated in place, so importing the same file again
changes nothing and decklists keep pointing at their cards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext, ngettext

from core.errors import DomainError
from core.inputs import csv_rows, json_loads
from decks.models import Card, CardSet
from decks.rules import BERSERK, GAME_NAMES, SPOILS
from decks.services.catalogue import other_game
from engine.berserk import cards as berserk_cards
from engine.spoils import deck as spoils_deck

__all__ = ["card_file_check", "card_import"]

CSV, JSON = "csv", "json"
FORMATS = (CSV, JSON)
MAX_NAME = 100
MAX_NUMBER = 99

SPOILS_COLUMNS = ["name", "type", "trade", "threshold", "cost", "strength", "life", "speed",
                  "structure", "influence", "staple"]
BERSERK_COLUMNS = ["name", "cost", "elite", "element", "before_recruitment", "once_per_turn",
                   "unique", "groups", "cost_changes"]
COLUMNS = {SPOILS: SPOILS_COLUMNS, BERSERK: BERSERK_COLUMNS}
# S-4: the numbers each card type must have; the other numbers are left empty.
SPOILS_NUMBERS = {
    spoils_deck.CHARACTER: ("cost", "strength", "life", "speed"),
    spoils_deck.TACTIC: ("cost",), spoils_deck.ITEM: ("cost",),
    spoils_deck.LOCATION: ("cost", "structure"),
    spoils_deck.FACTION: ("influence",), spoils_deck.RESOURCE: (),
}
TRUE, FALSE = {"true", "yes", "1"}, {"false", "no", "0", ""}
MAX_GROUP = 50


class RowError(ValueError):
    """One thing wrong with one row, named by its field."""


@dataclass(frozen=True)
class CardRow:
    name: str
    kind: str
    cost: int | None
    data: dict


@dataclass(frozen=True)
class ImportResult:
    card_set: CardSet
    created: int
    changed: int
    unchanged: int


def _text(row: Mapping, key: str) -> str:
    value = row.get(key)
    return "" if value is None else str(value).strip()


def _number(row: Mapping, key: str, *, required: bool, least: int = 0) -> int | None:
    value = row.get(key)
    if isinstance(value, str):
        value = value.strip()
    if value in (None, ""):
        if required:
            raise RowError(gettext("%(field)s: needed") % {"field": key})
        return None
    if isinstance(value, bool):
        raise RowError(gettext("%(field)s: must be a whole number, not %(value)s")
                       % {"field": key, "value": repr(value)})
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise RowError(gettext("%(field)s: must be a whole number, not %(value)s")
                       % {"field": key, "value": repr(value)}) from None
    if number != value and not isinstance(value, str) or not least <= number <= MAX_NUMBER:
        raise RowError(gettext("%(field)s: must be a whole number from %(least)d to %(most)d, "
                               "not %(value)s")
                       % {"field": key, "least": least, "most": MAX_NUMBER, "value": repr(value)})
    return number


def _flag(row: Mapping, key: str) -> bool:
    value = row.get(key)
    if isinstance(value, bool):
        return value
    text = "" if value is None else str(value).strip().lower()
    if text in TRUE:
        return True
    if text in FALSE:
        return False
    raise RowError(gettext("%(field)s: must be true or false, not %(value)s")
                   % {"field": key, "value": repr(value)})


def _threshold(value: object) -> dict[str, int]:
    """`{"rage": 2}` in JSON, `rage:2 greed:1` in CSV; the resources are S-2's five."""
    if value in (None, ""):
        return {}
    if isinstance(value, str):
        pairs = {}
        for part in value.replace(";", " ").split():
            resource, _, need = part.partition(":")
            pairs[resource.strip().lower()] = need.strip() or "1"
        value = pairs
    if not isinstance(value, Mapping):
        raise RowError(gettext("threshold: must be like rage:2 greed:1, not %(value)s")
                       % {"value": repr(value)})
    threshold = {str(k): _number(value, k, required=True, least=1) for k in value}
    # S-2: a threshold names the five resources only (the engine refuses any other, in
    # English: the refusal is written here in the reader's language).
    unknown = [k for k in threshold if k not in spoils_deck.RESOURCES]
    if unknown:
        raise RowError(gettext("threshold: must name the resources %(resources)s, not "
                               "%(value)s") % {"resources": ", ".join(spoils_deck.RESOURCES),
                                               "value": repr(unknown[0])})
    return threshold


def _spoils_row(row: Mapping) -> CardRow:
    name, kind = _text(row, "name"), _text(row, "type").lower()
    if kind not in spoils_deck.CARD_TYPES:
        raise RowError(gettext("type: must be one of %(types)s, not %(value)s")
                       % {"types": ", ".join(spoils_deck.CARD_TYPES), "value": repr(kind)})
    trade = _text(row, "trade").lower() or None
    if trade is not None and trade not in spoils_deck.TRADES:
        raise RowError(gettext("trade: must be one of %(trades)s or empty, not %(value)s")
                       % {"trades": ", ".join(spoils_deck.TRADES), "value": repr(trade)})
    needed = SPOILS_NUMBERS[kind]
    numbers = {key: _number(row, key, required=key in needed, least=1 if key in
                            ("life", "structure", "influence") else 0)
               for key in ("cost", "strength", "life", "speed", "structure", "influence")}
    extra = [k for k, v in numbers.items() if v is not None and k not in needed]
    if extra:
        raise RowError(gettext("%(fields)s: a %(type)s has no %(names)s")
                       % {"fields": ", ".join(extra), "type": kind, "names": " or ".join(extra)})
    staple = spoils_deck.DeckEntry(name, kind).staple  # S-8 names the staple resources
    if _text(row, "staple") and _flag(row, "staple") != staple:
        raise RowError((gettext("staple: %(card)s is a staple resource (S-8: the resource cards "
                                "Obsession, Greed, Elitism, Deception, Rage)") if staple
                        else gettext("staple: %(card)s is not a staple resource (S-8: the "
                                     "resource cards Obsession, Greed, Elitism, Deception, "
                                     "Rage)")) % {"card": name})
    cost = numbers.pop("cost")
    data = {"type": kind, "trade": trade, "threshold": _threshold(row.get("threshold")),
            **{k: v for k, v in numbers.items() if v is not None}, "staple": staple}
    return CardRow(name, kind, cost, data)


def _group_name(value: object, field: str) -> str:
    """A group's name, lowercase like an element: one word, so CSV can list several."""
    name = value.strip().lower() if isinstance(value, str) else ""
    if (not name or len(name) > MAX_GROUP
            or not name.replace("-", "").replace("_", "").isalnum()):
        raise RowError(gettext("%(field)s: a group name is letters, digits, - and _, at most "
                               "%(most)d characters, not %(value)s")
                       % {"field": field, "most": MAX_GROUP, "value": repr(value)})
    return name


def _groups(value: object) -> list[str]:
    """B-9: the groups a card belongs to; `coven undead` in CSV, `["coven", "undead"]` in
    JSON."""
    if value in (None, ""):
        return []
    if isinstance(value, str):
        value = value.replace(";", " ").split()
    if not isinstance(value, list):
        raise RowError(gettext("groups: must be like coven undead (group names separated by "
                               "spaces), not %(value)s") % {"value": repr(value)})
    groups: list[str] = []
    for raw in value:
        name = _group_name(raw, "groups")
        if name not in groups:
            groups.append(name)
    return groups


def _cost_changes(value: object) -> list[dict]:
    """B-9: what a card changes in the cost of the cards recruited after it. `coven:-1 -2` in
    CSV (the Coven 1 cheaper, then every card 2 cheaper), `[{"group": "coven", "amount": -1},
    {"group": null, "amount": -2}]` in JSON; stored in the JSON form, as the engine's squad
    file takes it."""
    if value in (None, ""):
        return []
    shape = RowError(gettext("cost_changes: must be like coven:-1 (members of coven cost 1 "
                             "less) or -1 (every card costs 1 less), not %(value)s")
                     % {"value": repr(value)})
    if isinstance(value, str):
        parts = []
        for part in value.replace(";", " ").split():
            group, colon, amount = part.rpartition(":")
            parts.append({"group": group if colon else None, "amount": amount})
        value = parts
    if not isinstance(value, list):
        raise shape
    changes = []
    for raw in value:
        if not isinstance(raw, Mapping) or "amount" not in raw or set(raw) - {"group", "amount"}:
            raise shape
        group = None if raw.get("group") is None else _group_name(raw["group"], "cost_changes")
        amount = raw["amount"]
        try:
            number = None if isinstance(amount, bool) else int(amount)
        except (TypeError, ValueError):
            number = None
        if (number is None or number != amount and not isinstance(amount, str)
                or number == 0 or not -MAX_NUMBER <= number <= MAX_NUMBER):
            raise RowError(gettext("cost_changes: an amount is a whole number from %(least)d to "
                                   "%(most)d other than 0, not %(value)s")
                           % {"least": -MAX_NUMBER, "most": MAX_NUMBER, "value": repr(amount)})
        changes.append(berserk_cards.CostChange(number, group).to_json())
    return changes


def _berserk_row(row: Mapping) -> CardRow:
    """A Berserk card; every bad value of the row is named, each with its column."""
    name = _text(row, "name")
    problems: list[str] = []

    def field(read: Callable[[], object]) -> object:
        try:
            return read()
        except RowError as exc:
            problems.append(str(exc))
            return None

    cost = field(lambda: _number(row, "cost", required=True))
    elite = field(lambda: _flag(row, "elite"))
    element = _text(row, "element").lower() or None
    before = field(lambda: _flag(row, "before_recruitment"))
    once = field(lambda: _flag(row, "once_per_turn"))  # B-7
    unique = field(lambda: _flag(row, "unique"))  # B-7
    groups = field(lambda: _groups(row.get("groups")))  # B-9
    changes = field(lambda: _cost_changes(row.get("cost_changes")))  # B-9
    if problems:
        raise RowError("; ".join(problems))
    try:  # the engine's own card: what the pre-game, the squad check and B-6 read
        berserk_cards.Card(id=name, cost=cost, elite=elite, element=element, name=name,
                           before_recruitment=before, once_per_turn=once, unique=unique,
                           groups=tuple(groups),
                           cost_changes=tuple(berserk_cards.CostChange(c["amount"], c["group"])
                                              for c in changes))
    except ValueError as exc:
        raise RowError(str(exc)) from None
    return CardRow(name, "elite" if elite else "ordinary", cost,
                   {"cost": cost, "elite": elite, "element": element,
                    "before_recruitment": before, "once_per_turn": once, "unique": unique,
                    "groups": groups, "cost_changes": changes})


PARSERS: dict[str, Callable[[Mapping], CardRow]] = {SPOILS: _spoils_row, BERSERK: _berserk_row}


def _rows(text: str, fmt: str, columns: list[str]) -> list[tuple[str, Mapping]]:
    """(where, row) for every row of the file, `where` naming its line or index."""
    if fmt == CSV:
        lines = csv_rows(text)
        if not lines:
            raise DomainError("empty_file", gettext("the file is empty: expected a header "
                                                    "%(columns)s") % {"columns": ",".join(columns)},
                              params={"columns": list(columns)})
        header = [h.strip().lower() for h in lines[0]]
        unknown = [h for h in header if h not in columns]
        if unknown or "name" not in header or len(set(header)) != len(header):
            raise DomainError("bad_header", gettext(
                "line 1: the header names columns of %(columns)s (name first; commas or "
                "semicolons between them), not %(header)s")
                % {"columns": ",".join(columns), "header": ",".join(lines[0])},
                              params={"columns": list(columns), "header": list(lines[0])})
        rows = []
        for number, line in enumerate(lines[1:], start=2):
            if not any(cell.strip() for cell in line):
                continue
            if len(line) != len(header):
                rows.append((gettext("line %(line)d") % {"line": number},
                             {"_fields": len(line)}))
            else:
                rows.append((gettext("line %(line)d") % {"line": number},
                             dict(zip(header, line, strict=True))))
        return rows
    data = json_loads(text, what=gettext("the file"))
    if isinstance(data, Mapping):
        data = data.get("cards")
    if not isinstance(data, list):
        raise DomainError("bad_json", gettext('the file holds a list of cards, or '
                                              '{"cards": [...]}'))
    return [(f"cards[{i}]", row if isinstance(row, Mapping) else {"_not_object": row})
            for i, row in enumerate(data)]


def card_file_check(*, game_slug: str, text: str, fmt: str) -> list[CardRow]:
    """The file's cards, or a DomainError listing every bad row."""
    if game_slug not in PARSERS:
        raise DomainError("unknown_game", gettext("cards can be imported for %(games)s, not "
                                                  "%(game)s")
                          % {"games": " and ".join(GAME_NAMES.values()), "game": repr(game_slug)},
                          params={"game": game_slug, "games": list(GAME_NAMES.values())})
    if fmt not in FORMATS:
        raise DomainError("unknown_format", gettext("a card file is %(formats)s, not %(format)s")
                          % {"formats": " or ".join(FORMATS), "format": repr(fmt)},
                          params={"format": fmt, "formats": list(FORMATS)})
    columns = COLUMNS[game_slug]
    problems: list[str] = []
    cards: list[CardRow] = []
    seen: dict[str, str] = {}
    for where, row in _rows(text, fmt, columns):
        if "_fields" in row:
            problems.append(gettext("%(where)s: expected %(most)d fields at most as the header "
                                    "gives them, got %(count)d")
                            % {"where": where, "most": len(columns), "count": row["_fields"]})
            continue
        if "_not_object" in row:
            problems.append(gettext("%(where)s: a card is an object with the keys %(keys)s")
                            % {"where": where, "keys": ", ".join(columns)})
            continue
        unknown = [k for k in row if k not in columns]
        if unknown:
            problems.append(gettext("%(where)s: unknown field %(fields)s")
                            % {"where": where, "fields": ", ".join(map(str, unknown))})
            continue
        name = _text(row, "name")
        if not name or len(name) > MAX_NAME:
            problems.append(gettext("%(where)s: name: needed, at most %(most)d characters")
                            % {"where": where, "most": MAX_NAME})
            continue
        if name in seen:
            problems.append(gettext("%(where)s: %(card)s is already on %(first)s")
                            % {"where": where, "card": name, "first": seen[name]})
            continue
        seen[name] = where
        try:
            cards.append(PARSERS[game_slug](row))
        except RowError as exc:
            problems.append(gettext("%(where)s (%(card)s): %(problem)s")
                            % {"where": where, "card": name, "problem": exc})
    if problems:
        raise DomainError("bad_card_file", ngettext("%(n)d bad row; nothing was imported",
                                                    "%(n)d bad rows; nothing was imported",
                                                    len(problems)) % {"n": len(problems)},
                          problems=problems,
                          params={"count": len(problems)})
    if not cards:
        raise DomainError("empty_file", gettext("the file holds no cards"))
    return cards


@transaction.atomic
def card_import(*, game_slug: str, set_code: str, set_name: str, text: str, fmt: str,
                now: datetime) -> ImportResult:
    """Import the file as the set `set_code` of the game: all of it, or nothing."""
    cards = card_file_check(game_slug=game_slug, text=text, fmt=fmt)
    code = set_code.strip().lower()
    if not code or not code.replace("-", "").replace("_", "").isalnum():
        raise DomainError("bad_set_code", gettext("a set code is letters, digits, - and _"))
    game = other_game(game_slug)
    card_set, _ = CardSet.objects.select_for_update().get_or_create(
        game=game, code=code, defaults={"name": set_name.strip() or code})
    existing = {c.name: c for c in card_set.cards.select_for_update()}
    created = changed = 0
    for card in cards:
        fields = {"kind": card.kind, "cost": card.cost, "data": card.data}
        row = existing.get(card.name)
        if row is None:
            Card.objects.create(card_set=card_set, name=card.name, **fields)
            created += 1
        elif any(getattr(row, k) != v for k, v in fields.items()):
            for k, v in fields.items():
                setattr(row, k, v)
            row.save(update_fields=list(fields))
            changed += 1
    if created or changed or card_set.loaded_at is None:
        card_set.loaded_at = now
        card_set.save(update_fields=["loaded_at"])
    return ImportResult(card_set, created, changed, len(cards) - created - changed)
