"""Deck-lab runs started from the lab page: a `LabRun` row keeps what was asked and the Celery
ids of its chord (`lab_start`, for the progress bar). The chord's callbacks write its end to
the row, the result (`lab_run_finish`) or the reason it failed (`lab_run_fail`); the pages
only read the row.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import DomainError, Problem, from_engine
from core.locks import lock_one
from engine.clash.ai import LEVELS
from engine.clash.cards import load_catalogue
from engine.clash.errors import EngineError
from engine.clash.lab import check_lab
from engine.clash.rng import Rng
from lab.models import LabRun, LabRunStatus

from .chords import lab_start
from .live import run_changed
from .states import lab_run_move

MAX_GAMES = 100_000
CHUNK = 2500
MAX_ERROR = 2000


def lab_run_start(*, owner: AbstractBaseUser, deck: list[str], deck_label: str,
                  field: list[int], games: int, ai: str, now: datetime) -> LabRun:
    """Check the request, save the run and send its chord once the row is committed, so
    the callback finds it (eager tasks finish the run here)."""
    catalogue = load_catalogue()
    problems = []  # each tagged with the argument it is about
    if not 1 <= games <= MAX_GAMES:
        problems.append(Problem(gettext("the number of games is 1 to %(most)s")
                                % {"most": f"{MAX_GAMES:,}"}, "games"))
    if ai not in LEVELS:
        problems.append(Problem(gettext("unknown AI level %(level)s: known are %(levels)s")
                                % {"level": repr(ai), "levels": ", ".join(LEVELS)}, "ai"))
    unknown = [n for n in field if n not in catalogue.deck_numbers]
    if unknown or not field:
        problems.append(Problem(gettext("pick at least one preconstructed deck for the field"),
                                "field"))
    if problems:
        raise DomainError("invalid_lab_run", "; ".join(problems), problems=problems)
    field_decks = [catalogue.deck(n) for n in field]
    try:
        check_lab(deck, field_decks, ai)
    except EngineError as exc:
        raise from_engine(exc, "invalid_lab_run") from None
    seed = Rng.stream(int(now.timestamp() * 1000), f"lab-{owner.pk}").next_u64() >> 1
    run = LabRun.objects.create(owner=owner, deck_label=deck_label[:120], deck=deck,
                                field=field, games=games, ai=ai, seed=seed, created_at=now)

    def send() -> None:
        result = lab_start(deck=deck, field=field_decks, games=games, seed=seed, ai=ai,
                           chunk=CHUNK, run_id=run.pk)
        header = result.parent
        # Only the ids: the callback may have written the status and result already.
        LabRun.objects.filter(pk=run.pk).update(
            result_id=result.id or "",
            chunk_ids=[r.id for r in header.results] if header is not None else [])

    transaction.on_commit(send)
    run.refresh_from_db()  # finished already when the tasks ran eagerly
    return run


@transaction.atomic
def lab_run_finish(*, run_id: int, result: dict, now: datetime) -> bool:
    """Write the chord's merged result to the run; False if there was nothing to do (the run
    is gone, or finished by an earlier delivery of the same callback)."""
    run = lock_one(LabRun.objects.filter(pk=run_id))
    if run is None or run.status != LabRunStatus.RUNNING:
        return False
    lab_run_move(run, LabRunStatus.DONE)
    run.result, run.finished_at = result, now
    run.save(update_fields=["status", "result", "finished_at"])
    run_changed(run_id=run.pk, kind=run.status)
    return True


@transaction.atomic
def lab_run_fail(*, run_id: int, reason: str, now: datetime) -> bool:
    """Mark the run failed with the reason (a chunk or the merge raised); False if there was
    nothing to do."""
    run = lock_one(LabRun.objects.filter(pk=run_id))
    if run is None or run.status != LabRunStatus.RUNNING:
        return False
    lab_run_move(run, LabRunStatus.FAILED)
    run.error, run.finished_at = reason[:MAX_ERROR], now
    run.save(update_fields=["status", "error", "finished_at"])
    run_changed(run_id=run.pk, kind=run.status)
    return True
