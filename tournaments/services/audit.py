"""The audit trail of results: every change of a match's result or reports is one
`ResultChange` row with who, when, and the match before and after."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser

from tournaments.models import Match, ResultChange

__all__ = ["SNAPSHOT_FIELDS", "change_record", "snapshot"]

# What a ResultChange's before and after hold of a match (`Match.objects.values(*...)` reads a
# snapshot without loading the model).
SNAPSHOT_FIELDS = ("status", "a_wins", "b_wins", "draws", "report_a", "report_b",
                   "engine_verified")


def snapshot(match: Match) -> dict:
    return {field: getattr(match, field) for field in SNAPSHOT_FIELDS}


def change_record(*, match: Match, by: AbstractBaseUser | None, action: str, before: dict,
                  now: datetime, note: str = "") -> ResultChange:
    """Call after `match` is saved: its state now is the change's `after`."""
    return ResultChange.objects.create(match=match, by=by, action=action, before=before,
                                       after=snapshot(match), note=note, at=now)
