"""The deck-lab run's legal moves (the table is `LAB_RUN_TRANSITIONS` in lab.models).

Only the services move a run, after checking it is still running, so an illegal move here is
a bug and raises.
"""

from __future__ import annotations

from lab.models import LAB_RUN_TRANSITIONS, LabRun


def lab_run_move(run: LabRun, to: str) -> None:
    """Set `run.status` to `to` if the run's state machine allows it (not saved)."""
    if to not in LAB_RUN_TRANSITIONS[run.status]:
        raise AssertionError(f"lab run {run.pk}: {run.status} -> {to} is not a legal move")
    run.status = to
