"""The lab run page's progress (core/live.py): a hint to the run's owner's page when a chunk
is done and when the run ends. A chunk's hint leaves once its result is stored (the chunk
task's on_success, lab/tasks.py), so the page's status fetch counts it."""

from __future__ import annotations

from core import live

__all__ = ["run_changed", "run_group"]


def run_group(run_id: int) -> str:
    return live.group("lab", run_id)


def run_changed(*, run_id: int, kind: str) -> None:
    live.hint(run_group(run_id), kind)
