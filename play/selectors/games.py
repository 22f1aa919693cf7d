"""Reads of online games: a player's games, the game a user may open, and what a game's row
says: its engine setup and position, the seat of a user and of the AI player, the solo draft
and the ban-two step so far."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q, QuerySet

from engine.clash.formats import BanRecord, BanState
from engine.clash.solo import SoloDraft
from engine.seats import LETTER_A, LETTER_B, SEAT_A, SEAT_B
from play.models import GameKind, OnlineGame
from play.selectors.positions import DuelSetup, Position, Setup, SoloSetup, rebuild


def games_of(user: AbstractBaseUser) -> QuerySet[OnlineGame]:
    return (OnlineGame.objects.filter(Q(player_a=user) | Q(player_b=user))
            .select_related("player_a", "player_b", "match__round__event"))


def game_for(user: AbstractBaseUser, pk: int) -> OnlineGame | None:
    """A game the user may open: a game in progress only by its players (others get None,
    so the page answers 404 and does not say the game exists)."""
    game = OnlineGame.objects.select_related("player_a", "player_b").filter(pk=pk).first()
    if game is None or user.pk is None or user.pk not in (game.player_a_id, game.player_b_id):
        return None
    return game


def setup_of(game: OnlineGame) -> Setup:
    if game.kind == GameKind.SOLO:
        return SoloSetup(seed=game.seed, fmt=game.solo_format, level=game.level or 0,
                         options=game.options or {}, deck=game.solo_deck,
                         picks=tuple(game.picks))
    return DuelSetup(seed=game.seed, decks=(game.decks[LETTER_A], game.decks[LETTER_B]),
                     turn_cap=game.turn_cap)


def position_of(game: OnlineGame) -> Position:
    return rebuild(setup_of(game), list(game.actions))


def game_seat_of(game: OnlineGame, user: AbstractBaseUser) -> int | None:
    """The seat (0 for A, 1 for B) `user` plays in the online game, or None."""
    if user.pk is not None and user.pk == game.player_a_id:
        return SEAT_A
    if user.pk is not None and user.pk == game.player_b_id:
        return SEAT_B
    return None


def ai_seat(game: OnlineGame) -> int | None:
    """The seat an AI player decides for (the automaton of solo plays inside the engine):
    the seat without a person (seat A only in a match whose player A is an AI seat)."""
    if game.kind != GameKind.DUEL or not game.ai_level:
        return None
    return SEAT_A if game.player_a_id is None else SEAT_B


def draft_of(game: OnlineGame) -> SoloDraft:
    draft = SoloDraft(game.seed)
    for card in game.picks:
        draft.pick(card)
    return draft


def ban_state(game: OnlineGame) -> BanState:
    return BanState.from_record(BanRecord.from_json(game.bans))
