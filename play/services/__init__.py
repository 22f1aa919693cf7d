"""Writes of online play, one module per use case: games (start, act, AI seats, finish),
bans (a constructed match game's ban-two step), invitations (a duel between two persons)."""

from .bans import ban_state, online_game_ban
from .games import (
    AI_REPLY_OWED_AFTER,
    MAX_AI_ACTIONS,
    ai_reply_owed,
    ai_seat,
    draft_of,
    duel_start,
    game_begin,
    online_game_act,
    online_game_ai_move,
    online_game_ai_nudge,
    opponent_deck,
    position_of,
    seat_of,
    setup_of,
    solo_draft_pick,
    solo_start,
)
from .invitations import invitation_cancel, invitation_create, invitation_join

__all__ = [
    "AI_REPLY_OWED_AFTER", "MAX_AI_ACTIONS", "ai_reply_owed", "ai_seat", "ban_state",
    "draft_of", "duel_start", "game_begin", "invitation_cancel", "invitation_create",
    "invitation_join",
    "online_game_act", "online_game_ai_move", "online_game_ai_nudge", "online_game_ban",
    "opponent_deck", "position_of", "seat_of", "setup_of", "solo_draft_pick", "solo_start",
]
