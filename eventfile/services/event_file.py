"""Importing an event file (docs/event-file.md): a new event made from a file another
instance (or this one) exported with `selectors.event_file.event_file_build`.

The file is read and checked as a whole first (`event_file_checks.event_file_read`); a bad
file is refused with every problem named and nothing written. A good one becomes a new event
in one transaction, with new ids throughout:

- the person importing is its only organizer;
- every seat is a named seat no account holds and no one can claim (a guest seat without a
  claim code, or an AI seat): a file can be forged, so its results are never attached to an
  account of this site, whatever usernames it names;
- its lists have no owner, like a walk-in guest's (decks/services/guest_lists.py), held by
  seats without an account, so the event's usual visibility applies to them (its organizers
  and judges, everyone once the event publishes its lists); the event is complete, so they
  are fixed and nobody edits them. Its engine records are verified only where this site's
  engine replays them;
- it is marked imported (`imported_at`, `imported_from`) and never feeds the ratings
  (tournaments.services.ratings);
- its final standings are computed here from its results, and must agree with the ones the
  file gives, or the file is refused;
- a second import of the same file (the same canonical JSON) by one of the event's organizers
  makes nothing new and answers the event already made (`event_file_import_once`): two quick
  clicks on Import make one event.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import DomainError, Forbidden
from core.inputs import InputError, json_loads
from core.locks import lock_get
from core.numbers import grouped
from decks.models import Decklist, DecklistVersion
from engine.seats import DRAW_NAME, LETTER_A, LETTER_B
from eventfile.selectors.event_file import correction_details
from tournaments.models import (
    Announcement,
    ClockChange,
    Correction,
    EngineGame,
    Event,
    KeptApart,
    Match,
    Penalty,
    Phase,
    Registration,
    ResultChange,
    Round,
)
from tournaments.selectors.standings import computed_standings
from tournaments.services.phases import phase_for_stage, phases_write
from tournaments.services.standings import (
    results_version_bump,
    standings_freeze,
    standings_row_create,
)

from .event_file_checks import MAX_EVENT_FILE_BYTES, event_file_read
from .event_file_fields import Data
from .event_file_teams import teams_restore

__all__ = [
    "EventImport",
    "event_file_digest",
    "event_file_import",
    "event_file_import_once",
    "event_file_parse",
]


def event_file_parse(content: bytes | str) -> Any:
    """The file's JSON, refused by its size first."""
    if len(content) > MAX_EVENT_FILE_BYTES:
        raise DomainError("too_large", gettext(
            "The event file is %(size)s bytes; at most %(most)s are accepted.")
            % {"size": grouped(len(content)), "most": grouped(MAX_EVENT_FILE_BYTES)},
            params={"size": len(content), "most": MAX_EVENT_FILE_BYTES})
    try:
        return json_loads(content, what=gettext("The event file"), code="invalid_event_file")
    except InputError as exc:
        raise DomainError("invalid_event_file", exc.message) from None


