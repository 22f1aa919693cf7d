"""A run's progress: the games its chunks have played so far, counted on the run's row as
they go, so the page shows progress within a second of the start and every half second after
(each chunk reports at least every `_REPORT_EVERY` seconds while it plays).

The count decides nothing (the chord's callback writes the result and the status): a chunk
delivered twice may count its games twice, so the count is capped at the run's games.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from django.db import transaction
from django.db.models import F
from django.db.models.functions import Least

from engine.clash.lab import LabResult
from engine.clash.lab_lists import lab_games
from lab.models import LabRun, LabRunStatus

from .live import run_changed

__all__ = ["lab_chunk_play", "lab_run_progress_add"]

_REPORT_EVERY = 0.5  # seconds between a chunk's reports of its games
_FIRST_SLICE = 5  # games played before the chunk knows how fast they go
_SLICE_SECONDS = 0.1  # what a slice of games aims to take, once the speed is known


@transaction.atomic
def lab_run_progress_add(*, run_id: int, games: int) -> bool:
    """Count `games` more games played for the run (at most its games); False if the run is
    gone or finished, whose count no longer moves."""
    counted = LabRun.objects.filter(pk=run_id, status=LabRunStatus.RUNNING).update(
        games_done=Least(F("games_done") + games, F("games")))
    if counted:
        run_changed(run_id=run_id, kind="progress")
    return bool(counted)


def lab_chunk_play(*, deck: Sequence[str], field: Sequence[Sequence[str]], seed: int,
                   start: int, count: int, ai: str, run_id: int | None,
                   clock: Callable[[], float] = time.monotonic) -> LabResult:
    """Games `start` .. `start + count - 1` of a run, played in slices whose size follows the
    speed of the AI level, the games counted on the run's row (`run_id`; none for the
    command's runs) at least every _REPORT_EVERY seconds. The result is the chunk's whatever
    the slices (game k always has the same seed and opponent)."""
    result = LabResult()
    reported_at = float("-inf")  # the first slice is reported at once: the page moves soon
    unreported = 0
    size = _FIRST_SLICE
    k = start
    while k < start + count:
        piece = min(size, start + count - k)
        began = clock()
        result.merge(lab_games(deck, field, seed, k, piece, ai))
        took = clock() - began
        k += piece
        unreported += piece
        # The next slice takes about _SLICE_SECONDS at this speed (at least one game).
        size = max(1, int(piece * _SLICE_SECONDS / took)) if took > 0 else piece * 2
        if run_id is not None and (clock() - reported_at >= _REPORT_EVERY
                                   or k == start + count):
            lab_run_progress_add(run_id=run_id, games=unreported)
            reported_at, unreported = clock(), 0
    return result
