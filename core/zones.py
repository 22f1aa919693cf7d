"""Time zones by their IANA names: the check every zone setting uses (an event's, a
person's) and the one a visitor's browser sends."""

from __future__ import annotations

from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from django.utils.translation import gettext


@cache
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


def is_time_zone(name: object) -> bool:
    """Whether `name` is an IANA name zoneinfo knows. Only names from the zone database:
    never a file path."""
    return isinstance(name, str) and name in _zones()


def time_zone_problem(name: object) -> str | None:
    """Why `name` is not an IANA time zone name zoneinfo knows, or None."""
    if is_time_zone(name):
        return None
    return gettext("the time zone must be an IANA name such as Europe/Paris or "
                   "America/New_York, not %(zone)r") % {"zone": name}


def zone_or_none(name: object) -> ZoneInfo | None:
    """The zone of a name that may come from anywhere (a cookie), or None."""
    return ZoneInfo(name) if is_time_zone(name) else None  # type: ignore[arg-type]


# Names in the zone database that are no place a person lives in: the link a system keeps to
# its own zone, and the database's placeholder.
_NOT_OFFERED = frozenset({"Factory", "localtime", "posixrules"})


def zone_names() -> list[str]:
    """Every IANA name a person may choose, sorted (the choices of a zone field)."""
    return sorted(_zones() - _NOT_OFFERED)


def zone_refusal(name: str) -> str:
    """Why a zone a person chose is refused, as a sentence that says what to do (a form's
    error, where `time_zone_problem` is a part of a longer list)."""
    return gettext("There is no time zone “%(zone)s”: choose one from the list, such as "
                   "Europe/Paris, or your browser's zone.") % {"zone": name}
