"""An event file's trail beside its rounds: the corrections with the details each writes,
the announcements, the penalties, and the final standings."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from eventfile.services.event_file_fields import MAX_SEED, Data, Reader
from tournaments.models import (
    MAX_ANNOUNCEMENT,
    MAX_PENALTY_NOTE,
    CorrectionAction,
    LatePlayerGets,
    PenaltyKind,
)

from .common import MAX_ROUNDS, MAX_SEATS, MAX_TABLE, is_id, score_ok, seat_ref

__all__ = ["read_trail"]

# What each correction writes in its details (tournaments/services/corrections.py,
# late_players.py, no_shows.py): its keys, exactly, and each value's kind. The pages format
# them later (tournaments/selectors/corrections.py), so a file is held to the same shapes.
TABLE_OR_NONE = "table_or_none"
DETAILS_KEYS: dict[str, dict[str, str]] = {
    CorrectionAction.UNDROP: {"dropped_at": "time_or_none"},
    CorrectionAction.UNPAIR: {"seed": "seed_or_none", "tables": "unpaired_tables"},
    CorrectionAction.SWAP: {"tables": "two_tables", "seats": "two_seats"},
    CorrectionAction.LATE: {"gets": "late_gets", "match": "match_or_none",
                            "table": TABLE_OR_NONE, "ai_seat": "seat_or_none",
                            "new_seat": "boolean", "guest": "boolean"},
    CorrectionAction.NO_SHOW: {"match": "match_or_none", "table": TABLE_OR_NONE,
                               "absent_side": "side", "score": "score",
                               "minutes": "minutes"},
}
# A correction that names its round (every one but an undone drop).
ROUND_NAMED = (CorrectionAction.UNPAIR, CorrectionAction.SWAP, CorrectionAction.LATE,
               CorrectionAction.NO_SHOW)
# A correction made for one seat (its `player`).
SEAT_NAMED = (CorrectionAction.UNDROP, CorrectionAction.LATE, CorrectionAction.NO_SHOW)


def _whole(value: Any, lo: int = 0, hi: int = MAX_SEED) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _table(value: Any) -> bool:
    return _whole(value, 1, MAX_TABLE)


def _detail_problem(kind: str, value: Any, seats: dict, matches: dict) -> str | None:
    """Why `value` is not a detail of `kind` (None: it is)."""
    if kind == "time_or_none":
        if value is None:
            return None
        probe = Reader()
        probe.time({"v": value}, "v", "")
        return probe.problems[0].split(": ", 1)[1] if probe.problems else None
    if kind == "seed_or_none":
        return None if value is None or _whole(value) else (
            gettext("must be a seed or null, not %(value)s") % {"value": repr(value)})
    if kind == TABLE_OR_NONE:
        return None if value is None or _table(value) else (
            gettext("must be a table number from 1 to %(most)s or null, not %(value)s")
            % {"most": MAX_TABLE, "value": repr(value)})
    if kind == "minutes":
        return None if _whole(value, 0, 600) else (
            gettext("must be a whole number of minutes from 0 to 600, not %(value)s")
            % {"value": repr(value)})
    if kind == "boolean":
        return None if isinstance(value, bool) else (
            gettext("must be true or false, not %(value)s") % {"value": repr(value)})
    if kind == "late_gets":
        return None if value in LatePlayerGets.values else (
            gettext("must be one of %(values)s, not %(value)s")
            % {"values": ", ".join(LatePlayerGets.values), "value": repr(value)})
    if kind == "side":
        return None if value in ("a", "b") else (
            gettext("must be 'a' or 'b', not %(value)s") % {"value": repr(value)})
    if kind == "score":
        return None if score_ok(value) else (
            gettext('a score is {"a_wins", "b_wins", "draws"}, each 0 to 9'))
    if kind == "match_or_none":
        return None if value is None or is_id(value, matches) else (
            gettext("no such match %(value)s") % {"value": repr(value)})
    if kind == "seat_or_none":
        return None if value is None or is_id(value, seats) else (
            gettext("no such player %(value)s") % {"value": repr(value)})
    if kind == "two_tables":
        return None if isinstance(value, list) and len(value) == 2 and all(
            _table(t) for t in value) else gettext("a swap's tables are its two table numbers")
    if kind == "two_seats":
        if not isinstance(value, list) or len(value) != 2:
            return gettext("a swap names its two seats")
        wrong = [s for s in value if not is_id(s, seats)]
        if wrong:
            return gettext("no such player %(value)s") % {"value": repr(wrong[0])}
        return gettext("a swap names two different seats") if value[0] == value[1] else None
    if kind == "unpaired_tables":
        if not isinstance(value, list) or len(value) > MAX_SEATS or not all(
                isinstance(t, list) and len(t) == 3 for t in value):
            return gettext("an undone pairing's tables are [table, player_a, player_b] each")
        for table, a, b in value:
            if not (table is None or _table(table)):
                return (gettext("no table %(table)s: a table number from 1 to %(most)s, or null")
                        % {"table": repr(table), "most": MAX_TABLE})
            if not is_id(a, seats):
                return gettext("no such player %(value)s") % {"value": repr(a)}
            if b is not None and not is_id(b, seats):
                return gettext("no such player %(value)s") % {"value": repr(b)}
        return None
    raise AssertionError(kind)


def _details(r: Reader, action: str | None, details: Data, path: str, seats: dict,
             matches: dict) -> None:
    """The correction's details hold exactly the keys its action writes, each of its kind."""
    if action is None:
        return
    shape = DETAILS_KEYS[action]
    for key in sorted(set(details) - set(shape)):
        r.bad(f"{path}.{key}", gettext("a correction (%(action)s) keeps no %(key)s")
                               % {"action": action, "key": repr(key)})
    for key, kind in shape.items():
        if key not in details:
            r.bad(f"{path}.{key}", gettext("a correction (%(action)s) keeps its %(key)s")
                                   % {"action": action, "key": repr(key)})
            continue
        problem = _detail_problem(kind, details[key], seats, matches)
        if problem is not None:
            r.bad(f"{path}.{key}", problem)


