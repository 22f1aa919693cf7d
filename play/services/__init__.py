"""Writes of online play, one module per use case: docs/architecture.md lists the modules
and what each holds."""

from .bans import online_game_ban
from .games import (
    AI_REPLY_OWED_AFTER,
    duel_start,
    game_begin,
    online_game_act,
    online_game_ai_move,
    online_game_ai_nudge,
    online_game_read_repair,
    online_game_time_check,
    solo_draft_pick,
    solo_start,
    time_refusal,
    turns_left,
)
from .invitations import invitation_cancel, invitation_create, invitation_join

__all__ = [
    "AI_REPLY_OWED_AFTER", "duel_start", "game_begin",
    "invitation_cancel", "invitation_create", "invitation_join", "online_game_act",
    "online_game_ai_move", "online_game_ai_nudge", "online_game_ban", "online_game_read_repair",
    "online_game_time_check",
    "solo_draft_pick", "solo_start", "time_refusal",
    "turns_left",
]
