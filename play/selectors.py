"""Reads of online play: a player's games, invitations and solo record, the games a user may
open."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Q, QuerySet

from engine.clash.solo import LEVELS
from play.models import GameStatus, Invitation, InvitationStatus, OnlineGame, SoloResult
from tournaments.models import EngineGame, GameMode, MatchStatus
from tournaments.services.access import is_organizer


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


def invitation_by_code(code: str) -> Invitation | None:
    return (Invitation.objects.select_related("created_by", "game")
            .filter(code=code).first())


def open_invitations_of(user: AbstractBaseUser) -> QuerySet[Invitation]:
    return Invitation.objects.filter(created_by=user, status=InvitationStatus.OPEN)


def finished_game(pk: int) -> OnlineGame | None:
    """A finished online game: its replay is public (the game is over, hidden information
    no longer matters)."""
    return (OnlineGame.objects.select_related("player_a", "player_b", "match__round__event")
            .filter(pk=pk, status=GameStatus.FINISHED, record__isnull=False).first())


def match_over(match) -> bool:  # noqa: ANN001
    """Whether a tournament match's games may be replayed: a game's record holds its seed,
    and the records of a match still being played stay on the server until it ends."""
    return match.status == MatchStatus.CONFIRMED


def may_watch(game: OnlineGame, user: AbstractBaseUser) -> bool:
    """Who may watch a finished game's replay: anyone, except for a tournament match's game
    (its decks are the players' lists), which only its players and the event's organizers
    see, once the match is over."""
    if game.match_id is None:
        return True
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


def solo_record_of(user: AbstractBaseUser) -> list[dict]:
    """The player's solo results by level (0: quick game): its name, played, won."""
    rows = (SoloResult.objects.filter(player=user).values("level")
            .annotate(played=Count("pk"), won=Count("pk", filter=Q(won=True)))
            .order_by("level"))
    return [{**row, "name": LEVELS.get(row["level"], "Quick game")} for row in rows]


def solo_results_of(user: AbstractBaseUser) -> QuerySet[SoloResult]:
    """The player's finished solo games, newest first."""
    return SoloResult.objects.filter(player=user).order_by("-finished_at", "-pk")
