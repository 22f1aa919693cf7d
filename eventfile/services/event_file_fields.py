"""Reading the fields of an event file one by one (services.event_file_checks): each
reader checks a value's type and range and notes a problem with the value's place in the
file, so that a file is refused with every problem at once rather than the first."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils.dateparse import parse_datetime

__all__ = ["Data", "MAX_SEED", "Reader"]

MAX_ROWS = 10_000  # a list of the file without a limit of its own
MAX_SEED = 2 ** 63 - 1

Data = dict[str, Any]


class Reader:
    """Collects every problem of the file, each with its place."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def bad(self, path: str, message: str) -> None:
        self.problems.append(f"{path}: {message}")

    def obj(self, value: Any, path: str) -> Data | None:
        if not isinstance(value, dict):
            self.bad(path, "must be a JSON object")
            return None
        return value

    def array(self, data: Data, key: str, path: str, *, most: int = MAX_ROWS) -> list:
        value = data.get(key, [])
        if not isinstance(value, list):
            self.bad(f"{path}{key}", "must be a list")
            return []
        if len(value) > most:
            self.bad(f"{path}{key}", f"holds {len(value):,} rows; at most {most:,} are read")
            return []
        return value

    def integer(self, data: Data, key: str, path: str, *, lo: int = 0, hi: int = MAX_SEED,
                null: bool = False) -> int | None:
        value = data.get(key)
        if value is None and null:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            self.bad(f"{path}{key}", f"must be a whole number from {lo} to {hi}"
                                     f"{' (or null)' if null else ''}, not {value!r}")
            return None
        return value

    def text(self, data: Data, key: str, path: str, *, most: int, blank: bool = True) -> str:
        value = data.get(key, "" if blank else None)
        if not isinstance(value, str):
            self.bad(f"{path}{key}", f"must be text, not {value!r}")
            return ""
        if len(value) > most:
            self.bad(f"{path}{key}", f"is longer than {most} characters")
        elif not blank and not value.strip():
            self.bad(f"{path}{key}", "must not be empty")
        return value

    def boolean(self, data: Data, key: str, path: str) -> bool:
        value = data.get(key, False)
        if not isinstance(value, bool):
            self.bad(f"{path}{key}", f"must be true or false, not {value!r}")
            return False
        return value

    def time(self, data: Data, key: str, path: str, *, null: bool = True) -> datetime | None:
        value = data.get(key)
        if value is None:
            if not null:
                self.bad(f"{path}{key}", "must be a date and time (ISO 8601), not null")
            return None
        try:
            parsed = parse_datetime(value) if isinstance(value, str) else None
        except ValueError:  # the shape of a time, but no such day or hour
            parsed = None
        if parsed is None or parsed.tzinfo is None:
            self.bad(f"{path}{key}", f"must be a date and time with its UTC offset (ISO 8601, "
                                     f"e.g. 2026-05-01T14:30:00+00:00), not {value!r}")
            return None
        return parsed

    def choice(self, data: Data, key: str, path: str, choices: Any) -> Any:
        value = data.get(key)
        if value not in choices:
            self.bad(f"{path}{key}", f"must be one of {', '.join(map(str, choices))}, "
                                     f"not {value!r}")
            return None
        return value

    def json_object(self, data: Data, key: str, path: str, *, null: bool = True) -> Any:
        value = data.get(key)
        if value is None and null:
            return None
        if not isinstance(value, dict):
            self.bad(f"{path}{key}", "must be a JSON object" + (" or null" if null else ""))
            return None
        return value
