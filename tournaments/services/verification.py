"""Reported games verified by the engine: a player of the match (or an organizer) uploads the
game record (the engine's GameRecord JSON) of a game whose result the players report, and a
worker replays it.

Seat A of a record is the match's player A. The upload is checked at once (JSON, a record this
engine reads, the catalogue in use, a finished game, the registered decks when they are
known); the replay runs on a worker (`game_record_verify`, queued after the
upload commits). The replay either confirms the record, or names the first turn where the
position differs:

- confirmed: the game is verified; once the verified games add up to the score a player
  reported, the engine confirms that result (`result_record_engine`, which also settles a
  dispute);
- a record the replay does not confirm, or one whose winner the reports do not allow,
  disputes the match with the divergent turn in the audit note, for the organizer to settle.

Results still open are verified: a confirmed result is final except for the organizer.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import Conflict, DomainError, Forbidden
from core.inputs import json_loads
from core.locks import lock
from decks.rules import engine_plays
from engine.clash.cards import load_catalogue
from engine.clash.errors import EngineError
from engine.clash.record import GameRecord, ReplayResult, replay
from engine.seats import DRAW_NAME, LETTER_A, LETTER_B, SEAT_A, SEAT_B
from tournaments.models import (
    EngineGame,
    Event,
    EventStatus,
    GameMode,
    GameUpload,
    Match,
    MatchStatus,
    ResultAction,
    Round,
    UploadStatus,
)
from tournaments.rules import MAX_RECORD_BYTES
from tournaments.selectors.access import is_organizer
from tournaments.selectors.matches import match_format, side_of, verified_score
from tournaments.selectors.registrations import deck_for

from .guards import lock_match
from .results import ResultWrite, result_record_engine, results_write
from .states import game_upload_move

__all__ = ["game_record_upload", "game_record_verify"]

_OPEN = (MatchStatus.REPORTED, MatchStatus.DISPUTED)
_WINNERS = {LETTER_A: "a_wins", LETTER_B: "b_wins", DRAW_NAME: "draws"}  # a result's score field


def _enqueue(game_id: int) -> None:
    from tournaments.tasks import game_record_verify_task

    game_record_verify_task.delay_on_commit(game_id)


def _record_problems(*, match: Match, event: Event, data: Any) -> tuple[GameRecord | None,
                                                                      list[str]]:
    """The record read from `data` (parsed JSON), or every reason it cannot be this match's."""
    try:
        record = GameRecord.from_json(data)
    except EngineError as exc:
        return None, [exc.message]
    problems = []
    catalogue = load_catalogue()
    if record.catalogue != catalogue.version:
        problems.append(gettext("the record was made with catalogue %(catalogue)s; this site "
                                "plays %(version)s")
                        % {"catalogue": repr(record.catalogue), "version": repr(catalogue.version)})
    if record.result not in _WINNERS:
        problems.append(gettext("the record has no result: upload the record of a finished game "
                                "(result A, B or draw)"))
    for seat, registration, cards in ((LETTER_A, match.player_a, record.decks[SEAT_A]),
                                      (LETTER_B, match.player_b, record.decks[SEAT_B])):
        known = _known_deck(registration, event)
        if known is not None and not _plays(known, cards):
            problems.append(gettext("deck %(seat)s of the record is not the list %(player)s "
                                    "registered (seat A of the record is %(player_a)s)")
                            % {"seat": seat, "player": registration.name,
                               "player_a": match.player_a.name})
    return record, problems


def _known_deck(registration: Any, event: Event) -> list[str] | None:
    """The registered cards, or None when the site does not know them (a player of a
    preconstructed event who registered no list)."""
    if registration.is_ai or registration.decklist_version_id is not None:
        return deck_for(registration, event)
    return None


