"""Reads of a player's solo record (C-8.8): results by level, and the finished solo games."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Q, QuerySet

from engine.clash.solo import LEVELS
from play.models import SoloResult


def solo_record_of(user: AbstractBaseUser) -> list[dict]:
    """The player's solo results by level (0: quick game): its name, played, won."""
    rows = (SoloResult.objects.filter(player=user).values("level")
            .annotate(played=Count("pk"), won=Count("pk", filter=Q(won=True)))
            .order_by("level"))
    return [{**row, "name": LEVELS.get(row["level"], "Quick game")} for row in rows]


def solo_results_of(user: AbstractBaseUser) -> QuerySet[SoloResult]:
    """The player's finished solo games, newest first."""
    return SoloResult.objects.filter(player=user).order_by("-finished_at", "-pk")
