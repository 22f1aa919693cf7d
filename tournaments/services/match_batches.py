"""Engine-decided matches in batches: one task plays several match jobs and writes all their
rows in one transaction with bulk inserts (COPY on PostgreSQL: clash.bulk), so the database work per match stays small next to
the engine's (bench_matches measures it).

The guarantees are `engine_jobs`' own: the job rows are the truth, a run locks them, plays the
matches outside any transaction (deterministic from each job's seed), then locks them again and
writes only the jobs no other attempt has finished. A batch delivered twice, or overlapping a
single-job run of the same match, records each match once. The sweeper re-queues stuck jobs of
a batch one by one, as it does any job.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from datetime import datetime

from django.db import transaction
from django.db.models import F

from clash.bulk import insert_rows
from clash.domain import DomainError
from engine.clash.match import game_seed, play_match
from tournaments.models import (
    EngineGame,
    Event,
    EventStatus,
    GameMode,
    JobStatus,
    Match,
    MatchJob,
    MatchStatus,
    ResultAction,
    ResultChange,
    Round,
    RoundStage,
    RoundStatus,
)

from .audit import snapshot
from .engine_jobs import ai_level, decks_for_match, job_seed
from .results import result_problems

# The largest batch: about 15 queries a batch whatever its size, so bigger batches cost less
# per match; the tail gets smaller ones (guided_batches) so no worker idles at the end.
DEFAULT_BATCH = 100
SMALLEST_BATCH = 5
# Each batch is at most this fraction of the jobs still to send: with W workers the last
# batches are small enough that they finish at about the same time.
TAIL_SPLIT = 8


def guided_batches(ids: list[int], largest: int, smallest: int = SMALLEST_BATCH,
                   ) -> list[list[int]]:
    """`ids` cut in order into batches of at most `largest`, shrinking towards the end
    (guided scheduling): each batch takes an eighth of what is left, never more than
    `largest` nor fewer than `smallest` (or what is left)."""
    if largest < 1:
        raise ValueError("a batch has at least one job")
    batches, start = [], 0
    while start < len(ids):
        left = len(ids) - start
        size = min(largest, max(smallest, -(-left // TAIL_SPLIT)), left)
        batches.append(ids[start:start + size])
        start += size
    return batches


def _enqueue(batches: list[list[int]], queue: str | None) -> None:
    from tournaments.tasks import match_jobs_run_batch_task

    for batch in batches:
        if queue:
            transaction.on_commit(lambda b=batch: match_jobs_run_batch_task.apply_async(
                (b,), queue=queue))
        else:
            match_jobs_run_batch_task.delay_on_commit(batch)


@transaction.atomic
def jobs_for_round_batched(*, round_id: int, now: datetime, batch: int = DEFAULT_BATCH,
                           queue: str | None = None) -> list[list[int]]:
    """`jobs_for_round` for large rounds: a job for every AI-against-AI match still open
    (created with one insert), queued after the commit in tasks of at most `batch` jobs, the
    last ones smaller (guided_batches). Idempotent: a match has one job. Returns the batches
    of job ids queued."""
    if batch < 1:
        raise DomainError("invalid_batch", "a batch has at least one job")
    rnd = Round.objects.select_for_update().get(pk=round_id)
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


def match_jobs_run_batch(*, job_ids: list[int], now: Callable[[], datetime]) -> int:
    """Run the jobs of a batch; returns how many results this call recorded."""
    with transaction.atomic():
        jobs = list(MatchJob.objects.select_for_update().filter(pk__in=job_ids)
                    .exclude(status__in=(JobStatus.DONE, JobStatus.FAILED)).order_by("id"))
        if not jobs:
            return 0
        # One UPDATE for the batch (bulk_update's CASE per row costs more than the engine).
        MatchJob.objects.filter(pk__in=[j.pk for j in jobs]).update(
            status=JobStatus.RUNNING, attempts=F("attempts") + 1, started_at=now())
        matches = {m.pk: m for m in Match.objects.select_related(
            "round__event", "player_a__decklist_version", "player_b__decklist_version",
            "player_a__pod_seat", "player_b__pod_seat").filter(
            pk__in=[j.match_id for j in jobs])}
    level = ai_level()
    played = {}
    for job in jobs:
        match = matches[job.match_id]
        event = match.round.event
        decks = decks_for_match(match, event, job.seed)
        played[job.pk] = play_match(decks, job.seed, (level, level), best_of=event.match_length)
    return _record(jobs, played, now)


@transaction.atomic
def _record(jobs: list[MatchJob], played: dict, now: Callable[[], datetime]) -> int:
    at = now()
    # The locks in the services' order: rounds, then matches, then the jobs.
    round_ids = sorted({r for r in Match.objects.filter(pk__in=[j.match_id for j in jobs])
                        .values_list("round_id", flat=True)})
    rounds = {r.pk: r for r in Round.objects.select_for_update().filter(pk__in=round_ids)
              .order_by("id")}
    matches = {m.pk: m for m in Match.objects.select_for_update().filter(
        pk__in=[j.match_id for j in jobs]).order_by("id")}
    current = {j.pk: j for j in MatchJob.objects.select_for_update().filter(
        pk__in=[j.pk for j in jobs]).order_by("id")}
    events = {e.pk: e for e in Event.objects.filter(
        pk__in={r.event_id for r in rounds.values()})}
    games, changes, done, failed, changed = [], [], [], [], []
    for job_id, result in played.items():
        job = current[job_id]
        if job.status in (JobStatus.DONE, JobStatus.FAILED):
            continue  # another attempt finished it meanwhile
        match = matches[job.match_id]
        rnd = rounds[match.round_id]
        event = events[rnd.event_id]
        score = {"a_wins": result.a_wins, "b_wins": result.b_wins, "draws": result.draws}
        error = _refusal(match, rnd, event, score)
        if error:
            failed.append((job.pk, error))
            continue
        games += [EngineGame(match_id=match.pk, number=i + 1, mode=GameMode.AUTO,
                             seed=game_seed(job.seed, i), record=record.to_json(),
                             winner=record.result or "", verified=True, created_at=at)
                  for i, record in enumerate(result.games)]
        if match.status != MatchStatus.CONFIRMED:
            before = snapshot(match)
            match.status = MatchStatus.CONFIRMED  # open -> confirmed: always legal
            match.a_wins, match.b_wins, match.draws = (score["a_wins"], score["b_wins"],
                                                       score["draws"])
            match.confirmed_at = at
            match.engine_verified = True
            changed.append(match)
            changes.append(ResultChange(match=match, by=None, action=ResultAction.ENGINE,
                                        before=before, after=snapshot(match), at=at))
        done.append(job.pk)
    # A game row already there stays as it is (as the single-job run's get_or_create does).
    existing = set(EngineGame.objects.filter(match_id__in=[g.match_id for g in games])
                   .values_list("match_id", "number"))
    insert_rows(EngineGame, [g for g in games if (g.match_id, g.number) not in existing])
    # A handful of distinct scores: one UPDATE per score, not a CASE per match.
    by_score = defaultdict(list)
    for match in changed:
        by_score[(match.a_wins, match.b_wins, match.draws)].append(match.pk)
    for (a_wins, b_wins, draws), ids in by_score.items():
        Match.objects.filter(pk__in=ids).update(
            status=MatchStatus.CONFIRMED, a_wins=a_wins, b_wins=b_wins, draws=draws,
            confirmed_at=at, engine_verified=True)
    insert_rows(ResultChange, changes)
    MatchJob.objects.filter(pk__in=done).update(status=JobStatus.DONE, finished_at=at,
                                                error="")
    for job_id, error in failed:
        MatchJob.objects.filter(pk=job_id).update(status=JobStatus.FAILED, finished_at=at,
                                                  error=error)
    for rnd in rounds.values():
        if rnd.status == RoundStatus.PLAYING and not rnd.matches.exclude(
                status=MatchStatus.CONFIRMED).exists():
            rnd.status, rnd.completed_at = RoundStatus.COMPLETE, at
            rnd.save(update_fields=["status", "completed_at"])
    return len(changed)


def _refusal(match: Match, rnd: Round, event: Event, score: dict) -> str:
    """Why the engine's result cannot be recorded (what `result_record_engine` refuses)."""
    if event.status == EventStatus.COMPLETE:
        return f"{event} is complete: its results are final"
    problems = result_problems(match_length=event.match_length,
                               top_cut=rnd.stage == RoundStage.TOP_CUT, **score)
    if problems:
        return "; ".join(problems)
    if match.status == MatchStatus.CONFIRMED and score != {
            "a_wins": match.a_wins, "b_wins": match.b_wins, "draws": match.draws}:
        return (f"table {match.table} was confirmed as {match.a_wins}-{match.b_wins} "
                f"meanwhile: an organizer settles it")
    return ""
