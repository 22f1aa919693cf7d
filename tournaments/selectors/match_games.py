"""Reads about a tournament match's games: the finished engine game, who may watch a match's
games (played online or by the workers), a game's round as its pages name it, the replay's way
back to the event, and the records the players uploaded. Who may watch is who may see the
match (`selectors.access.may_see_match`), with the conditions of each kind of game. Pages and
the API use the same reads; play asks the ones about its online games through play.hooks
(registered in tournaments/services/play_hooks.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext

from play.models import OnlineGame
from tournaments.models import EngineGame, GameMode, GameUpload, Match, MatchStatus
from tournaments.selectors.access import may_see_match
from tournaments.selectors.rounds import round_label


def match_over(match: Match) -> bool:
    """Whether a tournament match's games may be replayed: a game's record holds its seed,
    and the records of a match still being played stay on the server until it ends."""
    return match.status == MatchStatus.CONFIRMED


def round_words(match: Match) -> str:
    """The match's round as its pages name it ("Round 3, table 2", "Top 8, quarter-final"
    words from `round_label`), never a top-cut round as a Swiss round number."""
    label = round_label(match.round)
    return (gettext("%(round)s, table %(table)s") % {"round": label, "table": match.table}
            if match.table else label)


def may_watch_online_game(game: OnlineGame, user: AbstractBaseUser) -> bool:
    """A match's game played online (its decks are the players' lists): only its players
    and the event's organizers watch it, once the match is over."""
    return match_over(game.match) and may_see_match(game.match, user)


def finished_engine_game(pk: int) -> EngineGame | None:
    """A tournament game with a finished record (a winner), for the replay viewer."""
    return (EngineGame.objects.select_related("match__round__event",
                                              "match__player_a__player__profile",
                                              "match__player_b__player__profile")
            .filter(pk=pk, record__isnull=False).exclude(winner="").first())


def may_watch_engine_game(game: EngineGame, user: AbstractBaseUser) -> bool:
    """Who may replay a tournament game: its record holds both decks, so a person's list is
    shown only where the list itself may be seen: once the event publishes its lists, to the
    match's players (who saw each other's lists in the ban-two step) and to the organizers.
    A game between two AI seats holds no person's list. A game the server seeded (played
    online or by the workers) waits until its match is over; a record a player uploaded
    holds the seed their own engine chose, and is there for the organizer to settle."""
    match = game.match
    shown = replay_shown(mode=game.mode, over=match_over(match),
                         ai_only=match.player_a.is_ai and (match.player_b is None
                                                           or match.player_b.is_ai),
                         lists_published=match.round.event.lists_published)
    return may_see_match(match, user) if shown is None else shown


def replay_shown(*, mode: str, over: bool, ai_only: bool, lists_published: bool) -> bool | None:
    """`may_watch_engine_game`'s rule without the viewer: True for anyone, False for nobody
    yet, None for who may see the match (`selectors.access.may_see_match`)."""
    if mode != GameMode.REPORTED and not over:
        return False
    if ai_only or lists_published:
        return True
    return None


class GameLink(NamedTuple):
    """A game the viewer may replay, as the event's pages link it."""

    pk: int
    number: int


class MatchSeen(NamedTuple):
    """What the replay rule needs to know of a match, and whether the viewer may see it."""

    pk: int
    over: bool
    ai_only: bool
    sees: bool


def replays_seen(matches: Iterable[MatchSeen], *,
                 lists_published: bool) -> dict[int, list[GameLink]]:
    """The finished games of the matches that are over, each only where the viewer may replay
    it (`replay_shown`), by match id, in one query and none when the viewer may replay
    nothing of them. The pages link a game once its match is over: an uploaded record of a
    match still being played is the organizer's to settle, on the match page."""
    wanted = {m.pk: m for m in matches if m.over and (m.ai_only or lists_published or m.sees)}
    if not wanted:
        return {}
    found: dict[int, list[GameLink]] = {}
    rows = (EngineGame.objects.filter(match_id__in=wanted, record__isnull=False)
            .exclude(winner="").order_by("match_id", "number")
            .values_list("match_id", "pk", "number", "mode"))
    for match_id, pk, number, mode in rows:
        m = wanted[match_id]
        shown = replay_shown(mode=mode, over=m.over, ai_only=m.ai_only,
                             lists_published=lists_published)
        if m.sees if shown is None else shown:
            found.setdefault(match_id, []).append(GameLink(pk, number))
    return found


def replay_links(match: Match, user: Any) -> dict[str, Any]:
    """A tournament game's way back from its replay: its event, and its match for who may
    open that page (the two players and the organizers)."""
    return {"event": match.round.event, "match": match,
            "may_see_match": may_see_match(match, user)}


def uploads_for(match: Match) -> list[GameUpload]:
    """The match's uploaded records, game by game (for its page)."""
    return list(GameUpload.objects.filter(game__match=match).select_related("game",
                                                                            "uploaded_by")
                .order_by("game__number"))
