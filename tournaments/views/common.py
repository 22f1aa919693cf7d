"""What the tournament views share: loading an event, the organizer check, pagination and
the live fragments."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Sequence
from functools import wraps

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.contrib.messages import get_messages
from django.core.cache import caches
from django.core.exceptions import PermissionDenied
from django.core.paginator import Page, Paginator
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.html import escape
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_POST

from tournaments.models import Event, Match, MatchStatus
from tournaments.selectors.access import is_organizer, may_judge
from tournaments.selectors.cache import CACHE, key, remembered
from tournaments.selectors.events import events_for_pages
from tournaments.selectors.match_games import GameLink, MatchSeen, replays_seen
from tournaments.selectors.standings import results_version, results_version_of

PER_PAGE = 50
# The query parameters the kept pages read; a URL with any other is built each time, so odd
# URLs cannot crowd the kept pages out.
KEPT_PARAMETERS = frozenset({"page", "round", "fragment"})


def event_or_404(pk: int) -> Event:
    """The event with its game and its results version (`selectors.results_version`)."""
    return get_object_or_404(events_for_pages(), pk=pk)


def event_context(request: HttpRequest, event: Event, tab: str,
                  organizes: bool | None = None) -> dict:
    """What every event page needs for its header and tabs; `organizes`, whether the reader
    organizes the event, when the caller has read it already."""
    if organizes is None:
        organizes = is_organizer(event, request.user)
    return {"event": event, "tab": tab, "is_organizer": organizes}


def render_event(request: HttpRequest, template: str, context: dict,
                 status: int = 200) -> HttpResponse:
    """An event's page, every time on it shown in the event's own time zone."""
    with timezone.override(context["event"].time_zone):
        return render(request, template, context, status=status)


# What a page kept for every signed-in reader (`render_event_for_readers`) holds in place of
# the reader's own parts: this process's own markers, which no one can type into a name.
_MARKS = {part: f"clash-kept-{secrets.token_hex(12)}-{part}" for part in
          ("username", "csrf", "content")}
_SPLIT = re.compile("(" + "|".join(_MARKS.values()) + ")")
_PART_OF = {mark: part for part, mark in _MARKS.items()}


class _ReaderMark:
    """The signed-in user as base.html reads them, with a marker for the username."""

    is_authenticated = True
    is_anonymous = False

    @staticmethod
    def get_username() -> str:
        return _MARKS["username"]


def render_event_for_readers(request: HttpRequest, template: str, context: dict,
                             kept: tuple, content: str) -> HttpResponse:
    """An event page for a signed-in reader whose only parts of their own are the username
    in the menu, the CSRF token of its forms and `content` (the event's part, with the
    reader's row marked): the page around them is rendered once per `kept` (what else the
    page depends on: the event, its results version, the language, the URL...) and the
    reader's parts are put in. A reader with a message waiting gets the page rendered now.

    The kept page is split at the markers when it is kept, so the reader's parts are put in
    once each: nothing in them (a display name in `content`) is ever read as a marker."""
    if len(get_messages(request)):
        return render_event(request, template, {**context, "content": content})

    def shell() -> list[str]:
        with timezone.override(context["event"].time_zone):
            page = render_to_string(template, {
                **context, "content": _MARKS["content"], "user": _ReaderMark(),
                "csrf_token": _MARKS["csrf"], "messages": ()}, request=request)
        return _SPLIT.split(page)

    with timezone.override(context["event"].time_zone):
        zone = timezone.get_current_timezone_name()
    parts = remembered(("reader-page", *kept, get_language(), zone,
                        request.get_full_path()), shell)
    mine = {"username": escape(request.user.get_username()), "csrf": get_token(request),
            "content": content}
    return HttpResponse("".join(mine[_PART_OF[part]] if part in _PART_OF else part
                                for part in parts))


def page_of(request: HttpRequest, items: Sequence, per_page: int = PER_PAGE) -> Page:
    return Paginator(items, per_page).get_page(request.GET.get("page"))


def wants_fragment(request: HttpRequest) -> bool:
    """The live-refresh script asks for the changing part of a page only."""
    return request.GET.get("fragment") == "1"


def kept_for_visitors(request: HttpRequest, kind: str, pk: int,
                      build: Callable[[Event, int], HttpResponse]) -> HttpResponse:
    """Event `pk`'s page that `build(event, results version)` makes, kept under `kind`, the
    event's results version and the URL when the viewer is not signed in and has no message
    waiting: every such visitor sees the same page, read with at most one small query (the
    version, which may be up to CLASH_VISITOR_VERSION_SECONDS old: not even the event is
    loaded). Anyone else, and an answer other than 200, is built now, on the version as it
    is: the players and organizers who change results see their change at once.

    The version is read first, so what is read after is at least as new as it."""
    if (not request.user.is_authenticated and not len(get_messages(request))
            and KEPT_PARAMETERS.issuperset(request.GET)):
        version = results_version_of(pk, max_age=settings.CLASH_VISITOR_VERSION_SECONDS)
        if version is not None:  # else no such event (a 404), or one with no row yet
            cache = caches[CACHE]
            # A page in words: one kept per language.
            name = key(kind, pk, version, get_language(), request.get_full_path())
            content = cache.get(name)
            if content is not None:
                return HttpResponse(content)
            response = build(event_or_404(pk), version)
            if response.status_code == 200:
                cache.set(name, response.content)
            return response
    event = event_or_404(pk)
    return build(event, results_version(event))


def organizer_action(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A POST by a signed-in organizer of the event in the URL: anonymous visitors go to the
    login page, a missing event is a 404, anyone else a 403. Checked before the service is
    called, so a refused request touches nothing."""

    @login_required
    @require_POST
    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args, **kwargs) -> HttpResponse:  # noqa: ANN002, ANN003
        event = event_or_404(pk)
        if not is_organizer(event, request.user):
            raise PermissionDenied(gettext("Only the organizers of this event can do this."))
        return view(request, event, *args, **kwargs)

    return wrapped


def judge_action(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """`organizer_action` for what the event's judges may do too (penalties, a table's extra
    time): a POST by a signed-in organizer or judge of the event in the URL."""

    @login_required
    @require_POST
    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args, **kwargs) -> HttpResponse:  # noqa: ANN002, ANN003
        event = event_or_404(pk)
        if not may_judge(event, request.user):
            raise PermissionDenied(gettext("Only the organizers and judges of this event can "
                                           "do this."))
        return view(request, event, *args, **kwargs)

    return wrapped


def match_rows(matches: Sequence[Match], user: object, event: Event, *,
               organizer: bool) -> list[tuple[Match, bool, Sequence[GameLink]]]:
    """Each match with whether the viewer opens its page (its players and the organizers;
    a bye has nothing to open, as on the pairings) and the replays of its games the viewer
    may watch (selectors.match_games)."""
    mine = getattr(user, "pk", None)

    def opens(m: Match) -> bool:
        if m.player_b_id is None:
            return False
        return organizer or (mine is not None and mine in (
            m.player_a.player_id, m.player_b.player_id if m.player_b else None))

    seen = [(m, opens(m)) for m in matches]
    replays = replays_seen(
        (MatchSeen(m.pk, m.status == MatchStatus.CONFIRMED,
                   m.player_a.is_ai and (m.player_b is None or m.player_b.is_ai), sees)
         for m, sees in seen if m.player_b_id), lists_published=event.lists_published)
    return [(m, sees, replays.get(m.pk, ())) for m, sees in seen]
