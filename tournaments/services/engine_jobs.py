"""Matches the engine decides: AI seat against AI seat, played out by a Celery worker.

The row (`MatchJob`) is the truth; the broker only carries job ids. A run locks the row,
computes the match outside any transaction (the engine is deterministic from the job's seed,
so every attempt computes the same games), then locks again and writes the games and the
result only if no other attempt has: a task delivered twice, or a late worker finishing an
attempt that was already retried, changes nothing. `jobs_sweep` (celery beat) re-queues jobs
stuck longer than a limit, up to a cap on attempts, which also recovers jobs whose messages the
broker lost (a Redis restart).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from clash.domain import DomainError
from clash.seeds import derive_seed
from decks.services.game_rules import engine_plays
from engine.clash.cards import load_catalogue
from engine.clash.formats import ValuePolicy, run_bans
from engine.clash.match import game_seed, play_match
from engine.clash.rng import Rng
from tournaments.models import (
    EngineGame,
    Event,
    EventFormat,
    GameMode,
    JobStatus,
    Match,
    MatchJob,
    MatchStatus,
    Registration,
    Round,
)

from .results import result_record_engine

# A round with at least this many AI-against-AI matches to queue sends them in batches
# (match_batches: a task plays up to 100 and writes them together), not a task each.
BATCH_FROM = 10
STUCK_AFTER = timedelta(minutes=5)
MAX_ATTEMPTS = 5


def ai_level() -> str:
    """The engine AI level AI seats play with (setting CLASH_AI_SEAT_LEVEL)."""
    return settings.CLASH_AI_SEAT_LEVEL


def _enqueue(job_ids: list[int]) -> None:
    """Send the jobs to the workers once the transaction that created them commits."""
    from tournaments.tasks import match_job_run_task

    for job_id in job_ids:
        match_job_run_task.delay_on_commit(job_id)


def job_seed(rnd: Round, match: Match) -> int:
    """One-way from the round's seed (the event's): the games of a finished match, whose
    records anyone may replay, tell nothing of the event's other draws."""
    return derive_seed(rnd.seed, f"match-{rnd.number}-{match.table}")


@transaction.atomic
def jobs_for_round(*, round_id: int, now: datetime) -> list[MatchJob]:
    """A job for every match of the round between two AI seats (idempotent: one per match),
    queued a task each, or in batches from BATCH_FROM matches on."""
    rnd = Round.objects.select_for_update().select_related("event__game").get(pk=round_id)
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


def deck_for(registration: Registration, event: Event) -> list[str]:
    """The cards a seat plays: its decklist version's cards (a constructed list of 10 goes
    through the ban-two procedure against the opponent first, see `decks_for_match`), an AI
    seat's 8 drafted cards in a draft pod, else a preconstructed deck chosen from the event's
    seed."""
    version = registration.decklist_version
    seat = getattr(registration, "pod_seat", None)
    return deck_from(registration.pk, event, version_cards=version and version.cards,
                     seat_cards=seat and seat.cards)


def deck_from(registration_id: int, event: Event, *, version_cards: list[str] | None,
              seat_cards: list[str] | None) -> list[str]:
    """`deck_for` from the values alone (batches read them without loading the rows as
    models): the decklist version's cards when it has one (`version_cards`), else the pod
    seat's drafted cards, else a list or deck chosen from the event's seed."""
    if version_cards is not None:
        return list(version_cards)
    if seat_cards:
        return list(seat_cards)
    catalogue = load_catalogue()
    if event.format == EventFormat.CONSTRUCTED:  # a list of 10 different cards (C-2.5)
        names = [card.name for card in catalogue.cards]
        Rng.stream(event.seed, f"ai-list-{registration_id}").shuffle(names)
        return sorted(names[:10])
    numbers = catalogue.deck_numbers
    pick = Rng.stream(event.seed, f"ai-deck-{registration_id}").below(len(numbers))
    return catalogue.deck(numbers[pick])


def decks_for_match(match: Match, event: Event, seed: int) -> tuple[list[str], list[str]]:
    return match_decks(deck_for(match.player_a, event), deck_for(match.player_b, event), seed)


