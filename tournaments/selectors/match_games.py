"""Reads about a tournament match's games for their replays: the finished engine game, who
may watch a match's games (played online or by the workers), a game's round as its pages name
it, and the replay's way back to the event. Pages and the API use the same reads; play asks
the ones about its online games through play.hooks (registered in
tournaments/services/play_hooks.py).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from play.models import OnlineGame
from tournaments.models import EngineGame, GameMode, Match, MatchStatus
from tournaments.selectors.matches import side_of
from tournaments.selectors.rounds import round_label
from tournaments.services.access import is_organizer


def match_over(match: Match) -> bool:
    """Whether a tournament match's games may be replayed: a game's record holds its seed,
    and the records of a match still being played stay on the server until it ends."""
    return match.status == MatchStatus.CONFIRMED


def round_words(match: Match) -> str:
    """The match's round as its pages name it ("Round 3, table 2", "Top 8, quarter-final"
    words from `round_label`), never a top-cut round as a Swiss round number."""
    label = round_label(match.round)
    return f"{label}, table {match.table}" if match.table else label


def may_watch_online_game(game: OnlineGame, user: AbstractBaseUser) -> bool:
    """A match's game played online (its decks are the players' lists): only its players
    and the event's organizers watch it, once the match is over."""
    if not match_over(game.match):
        return False
    if user.pk is not None and user.pk in (game.player_a_id, game.player_b_id):
        return True
    return is_organizer(game.match.round.event, user)


def finished_engine_game(pk: int) -> EngineGame | None:
    """A tournament game with a finished record (a winner), for the replay viewer."""
    return (EngineGame.objects.select_related("match__round__event", "match__player_a__player",
                                              "match__player_b__player")
            .filter(pk=pk, record__isnull=False).exclude(winner="").first())


def may_watch_engine_game(game: EngineGame, user: AbstractBaseUser) -> bool:
    """Who may replay a tournament game: its record holds both decks, so a person's list is
    shown only where the list itself may be seen: once the event publishes its lists, to the
    match's players (who saw each other's lists in the ban-two step) and to the organizers.
    A game between two AI seats holds no person's list. A game the server seeded (played
    online or by the workers) waits until its match is over; a record a player uploaded
    holds the seed their own engine chose, and is there for the organizer to settle."""
    match = game.match
    if game.mode != GameMode.REPORTED and not match_over(match):
        return False
    if match.player_a.is_ai and (match.player_b is None or match.player_b.is_ai):
        return True
    event = match.round.event
    if event.lists_published:
        return True
    players = {r.player_id for r in (match.player_a, match.player_b) if r is not None}
    if user.pk is not None and user.pk in players:
        return True
    return is_organizer(event, user)


def replay_links(match: Match, user: Any) -> dict[str, Any]:
    """A tournament game's way back from its replay: its event, and its match for who may
    open that page (the two players and the organizers)."""
    event = match.round.event
    return {"event": event, "match": match,
            "may_see_match": side_of(match, user) is not None or is_organizer(event, user)}
