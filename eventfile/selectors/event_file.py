"""The event file (issue 16): a whole event as one JSON document, for its organizers to
archive it, move it to another instance or hand it to anyone who wants to check it.
docs/event-file.md describes the format field by field; services.event_file reads it back.

What the file leaves out, and why:

- The event's seed (and the round seeds, which are the event's, and the seed an undone
  pairing used) until the event is complete: it drives every draw and is secret until then
  (core.seeds). The published commitment (`seed_hash`) is always in it.
- Registered decklists, and the engine records that hold them (a record carries both decks),
  until the event publishes its lists: a file can be passed on, so it shows a list no sooner
  than the event's pages do (decks.selectors.visibility). A record between two AI seats holds
  no person's list and is always in it.
- A game's seed and record while its match is still being played (they tell its shuffle),
  as its replay waits (tournaments.selectors.match_games).
- Penalties for anyone but the event's organizers (`penalties_for`), so that a file made for
  someone else never carries them. Today only organizers may build a file at all.
- A guest seat's claim code (even its hash), and who did what by account: the file names
  seats, not this instance's accounts.

Ids in the file are the file's own (players, matches and decklists numbered from 1), not
this instance's row ids.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils.text import slugify
from django.utils.translation import gettext

from core.errors import Forbidden
from eventfile.selectors.event_file_teams import teams_part
from tournaments.models import (
    Announcement,
    ClockChange,
    Correction,
    CorrectionAction,
    EngineGame,
    Event,
    GameMode,
    KeptApart,
    Match,
    Penalty,
    Phase,
    Registration,
    ResultChange,
    Round,
)
from tournaments.selectors.access import is_organizer
from tournaments.selectors.match_games import match_over
from tournaments.selectors.placings import final_places
from tournaments.selectors.standings import standings_for_event

FILE_FORMAT = "clash-event-file"
# 2: each player's awarded byes and fixed table, and the pairs kept apart; the event's third
# place, day 2 and pick timer, each match's `bracket`, the `phases` with their entrants and
# the final `placings`, a team event's `team_size`, `teams` and `team_matches` (issue 35).
# A file of an earlier version still imports (services.event_file_checks): what it lacks
# takes the defaults (no constraints, no third place, one day, no timer, no teams).
FILE_VERSION = 2
READ_VERSIONS = (1, 2)

User = AbstractBaseUser | AnonymousUser


def _time(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def seeds_shown(event: Event) -> bool:
    """The seed is secret until the event is complete (core.seeds)."""
    return event.seed_public


def lists_shown(event: Event) -> bool:
    """Registered lists, and records holding them, only once the event publishes its lists."""
    return event.lists_published


def penalties_for(event: Event, user: User | None) -> bool:
    """Penalties are in a file only when its reader organizes the event: the player sees
    their own on the pages and no one else any, and a file is passed on as a whole."""
    return is_organizer(event, user)


def event_file_text(data: dict[str, Any]) -> str:
    """The file as it is downloaded: UTF-8 JSON, indented by one space a level."""
    return json.dumps(data, indent=1, ensure_ascii=False)


def event_file_filename(event: Event) -> str:
    return f"{slugify(event.name) or 'event'}-{event.pk}.clash-event.json"


def _settings(event: Event) -> dict[str, Any]:
    shown = seeds_shown(event)
    return {
        "name": event.name, "game": event.game.slug, "format": event.format,
        "match_length": event.match_length, "rounds": event.rounds,
        "top_cut": event.top_cut, "third_place": event.third_place,
        "grand_final_reset": event.grand_final_reset,
        "structure": event.structure, "groups": event.groups, "cycles": event.cycles,
        "head_to_head": event.head_to_head, "team_size": event.team_size,
        "day2_points": event.day2_points, "day2_rounds": event.day2_rounds,
        "pick_seconds": event.pick_seconds, "status": event.status,
        "tiebreakers": list(event.tiebreakers),
        "registration_opens": _time(event.registration_opens),
        "registration_closes": _time(event.registration_closes),
        "decklist_deadline": _time(event.decklist_deadline),
        "lists_published": event.lists_published,
        "lists_published_at": _time(event.lists_published_at),
        "late_entry_until_round": event.late_entry_until_round,
        "check_in_required": event.check_in_required, "fill_with_ai": event.fill_with_ai,
        "ai_in_top_cut": event.ai_in_top_cut,
        "exclude_ai_from_ratings": event.exclude_ai_from_ratings,
        "check_squads": event.check_squads, "late_player_gets": event.late_player_gets,
        "no_show_minutes": event.no_show_minutes, "round_minutes": event.round_minutes,
        "clock_starts_at_pairing": event.clock_starts_at_pairing,
        "starts_at": _time(event.starts_at), "time_zone": event.time_zone,
        "venue": event.venue, "description": event.description, "capacity": event.capacity,
        "created_at": _time(event.created_at), "started_at": _time(event.started_at),
        "completed_at": _time(event.completed_at),
        "seed": event.seed if shown else None,
        "seed_nonce": event.seed_nonce if shown else None,
        "seed_hash": event.seed_hash,
        "imported_from": event.imported_from,
    }


def _seat(number: int, seat: Registration, lists: dict[int, int]) -> dict[str, Any]:
    if seat.is_ai:
        kind, username = "ai", None
    elif seat.player_id is not None:
        kind, username = "player", seat.player.get_username()
    elif seat.former_player:
        kind, username = "former", None
    else:
        kind, username = "guest", None
    return {"id": number, "kind": kind, "name": seat.name, "username": username,
            "decklist": lists.get(seat.pk), "dropped": seat.dropped,
            "dropped_at": _time(seat.dropped_at), "checked_in": seat.checked_in,
            "late_entry": seat.late_entry, "created_at": _time(seat.created_at),
            "awarded_byes": seat.awarded_byes, "fixed_table": seat.fixed_table}


def _decklists(event: Event, seats: list[Registration]) -> tuple[list[dict], dict[int, int]]:
    """The registered versions (once published), numbered from 1, and each seat's number."""
    if not lists_shown(event):
        return [], {}
    out: list[dict] = []
    by_seat: dict[int, int] = {}
    for seat in seats:
        version = seat.decklist_version
        if version is None:
            continue
        out.append({"id": len(out) + 1, "kind": version.decklist.kind,
                    "deck_format": version.decklist.deck_format,
                    "preconstructed_deck": version.preconstructed_deck,
                    "cards": list(version.cards)})
        by_seat[seat.pk] = len(out)
    return out, by_seat


