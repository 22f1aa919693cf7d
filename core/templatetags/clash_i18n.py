"""The language menu's choices and times that name their zone (docs/languages.md).

`{{ value|when }}` shows an aware datetime in the active zone (the person's own, the
browser's, or the event's on event pages) with the zone named: "1 Dec 2026, 15:30 CET
(Europe/Paris)". Its date is written as the active language writes one (its
DATETIME_FORMAT: "1. prosince 2026 15:30", "1 декабря 2026 г., 15:30"; clash/formats)."""

from __future__ import annotations

from datetime import datetime

from django import template
from django.utils import formats, timezone

from core.error_messages import engine_message
from core.game_problems import squad_problem_text
from core.i18n import languages_offered as offered
from core.numbers import grouped as grouped_number

register = template.Library()

def zone_label(moment: datetime) -> str:
    """The zone of a local time: its abbreviation and IANA name ("CET (Europe/Paris)"), or
    one of them where they are the same ("UTC")."""
    zone = timezone.get_current_timezone()
    key = getattr(zone, "key", str(zone))
    short = moment.tzname() or key
    if short == key:
        return key
    return f"{short} ({key})"


@register.filter
def when(value: object) -> str:
    if not isinstance(value, datetime):
        return "" if value is None else str(value)
    moment = timezone.localtime(value) if timezone.is_aware(value) else value
    return f"{formats.date_format(moment, 'DATETIME_FORMAT')} {zone_label(moment)}"


@register.filter
def grouped(value: int) -> str:
    """A whole number with the reader's thousands separator: `{{ run.games|grouped }}` gives
    "100,000", "100 000" or "100.000"."""
    return grouped_number(value)


@register.simple_tag
def current_zone() -> str:
    """The active zone's IANA name ("UTC" when none is chosen)."""
    zone = timezone.get_current_timezone()
    return getattr(zone, "key", str(zone))


@register.simple_tag
def languages_offered() -> list[tuple[str, str]]:
    return offered()


@register.filter
def problem_text(problem) -> str:  # noqa: ANN001
    """A problem an engine check reported (a Berserk squad's: code, where, message, params;
    an object or its stored JSON) in the reader's language: its sentence naming its values
    (`core.game_problems`); without params (a check stored before them), the sentence of its
    code in `core.error_messages`, else the engine's English message."""
    get = problem.get if isinstance(problem, dict) else lambda name: getattr(problem, name, None)
    english, code, params = get("message") or "", get("code"), get("params")
    if params is not None:
        return squad_problem_text(code, params, english)
    return engine_message(english, None, code)
