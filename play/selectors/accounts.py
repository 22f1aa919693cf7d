"""A person's games in their data download (accounts/hooks.py `account_data`, connected in
PlayConfig.ready). Their online games and solo results go with the account by the database's
own cascade."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q

from accounts.selectors.profiles import shown_name
from play.models import OnlineGame, SoloResult


def games_data(*, user: AbstractBaseUser, data: dict[str, Any]) -> None:
    data["solo_results"] = [
        {"level": r.level, "won": r.won, "result": r.result, "turns": r.turns,
         "finished_at": r.finished_at.isoformat()}
        for r in SoloResult.objects.filter(player=user).order_by("finished_at", "pk")]
    games = (OnlineGame.objects.filter(Q(player_a=user) | Q(player_b=user))
             .select_related("player_a__profile", "player_b__profile").order_by("created_at", "pk"))
    data["online_games"] = [_game(game, user) for game in games]


def _game(game: OnlineGame, user: AbstractBaseUser) -> dict[str, Any]:
    mine_a = game.player_a_id == user.pk
    other = game.player_b if mine_a else game.player_a
    return {"id": game.pk, "kind": game.kind, "status": game.status,
            "seat": "A" if mine_a else "B",
            "opponent": (shown_name(other) if other is not None
                         else (f"AI ({game.ai_level})" if game.ai_level else None)),
            "tournament_match": game.match_id, "game_number": game.game_number,
            "winner": game.winner, "created_at": game.created_at.isoformat(),
            "finished_at": game.finished_at.isoformat() if game.finished_at else None}

