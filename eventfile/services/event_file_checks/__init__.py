"""Reading an event file (docs/event-file.md) before anything is written: every field's type
and range, the references between rows, the scores each match may have (rule C-7.5b,
engine.clash.match_rules), the cards against the catalogue, and each engine record replayed
by the engine. `event_file_read` answers the cleaned file, or raises one DomainError naming
every problem with where it is ("rounds[2].matches[4].player_b: no such player 17").

A file can be forged: nothing here trusts it, and nothing of it is attached to an account.

The check is in parts, in the order the file is read: `event` (the settings), `players`
(the decklists and the seats), `rounds` (the matches, their changes and games) and `trail`
(corrections, announcements, penalties, standings); `common` holds what they share.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext

from core.errors import DomainError
from eventfile.selectors.event_file import FILE_FORMAT, FILE_VERSION, READ_VERSIONS
from eventfile.services.event_file_fields import Data, Reader
from tournaments.models import EventStructure

from .common import MAX_ROUNDS, MAX_SEATS, is_id
from .event import read_settings
from .players import read_decklists, read_kept_apart, read_players
from .rounds import read_rounds
from .teams import read_teams
from .trail import read_trail

__all__ = ["MAX_EVENT_FILE_BYTES", "event_file_read"]

# Room for a 200-player open with its records would need more; the site reads at most 2 MiB
# a request (core.inputs.MAX_BODY_BYTES), and a file must fit in one with its form around it.
MAX_EVENT_FILE_BYTES = 2_000_000


def _refuse(problems: list[str]) -> None:
    raise DomainError(
        "invalid_event_file",
        ngettext("The event file was not imported: %(count)d problem, named below.",
                 "The event file was not imported: %(count)d problems, named below.",
                 len(problems)) % {"count": len(problems)},
        problems=problems, params={"count": len(problems)})


def event_file_read(data: Any) -> Data:
    """The cleaned file, or a DomainError `invalid_event_file` naming every problem."""
    r = Reader()
    if r.obj(data, "the file") is None:
        _refuse(r.problems)
    if data.get("format") != FILE_FORMAT:
        r.bad("format", gettext("this is not a Clash event file (format %(format)r, not "
                                "%(expected)r)") % {"format": data.get("format"),
                                                    "expected": FILE_FORMAT})
    elif type(data.get("version")) is not int or data.get("version") not in READ_VERSIONS:
        r.bad("version", gettext("this site reads event files of versions 1 to %(version)d, "
                                 "not %(found)r") % {"version": FILE_VERSION,
                                                     "found": data.get("version")})
    if r.problems:
        _refuse(r.problems)  # another kind of file: its fields would only add noise
    source = r.text(data, "exported_from", "", most=200, blank=False)
    r.time(data, "exported_at", "", null=False)
    settings = r.obj(data.get("event"), "event")
    if settings is None:
        _refuse(r.problems)
    ev = read_settings(r, settings)
    lists = read_decklists(r, r.array(data, "decklists", ""), ev["game"])
    version = data["version"]
    seats = read_players(r, r.array(data, "players", "", most=MAX_SEATS), lists, version)
    rounds, matches = read_rounds(r, r.array(data, "rounds", "", most=MAX_ROUNDS), ev, seats)
    trail = read_trail(r, data, seats, matches, len(rounds))
    apart = read_kept_apart(r, r.array(data, "kept_apart", "", most=MAX_SEATS), seats) if (
        version >= 2) else []
    entrants, groups = _phase_entrants(r, data, seats)
    ev["team_size"], teams, team_matches = read_teams(r, data, settings, seats, matches)
    if ev.get("structure") == EventStructure.ROUND_ROBIN and len(groups) != (ev["groups"] or 0):
        r.bad("phases", gettext("a round robin in %(groups)s groups must list its groups' "
                                "players in its first phase") % {"groups": ev["groups"]})
    if r.problems:
        _refuse(r.problems)
    return {"exported_from": source.strip(), "event": ev, "decklists": lists,
            "players": seats, "rounds": rounds, "kept_apart": apart,
            "phase_entrants": entrants, "groups": groups, "teams": teams,
            "team_matches": team_matches, **trail}


def _phase_entrants(r: Reader, data: Data,
                    seats: dict) -> tuple[dict[int, list[int]], list[list[int]]]:
    """Version 2's phases: who entered each, by phase number (the phases themselves follow
    from the event's settings), and a round robin's groups (its first phase's, each a list
    of the file's players, every player in one group at most). A version 1 file has none: a
    top cut's seeds are read back from its first round (tournaments.selectors.placings)."""
    found: dict[int, list[int]] = {}
    groups: list[list[int]] = []
    if "phases" not in data:
        return found, groups
    for i, row in enumerate(r.array(data, "phases", "", most=10)):
        p = f"phases[{i}]"
        if r.obj(row, p) is None:
            continue
        number = r.integer(row, "number", f"{p}.", lo=1, hi=10)
        entrants = row.get("entrants", [])
        if not isinstance(entrants, list) or not all(is_id(e, seats) for e in entrants) \
                or len(set(entrants)) != len(entrants):
            r.bad(f"{p}.entrants", gettext("must list players of the file, each once"))
            continue
        if number is not None:
            found[number] = list(entrants)
        drawn = row.get("groups")
        if number == 1 and drawn is not None:
            every = [e for group in drawn for e in group] if isinstance(drawn, list) and all(
                isinstance(group, list) for group in drawn) else None
            if every is None or not all(is_id(e, seats) for e in every) \
                    or len(set(every)) != len(every):
                r.bad(f"{p}.groups", gettext("must list groups of players of the file, each "
                                             "player once"))
                continue
            groups = [list(group) for group in drawn]
    return found, groups
