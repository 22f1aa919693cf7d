"""The lab run page's socket (core/consumers.py): only the run's owner may follow it
(`lab_run_of`, the run page's own read)."""

from __future__ import annotations

from typing import Any

from core.consumers import HintConsumer
from lab.selectors import lab_run_of
from lab.services.live import run_group


class LabRunConsumer(HintConsumer):
    def group_for(self, user: Any, **kwargs: Any) -> str | None:
        if not user.is_authenticated:
            return None
        run = lab_run_of(user, kwargs["run"])
        return run_group(run.pk) if run is not None else None
