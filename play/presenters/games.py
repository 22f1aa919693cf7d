"""An online game as a person sees it: who plays each seat."""

from __future__ import annotations

from django.utils.translation import gettext

from accounts.selectors.profiles import shown_name
from engine.seats import SEAT_A, SEAT_B
from play.models import GameKind, OnlineGame
from play.selectors import ai_seat
from play.selectors.records import ai_level_name


def seat_player_name(game: OnlineGame, seat: int, *, start: bool = False) -> str:
    """Who plays `seat`: a person's name, the AI player or the automaton; with `start`, the
    words that begin a sentence or a heading ("The automaton"), written out rather than
    capitalised by a filter (which gets some languages wrong)."""
    if game.kind == GameKind.SOLO and seat == SEAT_B:
        return gettext("The automaton") if start else gettext("the automaton")
    if ai_seat(game) == seat:
        if game.match_id is not None:  # an event's AI seat: the name its match page shows
            match = game.match
            return (match.player_a if seat == SEAT_A else match.player_b).name
        return (gettext("The AI player (%(level)s)") if start
                else gettext("the AI player (%(level)s)")) % {"level": ai_level_name(game.ai_level)}
    return shown_name(game.player_a if seat == SEAT_A else game.player_b)
