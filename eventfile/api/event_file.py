"""The event file through the API (docs/event-file.md): its organizers download an event as
one JSON document, and a signed-in person imports one as a new event of their own."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.responses import errors, valid
from core.inputs import JSONParser, MultiPartParser
from eventfile.selectors.event_file import (
    event_file_build,
    event_file_filename,
    event_file_text,
)
from eventfile.services.event_file import event_file_import_once, event_file_parse
from eventfile.services.event_file_checks import MAX_EVENT_FILE_BYTES
from tournaments.api.events import event_or_404


class EventFileJSONParser(JSONParser):
    """An event file is larger than an ordinary request body."""

    limit = MAX_EVENT_FILE_BYTES


class EventFileUploadIn(serializers.Serializer):
    file = serializers.FileField(help_text=f"the event file (JSON), at most "
                                           f"{MAX_EVENT_FILE_BYTES:,} bytes")


class ImportedEventOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()
    imported_from = serializers.CharField(help_text="the site the file says it came from")
    imported_at = serializers.DateTimeField()
    created = serializers.BooleanField(
        help_text="false when the same file was imported before: this is that event")
    message = serializers.CharField()


def event_file_response(data: dict, filename: str) -> HttpResponse:
    return HttpResponse(event_file_text(data),
                        content_type="application/json; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{filename}"'})


class EventFileView(APIView):
    @extend_schema(tags=["events"], responses={
        (200, "application/json"): OpenApiResponse(
            OpenApiTypes.OBJECT, description="the event file (docs/event-file.md)"),
        **errors(403, 404)})
    def get(self, request: Request, pk: int) -> HttpResponse:
        """Organizers only: the whole event as one event file, format `clash-event-file`
        version 1. Hidden lists and the records holding them are left out until the event
        publishes its lists, the seed until it is complete."""
        event = event_or_404(pk)
        data = event_file_build(event=event, by=request.user, instance=request.get_host(),
                                now=timezone.now())
        return event_file_response(data, event_file_filename(event))


class EventImportView(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [EventFileJSONParser, MultiPartParser]

    @extend_schema(tags=["events"],
                   request={"application/json": OpenApiTypes.OBJECT,
                            "multipart/form-data": EventFileUploadIn},
                   responses={201: ImportedEventOut, 200: ImportedEventOut,
                              **errors(400, 403)})
    def post(self, request: Request) -> Response:
        """A new event from an event file (the JSON body, or a `file` upload): you become its
        organizer, its players are named seats no account holds, and it does not feed the
        ratings. A bad file is refused as a whole, each problem named in `problems`."""
        if request.content_type.startswith("multipart/"):
            upload = valid(EventFileUploadIn, request.data)["file"]
            data = event_file_parse(upload.read(MAX_EVENT_FILE_BYTES + 1))
        else:
            data = request.data
        made = event_file_import_once(data=data, by=request.user, now=timezone.now())
        event = made.event
        if made.created:
            message = gettext("“%(name)s” is imported: you are its organizer.") % {
                "name": event.name}
        else:
            message = gettext("“%(name)s” was already imported from this file: this is that "
                              "event, and nothing new was made.") % {"name": event.name}
        out = {"id": event.pk, "name": event.name, "status": event.status,
               "imported_from": event.imported_from, "imported_at": event.imported_at,
               "created": made.created, "message": message}
        return Response(ImportedEventOut(out).data,
                        status=status.HTTP_201_CREATED if made.created else status.HTTP_200_OK)
