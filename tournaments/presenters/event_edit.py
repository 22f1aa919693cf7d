"""What the "Edit event" page shows of the event's changes (selectors.event_edit): each
change's settings with their labels and their values before and after, a time in the event's
zone."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from django.utils import formats
from django.utils.translation import gettext as _

from tournaments.models import Event
from tournaments.rules import DRAFT_SEAT
from tournaments.services.event_edit import TIMES, label


def _readable(field: str, value: object, event: Event) -> str:
    """A value of the audit trail as the page shows it, a time in the event's zone."""
    if field.startswith(DRAFT_SEAT):
        return _("the AI's draft policy") if value == "ai" else _("the player")
    if value is None or value == "":
        return _("(none)")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, dict) and "players" in value:  # a pair kept apart
        pair = _("%(player)s and %(opponent)s") % {"player": value["players"][0],
                                                    "opponent": value["players"][1]}
        return _("%(pair)s (%(note)s)") % {"pair": pair, "note": value["note"]} if (
            value["note"]) else pair
    if isinstance(value, dict):  # a seat's constraint
        return _("%(player)s: %(value)s") % {"player": value["player"],
                                             "value": _readable(field, value["value"], event)}
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if field in TIMES:
        at = datetime.fromisoformat(str(value)).astimezone(ZoneInfo(event.time_zone))
        return f"{formats.date_format(at, 'DATETIME_FORMAT')} ({event.time_zone})"
    return str(value)


def changes_shown(page, event: Event):  # noqa: ANN001, ANN202
    """The page of the event's changes, each with its rows as the page shows them: the
    setting's label, the value before and after."""
    for change in page.object_list:
        change.rows = [(label(f), _readable(f, before, event), _readable(f, after, event))
                       for f, (before, after) in change.changes.items()]
    return page
