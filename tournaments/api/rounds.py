"""Endpoints for rounds, the top cut and standings, with their CSV downloads.

Pairing is the one write a double click can repeat: the organizer sends the number of the
round they mean, and the service (under the event's lock) returns that round if it is
already paired. The endpoint then answers 200 with it instead of 201, and nothing is paired
twice.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.conf import settings
from django.http import HttpResponse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.renderers import CSVRenderer
from core.api.responses import errors, valid
from tournaments.api import serializers as s
from tournaments.api.events import event_or_404
from tournaments.models import Event, Round
from tournaments.selectors.cache import remembered
from tournaments.selectors.exports import pairings_csv, standings_csv
from tournaments.selectors.placings import final_places
from tournaments.selectors.rounds import round_of, rounds_with_matches
from tournaments.selectors.standings import (
    StandingRow,
    cut_marked,
    results_version_of,
    standings_for_event,
    tiebreaker_columns,
)
from tournaments.services.rounds import round_pair
from tournaments.services.topcut import topcut_advance, topcut_start


def seen_round(event: Event, number: int) -> Round:
    rnd = round_of(event, number)
    if rnd is None:
        raise NotFound(f"{event} has no round {number}")
    return rnd


def round_response(event: Event, rnd: Round, created: bool) -> Response:
    """201 when this request paired the round, 200 when it was paired before (a repeat)."""
    return Response(s.RoundDetailOut(seen_round(event, rnd.number)).data,
                    status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


def csv_download(text: str, filename: str) -> HttpResponse:
    return HttpResponse(text, content_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{filename}"'})


CSV_RESPONSE = OpenApiResponse(OpenApiTypes.STR, description="a CSV file with a header line")


class RoundListView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(tags=["rounds"], responses={200: s.RoundOut(many=True), **errors(404)})
    def get(self, request: Request, pk: int) -> Response:
        """Every round so far with its pairings by table number (the bye last)."""
        event = event_or_404(pk)
        return Response(s.RoundOut(rounds_with_matches(event), many=True).data)

    @extend_schema(tags=["rounds"], request=s.RoundPairIn,
                   responses={201: s.RoundDetailOut, 200: s.RoundDetailOut,
                              **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers only: pair Swiss round `number`, the next one. If it is already paired
        (a second click or tab) it is returned with 200 and nothing changes. 409 while the
        current round has results to confirm: `problems` lists the open tables."""
        event = event_or_404(pk)
        number = valid(s.RoundPairIn, request.data)["number"]
        rnd, created = round_pair(event_id=event.pk, by=request.user, now=timezone.now(),
                                  number=number)
        return round_response(event, rnd, created)


class RoundDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=["rounds"], responses={200: s.RoundDetailOut, **errors(404)})
    def get(self, request: Request, pk: int, number: int) -> Response:
        """A round's pairings and how they were made."""
        event = event_or_404(pk)
        return Response(s.RoundDetailOut(seen_round(event, number)).data)


class RoundPairingsCSVView(APIView):
    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer, CSVRenderer]

    @extend_schema(tags=["rounds"],
                   responses={(200, "text/csv"): CSV_RESPONSE, **errors(404)})
    def get(self, request: Request, pk: int, number: int) -> HttpResponse:
        """The round's pairings as CSV: `table,player_a,player_b,status,a_wins,b_wins,
        draws`, the bye last."""
        event = event_or_404(pk)
        rnd = seen_round(event, number)
        return csv_download(pairings_csv(rnd), f"event-{event.pk}-round-{rnd.number}.csv")


# Top cut --------------------------------------------------------------------------------


