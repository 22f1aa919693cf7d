"""Celery tasks of the deck lab: a run's chunks, the chord's callback that adds them up, and
the error callback.

The chunk and merge tasks keep the names they had in the tournaments app, so messages queued
before the lab became its own app still find them. For a run of the lab page the merge task
and the error callback write the run's end to its row (the row is the truth; writing an end
twice changes nothing, lab/services/runs.py).
"""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from engine.clash.lab import LabResult
from lab.services.progress import lab_chunk_play
from lab.services.runs import lab_run_fail, lab_run_finish


@shared_task(name="tournaments.lab_chunk")
def lab_chunk_task(deck: list[str], field: list[list[str]], seed: int, start: int,
                   count: int, ai: str, run_id: int | None = None) -> dict:
    """One chunk of a deck-lab run (engine.clash.lab, or engine.clash.lab_lists for a
    constructed list); for a run of the lab page (`run_id`), its games are counted on the
    run's row as they are played (lab/services/progress.py)."""
    return lab_chunk_play(deck=deck, field=field, seed=seed, start=start, count=count, ai=ai,
                          run_id=run_id).to_json()


@shared_task(name="tournaments.lab_merge")
def lab_merge_task(parts: list[dict], run_id: int | None = None) -> dict:
    """The chord's callback: the chunks added up, written to the run `run_id` if given (the
    command's runs have no row)."""
    total = LabResult()
    for part in parts:
        total.merge(LabResult.from_json(part))
    data = total.to_json()
    if run_id is not None:
        lab_run_finish(run_id=run_id, result=data, now=timezone.now())
    return data


@shared_task(name="lab.run_fail")
def lab_fail_task(request, exc: BaseException, traceback, run_id: int) -> bool:  # noqa: ANN001
    """The merge task's error callback (`link_error`): Celery calls it with the failed
    task's request and error, in the worker that saw the failure, when a chunk or the merge
    raised."""
    return lab_run_fail(run_id=run_id, reason=str(exc) or type(exc).__name__,
                        now=timezone.now())
