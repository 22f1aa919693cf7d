"""The deck lab on the workers: chunks of simulated games as a Celery chord.

`lab_start` sends one chunk task per chunk and a merge task that adds them up when all are
done; the caller follows the header group (`result.parent`) for progress. For a run of the lab
page (`run_id`), the merge task writes the result to the run's row, and an error callback on
it marks the run failed when a chunk (or the merge) fails: the row is the truth.
"""

from __future__ import annotations

from celery import chord

from engine.clash.lab import chunks
from engine.clash.lab_lists import check_lab_deck

__all__ = ["lab_start"]


def lab_start(*, deck: list[str], field: list[list[str]], games: int, seed: int,
              ai: str = "scripted", chunk: int = 2500, run_id: int | None = None):  # noqa: ANN201
    """Queue a lab run of an 8-card deck or a 10-card constructed list; returns the
    chord's AsyncResult."""
    from lab.tasks import lab_chunk_task, lab_fail_task, lab_merge_task

    check_lab_deck(deck, field, ai)
    # The callback is sent by whichever worker finishes the last chunk: name the queue so it
    # goes where the chunks went, not to that worker's own default.
    queue = lab_chunk_task.app.conf.task_default_queue
    header = [lab_chunk_task.s(deck, field, seed, start, count, ai, run_id=run_id)
              .set(queue=queue) for start, count in chunks(games, chunk)]
    merge = lab_merge_task.s(run_id=run_id).set(queue=queue)
    if run_id is not None:
        # Celery calls it with the failed callback's request and error when a chunk fails.
        merge = merge.on_error(lab_fail_task.s(run_id=run_id))
    return chord(header)(merge)
