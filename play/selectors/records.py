"""Reads of a player's solo record (C-8.8): results by level, and the finished solo games."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from engine.clash.solo import LEVELS, QUICK
from play.models import SoloResult

# The solo levels of rule C-8.9 in the reader's language (the engine names them in English).
LEVEL_NAMES = {QUICK: _("Quick game"), 1: _("Easy"), 2: _("Medium"), 3: _("Hard"),
               4: _("Heroic"), 5: _("Mythic")}


# The AI players' levels (engine/clash/ai, docs/ai.md) as a page names the one it plays.
AI_LEVEL_NAMES = {"random": pgettext_lazy("AI level", "Random"),
                  "scripted": pgettext_lazy("AI level", "Scripted"),
                  "greedy": pgettext_lazy("AI level", "Greedy"),
                  "search": pgettext_lazy("AI level", "Search"),
                  "expert": pgettext_lazy("AI level", "Expert")}


def ai_level_name(level: str) -> str:
    """An AI player's level as the reader reads it ("Greedy"); the code for one unknown."""
    return str(AI_LEVEL_NAMES.get(level, level))


def level_name(level: int) -> str:
    """The name of a solo level (0: a quick game) as the reader reads it."""
    return str(LEVEL_NAMES.get(level, LEVELS.get(level, level)))


def solo_record_of(user: AbstractBaseUser) -> list[dict]:
    """The player's solo results by level (0: quick game): its name, played, won."""
    rows = (SoloResult.objects.filter(player=user).values("level")
            .annotate(played=Count("pk"), won=Count("pk", filter=Q(won=True)))
            .order_by("level"))
    return [{**row, "name": level_name(row["level"])} for row in rows]


def solo_results_of(user: AbstractBaseUser) -> QuerySet[SoloResult]:
    """The player's finished solo games, newest first."""
    return SoloResult.objects.filter(player=user).order_by("-finished_at", "-pk")
