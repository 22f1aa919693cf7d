"""The replay viewer: a finished game stepped through entry by entry (prev/next links, no
script needed), each position re-simulated from the record by the engine, with the record's
verification (`replay(record).ok`). The game is over, so both hands are shown. A tournament
match's game holds the players' lists and its seed: its tournament says who may watch it and
how the page names it (play.hooks.match_games); the replays of the games the engine played
for a tournament are tournaments' pages (tournaments/views/match_games.py), on this viewer."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from engine.clash.errors import RecordError
from engine.seats import BOTH_SEATS, SEAT_A, letter
from play import hooks
from play.presenters.boards import board
from play.presenters.games import seat_player_name
from play.presenters.log_lines import event_data, log_lines
from play.selectors import finished_game, may_watch
from play.selectors.positions import is_solo_record, replay_step, verify


def _step(request: HttpRequest) -> int:
    try:
        return max(0, int(request.GET.get("step", "0")))
    except ValueError:
        return 0


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


def replay_page(request: HttpRequest, record: dict[str, Any], context: dict[str, Any],
                ) -> HttpResponse:
    """The replay page of a record at the request's `?step=`."""
    data = replay_context(record, _step(request))
    return render(request, "play/replay.html", {
        **context, **data, "record": record, "steps": range(data["total"] + 1)})


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


@require_GET
def replay_online(request: HttpRequest, pk: int) -> HttpResponse:
    game, title, names = online_replay_target(pk, request.user)
    # The names as they begin a heading ("The automaton"), written out, not capitalised.
    titles = {letter(seat): seat_player_name(game, seat, start=True) for seat in BOTH_SEATS}
    links = {} if game.match_id is None else hooks.match_games().links(game, request.user)
    return replay_page(request, game.record, {"title": title, "names": names,
                                              "titles": titles, "online": game, **links})
