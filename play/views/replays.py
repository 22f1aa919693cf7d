"""The replay viewer: a finished game stepped through entry by entry (prev/next links, no
script needed), each position re-simulated from the record by the engine, with the record's
verification (`replay(record).ok`). The game is over, so both hands are shown. A tournament
match's game holds the players' lists and its seed: its tournament says who may watch it and
how the page names it (play.hooks.match_games); the replays of the games the engine played
for a tournament are tournaments' pages (tournaments/views/match_games.py), on this viewer."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from engine.seats import BOTH_SEATS, letter
from play import hooks
from play.presenters.games import seat_player_name
from play.presenters.replays import online_replay_target, replay_context


def _step(request: HttpRequest) -> int:
    try:
        return max(0, int(request.GET.get("step", "0")))
    except ValueError:
        return 0


def replay_page(request: HttpRequest, record: dict[str, Any], context: dict[str, Any],
                ) -> HttpResponse:
    """The replay page of a record at the request's `?step=`."""
    data = replay_context(record, _step(request))
    return render(request, "play/replay.html", {
        **context, **data, "record": record, "steps": range(data["total"] + 1)})


@require_GET
def replay_online(request: HttpRequest, pk: int) -> HttpResponse:
    game, title, names = online_replay_target(pk, request.user)
    # The names as they begin a heading ("The automaton"), written out, not capitalised.
    titles = {letter(seat): seat_player_name(game, seat, start=True) for seat in BOTH_SEATS}
    links = {} if game.match_id is None else hooks.match_games().links(game, request.user)
    return replay_page(request, game.record, {"title": title, "names": names,
                                              "titles": titles, "online": game, **links})