def read_trail(r: Reader, data: Data, seats: dict, matches: dict, rounds: int) -> Data:
    corrections = []
    for i, row in enumerate(r.array(data, "corrections", "")):
        p = f"corrections[{i}]"
        if r.obj(row, p) is None:
            continue
        p += "."
        action = r.choice(row, "action", p, CorrectionAction.values)
        details = r.json_object(row, "details", p, null=False) or {}
        _details(r, action, details, f"{p}details", seats, matches)
        number = r.integer(row, "round_number", p, lo=1, hi=MAX_ROUNDS, null=True)
        if number is None and action in ROUND_NAMED and row.get("round_number") is None:
            r.bad(f"{p}round_number", gettext("a correction (%(action)s) names its round")
                                      % {"action": action})
        elif number is not None and number > rounds:
            r.bad(f"{p}round_number", gettext("no round %(number)s: the event has %(rounds)s")
                                      % {"number": number, "rounds": rounds})
        player = seat_ref(r, row, "player", p, seats, null=action not in SEAT_NAMED)
        corrections.append({"action": action, "round_number": number, "player": player,
                            "details": details, "at": r.time(row, "at", p, null=False)})
    announcements = []
    for i, row in enumerate(r.array(data, "announcements", "")):
        p = f"announcements[{i}]"
        if r.obj(row, p) is None:
            continue
        p += "."
        announcements.append({"text": r.text(row, "text", p, most=MAX_ANNOUNCEMENT,
                                             blank=False),
                              "posted_at": r.time(row, "posted_at", p, null=False),
                              "withdrawn_at": r.time(row, "withdrawn_at", p)})
    penalties = []
    for i, row in enumerate(r.array(data, "penalties", "")):
        p = f"penalties[{i}]"
        if r.obj(row, p) is None:
            continue
        p += "."
        kind = r.choice(row, "kind", p, PenaltyKind.values)
        number = r.integer(row, "round_number", p, lo=1, hi=MAX_ROUNDS, null=True)
        if number is not None and number > rounds:
            r.bad(f"{p}round_number", gettext("no round %(number)s: the event has %(rounds)s")
                                      % {"number": number, "rounds": rounds})
        match = row.get("match")
        if match is not None and not is_id(match, matches):
            r.bad(f"{p}match", gettext("no such match %(match)s")
                               % {"match": repr(match)})
        elif match is not None and kind not in (PenaltyKind.GAME_LOSS, PenaltyKind.MATCH_LOSS):
            r.bad(f"{p}match", gettext("only a game loss or a match loss changes a match"))
        player = seat_ref(r, row, "player", p, seats)
        if is_id(match, matches) and player is not None and player not in (
                matches[match]["player_a"], matches[match]["player_b"]):
            r.bad(f"{p}match", gettext("player %(player)s does not play in match %(match)s")
                               % {"player": player, "match": match})
        penalties.append({"player": player, "kind": kind,
                          "round_number": number, "match": match,
                          "note": r.text(row, "note", p, most=MAX_PENALTY_NOTE),
                          "at": r.time(row, "at", p, null=False),
                          "withdrawn_at": r.time(row, "withdrawn_at", p)})
    standings = []
    for i, row in enumerate(r.array(data, "standings", "", most=MAX_SEATS)):
        p = f"standings[{i}]"
        if r.obj(row, p) is None:
            continue
        p += "."
        standings.append({"rank": r.integer(row, "rank", p, lo=1, hi=MAX_SEATS),
                          "player": seat_ref(r, row, "player", p, seats),
                          "match_points": r.integer(row, "match_points", p, hi=10_000)})
    return {"corrections": corrections, "announcements": announcements,
            "penalties": penalties, "standings": standings}
