"""AI seats through the API: an organizer adds N of them, at a level of the engine's AI, before
the start or as late entries (services.ai_seats)."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.responses import errors, valid
from tournaments.api import serializers as s
from tournaments.api.events import event_or_404
from tournaments.selectors.registrations import registrations_seen
from tournaments.services.ai_seats import ai_seats_add, default_ai_level
from tournaments.services.guards import require_organizer


class EventAISeatsView(APIView):
    @extend_schema(tags=["registrations"], request=s.AISeatsIn,
                   responses={201: s.RegistrationOut(many=True),
                              **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers only: add `count` AI seats ("AI 1", "AI 2", ... after the names taken)
        playing at `ai_level`. Before the start they play every round; while the rounds run
        they are late entries, by the event's late-entry rule (409 `late_entry_closed`
        after it). 409 `no_ai` for a game without AI players, `draft_ai` in a draft (its
        pods seat AI players themselves)."""
        event = event_or_404(pk)
        require_organizer(event, request.user)
        data = valid(s.AISeatsIn, request.data)
        added = ai_seats_add(event_id=event.pk, by=request.user, now=timezone.now(),
                             count=data["count"], level=data.get("ai_level") or default_ai_level())
        ids = {seat.pk for seat in added}
        seen = [seat for seat in registrations_seen(event, request.user) if seat.pk in ids]
        return Response(s.RegistrationOut(seen, many=True).data, status=status.HTTP_201_CREATED)
