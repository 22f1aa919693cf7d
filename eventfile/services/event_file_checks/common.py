"""What the parts of an event file's check share: its limits, and the checks of a reference
to a row and of a reported score."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from eventfile.services.event_file_fields import Data, Reader

__all__ = ["MAX_ROUNDS", "MAX_SEATS", "MAX_TABLE", "SCORE", "is_id", "score_ok", "seat_ref"]

MAX_SEATS = 1024
MAX_ROUNDS = 64
SCORE = ("a_wins", "b_wins", "draws")
MAX_TABLE = 10_000


def is_id(value: Any, rows: dict) -> bool:
    """Whether `value` is the id of one of `rows` (a whole number, never true or false)."""
    return isinstance(value, int) and not isinstance(value, bool) and value in rows


def seat_ref(r: Reader, data: Data, key: str, path: str, seats: dict, *,
              null: bool = False) -> int | None:
    value = data.get(key)
    if value is None and null:
        return None
    if not is_id(value, seats):
        r.bad(f"{path}{key}", gettext("no such player %(value)s")
                              % {"value": repr(value)})
        return None
    return value


def score_ok(value: Any) -> bool:
    """Whether `value` is a report: {"a_wins", "b_wins", "draws"}, each 0 to 9."""
    return isinstance(value, dict) and set(value) == set(SCORE) and all(
        isinstance(value[k], int) and not isinstance(value[k], bool) and 0 <= value[k] <= 9
        for k in SCORE)

