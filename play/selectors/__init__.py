"""Reads of online play, one module per noun, used by pages and the API alike:
docs/architecture.md lists the modules and what each holds."""

from .games import (
    ai_seat,
    ban_state,
    draft_of,
    game_for,
    game_seat_of,
    games_of,
    position_of,
    setup_of,
)
from .invitations import invitation_by_code, open_invitations_of
from .records import solo_record_of, solo_results_of
from .replays import finished_game, may_watch

__all__ = [
    "ai_seat", "ban_state", "draft_of", "finished_game", "game_for", "game_seat_of", "games_of",
    "invitation_by_code", "may_watch", "open_invitations_of", "position_of", "setup_of",
    "solo_record_of", "solo_results_of",
]
