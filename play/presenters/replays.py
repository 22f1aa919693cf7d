"""A finished game's replay as a person sees it: the position after any step of its record,
both hands shown, with the engine's verification (the replay page's and the API's content),
and which finished online game a person may watch, with its title and its seats' names."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext

from engine.clash.errors import RecordError
from engine.seats import BOTH_SEATS, SEAT_A, letter
from play import hooks
from play.presenters.boards import board
from play.presenters.games import seat_player_name
from play.presenters.log_lines import event_data, log_lines
from play.selectors import finished_game, may_watch
from play.selectors.positions import is_solo_record, replay_step, verify


def replay_context(record: dict[str, Any], step: int) -> dict[str, Any]:
    """The position after `step` entries of a finished game's record, both hands shown, with
    the engine's verification of the whole record (the page's and the API's content).
    Raises Http404 for a record the engine cannot replay."""
    try:
        at = replay_step(record, step)
    except (RecordError, KeyError, TypeError, ValueError) as exc:
        raise Http404(gettext("This record cannot be replayed: %(reason)s")
                      % {"reason": exc}) from None
    total = len(record.get("turns", []))
    return {
        "step": at.entries, "total": total, "solo": is_solo_record(record),
        "prev": at.entries - 1 if at.entries > 0 else None,
        "next": at.entries + 1 if at.entries < total else None,
        "view": board(at.game, SEAT_A, reveal=True), "error": at.error,
        "log": log_lines(at.log, at.game.catalogue),
        "events": event_data(at.log, at.game.catalogue),
        "check": verify(record), "tokens": record["turns"][at.entries - 1] if at.entries else "",
    }


def online_replay_target(pk: int, user: Any) -> tuple[Any, str, dict[str, str]]:
    """A finished online game the user may watch, its title and its seats' names; 404
    otherwise (as for a game that does not exist)."""
    game = finished_game(pk)
    if game is None or not may_watch(game, user):
        raise Http404(gettext("No finished game with this number."))
    names = {letter(seat): seat_player_name(game, seat) for seat in BOTH_SEATS}
    title = gettext("%(kind)s game %(pk)s") % {"kind": game.get_kind_display(), "pk": game.pk}
    if game.match_id is not None:
        title = hooks.match_games().title(game)
    return game, title, names
