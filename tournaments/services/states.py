"""The tournament state machines and their moves: the one place a status of an event, a round,
a match, a draft pair, a match job or an uploaded game record is written (core.states).

The event's and the match's tables are in tournaments.models; the others are here. A move the
user asked for in the wrong state is a Conflict (409) that says what the state is and what it
allows; a move a service makes by itself in the wrong state is a bug and raises.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext, ngettext

from core.errors import Conflict
from core.states import Machine, move, move_rows
from tournaments.models import (
    EVENT_TRANSITIONS,
    MATCH_TRANSITIONS,
    DraftPair,
    DraftStatus,
    Event,
    EventStatus,
    GameUpload,
    JobStatus,
    Match,
    MatchJob,
    MatchStatus,
    Round,
    RoundStatus,
    UploadStatus,
)

__all__ = [
    "draft_pair_move",
    "event_move",
    "game_upload_move",
    "match_job_move",
    "match_jobs_move",
    "match_move",
    "matches_move",
    "require_round_confirmed",
    "require_round_unplayed",
    "round_move",
    "rounds_move",
]

_EVENT = Machine("event", EventStatus, EVENT_TRANSITIONS)
_MATCH = Machine("match", MatchStatus, MATCH_TRANSITIONS)
_ROUND = Machine("round", RoundStatus, {
    RoundStatus.PLAYING: (RoundStatus.COMPLETE,),  # its last result confirmed
    RoundStatus.COMPLETE: (),
})
_DRAFT_PAIR = Machine("draft pair", DraftStatus, {
    DraftStatus.PICKING: (DraftStatus.DONE,),  # the 16th pick
    DraftStatus.DONE: (),
})
_JOB = Machine("job", JobStatus, {
    # queued -> queued and running -> queued: the sweeper sends a lost job again; running ->
    # running: a new message runs a job whose worker died. A job sent again may still be
    # finished by the attempt that was running (queued -> done or failed).
    JobStatus.QUEUED: (JobStatus.RUNNING, JobStatus.QUEUED, JobStatus.DONE, JobStatus.FAILED),
    JobStatus.RUNNING: (JobStatus.RUNNING, JobStatus.QUEUED, JobStatus.DONE, JobStatus.FAILED),
    JobStatus.DONE: (),
    # failed -> done or failed: a late single-job attempt records the result the sweeper gave
    # up on, or the writer's refusal of it; failed -> queued: the demo event plays a refused
    # match again from another seed.
    JobStatus.FAILED: (JobStatus.DONE, JobStatus.FAILED, JobStatus.QUEUED),
})
_UPLOAD = Machine("game record", UploadStatus, {
    UploadStatus.PENDING: (UploadStatus.VERIFIED, UploadStatus.DIVERGENT),  # the replay
    UploadStatus.VERIFIED: (),
    UploadStatus.DIVERGENT: (UploadStatus.PENDING,),  # a new record replaces it
})


def event_move(event: Event, to: str) -> None:
    """Set `event.status` to `to` if the event state machine allows it (not saved); the
    organizer asked for it, so an illegal move is a Conflict."""
    move(event, to, _EVENT, asked=True)


def match_move(match: Match, to: str) -> None:
    """Set `match.status`; the services check the user's side first, so an illegal move
    here is a bug."""
    move(match, to, _MATCH)


def matches_move(current: Mapping[int, str], to: str, *, fields: Sequence[str] = (),
                 rows: Sequence[Sequence[Any]] | None = None, **same: Any) -> list[int]:
    """Many matches at once (core.states.move_rows), for the bench that fills rounds without
    the result writer."""
    return move_rows(Match, _MATCH, current, to, fields=fields, rows=rows, **same)


def round_move(rnd: Round, to: str) -> bool:
    return move(rnd, to, _ROUND)


def rounds_move(current: Mapping[int, str], to: str, **same: Any) -> list[int]:
    return move_rows(Round, _ROUND, current, to, **same)


def draft_pair_move(pair: DraftPair, to: str) -> bool:
    return move(pair, to, _DRAFT_PAIR)


def match_job_move(job: MatchJob, to: str) -> bool:
    return move(job, to, _JOB)


def match_jobs_move(current: Mapping[int, str], to: str, **same: Any) -> list[int]:
    """Many jobs of a batch at once, each checked ({job id: status read under its lock})."""
    return move_rows(MatchJob, _JOB, current, to, **same)


def game_upload_move(upload: GameUpload, to: str) -> bool:
    return move(upload, to, _UPLOAD)


def require_round_confirmed(rnd: Round) -> None:
    """Conflict unless every result of `rnd` is confirmed; the message lists the open tables
    ('table 3 (one report), table 5 (disputed), table 7')."""
    open_matches = list(rnd.matches.exclude(status=MatchStatus.CONFIRMED).order_by("table"))
    if not open_matches:
        return
    parts = []
    for m in open_matches:
        if m.status == MatchStatus.DISPUTED:
            label = gettext("table %(table)s (disputed)")
        elif m.status == MatchStatus.REPORTED:
            label = gettext("table %(table)s (one report)")
        else:
            label = gettext("table %(table)s")
        parts.append(label % {"table": m.table})
    raise Conflict("results_open", gettext("Round %(round)s still has results to confirm: "
                                           "%(tables)s")
                                   % {"round": rnd.number, "tables": ", ".join(parts)},
                   problems=[f"table {m.table}: {m.status}" for m in open_matches],
                   params={"round": rnd.number, "count": len(open_matches)})


def require_round_unplayed(rnd: Round) -> None:
    """Conflict unless no match of `rnd` has a result or one on its way: every table is still
    pending (no report, no result set), none is being played online or by the engine, and no
    game record is in. The bye, confirmed when the round is paired, does not count. Undoing a
    pairing or swapping players is allowed only then (issue 16, corrections)."""
    started = sorted(set(rnd.matches.filter(player_b__isnull=False).filter(
        ~Q(status=MatchStatus.PENDING) | Q(job__isnull=False)
        | Q(online_games__isnull=False) | Q(games__isnull=False))
        .values_list("table", flat=True)))
    if not started:
        return
    listed = ", ".join(str(t) for t in started)
    raise Conflict("results_in", ngettext(
        "Round %(round)d has a result in at table %(tables)s: its pairing stands",
        "Round %(round)d has results in at tables %(tables)s: its pairing stands",
        len(started)) % {"round": rnd.number, "tables": listed},
                   params={"round": rnd.number, "tables": started})
