"""Battle files: `python -m engine.spoils.combat FILE.json` (format in docs/spoils.md).

Reads a target, the attacking and blocking parties, optional damage assignments and the
responses played in the combat's windows (S-11), resolves the combat (rule S-6) and prints
the steps, the damage to the target and the survivors as JSON. Exit 0 when resolved; 2 with
a message naming the field when the file is malformed or an assignment or a response breaks
the rules (`attackers[2].spd: ...`, `assign[0].to.b9: ...`).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from ..cli import print_json, read_json_argument
from ..errors import FormatError
from .combat import (
    ATTACKING_PLAYER,
    DEFENDING_PLAYER,
    SIDES,
    TOKENS,
    WINDOWS,
    Assignment,
    Character,
    CombatResult,
    Faction,
    Location,
    Outcome,
    Resolved,
    Response,
    Target,
    resolve_combat,
    token,
)
from .errors import IllegalCombat

EXIT_OK, EXIT_BAD = 0, 2
# Printed stats are single digits; the bound keeps the policy's tables small.
STAT_MAX = 99
PARTY_MAX = 50

_TOP_KEYS = {"target", "attackers", "blockers", "assign", "responses", "description"}
_CHARACTER_KEYS = {"id", "str", "life", "spd", "covert", "token", "depleted"}
_RESPONSE_KEYS = {"id", "window", "by", "damage", "destroy", "strength", "deplete",
                  "description"}
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


def _id(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value or "." in value:
        raise _fail(where, f"must be a non-empty name without dots, not {value!r}")
    return value


def _flag(data: Mapping[str, Any], key: str, where: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise _fail(f"{where}.{key}", f"must be true or false, not {value!r}")
    return value


def _character(data: Any, where: str, side: str) -> Character:
    data = _object(data, where, _CHARACTER_KEYS,
                   '{"id": ..., "str": N, "life": N, "spd": N, "covert": false}')
    cid = _id(data.get("id"), f"{where}.id")
    covert = _flag(data, "covert", where)
    depleted = _flag(data, "depleted", where)
    if depleted and side == "attackers":
        raise _fail(f"{where}.depleted", "every attacker is depleted when it attacks (S-6): "
                                         "the field is for a blocker depleted for an ability")
    if "token" in data:
        kind = data["token"]
        if kind not in TOKENS:
            raise _fail(f"{where}.token", f"must be one of {', '.join(TOKENS)}, not {kind!r}")
        stats = [key for key in ("str", "life", "spd") if key in data]
        if stats:
            raise _fail(f"{where}.{stats[0]}", f"a {kind} token's stats are its own "
                                               f"({'/'.join(map(str, TOKENS[kind]))}, S-12)")
        made = token(cid, kind)
        return Character(cid, made.strength, made.life, made.speed, covert, kind, depleted)
    return Character(cid, _whole(data, "str", where, 0, STAT_MAX),
                     _whole(data, "life", where, 1, STAT_MAX),
                     _whole(data, "spd", where, 0, STAT_MAX), covert, depleted=depleted)


def _response(data: Any, where: str) -> Response:
    data = _object(data, where, _RESPONSE_KEYS,
                   '{"id": ..., "window": "after_blocks"|"before_target", '
                   '"by": "attacker"|"defender", "damage": {ID: N}, ...}')
    rid = _id(data.get("id"), f"{where}.id")
    window = data.get("window")
    if window not in WINDOWS:
        raise _fail(f"{where}.window", f"must be {' or '.join(map(repr, WINDOWS))}, "
                                       f"not {window!r}")
    by = data.get("by")
    if by not in (ATTACKING_PLAYER, DEFENDING_PLAYER):
        raise _fail(f"{where}.by", f'must be "attacker" or "defender", not {by!r}')

    def amounts(key: str, low: int) -> dict[str, int]:
        value = data.get(key, {})
        if not isinstance(value, Mapping):
            raise _fail(f"{where}.{key}", "must be an object of character id to a number")
        for cid, amount in value.items():
            if (isinstance(amount, bool) or not isinstance(amount, int)
                    or not low <= amount <= STAT_MAX or amount == 0):
                raise _fail(f"{where}.{key}.{cid}", f"must be a whole number from {low} to "
                                                    f"{STAT_MAX} other than 0, not {amount!r}")
        return dict(value)

    def ids(key: str) -> tuple[str, ...]:
        value = data.get(key, [])
        if not isinstance(value, list):
            raise _fail(f"{where}.{key}", "must be a list of character ids")
        return tuple(_id(cid, f"{where}.{key}[{i}]") for i, cid in enumerate(value))

    response = Response(rid, window, by, amounts("damage", 1), ids("destroy"),
                        amounts("strength", -STAT_MAX), ids("deplete"))
    if not response.names():
        raise _fail(where, "a response does something: damage, destroy, strength or deplete")
    return response


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
    return [_character(c, f"{key}[{i}]", key) for i, c in enumerate(items)]


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
    responses = data.get("responses", [])
    if not isinstance(responses, list):
        raise _fail("responses", "must be a list of responses, in the order they are played")
    return {"target": _target(data["target"]),
            "attackers": _party(data, "attackers", required=True),
            "blockers": _party(data, "blockers", required=False),
            "assign": [_assignment(a, f"assign[{i}]") for i, a in enumerate(assign)],
            "responses": [_response(r, f"responses[{i}]") for i, r in enumerate(responses)]}


def _character_json(outcome: Outcome) -> dict[str, Any]:
    c = outcome.character
    out: dict[str, Any] = {"id": c.id, "str": c.strength, "life": c.life, "spd": c.speed}
    if c.token:
        out["token"] = c.token
    if c.covert:
        out["covert"] = True
    if outcome.strength_change:
        out["strength_change"] = outcome.strength_change
    if outcome.depleted:
        out["depleted"] = True
    out["damage"] = outcome.damage
    if outcome.destroyed_at is not None:
        out["destroyed_at_speed"] = outcome.destroyed_at
    if outcome.destroyed_by is not None:
        out["destroyed_by"] = outcome.destroyed_by
    return out


def _resolved_json(resolved: Resolved) -> dict[str, Any]:
    r = resolved.response
    return {"id": r.id, "window": r.window, "by": r.by, "destroyed": list(resolved.destroyed),
            "no_effect": list(resolved.no_effect)}


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
    responses = ({"responses": [_resolved_json(r) for r in result.responses]}
                 if result.responses else {})
    return {
        "covert": result.covert,
        **responses,
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


if __name__ == "__main__":
    sys.exit(main())
