"""The seats' words in templates: whether a game's result (a record's `result`, a row's or a
board's `winner`: "A", "B" or "draw", engine.seats) names a seat or the draw, so a page never
spells the letters itself. `{% load seats %}`, then `{% if record.result|is_draw %}`."""

from __future__ import annotations

from django import template

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