def event_file_digest(data: Any) -> str:
    """The SHA-256 of the file's canonical JSON (keys sorted, no spaces): the same file gives
    the same digest however it was spaced or its keys ordered."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _event(ev: Data, by: AbstractBaseUser, source: str, now: datetime, digest: str) -> Event:
    fields = {k: ev[k] for k in (
        "name", "game", "format", "match_length", "rounds", "top_cut", "third_place",
        "grand_final_reset", "structure", "groups", "cycles", "head_to_head", "team_size",
        "day2_points", "day2_rounds", "pick_seconds", "registration_opens",
        "registration_closes", "decklist_deadline", "lists_published", "lists_published_at",
        "late_entry_until_round", "check_in_required", "fill_with_ai", "ai_in_top_cut",
        "exclude_ai_from_ratings", "check_squads", "late_player_gets", "no_show_minutes",
        "round_minutes", "clock_starts_at_pairing", "tiebreakers", "starts_at", "time_zone",
        "venue", "description", "capacity", "created_at", "started_at", "completed_at",
        "seed", "seed_nonce", "seed_hash")}
    # A restored row in the state the file gives (version 1: complete), not a move.
    event = Event.objects.create(**fields, status=ev["status"], imported_at=now,
                                 imported_from=source[:200], imported_digest=digest)
    event.organizers.add(by)
    return event


def _decklists(event: Event, lists: dict[int, Data], seats: dict[int, Data],
               now: datetime) -> dict[int, DecklistVersion]:
    """Lists without an owner, as a walk-in guest's: the seats holding them have no account,
    so the event's organizers and judges read them, and everyone once it publishes them
    (decks/selectors/visibility.py)."""
    names = {seat["decklist"]: seat["name"] for seat in seats.values() if seat["decklist"]}
    versions = {}
    for number, data in sorted(lists.items()):
        decklist = Decklist.objects.create(
            owner=None, game=event.game, kind=data["kind"], deck_format=data["deck_format"],
            name=f"{names.get(number, number)} in {event.name} (imported)"[:100],
            created_at=now)
        versions[number] = DecklistVersion.objects.create(
            decklist=decklist, number=1, name=decklist.name, cards=data["cards"],
            preconstructed_deck=data["preconstructed_deck"], created_at=now)
    return versions


def _seats(event: Event, seats: dict[int, Data],
           versions: dict[int, DecklistVersion]) -> dict[int, Registration]:
    rows = {}
    for number, seat in sorted(seats.items()):
        ai = seat["kind"] == "ai"
        rows[number] = Registration.objects.create(
            event=event, is_ai=ai, ai_name=seat["name"] if ai else "",
            guest_name="" if ai else seat["name"],
            decklist_version=versions.get(seat["decklist"]), dropped=seat["dropped"],
            dropped_at=seat["dropped_at"], checked_in=seat["checked_in"],
            checked_in_at=None, late_entry=seat["late_entry"], created_at=seat["created_at"],
            awarded_byes=seat["awarded_byes"], fixed_table=seat["fixed_table"])
    return rows


def _kept_apart(event: Event, pairs: list[Data], seats: dict[int, Registration],
                now: datetime) -> None:
    """The pairs kept apart (version 2), each with the lower new seat id first."""
    for pair in pairs:
        low, high = sorted((seats[pair["first"]], seats[pair["second"]]), key=lambda s: s.pk)
        KeptApart.objects.create(event=event, first=low, second=high, note=pair["note"],
                                 by=None, at=now)


def _engine_verified(match: Data) -> bool:
    """Engine-verified here only if every game's record replayed on this site and their
    winners add up to the match's score."""
    games = match["games"]
    if not (match["engine_verified"] and games and all(g["verified"] for g in games)):
        return False
    winners = [g["winner"] for g in games]
    return (winners.count(LETTER_A), winners.count(LETTER_B), winners.count(DRAW_NAME)) == (
        match["a_wins"], match["b_wins"], match["draws"])


def _rounds(event: Event, rounds: list[Data], seats: dict[int, Registration]) -> dict[int, Match]:
    matches: dict[int, Match] = {}
    for data in rounds:
        rnd = Round.objects.create(
            event=event, phase=phase_for_stage(event=event, stage=data["stage"],
                                               number=data["number"]),
            number=data["number"], stage=data["stage"], status=data["status"],
            seed=data["seed"] if data["seed"] is not None else event.seed,
            paired_at=data["paired_at"], completed_at=data["completed_at"],
            clock_minutes=data["clock_minutes"], clock_started_at=data["clock_started_at"],
            clock_paused_at=data["clock_paused_at"],
            clock_paused_seconds=data["clock_paused_seconds"] or 0,
            clock_added_minutes=data["clock_added_minutes"] or 0)
        for m in data["matches"]:
            games = m["games"]
            match = Match.objects.create(
                round=rnd, table=m["table"], player_a=seats[m["player_a"]],
                player_b=seats[m["player_b"]] if m["player_b"] is not None else None,
                status=m["status"], a_wins=m["a_wins"], b_wins=m["b_wins"], draws=m["draws"],
                report_a=m["report_a"], report_b=m["report_b"], is_ai_match=m["is_ai_match"],
                engine_verified=_engine_verified(m),
                confirmed_at=m["confirmed_at"], extra_minutes=m["extra_minutes"] or 0,
                bracket=m["bracket"])
            matches[m["id"]] = match
            ResultChange.objects.bulk_create(
                ResultChange(match=match, by=None, action=c["action"], before=c["before"],
                             after=c["after"], note=c["note"], at=c["at"])
                for c in m["changes"])
            EngineGame.objects.bulk_create(
                EngineGame(match=match, number=g["number"], mode=g["mode"], seed=g["seed"],
                           record=g["record"], winner=g["winner"], verified=g["verified"],
                           created_at=data["paired_at"])
                for g in games)
        ClockChange.objects.bulk_create(
            ClockChange(round=rnd, match=matches.get(c["match"]), by=None, action=c["action"],
                        minutes=c["minutes"] or 0, note=c["note"], at=c["at"])
            for c in data["clock_changes"])
    return matches


def _phase_entrants(event: Event, entrants: dict[int, list[int]],
                    seats: dict[int, Registration]) -> None:
    """Who entered each phase, as the file says (version 2), on the phases its rounds made."""
    for phase in Phase.objects.filter(event=event, number__in=list(entrants)):
        phase.entrants = [seats[number].pk for number in entrants[phase.number]]
        phase.save(update_fields=["entrants"])