def _plays(registered: list[str], played: list[str]) -> bool:
    """The played deck is the registered list, or 8 of a constructed list of 10 after the
    ban-two procedure (C-2.5)."""
    if len(registered) == len(played):
        return Counter(registered) == Counter(played)
    return len(played) == 8 and not Counter(played) - Counter(registered)


def _reports(match: Match) -> list[dict]:
    return [r for r in (match.report_a, match.report_b) if r]


@transaction.atomic
def game_record_upload(*, match_id: int, by: AbstractBaseUser, text: str | bytes,
                       number: int | None = None, now: datetime) -> EngineGame:
    """Store the record of game `number` (the next one when None) of a reported match and
    queue its replay. A game already verified, or still waiting for its replay, keeps its
    record; a divergent one may be replaced."""
    rnd, match = lock_match(match_id)
    match = (Match.objects.select_related("player_a__decklist_version",
                                          "player_b__decklist_version", "round__event")
             .get(pk=match.pk))
    event = match.round.event
    # The players and organizers, not the judges: a judge reads a match, never feeds it.
    if side_of(match, by) is None and not is_organizer(event, by):
        raise Forbidden("not_your_match", gettext("only the players of a match and the event's "
                                                  "organizers upload its game records"))
    if match.bye:
        raise Conflict("bye", gettext("a bye has no games"))
    if not engine_plays(event.game):
        raise Conflict("no_engine", gettext("%(game)s has no engine records: its results are "
                                            "reported")
                                    % {"game": event.game.name},
                       params={"game": event.game.name})
    if event.status == EventStatus.COMPLETE:
        raise Conflict("event_complete", gettext("%(event)s is complete: its results are final")
                                         % {"event": event.name},
                       params={"event": event.name})
    if match.status not in _OPEN:
        state = ("confirmed: it is final, ask an organizer to correct it"
                 if match.status == MatchStatus.CONFIRMED else "not reported yet: report the "
                                                                 "result first")
        raise Conflict("not_reported", gettext("table %(table)s is %(state)s")
                                       % {"table": match.table, "state": state},
                       params={"table": match.table, "status": state})
    if len(text) > MAX_RECORD_BYTES:
        raise DomainError("record_too_large", gettext("a game record is at most "
                                                      "%(kilobytes)s kB")
                                              % {"kilobytes": MAX_RECORD_BYTES // 1000},
                          params={"kilobytes": MAX_RECORD_BYTES // 1000})
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise DomainError("invalid_record",
                              gettext("a game record is UTF-8 JSON text")) from None
    # Depth and NUL characters are checked here: an engine record nests three levels.
    data = json_loads(text, what="a game record", code="invalid_record")
    record, problems = _record_problems(match=match, event=event, data=data)
    if problems:
        raise DomainError("invalid_record", "; ".join(problems), problems=problems)
    (locked,) = lock(EngineGame.objects.filter(match=match))
    games = {g.number: g for g in locked}
    if number is None:
        number = max(games, default=0) + 1
    most = match_format(event, rnd).max_games  # drawn games do not count (rule C-7.5b)
    if not 1 <= number <= most:
        raise DomainError("invalid_game_number", gettext("a best-of-%(match_length)s match has "
                                                         "games 1 to %(most)s, drawn games "
                                                         "included")
                                                 % {"match_length": event.match_length,
                                                    "most": most},
                          params={"best_of": event.match_length, "most": most})
    game = games.get(number)
    fields = {"mode": GameMode.REPORTED, "seed": record.seed, "record": record.to_json(),
              "winner": record.result, "verified": False, "divergent_turn": None}
    if game is None:
        game = EngineGame.objects.create(match=match, number=number, created_at=now, **fields)
        upload = None
    else:
        upload = getattr(game, "upload", None)
        if game.mode != GameMode.REPORTED or upload is None:
            raise Conflict("game_exists", gettext("game %(number)s was not reported: it has no "
                                                  "record to replace")
                                          % {"number": number},
                           params={"game": number})
        if upload.status != UploadStatus.DIVERGENT:
            raise Conflict("record_exists", gettext("game %(number)s's record is %(status)s")
                                            % {"number": number,
                                               "status": upload.get_status_display().lower()},
                           params={"game": number, "status": upload.status})
        for name, value in fields.items():
            setattr(game, name, value)
        game.save(update_fields=list(fields))
    values = {"uploaded_by": by, "note": "", "uploaded_at": now, "checked_at": None}
    if upload is None:
        upload = GameUpload.objects.create(game=game, **values)  # pending
    else:  # divergent -> pending: the new record waits for its replay
        game_upload_move(upload, UploadStatus.PENDING)
        for name, value in values.items():
            setattr(upload, name, value)
        upload.save(update_fields=["status", *values])
    game.upload = upload
    _enqueue(game.pk)
    return game


@transaction.atomic
def game_record_verify(*, game_id: int, now: datetime) -> bool:
    """Replay an uploaded record and act on what it shows (see the module's docstring). True
    if this call checked it; False if it was checked already (a task delivered twice)."""
    match_id = EngineGame.objects.filter(pk=game_id).values_list("match_id", flat=True).first()
    if match_id is None:
        return False  # the match was deleted meanwhile
    rnd, match = lock_match(match_id)  # round, match, then the game: the services' order
    event = Event.objects.get(pk=rnd.event_id)
    (game,), uploads = lock(EngineGame.objects.filter(pk=game_id),
                            GameUpload.objects.filter(game_id=game_id))
    upload = uploads[0] if uploads else None
    if upload is None or upload.status != UploadStatus.PENDING:
        return False
    try:
        outcome = replay(GameRecord.from_json(game.record))
    except EngineError as exc:  # stored before this engine's checks of a record's fields
        outcome = ReplayResult(False, None, None, exc.message)
    if not outcome.ok:
        turn = outcome.turn
        where = f"diverges at turn {turn}" if turn else "does not replay"
        note = f"game {game.number}'s record {where}: {outcome.reason}"
        game.divergent_turn = turn
        game.save(update_fields=["divergent_turn"])
        _finish(upload, UploadStatus.DIVERGENT, note, now)
        _dispute(event, rnd, match, note, now)
        return True
    game.verified = True
    game.save(update_fields=["verified"])
    tally = verified_score(match)
    reports = _reports(match)
    if not any(all(tally[k] <= r[k] for k in tally) for r in reports):
        note = (f"game {game.number}'s record is confirmed ({_winner_text(game.winner)}), but "
                f"no report allows that game")
        _finish(upload, UploadStatus.VERIFIED, note, now)
        _dispute(event, rnd, match, note, now)
        return True
    _finish(upload, UploadStatus.VERIFIED, f"game {game.number}'s record is confirmed", now)
    for report in reports:
        if tally == {k: report[k] for k in tally}:
            if event.status != EventStatus.COMPLETE:
                result_record_engine(match_id=match.pk, now=now, **tally)
            break
    return True


def _winner_text(winner: str) -> str:
    return "a draw" if winner == DRAW_NAME else f"won by {winner}"


def _finish(upload: GameUpload, status: str, note: str, now: datetime) -> None:
    game_upload_move(upload, status)
    upload.note = note[:200]
    upload.checked_at = now
    upload.save(update_fields=["status", "note", "checked_at"])


def _dispute(event: Event, rnd: Round, match: Match, note: str, now: datetime) -> None:
    """reported/disputed -> disputed, with what the replay found in the audit trail (the
    caller holds the round's and the match's locks)."""
    if match.status not in _OPEN or event.status == EventStatus.COMPLETE:
        return  # confirmed meanwhile by the organizer, or final: their result stands
    results_write([ResultWrite(event=event, rnd=rnd, match=match, action=ResultAction.ENGINE,
                               changes={"status": MatchStatus.DISPUTED,
                                        "engine_verified": False}, note=note)], now=now)