def _record_shown(event: Event, match: Match) -> bool:
    """A record holds both decks: shown with the lists, or when no person's list is in it."""
    both_ai = match.player_a.is_ai and match.player_b is not None and match.player_b.is_ai
    return lists_shown(event) or both_ai


def _game(game: EngineGame, match: Match, lists: bool) -> dict[str, Any]:
    """A game's seed and record wait until its match is over, as its replay does
    (tournaments.selectors.match_games): they tell the shuffle of a game still being played.
    A record a player uploaded holds the seed their own engine chose."""
    over = match_over(match) or game.mode == GameMode.REPORTED
    return {"number": game.number, "mode": game.mode, "seed": game.seed if over else None,
            "winner": game.winner, "verified": game.verified,
            "record": game.record if over and lists else None}


def _change(change: ResultChange) -> dict[str, Any]:
    return {"action": change.action, "before": change.before, "after": change.after,
            "note": change.note, "at": _time(change.at)}


def _clock_change(change: ClockChange, match_ids: dict[int, int]) -> dict[str, Any]:
    return {"action": change.action, "minutes": change.minutes, "note": change.note,
            "match": match_ids.get(change.match_id), "at": _time(change.at)}


def _rounds(event: Event, seat_ids: dict[int, int]) -> tuple[list[dict], dict[int, int]]:
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    matches = list(Match.objects.filter(round__event=event)
                   .select_related("player_a", "player_b")
                   .order_by("round__number", "id"))  # written order: a top cut's bracket
    match_ids = {m.pk: number for number, m in enumerate(matches, start=1)}
    games: dict[int, list[EngineGame]] = {}
    for game in EngineGame.objects.filter(match__round__event=event).order_by("match", "number"):
        games.setdefault(game.match_id, []).append(game)
    changes: dict[int, list[ResultChange]] = {}
    for change in ResultChange.objects.filter(match__round__event=event).order_by("match", "id"):
        changes.setdefault(change.match_id, []).append(change)
    clocks: dict[int, list[ClockChange]] = {}
    for change in ClockChange.objects.filter(round__event=event).order_by("round", "id"):
        clocks.setdefault(change.round_id, []).append(change)
    shown = seeds_shown(event)
    out = []
    for rnd in rounds:
        out.append({
            "number": rnd.number, "stage": rnd.stage, "status": rnd.status,
            "seed": rnd.seed if shown else None,
            "paired_at": _time(rnd.paired_at), "completed_at": _time(rnd.completed_at),
            "clock": {"minutes": rnd.clock_minutes, "started_at": _time(rnd.clock_started_at),
                      "paused_at": _time(rnd.clock_paused_at),
                      "paused_seconds": rnd.clock_paused_seconds,
                      "added_minutes": rnd.clock_added_minutes},
            "clock_changes": [_clock_change(c, match_ids) for c in clocks.get(rnd.pk, [])],
            "matches": [_match(event, m, match_ids, seat_ids, games, changes)
                        for m in matches if m.round_id == rnd.pk],
        })
    return out, match_ids


def _match(event: Event, match: Match, match_ids: dict[int, int], seat_ids: dict[int, int],
           games: dict[int, list[EngineGame]], changes: dict[int, list[ResultChange]],
           ) -> dict[str, Any]:
    shown = _record_shown(event, match)
    return {
        "id": match_ids[match.pk], "table": match.table, "bracket": match.bracket,
        "player_a": seat_ids[match.player_a_id],
        "player_b": seat_ids[match.player_b_id] if match.player_b_id is not None else None,
        "status": match.status, "a_wins": match.a_wins, "b_wins": match.b_wins,
        "draws": match.draws, "report_a": match.report_a, "report_b": match.report_b,
        "is_ai_match": match.is_ai_match, "engine_verified": match.engine_verified,
        "confirmed_at": _time(match.confirmed_at), "extra_minutes": match.extra_minutes,
        "changes": [_change(c) for c in changes.get(match.pk, [])],
        "games": [_game(g, match, shown) for g in games.get(match.pk, [])],
    }


