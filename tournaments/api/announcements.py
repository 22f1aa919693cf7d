"""Endpoints of an event's announcements: the live ones are public (newest first); only the
event's organizers post and withdraw them (the services' rule: 403 for anyone else, and an id
of another event's announcement is a 404 like a missing one)."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.responses import errors, valid
from tournaments.api import serializers as s
from tournaments.api.events import event_or_404
from tournaments.selectors.announcements import announcements_live
from tournaments.services.announcements import announcement_post, announcement_withdraw


class EventAnnouncementsView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(tags=["events"], responses={200: s.AnnouncementOut(many=True),
                                               **errors(404)})
    def get(self, request: Request, pk: int) -> Response:
        """The event's announcements not withdrawn, newest first."""
        event = event_or_404(pk)
        return Response(s.AnnouncementOut(announcements_live(event), many=True).data)

    @extend_schema(tags=["events"], request=s.AnnouncementIn,
                   responses={201: s.AnnouncementOut, **errors(400, 403, 404)})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers only: post a message to the event's players (who and when are the
        request's). It shows on the event's pages and each player's Me page until it is
        withdrawn."""
        data = valid(s.AnnouncementIn, request.data)
        announcement = announcement_post(event_id=pk, by=request.user, text=data["text"],
                                         now=timezone.now())
        return Response(s.AnnouncementOut(announcement).data, status=status.HTTP_201_CREATED)


class EventAnnouncementView(APIView):
    @extend_schema(tags=["events"], responses={204: None, **errors(403, 404)})
    def delete(self, request: Request, pk: int, announcement_id: int) -> Response:
        """Organizers only: withdraw the announcement (kept with who withdrew it and when).
        Withdrawing it again changes nothing."""
        announcement_withdraw(event_id=pk, announcement_id=announcement_id, by=request.user,
                              now=timezone.now())
        return Response(status=status.HTTP_204_NO_CONTENT)