class TopCutStartView(APIView):
    @extend_schema(tags=["top cut"], request=None,
                   responses={201: s.RoundDetailOut, 200: s.RoundDetailOut,
                              **errors(403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers only: when every Swiss round is confirmed, seed the bracket from the
        standings (1-8, 4-5, 2-7, 3-6) and pair its first round. Asking again returns that
        round with 200."""
        event = event_or_404(pk)
        rnd, created = topcut_start(event_id=event.pk, by=request.user, now=timezone.now())
        return round_response(event, rnd, created)


class TopCutAdvanceView(APIView):
    @extend_schema(tags=["top cut"], request=s.TopCutAdvanceIn,
                   responses={201: s.RoundDetailOut, 200: s.RoundDetailOut,
                              **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers only: pair bracket round `number` from the winners of the current
        one, once its results are confirmed. A round already paired is returned with 200."""
        event = event_or_404(pk)
        number = valid(s.TopCutAdvanceIn, request.data)["number"]
        rnd, created = topcut_advance(event_id=event.pk, by=request.user, now=timezone.now(),
                                      number=number)
        return round_response(event, rnd, created)


# Standings ------------------------------------------------------------------------------


def standing_fields(event: Event) -> list[str]:
    """The metric fields of each standings answer, the event's tiebreakers first in its
    configured order, then the metrics it does not break ties with (every answer carries
    every one the schema documents)."""
    first = [column.key for column in tiebreaker_columns(event.tiebreakers)]
    return first + [key for key in METRIC_FIELDS if key not in first]


# The schema's metric fields (StandingOut's), match points aside: they come after the record.
METRIC_FIELDS = ("omw", "gw", "ogw")


def standing_out(row: StandingRow, fields: Sequence[str] = METRIC_FIELDS,
                 cut: frozenset[int] = frozenset(),
                 places: dict[int, int] | None = None) -> dict:
    """`StandingOut`'s answer for one row, built directly: 512 rows through the serializer
    cost more than computing them (tests hold the two equal). `fields` is
    `standing_fields(event)`, `cut` the registrations marked for the top cut, `places` the
    final places once decided (selectors.placings)."""
    out = {"rank": row.rank, "registration": row.registration_id, "name": row.name,
           "match_points": row.match_points, "wins": row.wins, "losses": row.losses,
           "draws": row.draws}
    for key in fields:
        out[key] = float(getattr(row, key))
    out.update(dropped=bool(row.dropped), is_ai=bool(row.is_ai),
               cut=row.registration_id in cut,
               place=places.get(row.registration_id) if places else None)
    if row.group is not None:  # a round robin's
        out["group"] = row.group
    return out


def standings_out(event: Event) -> list[dict]:
    rows = standings_for_event(event)
    fields = standing_fields(event)
    cut = cut_marked(event, rows)
    places = final_places(event, rows)
    return [standing_out(row, fields, cut, places) for row in rows]


class StandingsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=["standings"], responses={200: s.StandingOut(many=True), **errors(404)})
    def get(self, request: Request, pk: int) -> Response:
        """The Swiss standings from the confirmed results, best first, with the event's
        tiebreakers; equal players share a rank. Each row's tiebreaker fields come in the
        event's configured order (its `tiebreakers`), then the metrics it does not break ties
        with; `cut` says who the standings page labels for the top cut."""
        if request.accepted_media_type == JSONRenderer.media_type:
            # The answer as sent, kept per results version (read first, in one small
            # query, or none for a visitor as on the pages: CLASH_VISITOR_VERSION_SECONDS):
            # encoding 512 rows costs more than the rest of the request.
            age = 0.0 if request.user.is_authenticated else settings.CLASH_VISITOR_VERSION_SECONDS
            version = results_version_of(pk, max_age=age)
            if version is not None:
                body = remembered(("standings-api", pk, version), lambda: JSONRenderer().render(
                    standings_out(event_or_404(pk))))
                return HttpResponse(body, content_type=JSONRenderer.media_type)
        return Response(standings_out(event_or_404(pk)))


class StandingsCSVView(APIView):
    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer, CSVRenderer]

    @extend_schema(tags=["standings"],
                   responses={(200, "text/csv"): CSV_RESPONSE, **errors(404)})
    def get(self, request: Request, pk: int) -> HttpResponse:
        """The standings as CSV: `rank,name,match_points,wins,losses,draws,omw,gw,ogw,
        dropped,ai,cut` for the default tiebreaker order (percentages with two decimals;
        `cut` is "yes" for those labelled for the top cut). Another order puts its
        tiebreakers, and only those, in its order between `draws` and `dropped`."""
        event = event_or_404(pk)
        return csv_download(standings_csv(event), f"event-{event.pk}-standings.csv")
