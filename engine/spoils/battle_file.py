"""Battle files: `python -m engine.spoils.combat FILE.json` (format in docs/spoils.md).

Reads a target, the attacking and blocking parties and optional damage assignments, resolves
the combat (rule S-6) and prints the steps, the damage to the target and the survivors as
JSON. Exit 0 when resolved; 2 with a message naming the field when the file is malformed or
an assignment breaks the rules (`attackers[2].spd: ...`, `assign[0].to.b9: ...`).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from ..cli import print_json, read_json_argument
from ..errors import FormatError
from .combat import (
    SIDES,
    Assignment,
    Character,
    CombatResult,
    Faction,
    Location,
    Outcome,
    Target,
    resolve_combat,
)
from .errors import IllegalCombat

EXIT_OK, EXIT_BAD = 0, 2
# Printed stats are single digits; the bound keeps the policy's tables small.
STAT_MAX = 99
PARTY_MAX = 50

_TOP_KEYS = {"target", "attackers", "blockers", "assign", "description"}
_CHARACTER_KEYS = {"id", "str", "life", "spd", "covert"}
_ASSIGN_KEYS = {"speed", "side", "to"}


class BattleFileError(FormatError):
    """A malformed battle file; the message starts with the path of the bad field."""


def _fail(where: str, message: str) -> BattleFileError:
    return BattleFileError(f"{where}: {message}")


def _object(value: Any, where: str, keys: set[str], what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(where or "the battle", f"must be an object {what}")
    for key in value:
        if key not in keys:
            raise _fail(f"{where}.{key}" if where else key, "unknown field")
    return value


def _whole(data: Mapping[str, Any], key: str, where: str, low: int, high: int,
           default: int | None = None) -> int:
    value = data.get(key, default)
    if value is None:
        raise _fail(f"{where}.{key}", "missing")
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(f"{where}.{key}", f"must be a whole number from {low} to {high}, "
                                      f"not {value!r}")
    return value


def _target(data: Any) -> Target:
    if not isinstance(data, Mapping):
        raise _fail("target", 'must be {"kind": "faction", "influence": N} or '
                              '{"kind": "location", "structure": N, "damage": N}')
    kind = data.get("kind")
    if kind == "faction":
        _object(data, "target", {"kind", "influence"}, "")
        return Faction(_whole(data, "influence", "target", 1, 999))
    if kind == "location":
        _object(data, "target", {"kind", "structure", "damage"}, "")
        structure = _whole(data, "structure", "target", 1, 999)
        damage = _whole(data, "damage", "target", 0, 999, default=0)
        if damage >= structure:
            raise _fail("target.damage", f"{damage} damage would already have destroyed a "
                                         f"location of structure {structure} (S-4)")
        return Location(structure, damage)
    raise _fail("target.kind", f'must be "faction" or "location", not {kind!r}')


def _character(data: Any, where: str) -> Character:
    data = _object(data, where, _CHARACTER_KEYS,
                   '{"id": ..., "str": N, "life": N, "spd": N, "covert": false}')
    cid = data.get("id")
    if not isinstance(cid, str) or not cid or "." in cid:
        raise _fail(f"{where}.id", f"must be a non-empty name without dots, not {cid!r}")
    covert = data.get("covert", False)
    if not isinstance(covert, bool):
        raise _fail(f"{where}.covert", f"must be true or false, not {covert!r}")
    return Character(cid, _whole(data, "str", where, 0, STAT_MAX),
                     _whole(data, "life", where, 1, STAT_MAX),
                     _whole(data, "spd", where, 0, STAT_MAX), covert)


def _party(data: Mapping[str, Any], key: str, required: bool) -> list[Character]:
    if key not in data:
        if required:
            raise _fail(key, "missing")
        return []
    items = data[key]
    if not isinstance(items, list):
        raise _fail(key, "must be a list of characters")
    if len(items) > PARTY_MAX:
        raise _fail(key, f"at most {PARTY_MAX} characters, not {len(items)}")
    return [_character(c, f"{key}[{i}]") for i, c in enumerate(items)]


def _assignment(data: Any, where: str) -> Assignment:
    data = _object(data, where, _ASSIGN_KEYS,
                   '{"speed": N, "side": "attacker"|"blocker", "to": {ID: N}}')
    speed = _whole(data, "speed", where, 0, STAT_MAX)
    side = data.get("side")
    if side not in SIDES:
        raise _fail(f"{where}.side", f'must be "attacker" or "blocker", not {side!r}')
    to = data.get("to")
    if not isinstance(to, Mapping):
        raise _fail(f"{where}.to", "must be an object of character id to damage")
    for cid, amount in to.items():
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise _fail(f"{where}.to.{cid}", f"must be a whole number >= 1, not {amount!r}")
    return Assignment(speed, side, dict(to))


def load_battle(data: Any) -> dict[str, Any]:
    """The keyword arguments of `resolve_combat` for a parsed battle file."""
    _object(data, "", _TOP_KEYS, "with target, attackers, blockers and assign")
    if "target" not in data:
        raise _fail("target", "missing")
    assign = data.get("assign", [])
    if not isinstance(assign, list):
        raise _fail("assign", "must be a list of assignments")
    return {"target": _target(data["target"]),
            "attackers": _party(data, "attackers", required=True),
            "blockers": _party(data, "blockers", required=False),
            "assign": [_assignment(a, f"assign[{i}]") for i, a in enumerate(assign)]}


def _character_json(outcome: Outcome) -> dict[str, Any]:
    c = outcome.character
    out: dict[str, Any] = {"id": c.id, "str": c.strength, "life": c.life, "spd": c.speed}
    if c.covert:
        out["covert"] = True
    out["damage"] = outcome.damage
    if outcome.destroyed_at is not None:
        out["destroyed_at_speed"] = outcome.destroyed_at
    return out


def result_json(result: CombatResult) -> dict[str, Any]:
    target = result.target
    if isinstance(target, Faction):
        target_out: dict[str, Any] = {
            "kind": "faction", "influence": target.influence, "damage": result.target_damage,
            "influence_left": result.influence_left, "defeated": result.defeated}
    else:
        target_out = {
            "kind": "location", "structure": target.structure, "damage_before": target.damage,
            "damage": result.target_damage,
            "damage_after": target.damage + result.target_damage,
            "destroyed": result.defeated}
    steps = []
    for step in result.steps:
        out: dict[str, Any] = {"speed": step.speed}
        for strike in step.strikes:
            out[strike.side + "s"] = {"by": list(strike.by), "strength": strike.strength,
                                      "to": strike.to, "chosen": strike.chosen}
        out["destroyed"] = list(step.destroyed)
        steps.append(out)
    hit = result.hit
    return {
        "covert": result.covert,
        "steps": steps,
        "target_hit": {"by": list(hit.by), "damage": hit.damage} if hit else None,
        "target": target_out,
        "survivors": {
            "attackers": [_character_json(o) for o in result.attackers if o.survived],
            "blockers": [_character_json(o) for o in result.blockers if o.survived]},
        "destroyed": {
            "attackers": [_character_json(o) for o in result.attackers if not o.survived],
            "blockers": [_character_json(o) for o in result.blockers if not o.survived]},
    }


def run(data: Any) -> dict[str, Any]:
    """Resolve a parsed battle file; BattleFileError or IllegalCombat when it is refused."""
    return result_json(resolve_combat(**load_battle(data)))


def main(argv: list[str] | None = None) -> int:
    loaded = read_json_argument(argv, "usage: python -m engine.spoils.combat FILE.json")
    if isinstance(loaded, int):
        return loaded
    (path,), data = loaded
    try:
        output = run(data)
    except BattleFileError as exc:
        print(f"{path}: malformed battle: {exc}", file=sys.stderr)
        return EXIT_BAD
    except IllegalCombat as exc:
        print(f"{path}: illegal combat ({exc.reason}): {exc.message}", file=sys.stderr)
        return EXIT_BAD
    print_json(output)
    return EXIT_OK
