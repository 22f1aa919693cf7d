"""Reads of the deck lab: a user's runs, a run's progress, and the bars of its result.

The status, result and progress come from the row only: the chord's callbacks write the
status and result, and its chunks count the games they have played (lab/services/progress.py),
which decides nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet
from django.utils.translation import gettext

from lab.models import LabRun, LabRunStatus


@dataclass(frozen=True)
class Progress:
    done: int  # games played
    total: int  # games in all (at least 1)

    @property
    def percent(self) -> int:
        return 100 * self.done // self.total


def lab_runs_of(owner: AbstractBaseUser) -> QuerySet[LabRun]:
    """The user's runs, newest first."""
    return LabRun.objects.filter(owner=owner)


def lab_run_of(owner: AbstractBaseUser, run_id: int) -> LabRun | None:
    """The user's run `run_id`; None for another user's run, which does not exist for them."""
    return LabRun.objects.filter(pk=run_id, owner=owner).first()


def lab_run_progress(run: LabRun) -> Progress:
    """How many of the run's games are played: all of them once the row says it finished."""
    total = max(1, run.games)
    if run.status != LabRunStatus.RUNNING:
        return Progress(total, total)
    return Progress(min(run.games_done, total), total)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (a draw counts half a win)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    denominator = 1 + z * z / games
    return max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator)


def lab_rows(run: LabRun) -> list[dict]:
    """The bars of the result: overall, then per opponent, each with its 95% interval."""
    data = run.result or {}
    if not data:
        return []
    rows = [_row(gettext("Overall"), data["wins"], data["losses"], data["draws"])]
    for index, (wins, losses, draws) in sorted(
            (int(k), v) for k, v in data["by_opponent"].items()):
        rows.append(_row(gettext("vs deck %(deck)s") % {"deck": run.field[index]},
                         wins, losses, draws))
    return rows


def _row(label: str, wins: int, losses: int, draws: int) -> dict:
    games = wins + losses + draws
    score = (wins + draws / 2) / games if games else 0.0
    low, high = wilson(wins + draws / 2, games)
    return {"label": label, "games": games, "wins": wins, "losses": losses, "draws": draws,
            "score": score, "low": low, "high": high}
