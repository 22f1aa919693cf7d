"""Matches the engine decides: AI seat against AI seat, played out by a Celery worker.

The row (`MatchJob`) is the truth; the broker only carries job ids. A run locks the row,
computes the match outside any transaction (the engine is deterministic from the job's seed,
so every attempt computes the same games), then locks again and writes the games and the
result only if no other attempt has: a task delivered twice, or a late worker finishing an
attempt that was already retried, changes nothing.

Recovery (core/deliveries.py): each message carries a delivery token, stored on the job, and a
delivery whose token is no longer the job's does nothing. The worker stamps the jobs it runs
every CLASH_JOB_HEARTBEAT_SECONDS. `jobs_sweep` (celery beat, every CLASH_JOB_SWEEP_SECONDS)
queues again a running job silent for CLASH_JOB_LOST_SECONDS (its worker died) and a queued job
whose message the broker no longer holds (a flush, a restart, a worker that died holding it),
never one whose message still waits in the queue (a backlog), up to CLASH_JOB_MAX_DELIVERIES
messages per job.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q

from core import deliveries
from core.errors import DomainError
from core.locks import lock, lock_get
from core.seeds import derive_seed
from decks.rules import engine_plays
from engine.clash.formats import ValuePolicy, run_bans
from engine.clash.match import game_seed, play_match
from engine.clash.match_rules import MatchFormat
from tournaments.models import (
    EngineGame,
    Event,
    GameMode,
    JobStatus,
    Match,
    MatchJob,
    MatchStatus,
    Round,
)
from tournaments.selectors.matches import match_format
from tournaments.selectors.registrations import deck_for

from .results import result_record_engine
from .states import match_job_move

__all__ = [
    "BATCH_FROM",
    "ai_level",
    "decks_for_match",
    "job_heartbeat",
    "job_seed",
    "jobs_for_round",
    "jobs_sweep",
    "match_decks",
    "match_job_run",
    "refusal_error",
]

# A round with at least this many AI-against-AI matches to queue sends them in batches
# (match_batches: a task plays up to 100 and writes them together), not a task each.
BATCH_FROM = 10
# A broker whose queues cannot be looked into (not Redis): a queued job counts as lost only
# after this long, as a backlog may take that long.
_STUCK_AFTER = timedelta(minutes=5)


def ai_level(chosen: str = "") -> str:
    """The engine AI level an AI seat plays with: the one the organizer `chosen` for it, else
    the setting CLASH_AI_SEAT_LEVEL."""
    return chosen or settings.CLASH_AI_SEAT_LEVEL


def _enqueue(job_ids: list[int], queue: str | None = None) -> None:
    """Send the jobs to the workers, a message each, once the transaction commits; each job
    row gets its message's token and queue."""
    from tournaments.tasks import match_job_run_task

    name = deliveries.queue_name(queue)
    for job_id in job_ids:
        token = deliveries.new_token()
        MatchJob.objects.filter(pk=job_id).update(delivery=token, queue=name,
                                                  deliveries=F("deliveries") + 1)
        deliveries.send_on_commit(match_job_run_task, [job_id], token=token, queue=name)


def job_seed(rnd: Round, match: Match) -> int:
    """One-way from the round's seed (the event's): the games of a finished match, whose
    records anyone may replay, tell nothing of the event's other draws."""
    return derive_seed(rnd.seed, f"match-{rnd.number}-{match.table}")


@transaction.atomic
def jobs_for_round(*, round_id: int, now: datetime) -> list[MatchJob]:
    """A job for every match of the round between two AI seats (idempotent: one per match),
    queued a task each, or in batches from BATCH_FROM matches on."""
    rnd = lock_get(Round.objects.filter(pk=round_id).select_related("event__game"))
    if not engine_plays(rnd.event.game):
        return []  # only Clash of Decks matches are played by the engine
    matches = (Match.objects.filter(round=rnd, player_b__isnull=False,
                                    player_a__is_ai=True, player_b__is_ai=True)
               .exclude(status=MatchStatus.CONFIRMED))
    if matches.filter(job__isnull=True).count() >= BATCH_FROM:
        from .match_batches import jobs_for_round_batched  # it builds on this module

        batches = jobs_for_round_batched(round_id=rnd.pk, now=now)
        return list(MatchJob.objects.filter(pk__in=[i for b in batches for i in b]))
    jobs = []
    for match in matches:
        job, created = MatchJob.objects.get_or_create(
            match=match, defaults={"seed": job_seed(rnd, match), "queued_at": now})
        if created:
            jobs.append(job)
    _enqueue([j.pk for j in jobs])
    return jobs


