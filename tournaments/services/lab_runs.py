"""Deck-lab runs started from the lab page: a `LabRun` row keeps what was asked and the Celery
ids of its chord (`lab_start`), so the page can follow the chunks and show the result after a
refresh. The result is copied into the row the first time someone asks once the chord is done.
"""

from __future__ import annotations

import math
from datetime import datetime

from celery.result import AsyncResult
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from core.errors import DomainError, from_engine
from engine.clash.ai import LEVELS
from engine.clash.cards import load_catalogue
from engine.clash.errors import EngineError
from engine.clash.rng import Rng
from tournaments.models import LabRun, LabRunStatus

from .lab import lab_start

MAX_GAMES = 100_000
CHUNK = 2500


def lab_run_start(*, owner: AbstractBaseUser, deck: list[str], deck_label: str,
                  field: list[int], games: int, ai: str, now: datetime) -> LabRun:
    """Check the request, save the run and send its chord (eager tasks finish it here)."""
    catalogue = load_catalogue()
    problems = []
    if not 1 <= games <= MAX_GAMES:
        problems.append(f"the number of games is 1 to {MAX_GAMES:,}")
    if ai not in LEVELS:
        problems.append(f"unknown AI level {ai!r}: known are {', '.join(LEVELS)}")
    unknown = [n for n in field if n not in catalogue.deck_numbers]
    if unknown or not field:
        problems.append("pick at least one preconstructed deck for the field")
    if problems:
        raise DomainError("invalid_lab_run", "; ".join(problems), problems=problems)
    field_decks = [catalogue.deck(n) for n in field]
    seed = Rng.stream(int(now.timestamp() * 1000), f"lab-{owner.pk}").next_u64() >> 1
    run = LabRun.objects.create(owner=owner, deck_label=deck_label[:120], deck=deck,
                                field=field, games=games, ai=ai, seed=seed, created_at=now)
    try:
        result = lab_start(deck=deck, field=field_decks, games=games, seed=seed, ai=ai,
                           chunk=CHUNK)
    except EngineError as exc:
        run.delete()
        raise from_engine(exc, "invalid_lab_run") from None
    header = result.parent
    run.result_id = result.id or ""
    run.chunk_ids = [r.id for r in header.results] if header is not None else []
    if result.ready():  # eager tasks (local settings): the run is already done
        _finish(run, result, now)
    run.save()
    return run


def lab_run_progress(*, run_id: int, now: datetime) -> tuple[LabRun, int, int]:
    """The run, its finished chunks and its chunks in all; stores the result once ready."""
    run = LabRun.objects.get(pk=run_id)
    total = max(1, len(run.chunk_ids))
    if run.status != LabRunStatus.RUNNING:
        return run, total, total
    result = AsyncResult(run.result_id)
    if result.ready():
        with transaction.atomic():
            run = LabRun.objects.select_for_update().get(pk=run_id)
            if run.status == LabRunStatus.RUNNING:
                _finish(run, result, now)
                run.save()
        return run, total, total
    done = sum(1 for i in run.chunk_ids if AsyncResult(i).ready())
    return run, min(done, total), total


def _finish(run: LabRun, result: AsyncResult, now: datetime) -> None:
    if result.successful():
        run.result = result.get(timeout=10)
        run.status = LabRunStatus.DONE
    else:
        run.status = LabRunStatus.FAILED
        run.error = str(result.result)[:2000]
    run.finished_at = now


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
    rows = [_row("Overall", data["wins"], data["losses"], data["draws"])]
    for index, (wins, losses, draws) in sorted(
            (int(k), v) for k, v in data["by_opponent"].items()):
        rows.append(_row(f"vs deck {run.field[index]}", wins, losses, draws))
    return rows


def _row(label: str, wins: int, losses: int, draws: int) -> dict:
    games = wins + losses + draws
    score = (wins + draws / 2) / games if games else 0.0
    low, high = wilson(wins + draws / 2, games)
    return {"label": label, "games": games, "wins": wins, "losses": losses, "draws": draws,
            "score": score, "low": low, "high": high}
