"""Endpoints of the decks API: parse the input, call one service or selector, render.

What a user may see comes from decks.selectors.visibility: anything else answers 404, the same as a
missing row, so a hidden decklist's existence does not leak. What a user may change is the
services' rule: they answer 403 (seen but not yours) or 409 (not now) as domain errors, which
core.api.errors turns into `{"error": ...}`.
"""

from __future__ import annotations

import secrets

from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.generics import ListAPIView, RetrieveAPIView
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.renderers import CSVRenderer
from core.api.responses import errors, valid
from core.errors import problem_details
from core.inputs import CSVTextParser, FormParser, JSONParser, MultiPartParser
from decks.api import serializers as s
from decks.models import Card, CardGame, CardSet, Decklist
from decks.rules import decklist_problems
from decks.selectors.bans import ban_session_for, ban_session_view, ban_sessions_for
from decks.selectors.cards import card_sets, cards_matching
from decks.selectors.collections import collection_entries, collection_export_csv
from decks.selectors.decklists import decklist_versions_for, decklists_for
from decks.services.ban_requests import ban_session_request
from decks.services.bans import ban_session_ban
from decks.services.collections import (
    collection_add_set,
    collection_import_csv,
    collection_set_count,
)
from decks.services.decklists import decklist_create, decklist_update

# Catalogue (public, read-only) ----------------------------------------------------------


@extend_schema(tags=["catalogue"])
class CardGameListView(ListAPIView):
    permission_classes = [AllowAny]
    serializer_class = s.CardGameOut
    queryset = CardGame.objects.order_by("name")


@extend_schema(tags=["catalogue"], parameters=[s.SetFilterIn])
class CardSetListView(ListAPIView):
    permission_classes = [AllowAny]
    serializer_class = s.CardSetOut

    def get_queryset(self):  # noqa: ANN201
        return card_sets(**valid(s.SetFilterIn, self.request.query_params))


@extend_schema(tags=["catalogue"], responses={200: s.CardSetOut, **errors(404)})
class CardSetDetailView(RetrieveAPIView):
    permission_classes = [AllowAny]
    serializer_class = s.CardSetOut
    queryset = CardSet.objects.select_related("game")


@extend_schema(tags=["catalogue"], parameters=[s.CardFilterIn])
class CardListView(ListAPIView):
    permission_classes = [AllowAny]
    serializer_class = s.CardOut

    def get_queryset(self):  # noqa: ANN201
        filters = valid(s.CardFilterIn, self.request.query_params)
        return cards_matching(game=filters.get("game"), card_set=filters.get("set"),
                              kind=filters.get("kind"), ability=filters.get("ability"),
                              cost=filters.get("cost"))


@extend_schema(tags=["catalogue"], responses={200: s.CardOut, **errors(404)})
class CardDetailView(RetrieveAPIView):
    permission_classes = [AllowAny]
    serializer_class = s.CardOut
    queryset = Card.objects.select_related("card_set__game")


# Collection (the caller's own) ----------------------------------------------------------


@extend_schema(tags=["collection"])
class CollectionView(ListAPIView):
    """The cards you own, with their counts."""

    serializer_class = s.CollectionEntryOut

    def get_queryset(self):  # noqa: ANN201
        return collection_entries(user=self.request.user)


class CollectionCardView(APIView):
    @extend_schema(tags=["collection"], request=s.CollectionCountIn,
                   responses={200: s.CollectionEntryOut, **errors(400, 403, 404)})
    def put(self, request: Request, card_id: int) -> Response:
        """Own exactly `count` copies of a card (0 removes it)."""
        card = Card.objects.select_related("card_set__game").filter(pk=card_id).first()
        if card is None:
            raise NotFound(gettext("no card %(card)s") % {"card": card_id})
        count = valid(s.CollectionCountIn, request.data)["count"]
        collection_set_count(user=request.user, card=card, count=count)
        return Response(s.CollectionEntryOut({"card": card, "count": count}).data)