def decks_for_match(match: Match, event: Event, seed: int) -> tuple[list[str], list[str]]:
    return match_decks(deck_for(match.player_a, event), deck_for(match.player_b, event), seed)


def match_decks(a: list[str], b: list[str], seed: int) -> tuple[list[str], list[str]]:
    """The two seats' decks as they play: constructed lists of 10 after the ban-two step."""
    if len(a) == 10 and len(b) == 10:  # constructed: the ban-two procedure first (C-2.5)
        policy = ValuePolicy.from_file()
        state = run_bans(a, b, seed, (policy, policy))
        return state.decks()
    return a, b


def match_job_run(*, job_id: int, clock: Callable[[], datetime],
                  delivery: str | None = None) -> bool:
    """Run one job; True if this call recorded the result, False if there was nothing to do
    (already done or failed, another attempt finished first, or `delivery`, the token of the
    message that brought it, was replaced by the sweeper's) or if the result writer refused the
    engine's result: then the job fails at once with the reason (it would compute the same games
    again), and the organizer sets the result. `clock` gives the time at each step (the run
    takes seconds: its start, heartbeats and finish are stamped as they happen); a `now`
    parameter is always the one moment a write happens at."""
    with transaction.atomic():
        job = lock_get(MatchJob.objects.filter(pk=job_id))
        if job.status in (JobStatus.DONE, JobStatus.FAILED):
            return False
        if delivery is not None and delivery != job.delivery:
            return False  # a copy the sweeper replaced: the job's own message runs it
        match_job_move(job, JobStatus.RUNNING)
        job.attempts += 1
        job.started_at = job.heartbeat_at = clock()
        job.save(update_fields=["status", "attempts", "started_at", "heartbeat_at"])
        match = Match.objects.select_related("round__event", "player_a__decklist_version",
                                             "player_b__decklist_version").get(pk=job.match_id)
        event = match.round.event
        seed = job.seed
    decks = decks_for_match(match, event, seed)
    levels = (ai_level(match.player_a.ai_level), ai_level(match.player_b.ai_level))
    with job_heartbeat([job_id], clock):
        result = play_match(decks, seed, levels, best_of=event.match_length)
    with transaction.atomic():
        # The services' order (round, match, then the job), as the result writer and the
        # batches take them.
        _, _, (job,) = lock(Round.objects.filter(pk=match.round_id),
                            Match.objects.filter(pk=match.pk), MatchJob.objects.filter(pk=job_id))
        if job.status == JobStatus.DONE:
            return False  # another attempt recorded it meanwhile
        at = clock()
        score = {"a_wins": result.a_wins, "b_wins": result.b_wins, "draws": result.draws}
        try:
            result_record_engine(match_id=job.match_id, now=at, **score)
        except DomainError as refusal:  # it wrote nothing; another run computes the same
            match_job_move(job, JobStatus.FAILED)
            job.finished_at = at
            for name, value in refusal_error(score, refusal,
                                             match_format(event, match.round)).items():
                setattr(job, name, value)
            job.save(update_fields=["status", "finished_at", *_ERROR_FIELDS])
            return False
        for index, record in enumerate(result.games):
            EngineGame.objects.get_or_create(
                match_id=job.match_id, number=index + 1,
                defaults={"mode": GameMode.AUTO, "seed": game_seed(seed, index),
                          "record": record.to_json(), "winner": record.result or "",
                          "verified": True, "created_at": at})
        match_job_move(job, JobStatus.DONE)
        job.finished_at = at
        job.error, job.error_code, job.error_params = "", "", {}
        job.save(update_fields=["status", "finished_at", *_ERROR_FIELDS])
    return True


_ERROR_FIELDS = ("error", "error_code", "error_params")


def refusal_error(score: dict, refusal: DomainError, fmt: MatchFormat) -> dict:
    """Why a job failed, for the organizer (the job's ERROR_FIELDS): the engine's score and
    the writer's refusal, as a code and params the pages put into the reader's language
    (presenters.job_errors), and in English."""
    text = f"{score['a_wins']}-{score['b_wins']}" + (f"-{score['draws']}" if score["draws"]
                                                     else "")
    return {"error": f"the engine's result {text} was not recorded: {refusal.message}. Set "
                     f"the result by hand.",
            "error_code": "result_refused",
            "error_params": {"score": score, "best_of": fmt.best_of, "top_cut": fmt.top_cut,
                             "refusal": {"code": refusal.code, "params": refusal.params,
                                         "message": refusal.message}}}


def job_heartbeat(job_ids: list[int], clock: Callable[[], datetime],
                  ) -> AbstractContextManager[None]:
    """While the block runs, the running jobs of `job_ids` are stamped every
    CLASH_JOB_HEARTBEAT_SECONDS (one UPDATE for them all, from a thread of the worker)."""
    return deliveries.heartbeat(
        lambda: MatchJob.objects.filter(pk__in=job_ids, status=JobStatus.RUNNING).update(
            heartbeat_at=clock()),
        every=settings.CLASH_JOB_HEARTBEAT_SECONDS)


