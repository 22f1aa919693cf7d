"""What the replay viewer shows of a game the engine played for a tournament match (online,
by the workers, or from an uploaded record), for the page (views/match_games.py) and the
API (api/match_games.py) alike: the game when the reader may watch it, its title and its
seats' names."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext

from engine.seats import LETTER_A, LETTER_B
from tournaments.selectors.match_games import (
    finished_engine_game,
    may_watch_engine_game,
    round_words,
)


def engine_replay_target(pk: int, user: Any) -> tuple[Any, str, dict[str, str]]:
    """A finished tournament game the user may watch, its title and its seats' names; 404
    otherwise. A person's list stays with the match's players and the organizers until the
    event publishes its lists."""
    game = finished_engine_game(pk)
    if game is None or not may_watch_engine_game(game, user):
        raise Http404(gettext("No finished tournament game with this number."))
    match = game.match

    def name(registration: Any) -> str:
        if registration is None:
            return "bye"
        if registration.is_ai:
            return registration.ai_name or "AI seat"
        return registration.name  # the display name, a guest's or a former player's

    event = match.round.event
    title = f"{event.name}, {round_words(match)}, game {game.number}"
    return game, title, {LETTER_A: name(match.player_a), LETTER_B: name(match.player_b)}