def correction_details(action: str, details: dict, seat_of: dict, *, seeds: bool,
                       match_of: dict | None = None) -> dict:
    """A correction's details with its seat ids read through `seat_of` and its match ids
    through `match_of` (this instance's ids to the file's on export, the file's to the new
    rows' on import; an id it does not know becomes None), and an undone pairing's seed only
    where seeds are shown."""
    details = dict(details)
    match_of = match_of or {}
    if action in (CorrectionAction.LATE, CorrectionAction.NO_SHOW) and "match" in details:
        details["match"] = match_of.get(details["match"])
    if action == CorrectionAction.LATE and details.get("ai_seat") is not None:
        details["ai_seat"] = seat_of.get(details["ai_seat"])
    if action == CorrectionAction.UNPAIR:
        details["tables"] = [[table, seat_of.get(a), seat_of.get(b) if b is not None else None]
                             for table, a, b in details.get("tables", [])]
        if not seeds:
            details["seed"] = None
    elif action == CorrectionAction.SWAP:
        details["seats"] = [seat_of.get(s) for s in details.get("seats", [])]
    return details


def event_file_build(*, event: Event, by: User | None, instance: str,
                     now: datetime) -> dict[str, Any]:
    """The event file of `event` as `by` may have it: its organizers only (403 for anyone
    else). `instance` names the site that makes it (its host name)."""
    if not is_organizer(event, by):
        raise Forbidden("not_organizer", gettext(
            "Only the organizers of %(event)s can download its event file.")
            % {"event": event.name}, params={"event": event.name})
    seats = list(Registration.objects.filter(event=event)
                 .select_related("player", "player__profile", "decklist_version__decklist")
                 .order_by("created_at", "id"))
    seat_ids = {seat.pk: number for number, seat in enumerate(seats, start=1)}
    decklists, lists = _decklists(event, seats)
    rounds, match_ids = _rounds(event, seat_ids)
    corrections = [
        {"action": c.action, "round_number": c.round_number,
         "player": seat_ids.get(c.registration_id),
         "details": correction_details(c.action, c.details, seat_ids,
                                       seeds=seeds_shown(event), match_of=match_ids),
         "at": _time(c.at)}
        for c in Correction.objects.filter(event=event).order_by("at", "id")]
    announcements = [{"text": a.text, "posted_at": _time(a.posted_at),
                      "withdrawn_at": _time(a.withdrawn_at)}
                     for a in Announcement.objects.filter(event=event).order_by("posted_at", "id")]
    penalties = []
    if penalties_for(event, by):
        penalties = [{"player": seat_ids[p.registration_id], "kind": p.kind,
                      "round_number": p.round_number, "match": match_ids.get(p.match_id),
                      "note": p.note, "at": _time(p.at), "withdrawn_at": _time(p.withdrawn_at)}
                     for p in Penalty.objects.filter(event=event).order_by("at", "id")]
    kept_apart = [{"first": seat_ids[first], "second": seat_ids[second], "note": note}
                  for first, second, note in KeptApart.objects.filter(event=event)
                  .order_by("id").values_list("first_id", "second_id", "note")]
    rows = standings_for_event(event)
    standings = [{"rank": row.rank, "player": seat_ids[row.registration_id],
                  "match_points": row.match_points, "wins": row.wins, "losses": row.losses,
                  "draws": row.draws} for row in rows]
    places = final_places(event, rows) or {}
    placings = [{"place": places[row.registration_id], "player": seat_ids[row.registration_id]}
                for row in sorted(rows, key=lambda row: (places.get(row.registration_id, 0),
                                                          row.rank))
                if row.registration_id in places]
    phases = [{"number": phase.number, "structure": phase.structure, "advance": phase.advance,
               "advance_count": phase.advance_count, "advance_points": phase.advance_points,
               "rounds": phase.rounds, "third_place": phase.third_place,
               "entrants": [seat_ids[pk] for pk in phase.entrants if pk in seat_ids],
               **({"groups": [[seat_ids[pk] for pk in group] for group in phase.group_members],
                   "cycles": phase.cycles, "head_to_head": phase.head_to_head}
                  if phase.group_members else {})}
              for phase in Phase.objects.filter(event=event).order_by("number")]
    return {
        "format": FILE_FORMAT, "version": FILE_VERSION,
        "exported_from": instance, "exported_at": _time(now),
        "event": _settings(event),
        "organizers": sorted(u.get_username() for u in event.organizers.all()),
        "players": [_seat(seat_ids[s.pk], s, lists) for s in seats],
        "decklists": decklists, "rounds": rounds, "corrections": corrections,
        "announcements": announcements, "penalties": penalties, "standings": standings,
        "kept_apart": kept_apart, "phases": phases, "placings": placings,
        **teams_part(event, seat_ids, match_ids),
    }