def jobs_sweep(*, now: datetime, lost_after: timedelta | None = None,
               max_deliveries: int | None = None,
               held: Callable[..., set[str] | None] = deliveries.held,
               ) -> tuple[list[int], list[int]]:
    """Queue again the jobs whose work was lost: running with a heartbeat older than
    `lost_after` (CLASH_JOB_LOST_SECONDS: the worker died), or queued (for longer than a
    heartbeat interval: a message leaves after its commit) with a message the broker cannot
    deliver any more (`held`: lost, or reserved longer than `lost_after` by a worker that never
    started it). A job whose message still waits in the broker is left alone, however long
    the backlog. A job that already had `max_deliveries` messages (CLASH_JOB_MAX_DELIVERIES)
    fails for the organizer to settle. Returns (re-queued ids, failed ids)."""
    if lost_after is None:
        lost_after = timedelta(seconds=settings.CLASH_JOB_LOST_SECONDS)
    if max_deliveries is None:
        max_deliveries = settings.CLASH_JOB_MAX_DELIVERIES
    grace = timedelta(seconds=settings.CLASH_JOB_HEARTBEAT_SECONDS)
    silent = Q(status=JobStatus.RUNNING) & (
        Q(heartbeat_at__lte=now - lost_after)
        | Q(heartbeat_at__isnull=True, started_at__lte=now - lost_after))
    # Read without locks: a backlog of thousands of queued jobs is looked at every sweep.
    seen = {pk: (status, token, queue) for pk, status, token, queue in MatchJob.objects.filter(
        silent | Q(status=JobStatus.QUEUED, queued_at__lte=now - grace))
        .values_list("id", "status", "delivery", "queue")}
    if not seen:
        return [], []
    waiting = held({token: deliveries.queue_name(queue)
                    for _, token, queue in seen.values() if token},
                   reserved_for=lost_after.total_seconds(), now=now.timestamp())
    if waiting is None:  # a broker that cannot be looked into: a queued job's age decides
        old = set(MatchJob.objects.filter(pk__in=list(seen), status=JobStatus.QUEUED,
                                          queued_at__lte=now - _STUCK_AFTER)
                  .values_list("id", flat=True))
        lost = [pk for pk, (status, _, _) in seen.items()
                if status == JobStatus.RUNNING or pk in old]
    else:
        lost = [pk for pk, (_, token, _) in seen.items() if token not in waiting]
    return _requeue(lost, seen, now=now, silent_since=now - lost_after,
                    max_deliveries=max_deliveries)


@transaction.atomic
def _requeue(job_ids: Iterable[int], seen: dict, *, now: datetime, silent_since: datetime,
             max_deliveries: int) -> tuple[list[int], list[int]]:
    """Send the lost jobs again, each as it was when the sweeper judged it (same status and
    token, still silent if running: a job a worker took or stamped meanwhile is left to it),
    or fail those at the cap."""
    requeued, failed = [], []
    (jobs,) = lock(MatchJob.objects.filter(pk__in=list(job_ids)), skip_locked=True)
    for job in jobs:
        if (job.status, job.delivery, job.queue) != seen[job.pk] or (
                job.status == JobStatus.RUNNING
                and (job.heartbeat_at or job.started_at) > silent_since):
            continue
        if max(job.deliveries, job.attempts) >= max_deliveries:
            match_job_move(job, JobStatus.FAILED)
            job.error = (f"gave up after {job.deliveries} deliveries and {job.attempts} "
                         f"attempts")
            job.error_code = "gave_up"
            job.error_params = {"deliveries": job.deliveries, "attempts": job.attempts}
            job.save(update_fields=["status", *_ERROR_FIELDS])
            failed.append(job.pk)
        else:
            match_job_move(job, JobStatus.QUEUED)
            job.queued_at = now
            job.heartbeat_at = None
            job.save(update_fields=["status", "queued_at", "heartbeat_at"])
            requeued.append(job.pk)
    by_queue: dict[str, list[int]] = {}
    again = set(requeued)
    for job in jobs:
        if job.pk in again:
            by_queue.setdefault(job.queue, []).append(job.pk)
    for queue, ids in by_queue.items():
        if len(ids) >= BATCH_FROM:  # a lost round goes back in batches, as it was sent
            from .match_batches import enqueue_batches

            enqueue_batches(ids, queue=queue or None)
        else:
            _enqueue(ids, queue=queue or None)
    return requeued, failed
