"""The seats' words in templates: whether a game's result (a record's `result`, a row's or a
board's `winner`: "A", "B" or "draw", engine.seats) names a seat or the draw, so a page never
spells the letters itself. `{% load seats %}`, then `{% if record.result|is_draw %}`."""

from __future__ import annotations

from django import template
from django.utils.translation import pgettext

from engine.seats import DRAW_NAME, LETTER_A, LETTER_B

register = template.Library()


@register.filter
def is_draw(result: str | None) -> bool:
    return result == DRAW_NAME


@register.filter
def is_seat_a(result: str | None) -> bool:
    return result == LETTER_A


@register.filter
def is_seat_b(result: str | None) -> bool:
    return result == LETTER_B


@register.filter
def letter(value: object) -> str:
    """A seat's letter as the reader's language writes it (Serbian and Russian print А and
    Б, docs/glossary.md); anything else as it is."""
    if value == LETTER_A:
        return pgettext("seat letter", "A")
    if value == LETTER_B:
        return pgettext("seat letter", "B")
    return "" if value is None else str(value)
