"""A tournament match's game played online: the match page's button posts here; the game
is started (or the one in progress resumed) and the player goes to the game page."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.views.decorators.http import require_POST

from core.errors import NotFound
from core.views import domain_errors
from tournaments.models import Match
from tournaments.services.online_games import match_online_game_start


@login_required
@require_POST
def match_game(request: HttpRequest, match_pk: int) -> HttpResponse:
    with domain_errors(request, say="No game was started: {message}.",
                       http=(NotFound,)) as refused:
        game = match_online_game_start(match_id=match_pk, user=request.user,
                                       now=timezone.now())
    if refused:
        event_id = (Match.objects.filter(pk=match_pk).values_list("round__event_id", flat=True)
                    .first())
        return redirect("tournaments:match", pk=event_id, match=match_pk)
    return redirect("play:game", pk=game.pk)
