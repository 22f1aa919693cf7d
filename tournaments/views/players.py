"""A player's page in an event: their standing and a chart of it round by round, every match
with its result from their side, their other events, and (once ratings exist) their rating."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from tournaments.models import Rating
from tournaments.selectors.bridge import swiss_id, swiss_view
from tournaments.selectors.registrations import history_of, other_events_of, seen_versions
from tournaments.selectors.standings import standing_by_round, standing_chart, standings_for_event

from .common import event_context, event_or_404, match_rows, render_event


@require_GET
def event_player(request: HttpRequest, pk: int, registration: int) -> HttpResponse:
    event = event_or_404(pk)
    # The Swiss view has every seat of the event with its player: the seat comes from it.
    view = swiss_view(event)
    seat = view.registrations.get(swiss_id(registration))
    if seat is None:
        raise Http404(gettext("No such player in this event."))
    row = next((r for r in standings_for_event(event) if r.registration_id == seat.pk), None)
    context = event_context(request, event, "players")
    history = history_of(seat)
    is_me = request.user.is_authenticated and seat.player_id == request.user.pk
    context.update({
        "seat": seat, "row": row, "is_me": is_me,
        # Each match with its page (for its players and the organizers) and the replays
        # the viewer may watch.
        "history": [(h, opens, games) for h, (_, opens, games) in zip(history, match_rows(
            [h.match for h in history], request.user, event,
            organizer=context["is_organizer"]), strict=True)],
        "chart": standing_chart(standing_by_round(event, view, seat)),
        "others": other_events_of(seat),
        # The registered list, where the viewer may see it (decks.selectors.visible_versions).
        "seen_list": seen_versions(request.user, [seat]).get(seat.pk),
        "rating": (Rating.objects.filter(player_id=seat.player_id, game_id=event.game_id,
                                         format=event.format).first()
                   if seat.player_id else None),
    })
    return render_event(request, "tournaments/player.html", context)
