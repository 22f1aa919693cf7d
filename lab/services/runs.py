"""Deck-lab runs started from the lab page: a `LabRun` row keeps what was asked and the Celery
ids of its chord (`lab_start`, for the progress bar). The chord's callbacks write its end to
the row, the result (`lab_run_finish`) or the reason it failed (`lab_run_fail`); the pages
only read the row.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import connections, transaction
from django.utils import timezone
from django.utils.translation import gettext

from core.errors import DomainError, Problem, from_engine
from core.locks import lock_one
from core.numbers import grouped
from engine.clash.ai import LEVELS
from engine.clash.cards import load_catalogue
from engine.clash.errors import EngineError
from engine.clash.lab_lists import check_lab_deck
from engine.clash.rng import Rng
from lab.models import LabRun, LabRunStatus

from .chords import lab_start
from .live import run_changed
from .states import lab_run_move

__all__ = ["CHUNK", "MAX_GAMES", "lab_run_fail", "lab_run_finish", "lab_run_start", "thread_name"]

logger = logging.getLogger(__name__)

MAX_GAMES = 100_000
CHUNK = 2500
_MAX_ERROR = 2000


def lab_run_start(*, owner: AbstractBaseUser, deck: list[str], deck_label: str,
                  field: list[int], games: int, ai: str, now: datetime) -> LabRun:
    """Check the request, save the run and send its chord once the row is committed, so
    the callback finds it. `deck` is 8 cards, or a constructed list of 10 that each game
    plays after the opponent's bans (rule C-2.5, engine.clash.lab_lists).

    With tasks run in-process (the local settings' eager tasks, no workers), the chord runs
    in a thread of this process, so the request answers at once and the run's page shows its
    progress as it does with workers."""
    catalogue = load_catalogue()
    problems = []  # each tagged with the argument it is about
    if not 1 <= games <= MAX_GAMES:
        problems.append(Problem(gettext("the number of games is 1 to %(most)s")
                                % {"most": grouped(MAX_GAMES)}, "games"))
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
        check_lab_deck(deck, field_decks, ai)
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

    if _in_process():
        transaction.on_commit(lambda: threading.Thread(
            target=_send_in_process, args=(send, run.pk), name=thread_name(run.pk),
            daemon=True).start())
    else:
        transaction.on_commit(send)
    return run


def _in_process() -> bool:
    """Whether tasks run in this process when sent (eager), not on workers."""
    from lab.tasks import lab_chunk_task

    return bool(lab_chunk_task.app.conf.task_always_eager)


def thread_name(run_id: int) -> str:
    """The name of the thread that plays run `run_id` in-process (tests wait for it)."""
    return f"lab-run-{run_id}"


def _send_in_process(send, run_id: int) -> None:  # noqa: ANN001
    """The in-process run: what a worker's error callback does for a failure (eager tasks
    raise it here instead), and the thread's database connections closed at the end."""
    try:
        send()
    except Exception as exc:  # noqa: BLE001 - the run's row says why, as a worker's run does
        logger.exception("lab run %s failed in-process", run_id)
        lab_run_fail(run_id=run_id, reason=str(exc) or type(exc).__name__, now=timezone.now())
    finally:
        connections.close_all()


@transaction.atomic
def lab_run_finish(*, run_id: int, result: dict, now: datetime) -> bool:
    """Write the chord's merged result to the run; False if there was nothing to do (the run
    is gone, or finished by an earlier delivery of the same callback)."""
    run = lock_one(LabRun.objects.filter(pk=run_id))
    if run is None or run.status != LabRunStatus.RUNNING:
        return False
    lab_run_move(run, LabRunStatus.DONE)
    run.result, run.finished_at, run.games_done = result, now, run.games
    run.save(update_fields=["status", "result", "finished_at", "games_done"])
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
    run.error, run.finished_at = reason[:_MAX_ERROR], now
    run.save(update_fields=["status", "error", "finished_at"])
    run_changed(run_id=run.pk, kind=run.status)
    return True
