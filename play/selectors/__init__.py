"""Reads of online play, one module per noun: games, invitations, records (solo), replays,
positions (a game rebuilt from its row's tokens). Pages and the API use the same reads."""

from .games import game_for, games_of
from .invitations import invitation_by_code, open_invitations_of
from .records import solo_record_of, solo_results_of
from .replays import finished_game, may_watch

__all__ = [
    "finished_game", "game_for", "games_of", "invitation_by_code", "may_watch",
    "open_invitations_of", "solo_record_of", "solo_results_of",
]
