"""Engine-decided matches in batches: one task plays several match jobs and writes all their
rows in one transaction with bulk inserts (COPY on PostgreSQL: core.bulk), so the database
work per match stays small next to the engine's (bench_matches measures it).

The guarantees are `engine_jobs`' own: the job rows are the truth, a run locks them, plays the
matches outside any transaction (deterministic from each job's seed), then locks them again and
writes only the jobs no other attempt has finished. A batch delivered twice, or overlapping a
single-job run of the same match, records each match once. A batch's message carries one
delivery token for its jobs, and the worker stamps them all with one heartbeat while it plays
them (engine_jobs' recovery); the sweeper sends lost jobs again in batches when there are
enough of them.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from django.db import transaction
from django.db.models import Exists, F, OuterRef
from django.utils.translation import gettext

from core import deliveries
from core.bulk import insert_rows
from core.errors import DomainError
from core.locks import lock, lock_get
from engine.clash.match import game_seed, play_match
from engine.seats import SIDES
from tournaments.models import (
    EngineGame,
    GameMode,
    JobStatus,
    Match,
    MatchJob,
    MatchStatus,
    Round,
)
from tournaments.selectors.matches import match_format
from tournaments.selectors.registrations import deck_from

from .audit import SNAPSHOT_FIELDS
from .engine_jobs import ai_level, job_heartbeat, job_seed, match_decks, refusal_error
from .results import engine_write, results_write
from .states import match_jobs_move

__all__ = [
    "DEFAULT_BATCH",
    "enqueue_batches",
    "guided_batches",
    "jobs_for_round_batched",
    "match_jobs_run_batch",
]

# The largest batch: about 15 queries a batch whatever its size (some 40 ms on the 2-core
# development machine, the time of four or five greedy matches), so bigger batches cost less
# per match; the tail gets smaller ones (guided_batches) so no worker idles at the end.
DEFAULT_BATCH = 100
# The tail's batches: at 20 matches the fixed cost is a fifth of the batch, and the worker
# that draws the last one finishes at most 20 matches after the others.
_SMALLEST_BATCH = 20
# Each batch is at most this fraction of the jobs still to send: with a few worker processes
# the last batches are small enough that they finish at about the same time.
_TAIL_SPLIT = 4
# The columns a batch writes of each game.
_GAME_FIELDS = ("match_id", "number", "mode", "seed", "record", "winner", "verified",
               "created_at")


def guided_batches(ids: list[int], largest: int, smallest: int = _SMALLEST_BATCH,
                   ) -> list[list[int]]:
    """`ids` cut in order into batches of at most `largest`, shrinking towards the end
    (guided scheduling): each batch takes a quarter of what is left, never more than
    `largest` nor fewer than `smallest` (or what is left)."""
    if largest < 1:
        raise ValueError("a batch has at least one job")
    batches, start = [], 0
    while start < len(ids):
        left = len(ids) - start
        size = min(largest, max(smallest, -(-left // _TAIL_SPLIT)), left)
        batches.append(ids[start:start + size])
        start += size
    return batches


def _enqueue(batches: list[list[int]], queue: str | None) -> None:
    """Send the batches after the commit, a message each; its jobs get its token and queue."""
    from tournaments.tasks import match_jobs_run_batch_task

    name = deliveries.queue_name(queue)
    for batch in batches:
        token = deliveries.new_token()
        MatchJob.objects.filter(pk__in=batch).update(delivery=token, queue=name,
                                                     deliveries=F("deliveries") + 1)
        deliveries.send_on_commit(match_jobs_run_batch_task, [batch], token=token, queue=name)


def enqueue_batches(job_ids: list[int], *, queue: str | None = None,
                    batch: int = DEFAULT_BATCH) -> list[list[int]]:
    """Send jobs already written (the sweeper's lost ones) in guided batches after the
    commit; returns the batches."""
    batches = guided_batches(job_ids, batch)
    _enqueue(batches, queue)
    return batches


@transaction.atomic
def jobs_for_round_batched(*, round_id: int, now: datetime, batch: int = DEFAULT_BATCH,
                           queue: str | None = None) -> list[list[int]]:
    """`jobs_for_round` for large rounds: a job for every AI-against-AI match still open
    (created with one insert), queued after the commit in tasks of at most `batch` jobs, the
    last ones smaller (guided_batches). Idempotent: a match has one job. Returns the batches
    of job ids queued."""
    if batch < 1:
        raise DomainError("invalid_batch", gettext("a batch has at least one job"))
    rnd = lock_get(Round.objects.filter(pk=round_id))
    matches = list(Match.objects.filter(round=rnd, player_b__isnull=False,
                                        player_a__is_ai=True, player_b__is_ai=True)
                   .exclude(status=MatchStatus.CONFIRMED).exclude(job__isnull=False))
    MatchJob.objects.bulk_create(
        [MatchJob(match=m, seed=job_seed(rnd, m), queued_at=now) for m in matches],
        ignore_conflicts=True)
    ids = list(MatchJob.objects.filter(match__in=matches, status=JobStatus.QUEUED)
               .order_by("id").values_list("id", flat=True))
    batches = guided_batches(ids, batch)
    _enqueue(batches, queue)
    return batches


def match_jobs_run_batch(*, job_ids: list[int], clock: Callable[[], datetime],
                         delivery: str | None = None) -> int:
    """Run the jobs of a batch; returns how many results this call recorded. With `delivery`
    (the message's token), only the jobs that still carry it: the others were sent again.

    The rows are read as values, not models: a hundred matches with their players, decks and
    events loaded as model instances cost about as much Python time as the database work."""
    with transaction.atomic():
        mine = MatchJob.objects.filter(pk__in=job_ids)
        if delivery is not None:
            mine = mine.filter(delivery=delivery)
        (rows,) = lock(mine.exclude(status__in=(JobStatus.DONE, JobStatus.FAILED))
                       .values_list("id", "match_id", "seed", "status"))
        if not rows:
            return 0
        jobs = [(job_id, match_id, seed) for job_id, match_id, seed, _ in rows]
        # One UPDATE for the batch (bulk_update's CASE per row costs more than the engine).
        at = clock()
        match_jobs_move({job_id: status for job_id, _, _, status in rows}, JobStatus.RUNNING,
                        attempts=F("attempts") + 1, started_at=at, heartbeat_at=at)
        # Each match with what its two seats play: (id, round, then per seat: registration,
        # decklist version's cards, pod seat's cards; then each seat's chosen AI level).
        matches = {row[0]: row for row in Match.objects.filter(
            pk__in=[match_id for _, match_id, _ in jobs]).values_list(
            "id", "round_id", *(f"player_{side}{path}" for side in SIDES for path in (
                "_id", "__decklist_version__cards", "__pod_seat__cards")),
            *(f"player_{side}__ai_level" for side in SIDES))}
        rounds = {r.pk: r for r in Round.objects.select_related("event").filter(
            pk__in={row[1] for row in matches.values()})}
    played = {}
    with job_heartbeat([job_id for job_id, _, _ in jobs], clock):
        for job_id, match_id, seed in jobs:
            row = matches[match_id]
            event = rounds[row[1]].event
            decks = match_decks(*(deck_from(reg, event, version_cards=version, seat_cards=seat)
                                  for reg, version, seat in (row[2:5], row[5:8])), seed)
            levels = (ai_level(row[8]), ai_level(row[9]))
            played[job_id] = (match_id, seed, play_match(decks, seed, levels,
                                                         best_of=event.match_length))
    return _record(played, sorted(rounds), clock)


@transaction.atomic
def _record(played: dict, round_ids: list[int], clock: Callable[[], datetime]) -> int:
    """Write what `played` ({job id: (match id, seed, MatchResult)}) decided, under the locks
    of the services' order: rounds, then matches, then the jobs. The results go through the
    one writer (`results.results_write`, all in one call); a job whose result it refuses fails
    at once with the reason, and its games are not written."""
    at = clock()
    match_ids = [match_id for match_id, _, _ in played.values()]
    # Only the columns the writer reads and sets (and `has_games`): no players, no reports'
    # neighbours, so a hundred of them cost little to build.
    locked_rounds, locked_matches, locked_jobs = lock(
        Round.objects.select_related("event").filter(pk__in=round_ids),
        Match.objects.filter(pk__in=match_ids).annotate(
            has_games=Exists(EngineGame.objects.filter(match=OuterRef("pk")))).only(
            "id", "round", "table", "player_b", *SNAPSHOT_FIELDS),
        MatchJob.objects.filter(pk__in=list(played)).values_list("id", "status"),
        of=("self",))
    rounds = {r.pk: r for r in locked_rounds}
    matches = {m.pk: m for m in locked_matches}
    status = dict(locked_jobs)
    with_games = [match_id for match_id, m in matches.items() if m.has_games]
    existing = set(EngineGame.objects.filter(match_id__in=with_games)
                   .values_list("match_id", "number")) if with_games else set()
    writes, failed, to_record = [], {}, {}
    for job_id, (match_id, seed, result) in played.items():
        if status[job_id] in (JobStatus.DONE, JobStatus.FAILED):
            continue  # another attempt finished it meanwhile
        match = matches[match_id]
        rnd = rounds[match.round_id]
        score = {"a_wins": result.a_wins, "b_wins": result.b_wins, "draws": result.draws}
        try:
            write = engine_write(event=rnd.event, rnd=rnd, match=match, score=score, now=at)
        except DomainError as refusal:
            failed[job_id] = refusal_error(score, refusal, match_format(rnd.event, rnd))
            continue
        if write is not None:
            writes.append(write)
        to_record[job_id] = (match_id, seed, result, score, rnd)
    refused = results_write(writes, now=at, raise_refusal=False)
    games, done = [], []
    for job_id, (match_id, seed, result, score, rnd) in to_record.items():
        if match_id in refused:
            failed[job_id] = refusal_error(score, refused[match_id],
                                           match_format(rnd.event, rnd))
            continue
        # A game row already there stays as it is (as the single-job run's get_or_create).
        games += [(match_id, i + 1, GameMode.AUTO, game_seed(seed, i), record.to_json(),
                   record.result or "", True, at)
                  for i, record in enumerate(result.games) if (match_id, i + 1) not in existing]
        done.append(job_id)
    insert_rows(EngineGame, _GAME_FIELDS, games)
    match_jobs_move({job_id: status[job_id] for job_id in done}, JobStatus.DONE,
                    finished_at=at, error="", error_code="", error_params={})
    for job_id, error in failed.items():
        match_jobs_move({job_id: status[job_id]}, JobStatus.FAILED, finished_at=at, **error)
    return len(writes) - len(refused)