def match_decks(a: list[str], b: list[str], seed: int) -> tuple[list[str], list[str]]:
    """The two seats' decks as they play: constructed lists of 10 after the ban-two step."""
    if len(a) == 10 and len(b) == 10:  # constructed: the ban-two procedure first (C-2.5)
        policy = ValuePolicy.from_file()
        state = run_bans(a, b, seed, (policy, policy))
        return state.decks()
    return a, b


def match_job_run(*, job_id: int, now: Callable[[], datetime]) -> bool:
    """Run one job; True if this call recorded the result, False if there was nothing to do
    (already done or failed, or another attempt finished first) or if the result writer
    refused the engine's result: then the job fails at once with the reason (it would compute
    the same games again), and the organizer sets the result."""
    with transaction.atomic():
        job = MatchJob.objects.select_for_update().get(pk=job_id)
        if job.status in (JobStatus.DONE, JobStatus.FAILED):
            return False
        job.status = JobStatus.RUNNING
        job.attempts += 1
        job.started_at = now()
        job.save(update_fields=["status", "attempts", "started_at"])
        match = Match.objects.select_related("round__event", "player_a__decklist_version",
                                             "player_b__decklist_version").get(pk=job.match_id)
        event = match.round.event
        seed = job.seed
    decks = decks_for_match(match, event, seed)
    level = ai_level()
    result = play_match(decks, seed, (level, level), best_of=event.match_length)
    with transaction.atomic():
        job = MatchJob.objects.select_for_update().get(pk=job_id)
        if job.status == JobStatus.DONE:
            return False  # another attempt recorded it meanwhile
        at = now()
        score = {"a_wins": result.a_wins, "b_wins": result.b_wins, "draws": result.draws}
        try:
            result_record_engine(match_id=job.match_id, now=at, **score)
        except DomainError as refusal:  # it wrote nothing; another run computes the same
            job.status, job.finished_at = JobStatus.FAILED, at
            job.error = refusal_text(score, refusal)
            job.save(update_fields=["status", "finished_at", "error"])
            return False
        for index, record in enumerate(result.games):
            EngineGame.objects.get_or_create(
                match_id=job.match_id, number=index + 1,
                defaults={"mode": GameMode.AUTO, "seed": game_seed(seed, index),
                          "record": record.to_json(), "winner": record.result or "",
                          "verified": True, "created_at": at})
        job.status = JobStatus.DONE
        job.finished_at = at
        job.error = ""
        job.save(update_fields=["status", "finished_at", "error"])
    return True


def refusal_text(score: dict, refusal: DomainError) -> str:
    """Why a job failed, for the organizer: the engine's score and the writer's refusal."""
    text = f"{score['a_wins']}-{score['b_wins']}" + (f"-{score['draws']}" if score["draws"]
                                                     else "")
    return (f"the engine's result {text} was not recorded: {refusal.message}. Set the "
            f"result by hand.")


@transaction.atomic
def jobs_sweep(*, now: datetime, stuck_after: timedelta = STUCK_AFTER,
               max_attempts: int = MAX_ATTEMPTS) -> tuple[list[int], list[int]]:
    """Re-queue jobs queued or running for longer than `stuck_after` (their message or their
    worker was lost); jobs past `max_attempts` fail for the organizer to settle.
    Returns (re-queued ids, failed ids)."""
    limit = now - stuck_after
    stuck = list(MatchJob.objects.select_for_update(skip_locked=True).filter(
        Q(status=JobStatus.QUEUED, queued_at__lte=limit)
        | Q(status=JobStatus.RUNNING, started_at__lte=limit)))
    requeued, failed = [], []
    for job in stuck:
        if job.attempts >= max_attempts:
            job.status = JobStatus.FAILED
            job.error = f"gave up after {job.attempts} attempts"
            job.save(update_fields=["status", "error"])
            failed.append(job.pk)
        else:
            job.status = JobStatus.QUEUED
            job.queued_at = now
            job.save(update_fields=["status", "queued_at"])
            requeued.append(job.pk)
    _enqueue(requeued)
    return requeued, failed