class CollectionAddSetView(APIView):
    @extend_schema(tags=["collection"], request=s.CollectionAddSetIn,
                   responses={200: s.CollectionAddSetOut, **errors(400, 403)})
    def post(self, request: Request) -> Response:
        """Add `copies` of every card of a set (a whole Starter Kit in one call)."""
        data = valid(s.CollectionAddSetIn, request.data)
        added = collection_add_set(user=request.user, card_set=data["set"],
                                   copies=data["copies"])
        return Response(s.CollectionAddSetOut({"set": data["set"].pk, "cards": added}).data)


class CollectionExportView(APIView):
    renderer_classes = [JSONRenderer, CSVRenderer]

    @extend_schema(tags=["collection"], responses={
        (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="set,card,count"),
        **errors(403)})
    def get(self, request: Request) -> HttpResponse:
        """Your collection as CSV: `set,card,count`, one card a line."""
        return HttpResponse(collection_export_csv(user=request.user),
                            content_type="text/csv; charset=utf-8",
                            headers={"Content-Disposition":
                                     'attachment; filename="collection.csv"'})


class CollectionImportView(APIView):
    parser_classes = [JSONParser, MultiPartParser, FormParser, CSVTextParser]

    @extend_schema(
        tags=["collection"], parameters=[s.CollectionImportQueryIn],
        request={"application/json": s.CollectionImportIn,
                 "multipart/form-data": s.CollectionImportIn,
                 "text/csv": OpenApiTypes.STR},
        responses={200: s.CollectionImportOut, **errors(400, 403)})
    def post(self, request: Request) -> Response:
        """Set counts from a CSV `set,card,count` (a file upload, JSON `text`, or a text/csv
        body). Every bad line is reported in `problems` and then nothing is imported."""
        data = valid(s.CollectionImportIn, request.data)
        replace = data["replace"] or valid(s.CollectionImportQueryIn,
                                           request.query_params)["replace"]
        imported = collection_import_csv(user=request.user, text=data["text"], replace=replace)
        return Response(s.CollectionImportOut({"imported": imported, "replace": replace}).data)


# Decklists ------------------------------------------------------------------------------


def seen_decklist(request: Request, pk: int) -> Decklist:
    decklist = decklists_for(request.user).filter(pk=pk).first()
    if decklist is None:
        raise NotFound(gettext("no decklist %(pk)s") % {"pk": pk})
    return decklist


class DecklistListView(ListAPIView):
    """Your decklists, and the registered lists you may see (as an organizer, or once an
    event published its lists)."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    serializer_class = s.DecklistOut

    def get_queryset(self):  # noqa: ANN201
        return decklists_for(self.request.user)

    @extend_schema(tags=["decklists"])
    def get(self, request: Request, *args, **kwargs) -> Response:  # noqa: ANN002, ANN003
        return super().get(request, *args, **kwargs)

    @extend_schema(tags=["decklists"], request=s.DecklistCreateIn,
                   responses={201: s.DecklistOut, **errors(400, 403)})
    def post(self, request: Request) -> Response:
        """A new preconstructed (deck 1-4) or constructed (10 cards you own) list of Clash of
        Decks, or with `game` a constructed list of The Spoils (S-8, `deck_format`
        constructed or limited) or Berserk (B-6), one card name per copy. Drafted lists come
        from draft pods."""
        data = valid(s.DecklistCreateIn, request.data)
        decklist = decklist_create(user=request.user, name=data["name"], kind=data["kind"],
                                   cards=data["cards"],
                                   preconstructed_deck=data["preconstructed_deck"],
                                   game=data["game"], deck_format=data["deck_format"],
                                   now=timezone.now())
        return Response(s.DecklistOut(seen_decklist(request, decklist.pk)).data,
                        status=status.HTTP_201_CREATED)


class DecklistValidateView(APIView):
    @extend_schema(tags=["decklists"], request=s.DecklistValidateIn,
                   responses={200: s.DecklistValidateOut, **errors(400, 403)})
    def post(self, request: Request) -> Response:
        """Check a list against the rules without saving anything: every problem at once."""
        data = valid(s.DecklistValidateIn, request.data)
        problems = decklist_problems(user=request.user, kind=data["kind"], cards=data["cards"],
                                     preconstructed_deck=data["preconstructed_deck"],
                                     name=data["name"], game=data["game"],
                                     deck_format=data["deck_format"])
        return Response(s.DecklistValidateOut({"valid": not problems, "problems": problems,
                                               "details": problem_details(problems)}).data)


class DecklistDetailView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(tags=["decklists"], responses={200: s.DecklistOut, **errors(404)})
    def get(self, request: Request, pk: int) -> Response:
        return Response(s.DecklistOut(seen_decklist(request, pk)).data)

    @extend_schema(tags=["decklists"], request=s.DecklistUpdateIn,
                   responses={200: s.DecklistOut, **errors(400, 403, 404)})
    def patch(self, request: Request, pk: int) -> Response:
        """Change your list: any of name, cards, preconstructed_deck, deck_format. The
        change is a new version; registrations follow it until their event's decklist
        deadline."""
        decklist = seen_decklist(request, pk)
        data = valid(s.DecklistUpdateIn, request.data, kind=decklist.kind)
        decklist_update(decklist=decklist, user=request.user, now=timezone.now(), **data)
        return Response(s.DecklistOut(seen_decklist(request, pk)).data)


@extend_schema(tags=["decklists"], responses={200: s.VersionOut(many=True), **errors(404)})
class DecklistVersionsView(ListAPIView):
    """The versions of a list you may see, oldest first."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    serializer_class = s.VersionOut
    pagination_class = None  # a list has a handful of versions

    def get_queryset(self):  # noqa: ANN201
        decklist = seen_decklist(self.request, self.kwargs["pk"])
        return decklist_versions_for(self.request.user, decklist.pk)


