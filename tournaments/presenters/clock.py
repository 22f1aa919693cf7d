"""What the pages show of the round clock: the pairings page and each match page
(`round_clock_shown`, `match_clock_shown`, for templates/tournaments/_clock.html) and the
dashboard (`dashboard_clock`: its form, and the open tables whose time is called)."""

from __future__ import annotations

from datetime import datetime

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.forms.clock import ClockAddForm
from tournaments.models import Event, Match, Round, RoundStatus
from tournaments.selectors.clock import clock_at, match_clock, round_for_clock


def round_clock_shown(event: Event, number: int | None, now: datetime | None = None,
                      ) -> dict | None:
    """The context of `_clock.html` for round `number` while it is played (None when there
    is no such round or it is complete): the clock now and the API address the page's
    script asks."""
    if number is None:
        return None
    rnd = round_for_clock(event.pk, number)
    if rnd is None or rnd.status == RoundStatus.COMPLETE:
        return None
    return {"clock": clock_at(rnd, now or timezone.now()), "round": rnd,
            "clock_label": gettext("Round %(round)d clock") % {"round": number},
            "clock_url": reverse("event-round-clock", args=[event.pk, number])}


def match_clock_shown(match: Match, now: datetime | None = None) -> dict | None:
    """The context of `_clock.html` for one table (its round's clock with its extra time)."""
    if match.bye or match.round.status == RoundStatus.COMPLETE:
        return None
    return {"clock": match_clock(match, now or timezone.now()), "at_table": True,
            "clock_label": gettext("Table %(table)d clock") % {"table": match.table},
            "clock_url": reverse("match-time", args=[match.pk])}


def dashboard_clock(event: Event, last: Round | None, open_matches: list) -> dict:
    """The dashboard's clock of the round being played, its add-minutes form, and the
    tables without a result once their time is called (flagged in the list)."""
    shown = round_clock_shown(event, last.number if last else None)
    if shown is None:
        return {"round_clock": None}
    rnd = shown["round"]
    for m in open_matches:
        m.round = rnd
        m.time_called = match_clock(m, shown["clock"].now).called
    shown["add_form"] = ClockAddForm(initial={"seen": rnd.clock_added_minutes})
    return {"round_clock": shown,
            "time_called_open": sum(1 for m in open_matches if m.time_called)}
