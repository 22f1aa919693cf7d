"""The site around the apps: the home page and the health endpoint."""

from django.db import Error as DatabaseError
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from engine.clash.cards import load_catalogue


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


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
