"""An online game as a person sees it: who plays each seat (`seat_player_name`), and the game
as the player in a seat sees it now (`seat_view`), built once for the game page, its fragment
and the API, which write it each their way (the API's answer: `game_state`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext

from accounts.selectors.profiles import shown_name
from engine.clash.actions import decode
from engine.clash.formats import BanState
from engine.clash.observation import Observation
from engine.clash.solo import SoloDraft
from engine.seats import SEAT_A, SEAT_B, letter, other
from play.models import GameKind, GameStatus, OnlineGame
from play.presenters.boards import board, card_info, mark_playable, playable_cards
from play.presenters.log_lines import event_data, log_lines, move_label
from play.selectors import ai_seat, ban_state, draft_of, game_seat_of, position_of
from play.selectors.positions import Position, legal_moves_of, to_move
from play.selectors.records import ai_level_name, level_name
from play.services import turns_left

# The API's answer carries the latest events (the game page shows more: play/views/games.py).
API_LOG_LINES = 30


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


@dataclass(frozen=True)
class SeatView:
    """An online game as the player in `seat` sees it now. While banning it holds the ban-two
    step (`bans`, C-2.5), while drafting the solo draft (`draft`, C-8.1), and once playing the
    position with the board from the seat (`position`, `board`: the hand's cards the seat can
    play now marked, on its turn)."""

    game: OnlineGame
    seat: int
    opponent_name: str
    opponent_title: str  # the opponent's name as it begins a sentence
    your_turn: bool
    waiting: bool  # for the opponent
    ai_thinking: bool  # only while the game is playing and the AI seat is to move
    seen: int  # the steps taken so far: a page's `n`, the API's `seen`
    bans: BanState | None = None
    draft: SoloDraft | None = None
    position: Position | None = None
    board: dict[str, Any] | None = None
    turns_left: int | None = None  # a match game at time (C-7.5c), while nobody has won


def seat_view(game: OnlineGame, seat: int) -> SeatView:
    """`game` as the player in `seat` sees it: read once, for the page, its fragment and the
    API alike."""
    names = {"opponent_name": seat_player_name(game, other(seat)),
             "opponent_title": seat_player_name(game, other(seat), start=True)}
    if game.status == GameStatus.BANNING:
        bans = ban_state(game)
        mine = bans.to_ban == letter(seat)
        return SeatView(game, seat, **names, your_turn=mine, waiting=not mine,
                        ai_thinking=False, seen=len(bans.bans), bans=bans)
    if game.status == GameStatus.DRAFTING:
        return SeatView(game, seat, **names, your_turn=True, waiting=False, ai_thinking=False,
                        seen=len(game.picks), draft=draft_of(game))
    position = position_of(game)
    state = position.game
    mover = to_move(state)
    playing = game.status == GameStatus.PLAYING
    mine = playing and mover == seat
    view = board(state, seat)
    if mine:
        mark_playable(view, playable_cards(state, seat))
    return SeatView(
        game, seat, **names, your_turn=mine, waiting=playing and not mine,
        ai_thinking=playing and not mine and mover is not None and mover == ai_seat(game),
        seen=len(game.actions), position=position, board=view,
        turns_left=turns_left(game, state.turn) if state.winner is None else None)


def game_brief(game: OnlineGame, seat: int, *, opponent: str | None = None) -> dict[str, Any]:
    """A game in a list of the player's games, as the API answers it (`opponent`: the name
    of whoever plays the other seat, when already known)."""
    if opponent is None:
        opponent = seat_player_name(game, other(seat))
    return {"id": game.pk, "kind": game.kind, "status": game.status, "seat": letter(seat),
            "opponent": opponent, "match": game.match_id,
            "game_number": game.game_number, "actions": len(game.actions),
            "winner": game.winner, "last_activity_at": game.last_activity_at}


def _solo(game: OnlineGame) -> dict | None:
    if game.kind != GameKind.SOLO:
        return None
    level = game.level or 0
    return {"format": game.solo_format, "deck": game.solo_deck, "level": level,
            "level_name": level_name(level), "options": game.options or {}}


def game_state(game: OnlineGame, user: AbstractBaseUser) -> dict[str, Any]:
    """The API's answer (GameStateOut) for a game as its player `user` sees it: `seat_view`
    with the legal actions as tokens and labels, and the latest events."""
    seat = game_seat_of(game, user)
    view = seat_view(game, seat)
    data = {**game_brief(game, seat, opponent=view.opponent_name), "your_turn": view.your_turn,
            "ai_thinking": view.ai_thinking, "board": view.board, "moves": [], "bans": None,
            "log": [], "events": [], "seen": view.seen, "solo": _solo(game), "draft": None,
            "turn_cap": game.turn_cap, "time_called_at": game.time_called_at,
            "turns_left": view.turns_left}
    if view.bans is not None:
        shown = view.bans.view()
        data["bans"] = {"step": shown.step, "to_ban": shown.to_ban,
                        "lists": {k: list(v) for k, v in shown.lists.items()},
                        "banned": {k: list(v) for k, v in shown.banned.items()},
                        "remaining": {k: list(v) for k, v in shown.remaining.items()}}
    elif view.draft is not None:
        data["draft"] = {"pick": len(view.draft.picks) + 1,
                         "revealed": [card_info(n) for n in view.draft.revealed],
                         "picks": list(view.draft.picks)}
    elif view.position is not None:
        state = view.position.game
        events = view.position.log[-API_LOG_LINES:]
        if view.your_turn:
            hand = Observation(state, seat).hand
            data["moves"] = [{"token": t, "label": move_label(decode(t)[0], state.catalogue, hand)}
                             for t in legal_moves_of(state, seat)]
        data.update(log=log_lines(events, state.catalogue),
                    events=event_data(events, state.catalogue))
    return data
