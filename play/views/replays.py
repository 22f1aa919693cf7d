"""The replay viewer: a finished game stepped through entry by entry (prev/next links, no
script needed), each position re-simulated from the record by the engine, with the record's
verification (`replay(record).ok`). The game is over, so both hands are shown. A tournament
game's record holds the players' lists: it is watched only by the match's players and the
event's organizers until the event publishes its lists (a game between AI seats by anyone),
and it holds the game's seed: a game the server seeded waits until its match is over."""

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
from tournaments.selectors.matches import side_of
from tournaments.selectors.rounds import round_label
from tournaments.services.access import is_organizer


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
        raise Http404(f"This record cannot be replayed: {exc}") from None
    total = len(record.get("turns", []))
    return {
        "step": at.entries, "total": total, "solo": is_solo_record(record),
        "prev": at.entries - 1 if at.entries > 0 else None,
        "next": at.entries + 1 if at.entries < total else None,
        "view": board(at.game, 0, reveal=True), "log": at.log, "error": at.error,
        "check": verify(record), "tokens": record["turns"][at.entries - 1] if at.entries else "",
    }


def _back_links(match: Any, user: Any) -> dict[str, Any]:
    """A tournament game's way back: its event, and its match for who may open that page
    (the two players and the organizers)."""
    if match is None:
        return {}
    event = match.round.event
    return {"event": event, "match": match,
            "may_see_match": side_of(match, user) is not None or is_organizer(event, user)}


def _replay(request: HttpRequest, record: dict[str, Any], context: dict[str, Any],
            ) -> HttpResponse:
    data = replay_context(record, _step(request))
    return render(request, "play/replay.html", {
        **context, **data, "record": record, "steps": range(data["total"] + 1)})


def _round_words(match: Any) -> str:
    """The match's round as its pages name it ("Round 3, table 2", "Top 8, quarter-final"
    words from `round_label`), never a top-cut round as a Swiss round number."""
    label = round_label(match.round)
    return f"{label}, table {match.table}" if match.table else label


def online_replay_target(pk: int, user: Any) -> tuple[Any, str, dict[str, str]]:
    """A finished online game the user may watch, its title and its seats' names; 404
    otherwise (as for a game that does not exist)."""
    game = finished_game(pk)
    if game is None or not may_watch(game, user):
        raise Http404("No finished game with this number.")
    names = {"A": seat_name(game, 0), "B": seat_name(game, 1)}
    title = f"{game.get_kind_display()} game {game.pk}"
    if game.match_id is not None:
        match = game.match
        title = (f"{match.round.event.name}, {_round_words(match)}, "
                 f"game {game.game_number} online")
    return game, title, names


def engine_replay_target(pk: int, user: Any) -> tuple[Any, str, dict[str, str]]:
    """A finished tournament game the user may watch, its title and its seats' names; 404
    otherwise. A person's list stays with the match's players and the organizers until the
    event publishes its lists."""
    game = finished_engine_game(pk)
    if game is None or not may_watch_engine_game(game, user):
        raise Http404("No finished tournament game with this number.")
    match = game.match

    def name(registration: Any) -> str:
        if registration is None:
            return "bye"
        if registration.is_ai:
            return registration.ai_name or "AI seat"
        return registration.player.get_username() if registration.player else "?"

    event = match.round.event
    title = f"{event.name}, {_round_words(match)}, game {game.number}"
    return game, title, {"A": name(match.player_a), "B": name(match.player_b)}


@require_GET
def replay_online(request: HttpRequest, pk: int) -> HttpResponse:
    game, title, names = online_replay_target(pk, request.user)
    # The names as they begin a heading ("The automaton"), written out, not capitalised.
    titles = {"A": seat_name(game, 0, start=True), "B": seat_name(game, 1, start=True)}
    return _replay(request, game.record, {"title": title, "names": names, "titles": titles,
                                          "online": game,
                                          **_back_links(game.match, request.user)})


@require_GET
def replay_engine(request: HttpRequest, pk: int) -> HttpResponse:
    game, title, names = engine_replay_target(pk, request.user)
    return _replay(request, game.record, {"title": title, "names": names, "titles": names,
                                          "engine_game": game,
                                          **_back_links(game.match, request.user)})