# Ban sessions (rule C-2.5) --------------------------------------------------------------


def seen_ban_session(request: Request, pk: int):  # noqa: ANN201
    session = ban_session_for(request.user, pk)
    if session is None:
        raise NotFound(gettext("no ban session %(pk)s") % {"pk": pk})
    return session


def ban_session_response(request: Request, session, code: int = 200) -> Response:  # noqa: ANN001
    session.state = ban_session_view(session, request.user)
    return Response(s.BanSessionOut(session).data, status=code)


class BanSessionListView(ListAPIView):
    """The ban sessions you play in or organize."""

    serializer_class = s.BanSessionBriefOut

    def get_queryset(self):  # noqa: ANN201
        return ban_sessions_for(self.request.user)

    @extend_schema(tags=["ban sessions"])
    def get(self, request: Request, *args, **kwargs) -> Response:  # noqa: ANN002, ANN003
        return super().get(request, *args, **kwargs)

    @extend_schema(tags=["ban sessions"], request=s.BanSessionCreateIn,
                   responses={201: s.BanSessionOut, 200: s.BanSessionOut,
                              **errors(400, 403, 404)})
    def post(self, request: Request) -> Response:
        """Start the ban-two procedure: as seat A with your own list A (against list B's
        owner, or an AI seat when `player_b` is empty), or as an organizer of `event` for two
        lists registered there. You must be able to see both lists. Asking again while that
        session is still banning answers 200 with it."""
        data = valid(s.BanSessionCreateIn, request.data)
        session, created = ban_session_request(
            user=request.user, version_a_id=data["list_a"], version_b_id=data["list_b"],
            player_b=data["player_b"], event=data["event"], now=timezone.now(),
            seed=secrets.randbits(62))
        session = seen_ban_session(request, session.pk)
        return ban_session_response(request, session, 201 if created else 200)


class BanSessionDetailView(APIView):
    @extend_schema(tags=["ban sessions"], responses={200: s.BanSessionOut, **errors(403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """Both lists, the step, whose ban it is, the bans so far and, when done, the
        results. Seen by the two players and the event's organizers."""
        return ban_session_response(request, seen_ban_session(request, pk))


class BanSessionBanView(APIView):
    @extend_schema(tags=["ban sessions"], request=s.BanIn,
                   responses={200: s.BanSessionOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Ban a card from your opponent's list. 409 when it is not your step or the card is
        not in their remaining list; sending the same ban again changes nothing."""
        seen_ban_session(request, pk)
        card = valid(s.BanIn, request.data)["card"]
        ban_session_ban(session_id=pk, user=request.user, card=card, now=timezone.now())
        return ban_session_response(request, seen_ban_session(request, pk))
