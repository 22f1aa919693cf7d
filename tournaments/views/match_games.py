"""A tournament match's games on online play's pages (URLs under /play/, in the `play`
namespace: tournaments/urls.py, play_urlpatterns): the match page's button that starts (or resumes)
the match's next game online, and the replay of a game the engine played for the match
(online, by the workers, or from an uploaded record), on play's replay viewer. A tournament
game's record holds the players' lists: it is watched only by the match's players and the
event's organizers until the event publishes its lists (a game between AI seats by anyone),
and it holds the game's seed: a game the server seeded waits until its match is over."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from core.errors import NotFound
from core.views import domain_errors
from play.views.replays import replay_page
from tournaments.models import Match
from tournaments.presenters.match_games import engine_replay_target
from tournaments.selectors.match_games import replay_links
from tournaments.services.online_games import match_online_game_start


@login_required
@require_POST
def match_game(request: HttpRequest, match_pk: int) -> HttpResponse:
    with domain_errors(request, say=gettext("No game was started: {message}."),
                       http=(NotFound,)) as refused:
        game = match_online_game_start(match_id=match_pk, user=request.user,
                                       now=timezone.now())
    if refused:
        event_id = (Match.objects.filter(pk=match_pk).values_list("round__event_id", flat=True)
                    .first())
        return redirect("tournaments:match", pk=event_id, match=match_pk)
    return redirect("play:game", pk=game.pk)


@require_GET
def replay_engine(request: HttpRequest, pk: int) -> HttpResponse:
    game, title, names = engine_replay_target(pk, request.user)
    return replay_page(request, game.record, {"title": title, "names": names, "titles": names,
                                              "engine_game": game,
                                              **replay_links(game.match, request.user)})
