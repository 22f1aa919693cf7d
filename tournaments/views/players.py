"""A player's page in an event: their standing, every match with its result from their side,
their other events, and (once ratings exist) their rating."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from tournaments.models import Rating, Registration
from tournaments.page_selectors import history_of, other_events_of
from tournaments.selectors import standings_for_event

from .common import event_context, event_or_404


@require_GET
def event_player(request: HttpRequest, pk: int, registration: int) -> HttpResponse:
    event = event_or_404(pk)
    seat = get_object_or_404(Registration.objects.select_related("player"), pk=registration,
                             event=event)
    row = next((r for r in standings_for_event(event) if r.registration_id == seat.pk), None)
    context = event_context(request, event, "players")
    is_me = request.user.is_authenticated and seat.player_id == request.user.pk
    context.update({
        "seat": seat, "row": row, "history": history_of(seat), "is_me": is_me,
        # The match pages are for the match's players and the organizers.
        "links_to_matches": is_me or context["is_organizer"],
        "others": other_events_of(seat),
        "rating": (Rating.objects.filter(player_id=seat.player_id, game_id=event.game_id,
                                         format=event.format).first()
                   if seat.player_id else None),
    })
    return render(request, "tournaments/player.html", context)
