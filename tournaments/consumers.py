"""The event pages' sockets (core/consumers.py). Each joins one group, when the page's own
permission read lets its person see the page: the pairings, standings and pods are public
(any event that exists, as their pages answer), the dashboard is its organizers'
(`is_organizer`), a match page its two players', organizers' and judges' (`may_see_match`),
a draft page its seat's pair's (`pod_seat_of`, `may_see_seat`).
Hints come at most once a second per socket: a round's results coming in at several a
second cost each open page one fetch a second."""

from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.http import HttpRequest
from django.http.cookie import parse_cookie
from django.utils import translation

from core.consumers import HintConsumer
from tournaments.models import Event
from tournaments.presenters.visitors import VISITOR_PARTS, visitor_part
from tournaments.selectors.access import is_organizer, may_see_match
from tournaments.selectors.matches import match_in_event
from tournaments.selectors.pods import may_see_seat, pod_seat_of
from tournaments.selectors.standings import results_version_since
from tournaments.services.live import (
    DASHBOARD,
    PODS,
    PUBLIC,
    event_group,
    match_group,
    pair_group,
)


class EventPagesConsumer(HintConsumer):
    """The pairings and standings pages. A visitor who is not signed in sees what every such
    visitor sees (the part kept per results version and language): their socket is sent that
    part with the hint, rendered by the page's own presenter (presenters/visitors.py), so a
    crowd of visitors' pages costs one render a change and no request at all. A signed-in
    person's page (their own row marked) fetches its own."""

    coalesce = 1.0
    personal = False

    def group_for(self, user: Any, **kwargs: Any) -> str | None:
        if not Event.objects.filter(pk=kwargs["pk"]).exists():
            return None
        return event_group(kwargs["pk"], PUBLIC)

    async def connect(self) -> None:
        # What a visitor's page is sent with each hint: read once, from the handshake.
        self._visitor: tuple[str, str, str] | None = None
        user = self.scope.get("user")
        query = parse_qs(self.scope.get("query_string", b"").decode())
        part = (query.get("part") or [""])[0]
        if part in VISITOR_PARTS and (user is None or not user.is_authenticated):
            page = (query.get("page") or [""])[0]
            page = page if page.isdigit() else ""
            self._visitor = (part, page, visitor_language(self.scope))
        await super().connect()

    async def message_for(self, hint: dict) -> dict:
        out = await super().message_for(hint)
        if self._visitor is not None:
            html = await self._visitor_fragment(hint.get("sent", 0.0))
            if html is not None:
                out["html"] = html
        return out

    def encoded(self, out: dict) -> str:
        html = out.get("html")
        if not isinstance(html, Fragment):
            return super().encoded(out)
        rest = super().encoded({key: value for key, value in out.items() if key != "html"})
        return f'{rest[:-1]}, "html": {html.encoded}}}'

    async def _visitor_fragment(self, since: float) -> Fragment | None:
        """The part every visitor in this language sees, rendered once per hint in this
        process however many of its sockets get it (they get the same hint, stamped
        `since`)."""
        part, page, language = self._visitor
        pk = self.scope["url_route"]["kwargs"]["pk"]
        key = (pk, part, page, language, since)
        render = _renders.get(key)
        if render is None:
            render = asyncio.ensure_future(
                database_sync_to_async(_render)(part, pk, page, language, since))
            _renders[key] = render
            while len(_renders) > RENDERS_KEPT:
                _renders.pop(next(iter(_renders)))
        return await asyncio.shield(render)


class Fragment(str):
    """A rendered part with its JSON text, encoded once for every socket that is sent it."""

    encoded: str

    @classmethod
    def of(cls, html: str) -> Fragment:
        fragment = cls(html)
        fragment.encoded = json.dumps(html)
        return fragment


def _render(part: str, pk: int, page: str, language: str, since: float) -> str | None:
    # A version read since the hint left, never one from before the change.
    version = results_version_since(pk, since)
    if version is None:
        return None
    with translation.override(language):
        html = visitor_part(part, pk, version, page)
    return Fragment.of(str(html)) if html is not None else None


# The renders of the latest hints, shared by the sockets of this process: {(event, part,
# page, language, hint stamp): the render}.
_renders: dict[tuple, asyncio.Future] = {}
RENDERS_KEPT = 64


def visitor_language(scope: dict) -> str:
    """The language a visitor's page is in, as the page's request would choose it: from the
    language cookie and the Accept-Language of the socket's handshake."""
    headers = {name.decode("latin-1").lower(): value.decode("latin-1")
               for name, value in scope.get("headers", [])}
    request = HttpRequest()
    request.META = {"HTTP_ACCEPT_LANGUAGE": headers.get("accept-language", "")}
    request.COOKIES = parse_cookie(headers.get("cookie", ""))
    return translation.get_language_from_request(request)


class DashboardConsumer(HintConsumer):
    coalesce = 1.0

    def group_for(self, user: Any, **kwargs: Any) -> str | None:
        event = Event.objects.filter(pk=kwargs["pk"]).first()
        if event is None or not is_organizer(event, user):
            return None
        return event_group(event.pk, DASHBOARD)


class MatchConsumer(HintConsumer):
    coalesce = 1.0

    def group_for(self, user: Any, **kwargs: Any) -> str | None:
        event = Event.objects.filter(pk=kwargs["pk"]).first()
        match = match_in_event(event, kwargs["match"]) if event is not None else None
        if match is None or not may_see_match(match, user, event):
            return None
        return match_group(match.pk)


class PodsConsumer(HintConsumer):
    coalesce = 1.0
    personal = False

    def group_for(self, user: Any, **kwargs: Any) -> str | None:
        if not Event.objects.filter(pk=kwargs["pk"]).exists():
            return None
        return event_group(kwargs["pk"], PODS)


class DraftConsumer(HintConsumer):
    """A seat's own draft page: the pair of the person's seat in the event."""

    def group_for(self, user: Any, **kwargs: Any) -> str | None:
        event = Event.objects.filter(pk=kwargs["pk"]).first()
        seat = pod_seat_of(event, user) if event is not None else None
        if seat is None or not may_see_seat(seat, user):
            return None
        return pair_group(seat.pair_id)
