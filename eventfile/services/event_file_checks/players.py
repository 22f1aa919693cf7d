"""An event file's decklists, against the catalogue and the game's rules, and its players
(the seats), with the lists they registered."""

from __future__ import annotations

from django.utils.translation import gettext

from core.errors import field_of
from decks.models import Card, CardGame, DecklistKind
from decks.rules import decklist_problems, format_problems
from engine.clash.cards import load_catalogue
from eventfile.selectors.event_file import FILE_VERSION
from eventfile.services.event_file_fields import Data, Reader
from tournaments.rules import MAX_AWARDED_BYES, MAX_KEPT_APART_NOTE, MAX_TABLE

__all__ = ["read_decklists", "read_kept_apart", "read_players"]

SEAT_KINDS = ("player", "guest", "former", "ai")


def read_decklists(r: Reader, rows: list, game: CardGame | None) -> dict[int, Data]:
    lists: dict[int, Data] = {}
    catalogue = load_catalogue()
    names: dict[str, list[str]] = {}
    for i, row in enumerate(rows):
        p = f"decklists[{i}]"
        if r.obj(row, p) is None:
            continue
        p += "."
        number = r.integer(row, "id", p, lo=1)
        kind = r.choice(row, "kind", p, DecklistKind.values)
        cards = row.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards) \
                or len(cards) > 200:
            r.bad(f"{p}cards", gettext("must be a list of at most 200 card names"))
            cards = []
        deck = r.integer(row, "preconstructed_deck", p, hi=1000, null=True)
        if kind == DecklistKind.PRECONSTRUCTED and deck not in catalogue.deck_numbers:
            r.bad(f"{p}preconstructed_deck", gettext("no preconstructed deck %(deck)s (rule "
                                                     "C-2.3)")
                                             % {"deck": repr(deck)})
        for card in cards:
            names.setdefault(card, []).append(f"{p}cards")
        if number in lists:
            r.bad(f"{p}id", gettext("decklist %(number)s is in the file twice")
                            % {"number": number})
        elif number is not None:
            lists[number] = {"row": i, "kind": kind, "cards": cards, "preconstructed_deck": deck,
                             "deck_format": r.text(row, "deck_format", p, most=20)}
    if game is not None:
        known = set(Card.objects.filter(card_set__game=game, name__in=list(names))
                    .values_list("name", flat=True)) if names else set()
        for card, places in names.items():
            if card not in known:
                r.bad(places[0], gettext("%(card)s is not a card of %(game)s")
                                 % {"card": repr(card), "game": game.name})
        for data in lists.values():
            if all(card in known for card in data["cards"]):
                _list_rules(r, f"decklists[{data['row']}].", data, game)
    return lists


def _list_rules(r: Reader, p: str, data: Data, game: CardGame) -> None:
    """The game's rules for a list (decks.rules.decklist_problems): its deck
    format, how many copies of a card it may hold, its size. A drafted list is what its
    pod's picks gave, so only its format is checked."""
    if data["kind"] is None:
        return
    if data["kind"] == DecklistKind.DRAFTED:
        problems = format_problems(game=game, deck_format=data["deck_format"])
    else:
        problems = decklist_problems(user=None, kind=data["kind"], cards=data["cards"],
                                     preconstructed_deck=data["preconstructed_deck"],
                                     game=game, deck_format=data["deck_format"])
    for problem in problems:
        r.bad(f"{p}deck_format" if field_of(problem) == "deck_format" else f"{p}cards", problem)


def read_players(r: Reader, rows: list, lists: dict[int, Data],
                 version: int = FILE_VERSION) -> dict[int, Data]:
    """The seats; from version 2 with their awarded byes and fixed table (version 1: none)."""
    seats: dict[int, Data] = {}
    ai_names: set[str] = set()
    tables: dict[int, int] = {}
    if not rows:
        r.bad("players", gettext("an event file has at least one player"))
    for i, row in enumerate(rows):
        p = f"players[{i}]"
        if r.obj(row, p) is None:
            continue
        p += "."
        number = r.integer(row, "id", p, lo=1)
        kind = r.choice(row, "kind", p, SEAT_KINDS)
        name = r.text(row, "name", p, most=60, blank=False)
        if kind == "ai":
            if name in ai_names:
                r.bad(f"{p}name", gettext("two AI seats are named %(name)s")
                                  % {"name": repr(name)})
            ai_names.add(name)
        decklist = r.integer(row, "decklist", p, lo=1, null=True)
        if decklist is not None and decklist not in lists:
            r.bad(f"{p}decklist", gettext("no such decklist %(decklist)s")
                                  % {"decklist": decklist})
        seat = {"kind": kind, "name": name, "decklist": decklist,
                "dropped": r.boolean(row, "dropped", p),
                "dropped_at": r.time(row, "dropped_at", p),
                "checked_in": r.boolean(row, "checked_in", p),
                "late_entry": r.boolean(row, "late_entry", p),
                "created_at": r.time(row, "created_at", p, null=False),
                "awarded_byes": 0, "fixed_table": None}
        if version >= 2:
            seat["awarded_byes"] = r.integer(row, "awarded_byes", p, hi=MAX_AWARDED_BYES) or 0
            seat["fixed_table"] = table = r.integer(row, "fixed_table", p, lo=1, hi=MAX_TABLE,
                                                    null=True)
            if table is not None and table in tables:
                r.bad(f"{p}fixed_table", gettext("table %(table)d is fixed for player "
                                                 "%(number)s already")
                                         % {"table": table, "number": tables[table]})
            elif table is not None:
                tables[table] = number
        if number in seats:
            r.bad(f"{p}id", gettext("player %(number)s is in the file twice")
                            % {"number": number})
        elif number is not None:
            seats[number] = seat
    return seats


def read_kept_apart(r: Reader, rows: list, seats: dict[int, Data]) -> list[Data]:
    """The pairs kept apart (version 2): two different players of the file, once each."""
    pairs: list[Data] = []
    seen: set[tuple[int, int]] = set()
    for i, row in enumerate(rows):
        p = f"kept_apart[{i}]"
        if r.obj(row, p) is None:
            continue
        p += "."
        first = r.integer(row, "first", p, lo=1)
        second = r.integer(row, "second", p, lo=1)
        note = r.text(row, "note", p, most=MAX_KEPT_APART_NOTE)
        for key, number in (("first", first), ("second", second)):
            if number is not None and number not in seats:
                r.bad(f"{p}{key}", gettext("no such player %(number)s") % {"number": number})
        if first is None or second is None or first not in seats or second not in seats:
            continue
        if first == second:
            r.bad(f"{p}second", gettext("a player cannot be kept apart from themselves"))
            continue
        key = (min(first, second), max(first, second))
        if key in seen:
            r.bad(p.rstrip("."), gettext("players %(first)s and %(second)s are kept apart "
                                         "twice") % {"first": key[0], "second": key[1]})
            continue
        seen.add(key)
        pairs.append({"first": key[0], "second": key[1], "note": note.strip()})
    return pairs