def _trail(event: Event, data: Data, seats: dict[int, Registration],
           matches: dict[int, Match]) -> None:
    seat_ids = {number: row.pk for number, row in seats.items()}
    match_ids = {number: row.pk for number, row in matches.items()}
    Correction.objects.bulk_create(
        Correction(event=event, action=c["action"], round_number=c["round_number"],
                   registration=seats.get(c["player"]),
                   details=correction_details(c["action"], c["details"], seat_ids, seeds=True,
                                              match_of=match_ids),
                   by=None, at=c["at"])
        for c in data["corrections"])
    Announcement.objects.bulk_create(
        Announcement(event=event, text=a["text"], posted_by=None, posted_at=a["posted_at"],
                     withdrawn_at=a["withdrawn_at"])
        for a in data["announcements"])
    Penalty.objects.bulk_create(
        Penalty(event=event, registration=seats[p["player"]], kind=p["kind"],
                round_number=p["round_number"], match=matches.get(p["match"]), note=p["note"],
                by=None, at=p["at"], withdrawn_at=p["withdrawn_at"])
        for p in data["penalties"])


def _standings_agree(event: Event, data: Data, seats: dict[int, Registration]) -> None:
    """The file's standings must be what its results give here."""
    if not data["standings"]:
        return
    number_of = {row.pk: number for number, row in seats.items()}
    # Players sharing a rank may be listed in any order (a single elimination's players all
    # share one: its matches give no match points, its places are the bracket's).
    mine = sorted((row.rank, number_of[row.registration_id], row.match_points)
                  for row in computed_standings(event))
    theirs = sorted((row["rank"], row["player"], row["match_points"])
                    for row in data["standings"])
    problems = []
    for i, (here, there) in enumerate(zip(mine, theirs, strict=False)):
        if here != there:
            problems.append(gettext("standings[%(index)s]: the file has player %(file_player)s "
                                    "ranked %(file_rank)s with %(file_points)s points; its "
                                    "results give player %(player)s ranked %(rank)s with "
                                    "%(points)s points")
                            % {"index": i, "file_player": there[1], "file_rank": there[0],
                               "file_points": there[2], "player": here[1], "rank": here[0],
                               "points": here[2]})
    if len(mine) != len(theirs):
        problems.append(gettext("standings: the file ranks %(theirs)s players; its results rank "
                                "%(mine)s")
                        % {"theirs": len(theirs), "mine": len(mine)})
    if problems:
        raise DomainError("invalid_event_file", gettext(
            "The event file was not imported: its standings are not what its results give."),
            problems=problems)


@transaction.atomic
def event_file_import(*, data: Any, by: AbstractBaseUser, now: datetime) -> Event:
    """A new event from the event file `data` (its parsed JSON), organized by `by`; every
    problem of a bad file is named and nothing is written."""
    if by is None or not by.is_authenticated:
        raise Forbidden("sign_in", gettext("Sign in to import an event file."))
    cleaned = event_file_read(data)
    event = _event(cleaned["event"], by, cleaned["exported_from"], now, event_file_digest(data))
    standings_row_create(event=event)
    versions = _decklists(event, cleaned["decklists"], cleaned["players"], now)
    seats = _seats(event, cleaned["players"], versions)
    if event.round_robin:  # its groups as the file has them, before its rounds take phases
        phases_write(event=event, groups=[[seats[number].pk for number in group]
                                          for group in cleaned["groups"]])
    if event.elimination:  # its seeds as the file has them, its bracket from them
        seeded = cleaned["phase_entrants"].get(1)
        phases_write(event=event, entrants=None if seeded is None
                     else [seats[number].pk for number in seeded])
    matches = _rounds(event, cleaned["rounds"], seats)
    _kept_apart(event, cleaned["kept_apart"], seats, now)
    teams_restore(event=event, teams=cleaned["teams"], team_matches=cleaned["team_matches"],
                  seats=seats, matches=matches, now=now)
    _phase_entrants(event, cleaned["phase_entrants"], seats)
    _trail(event, cleaned, seats, matches)
    _standings_agree(event, cleaned, seats)
    standings_freeze(event=event, now=now)
    results_version_bump(event_id=event.pk)
    return event


@dataclass(frozen=True)
class EventImport:
    event: Event
    created: bool  # False: the same file was imported before, and this is its event


@transaction.atomic
def event_file_import_once(*, data: Any, by: AbstractBaseUser, now: datetime) -> EventImport:
    """`event_file_import`, once per file and person: when an event `by` organizes was made
    from the same file (its digest), that event, and nothing is written. Imports by one
    person happen one after another (their account row is locked), so two quick clicks on
    Import make one event."""
    if by is None or not by.is_authenticated:
        raise Forbidden("sign_in", gettext("Sign in to import an event file."))
    lock_get(get_user_model().objects.filter(pk=by.pk))
    digest = event_file_digest(data)
    made = (Event.objects.filter(imported_digest=digest, organizers=by).order_by("pk")
            .first())
    if made is not None:
        return EventImport(event=made, created=False)
    return EventImport(event=event_file_import(data=data, by=by, now=now), created=True)
