"""What the tournament views share: loading an event, the organizer check, pagination and
the live fragments."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Page, Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_POST

from tournaments.models import Event
from tournaments.services.access import is_organizer

PER_PAGE = 50


def event_or_404(pk: int) -> Event:
    """The event with its game and its results version (`selectors.results_version`)."""
    return get_object_or_404(Event.objects.select_related("game", "standings_state"), pk=pk)


def event_context(request: HttpRequest, event: Event, tab: str) -> dict:
    """What every event page needs for its header and tabs."""
    return {"event": event, "tab": tab, "is_organizer": is_organizer(event, request.user)}


def page_of(request: HttpRequest, items: Sequence, per_page: int = PER_PAGE) -> Page:
    return Paginator(items, per_page).get_page(request.GET.get("page"))


def wants_fragment(request: HttpRequest) -> bool:
    """The live-refresh script asks for the changing part of a page only."""
    return request.GET.get("fragment") == "1"


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
            raise PermissionDenied("Only the organizers of this event can do this.")
        return view(request, event, *args, **kwargs)

    return wrapped
