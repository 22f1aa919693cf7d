"""Squad files: `python -m engine.berserk.pregame FILE.json` (format in docs/berserk.md).

Checks a squad, in recruitment order, and its placement against a deal and a budget (rules
B-2, B-4, B-5). Exit 0 when both are legal, with the crystals left as JSON; exit 1 with every
problem as JSON when they break the rules; exit 2 with a message naming the field when the
file is malformed.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from ..cli import print_json, read_json_argument
from ..errors import FormatError
from .cards import Card, CostChange
from .editions import DEAL_SIZE, EDITIONS, POSITIONS, STANDARD, Crystals
from .field import parse_cell
from .recruitment import Payment, Recruited
from .squad_check import SquadEntry, SquadReport, squad_check

EXIT_OK, EXIT_PROBLEMS, EXIT_MALFORMED = 0, 1, 2
COST_MAX, CRYSTALS_MAX = 99, 999

_TOP_KEYS = {"player", "edition", "crystals", "deal", "squad", "placement", "blocked",
             "description"}
_CARD_KEYS = {"id", "cost", "elite", "element", "name", "groups", "cost_changes"}
_CHANGE_KEYS = {"group", "amount"}
_ENTRY_KEYS = {"id", "gold", "silver"}


class SquadFileError(FormatError):
    """A malformed squad file; the message starts with the path of the bad field."""


def _fail(where: str, message: str) -> SquadFileError:
    return SquadFileError(f"{where}: {message}")


def _keys(data: Mapping[str, Any], allowed: set[str], where: str) -> None:
    for key in data:
        if key not in allowed:
            raise _fail(f"{where}.{key}" if where else key, "unknown field")


def _whole(data: Mapping[str, Any], key: str, where: str, high: int) -> int:
    if key not in data:
        raise _fail(f"{where}{key}", "missing")
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise _fail(f"{where}{key}", f"must be a whole number from 0 to {high}, not {value!r}")
    return value


def _card(data: Any, where: str) -> Card:
    if not isinstance(data, Mapping):
        raise _fail(where, 'must be a card like {"id": "c1", "cost": 5, "elite": false, '
                           '"element": "forest"}')
    _keys(data, _CARD_KEYS, where)
    cid = data.get("id")
    if not isinstance(cid, str) or not cid or "." in cid:
        raise _fail(f"{where}.id", f"must be a non-empty name without dots, not {cid!r}")
    elite = data.get("elite", False)
    if not isinstance(elite, bool):
        raise _fail(f"{where}.elite", f"must be true or false, not {elite!r}")
    if "element" not in data:
        raise _fail(f"{where}.element", "missing (a name, or null for a neutral card)")
    element = data["element"]
    if element is not None and (not isinstance(element, str) or not element):
        raise _fail(f"{where}.element", f"must be a name or null, not {element!r}")
    name = data.get("name")
    if name is not None and not isinstance(name, str):
        raise _fail(f"{where}.name", f"must be a name, not {name!r}")
    return Card(cid, _whole(data, "cost", f"{where}.", COST_MAX), elite, element, name,
                groups=_groups(data.get("groups", []), f"{where}.groups"),
                cost_changes=_cost_changes(data.get("cost_changes", []),
                                           f"{where}.cost_changes"))


def _groups(data: Any, where: str) -> tuple[str, ...]:
    if not isinstance(data, list) or not all(isinstance(g, str) and g for g in data):
        raise _fail(where, f"must be a list of group names, not {data!r}")
    return tuple(data)


def _cost_changes(data: Any, where: str) -> tuple[CostChange, ...]:
    """B-9: what a card changes in the cost of the cards recruited after it."""
    if not isinstance(data, list):
        raise _fail(where, 'must be a list like [{"group": "coven", "amount": -1}]')
    changes = []
    for i, raw in enumerate(data):
        at = f"{where}[{i}]"
        if not isinstance(raw, Mapping):
            raise _fail(at, 'must be {"group": NAME or null, "amount": N}')
        _keys(raw, _CHANGE_KEYS, at)
        group = raw.get("group")
        if group is not None and (not isinstance(group, str) or not group):
            raise _fail(f"{at}.group", f"must be a group name or null (every card), not "
                                       f"{group!r}")
        amount = raw.get("amount")
        if (isinstance(amount, bool) or not isinstance(amount, int)
                or not -COST_MAX <= amount <= COST_MAX or amount == 0):
            raise _fail(f"{at}.amount", f"must be a whole number from -{COST_MAX} to "
                                        f"{COST_MAX} other than 0, not {amount!r}")
        changes.append(CostChange(amount, group))
    return tuple(changes)


def _entry(data: Any, where: str) -> SquadEntry:
    if isinstance(data, str):
        return SquadEntry(data)
    if not isinstance(data, Mapping):
        raise _fail(where, 'must be a card id or {"id": ..., "gold": N, "silver": N}')
    _keys(data, _ENTRY_KEYS, where)
    cid = data.get("id")
    if not isinstance(cid, str):
        raise _fail(f"{where}.id", f"must be a card id, not {cid!r}")
    if "gold" not in data and "silver" not in data:
        return SquadEntry(cid)
    gold = _whole(data, "gold", f"{where}.", CRYSTALS_MAX) if "gold" in data else 0
    silver = _whole(data, "silver", f"{where}.", CRYSTALS_MAX) if "silver" in data else 0
    return SquadEntry(cid, Payment(gold, silver))


def load_squad(data: Any) -> dict[str, Any]:
    """The keyword arguments of `squad_check` for a parsed squad file."""
    if not isinstance(data, Mapping):
        raise _fail("the file", "must be an object with player, deal, squad and placement")
    _keys(data, _TOP_KEYS, "")
    position = data.get("player")
    if position not in POSITIONS:
        raise _fail("player", f'must be "first" or "second", not {position!r}')
    edition_name = data.get("edition", STANDARD.name)
    if edition_name not in EDITIONS:
        raise _fail("edition", f"must be one of {', '.join(EDITIONS)}, not {edition_name!r}")
    if "crystals" in data:
        raw = data["crystals"]
        if not isinstance(raw, Mapping):
            raise _fail("crystals", 'must be {"gold": N, "silver": N}')
        _keys(raw, {"gold", "silver"}, "crystals")
        budget = Crystals(_whole(raw, "gold", "crystals.", CRYSTALS_MAX),
                          _whole(raw, "silver", "crystals.", CRYSTALS_MAX))
    else:
        budget = EDITIONS[edition_name].crystals(position)
    deal = data.get("deal")
    if not isinstance(deal, list):
        raise _fail("deal", "missing: a list of the cards dealt")
    if len(deal) > DEAL_SIZE:
        raise _fail("deal", f"{len(deal)} cards: a deal has at most {DEAL_SIZE} (B-3)")
    cards = [_card(c, f"deal[{i}]") for i, c in enumerate(deal)]
    seen: set[str] = set()
    for i, card in enumerate(cards):
        if card.id in seen:
            raise _fail(f"deal[{i}].id", f"{card.id!r} names another card of the deal too")
        seen.add(card.id)
    squad = data.get("squad", [])
    if not isinstance(squad, list):
        raise _fail("squad", "must be a list of card ids in recruitment order")
    placement = data.get("placement", {})
    if not isinstance(placement, Mapping):
        raise _fail("placement", 'must be an object of card id to cell, like {"c1": "r2c3"}')
    for cid, cell in placement.items():
        if parse_cell(cell) is None:
            raise _fail(f"placement.{cid}", f"{cell!r} is no cell: r1c1 to r3c5 (row 1 in "
                                            "front, columns 1 to 5)")
    blocked = data.get("blocked", [])
    if not isinstance(blocked, list):
        raise _fail("blocked", "must be a list of cells")
    for i, cell in enumerate(blocked):
        if parse_cell(cell) is None:
            raise _fail(f"blocked[{i}]", f"{cell!r} is no cell: r1c1 to r3c5")
    return {"deal": cards, "position": position, "budget": budget,
            "squad": [_entry(e, f"squad[{i}]") for i, e in enumerate(squad)],
            "placement": dict(placement), "blocked": list(blocked)}


def _recruited_json(taken: Recruited) -> dict[str, Any]:
    out: dict[str, Any] = {"id": taken.card.id, "paid": taken.paid.to_json(),
                           "element_loss": taken.element_loss}
    if taken.cost_change:  # B-9: only a card whose cost the squad changed says so
        out["cost"] = taken.cost
        out["cost_change"] = taken.cost_change
    return out


def report_json(report: SquadReport) -> dict[str, Any]:
    if not report.valid:
        return {"valid": False, "problems": [p.to_json() for p in report.problems]}
    return {
        "valid": True,
        "crystals_left": report.crystals_left.to_json(),
        "squad": [_recruited_json(t) for t in report.squad],
        "elements": report.elements,
        "placement": report.placement,
        "back_to_deck": report.back_to_deck,
    }


def run(data: Any) -> tuple[int, dict[str, Any]]:
    """(exit code, output) for a parsed squad file; SquadFileError if it is malformed."""
    report = squad_check(**load_squad(data))
    return (EXIT_OK if report.valid else EXIT_PROBLEMS), report_json(report)


def main(argv: list[str] | None = None) -> int:
    loaded = read_json_argument(argv, "usage: python -m engine.berserk.pregame FILE.json")
    if isinstance(loaded, int):
        return loaded
    (path,), data = loaded
    try:
        code, output = run(data)
    except SquadFileError as exc:
        print(f"{path}: malformed squad file: {exc}", file=sys.stderr)
        return EXIT_MALFORMED
    print_json(output)
    return code
