"""What the dashboard shows of the corrections added to the round being played
(templates/tournaments/_corrections_forms.html): the late-player form, with the seats that
have no match in the round, and the no-show form, with the players at its open tables and
the minutes of the round clock still to wait."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext

from tournaments.forms.rounds import LatePlayerForm
from tournaments.models import (
    Event,
    EventFormat,
    EventStatus,
    LatePlayerGets,
    Match,
    RoundStage,
    RoundStatus,
)
from tournaments.services.no_shows import no_show_wait_seconds


def dashboard_corrections(event: Event, board, seats, round_clock: dict | None,  # noqa: ANN001
                          late_form: LatePlayerForm | None = None) -> dict:
    """The context of the include: `late_player` and `no_show` (None when not offered), and
    `corrections_round`, the number of the round they are for."""
    last = board.last
    shown = {"late_player": None, "no_show": None, "corrections_round": None}
    if (event.status not in (EventStatus.RUNNING, EventStatus.TOP_CUT) or last is None
            or last.status == RoundStatus.COMPLETE):
        return shown
    shown["corrections_round"] = last.number
    if (event.status == EventStatus.RUNNING and last.stage == RoundStage.SWISS
            and event.format != EventFormat.DRAFT):
        playing = {pk for pair in Match.objects.filter(round=last).values_list(
            "player_a_id", "player_b_id") for pk in pair if pk}
        waiting = [(s.pk, s.name) for s in seats
                   if not s.is_ai and not s.dropped and s.pk not in playing]
        shown["late_player"] = {
            "round": last,
            "gets": gettext("a match against a new AI seat")
            if event.late_player_gets == LatePlayerGets.AI_MATCH else gettext("a bye"),
            "form": late_form or LatePlayerForm(waiting=waiting,
                                                initial={"number": last.number})}
    tables = [m for m in board.open_matches if m.player_b_id is not None]
    absent = [(m.table, seat, other) for m in sorted(tables, key=lambda m: m.table)
              for seat, other in ((m.player_a, m.player_b), (m.player_b, m.player_a))
              if not seat.is_ai]
    if absent:
        wait = None
        if round_clock is not None:
            wait = no_show_wait_seconds(round_clock["round"], timezone.now(),
                                        event.no_show_minutes)
        shown["no_show"] = {"round": last, "absent": absent,
                            "clock_started": wait is not None,
                            "minutes_left": -(-wait // 60) if wait else 0}
    return shown
