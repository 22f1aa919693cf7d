"""The replay viewer: a finished game stepped through entry by entry (prev/next links, no
script needed), each position re-simulated from the record by the engine, with the record's
verification (`replay(record).ok`). The game is over, so both hands are shown. A tournament
game's record holds the players' lists: it is watched only by the match's players and the
event's organizers until the event publishes its lists (a game between AI seats by anyone)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from engine.clash.errors import RecordError
from play.positions import board, is_solo_record, replay_step, verify
from play.selectors import (
    finished_engine_game,
    finished_game,
    may_watch,
    may_watch_engine_game,
)
from play.views.games import seat_name


def _step(request: HttpRequest) -> int:
    try:
        return max(0, int(request.GET.get("step", "0")))
    except ValueError:
        return 0


def _replay(request: HttpRequest, record: dict[str, Any], context: dict[str, Any],
            ) -> HttpResponse:
    try:
        step = replay_step(record, _step(request))
    except (RecordError, KeyError, TypeError, ValueError) as exc:
        raise Http404(f"This record cannot be replayed: {exc}") from None
    total = len(record.get("turns", []))
    check = verify(record)
    solo = is_solo_record(record)
    state = step.game
    return render(request, "play/replay.html", {
        **context,
        "record": record, "solo": solo, "step": step.entries, "total": total,
        "steps": range(total + 1),
        "prev": step.entries - 1 if step.entries > 0 else None,
        "next": step.entries + 1 if step.entries < total else None,
        "view": board(state, 0, reveal=True), "log": step.log, "error": step.error,
        "check": check, "tokens": record["turns"][step.entries - 1] if step.entries else "",
    })


@require_GET
def replay_online(request: HttpRequest, pk: int) -> HttpResponse:
    game = finished_game(pk)
    if game is None or not may_watch(game, request.user):
        raise Http404("No finished game with this number.")
    names = {"A": seat_name(game, 0), "B": seat_name(game, 1)}
    title = f"{game.get_kind_display()} game {game.pk}"
    if game.match_id is not None:
        title = f"{game.match.round.event.name}, game {game.game_number} online"
    return _replay(request, game.record, {"title": title, "names": names, "online": game})


@require_GET
def replay_engine(request: HttpRequest, pk: int) -> HttpResponse:
    game = finished_engine_game(pk)
    if game is None or not may_watch_engine_game(game, request.user):
        raise Http404("No finished tournament game with this number.")
    match = game.match

    def name(registration: Any) -> str:
        if registration is None:
            return "bye"
        if registration.is_ai:
            return registration.ai_name or "AI seat"
        return registration.player.get_username() if registration.player else "?"

    event = match.round.event
    return _replay(request, game.record, {
        "title": f"{event.name}, round {match.round.number}, table {match.table}, "
                 f"game {game.number}",
        "names": {"A": name(match.player_a), "B": name(match.player_b)},
        "engine_game": game})
