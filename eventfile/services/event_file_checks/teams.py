"""A team event's part of an event file (version 2, optional): the event's `team_size`, its
`teams` (a name and its players by seat) and its `team_matches` (two teams of a round and
the file's matches that are their seats). A file without them is an individual event's."""

from __future__ import annotations

from django.utils.translation import gettext

from eventfile.services.event_file_fields import Data, Reader
from tournaments.models import MAX_TEAM_NAME
from tournaments.structures.teams import SEATS

from .common import MAX_SEATS, MAX_TABLE, is_id

__all__ = ["read_teams"]


def read_teams(r: Reader, data: Data, settings: Data, seats: dict,
               matches: dict[int, Data]) -> tuple[int, list[Data], list[Data]]:
    """(team_size, teams, team_matches) as the file has them, every problem named."""
    size = settings.get("team_size", 1)
    if type(size) is not int or size not in (1, 2, 3):
        r.bad("event.team_size", gettext("players per team are 1, 2 or 3, not %(value)r")
                                 % {"value": size})
        return 1, [], []
    teams: list[Data] = []
    names: set[str] = set()
    seated: set[int] = set()
    for i, row in enumerate(r.array(data, "teams", "", most=MAX_SEATS) if size > 1 else []):
        p = f"teams[{i}]"
        if r.obj(row, p) is None:
            continue
        name = r.text(row, "name", f"{p}.", most=MAX_TEAM_NAME, blank=False).strip()
        if name.lower() in names:
            r.bad(f"{p}.name", gettext("two teams are named %(team)s") % {"team": name})
        names.add(name.lower())
        members = row.get("members")
        ok = isinstance(members, list) and len(members) <= size and all(
            isinstance(m, dict) and m.get("seat") in SEATS[:size]
            and is_id(m.get("player"), seats) for m in members)
        if not ok or len({m["seat"] for m in members}) != len(members) \
                or any(m["player"] in seated for m in members):
            r.bad(f"{p}.members", gettext("must seat players of the file in seats A to "
                                          "%(last)s, each player in one team and each seat "
                                          "once") % {"last": SEATS[size - 1]})
            continue
        seated |= {m["player"] for m in members}
        teams.append({"id": row.get("id"), "name": name,
                      "members": [(m["seat"], m["player"]) for m in members]})
    ids = {t["id"] for t in teams}
    team_matches: list[Data] = []
    linked: set[int] = set()
    for i, row in enumerate(r.array(data, "team_matches", "", most=MAX_SEATS * 64)
                            if size > 1 else []):
        p = f"team_matches[{i}]"
        if r.obj(row, p) is None:
            continue
        rnd = r.integer(row, "round", f"{p}.", lo=1, hi=64)
        table = row.get("table")
        a, b, seat_matches = row.get("team_a"), row.get("team_b"), row.get("matches")
        if a not in ids or (b is not None and b not in ids) or a == b:
            r.bad(p, gettext("must name two teams of the file (team b empty for a bye)"))
            continue
        if table is not None and (type(table) is not int or not 1 <= table <= MAX_TABLE):
            r.bad(f"{p}.table", gettext("must be a table number or empty"))
            continue
        if not isinstance(seat_matches, list) or not seat_matches or not all(
                is_id(m, matches) and m not in linked and matches[m].get("round") == rnd
                for m in seat_matches):
            r.bad(f"{p}.matches", gettext("must list matches of the file of its round, each "
                                          "in one team match"))
            continue
        linked |= set(seat_matches)
        team_matches.append({"round": rnd, "table": table, "team_a": a, "team_b": b,
                             "matches": list(seat_matches)})
    return size, teams, team_matches
