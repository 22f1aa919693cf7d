"""The deck-lab run's legal moves (the table is `LAB_RUN_TRANSITIONS` in lab.models).

Only the services move a run, after checking it is still running, so an illegal move here is
a bug and raises.
"""

from __future__ import annotations

from core.states import Machine, move
from lab.models import LAB_RUN_TRANSITIONS, LabRun, LabRunStatus

__all__ = ["lab_run_move"]

_LAB_RUN = Machine("lab run", LabRunStatus, LAB_RUN_TRANSITIONS)


def lab_run_move(run: LabRun, to: str) -> bool:
    """Set `run.status` to `to` if the run's state machine allows it (not saved)."""
    return move(run, to, _LAB_RUN)
