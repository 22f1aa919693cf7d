"""The site around the apps: the home page, a person's own page and the health endpoint."""

from django.contrib.auth.decorators import login_required
from django.db import Error as DatabaseError
from django.db import connection
from django.db.models import Q, Sum
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from accounts.selectors.profiles import profile_of
from decks.models import BanSession, CollectionEntry, Decklist
from engine.clash.cards import load_catalogue
from play.selectors import solo_record_of
from tournaments.models import Rating
from tournaments.presenters.clock import match_clock_shown
from tournaments.selectors.announcements import announcements_for_player
from tournaments.selectors.events import events_organized_by
from tournaments.selectors.penalties import events_judged_by, penalties_of_player
from tournaments.selectors.registrations import registrations_of


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


@login_required
@require_GET
def me(request: HttpRequest) -> HttpResponse:
    """A person's own page: their events (with this round's table while one runs) and the
    announcements their organizers post, their own penalties, the events they organize and
    judge, their decks, collection and ban sessions, solo record and ratings. Only ever the
    signed-in person's own things."""
    user = request.user
    profile = profile_of(user)
    seats = registrations_of(user)
    now = timezone.now()
    for seat in seats:
        # The clock of this round's table (its round's, with the table's extra time), from
        # the round already loaded with the match: no query of its own.
        seat.clock = (match_clock_shown(seat.current, now)
                      if seat.current is not None else None)
    return render(request, "me.html", {
        "display_name": profile.display_name if profile else "",
        "seats": seats,
        "clocks": any(seat.clock for seat in seats),
        "announcements": announcements_for_player(user),
        "organized": list(events_organized_by(user).order_by("-created_at")[:30]),
        # The events they judge (each links its judge page) and their own penalties.
        "judged": list(events_judged_by(user)[:30]),
        "penalties": penalties_of_player(user),
        "decklists": Decklist.objects.filter(owner=user).count(),
        "cards": CollectionEntry.objects.filter(owner=user).aggregate(
            cards=Coalesce(Sum("count"), 0))["cards"],
        "ban_sessions": BanSession.objects.filter(Q(player_a=user) | Q(player_b=user)).count(),
        "solo_record": solo_record_of(user),
        "ratings": list(Rating.objects.filter(player=user).select_related("game")
                        .order_by("-ordinal")),
    })


def database_status() -> str:
    """Return 'ok' if the default database answers a query, else 'error: <reason>'."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as exc:
        # A database that is down is what this endpoint exists to report, not a bug.
        return f"error: {exc}"
    return "ok"


@never_cache
@require_GET
def health(request: HttpRequest) -> JsonResponse:
    """For load balancers and container health checks: 200 when healthy, 503 when not."""
    database = database_status()
    healthy = database == "ok"
    return JsonResponse(
        {
            "status": "ok" if healthy else "error",
            "database": database,
            "engine_catalogue": load_catalogue().version,
        },
        status=200 if healthy else 503,
    )
