"""Pairings by table, live standings with the tiebreakers, the top-cut bracket, and their CSV
downloads. All public, like a printout on the venue's wall.

Pairings and standings also answer `?fragment=1` with only the changing part of the page,
which static/js/live-refresh.js fetches every 20 seconds; without the script the full page
works the same.

That part is rendered (tournaments/presenters/pairings.py and standings.py) once per results
version of the event and kept (`tournaments.selectors.cache`), for each way it can look (the
page of the standings, the round, the viewer's own table, an organizer's links), and so is the
whole page for visitors who are not signed in: a crowd refreshing the pages of a large event
costs at most one small query a request (`views.common.kept_for_visitors`), not a computation.
The standings are the same for every reader, signed in or not: what is under the menu is kept
too, the reader's own row marked in it afterwards (`with_my_row`), so a signed-in player's page
costs one query after their session's (the event with what they are to it) and the menu around
it.
"""

from __future__ import annotations

from typing import TypeVar

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET

from tournaments.models import Event, EventStatus, Round, RoundStage
from tournaments.presenters.brackets import bracket_sections
from tournaments.presenters.clock import round_clock_shown
from tournaments.presenters.pairings import my_table, pairing_rounds, pairings_part
from tournaments.presenters.standings import (
    STANDINGS_PER_PAGE,
    standings_content,
    standings_count,
    standings_kept_part,
    with_my_row,
)
from tournaments.selectors.access import acts_as_judge
from tournaments.selectors.announcements import announcements_live
from tournaments.selectors.cache import remembered
from tournaments.selectors.exports import pairings_csv as pairings_text
from tournaments.selectors.exports import standings_csv as standings_text
from tournaments.selectors.matches import round_matches
from tournaments.selectors.placings import bracket_placings
from tournaments.selectors.readers import Reader, reader_of
from tournaments.selectors.rounds import RoundChoice, champion_of, rounds_labelled
from tournaments.selectors.standings import results_version

from .common import (
    event_context,
    event_or_404,
    kept_for_visitors,
    match_rows,
    page_of,
    render_event,
    render_event_for_readers,
    wants_fragment,
)

R = TypeVar("R", Round, RoundChoice)


def chosen_round(request: HttpRequest, rounds: list[R]) -> R | None:
    """The round asked for (`?round=N`), else the current one; None before round 1."""
    asked = request.GET.get("round")
    if asked is None:
        return rounds[-1] if rounds else None
    chosen = next((r for r in rounds if str(r.number) == asked), None)
    if chosen is None:
        raise Http404(gettext("No such round."))
    return chosen


def _live(event: Event) -> bool:
    return event.status in (EventStatus.RUNNING, EventStatus.TOP_CUT)


@require_GET
def pairings(request: HttpRequest, pk: int) -> HttpResponse:
    return kept_for_visitors(request, "pairings-visitor", pk,
                             lambda event, version: _pairings(request, event, version))


def _pairings(request: HttpRequest, event: Event, version: int) -> HttpResponse:
    rounds = pairing_rounds(event, version)
    rnd = chosen_round(request, rounds)
    current = rnd is not None and rnd == rounds[-1]
    context = event_context(request, event, "pairings")
    mine = my_table(event, version, rnd, request.user)
    # A judge of the event opens every match page (selectors.access.may_see_match).
    judges = (not context["is_organizer"] and request.user.is_authenticated
              and acts_as_judge(event, request.user))
    html = pairings_part(event, version, rnd, user=request.user,
                         organizes=context["is_organizer"], mine=mine, judges=judges)
    if wants_fragment(request):
        return HttpResponse(html)
    live = current and _live(event) and "round" not in request.GET
    context.update({
        "rounds": rounds, "round": rnd, "fragment": html, "live": live,
        # Kept per results version, which every post and withdrawal bumps.
        "announcements": remembered(("announcements", event.pk, version),
                                    lambda: list(announcements_live(event))),
        # Outside the kept fragment: the clock is read fresh (one small query).
        "round_clock": round_clock_shown(event, rnd.number) if live else None,
    })
    return render_event(request, "tournaments/pairings.html", context)


@require_GET
def pairings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    rnd = chosen_round(request, rounds_labelled(event))
    if rnd is None:
        raise Http404(gettext("No round has been paired yet."))
    return _csv(pairings_text(rnd), f"{slugify(event.name) or 'event'}-round-{rnd.number}")


@require_GET
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    if request.user.is_authenticated:
        # One query for the version and what the reader is to the event; the event itself
        # and the rest are kept for every reader of this version (`_standings`).
        reader = reader_of(pk, request.user.pk)
        if reader is not None:
            event = remembered(("event", pk, reader.version), lambda: event_or_404(pk),
                               kept=_without_seed)
            return _standings(request, event, reader.version, reader)
        event = event_or_404(pk)  # a 404, or an event with no results version yet
        return _standings(request, event, results_version(event))
    return kept_for_visitors(request, "standings-visitor", pk,
                             lambda event, version: _standings(request, event, version))


def _without_seed(event: Event) -> Event:
    """A copy of the event to keep, without its secret seed (deferred: read again if asked
    for), so that no kept copy carries it wherever the cache is."""
    copy = Event.__new__(Event)
    copy.__dict__ = {name: value for name, value in event.__dict__.items()
                     if name not in ("seed", "seed_nonce")}
    return copy


def _standings(request: HttpRequest, event: Event, version: int,
               reader: Reader | None = None) -> HttpResponse:
    """The page, or its changing part (`?fragment=1`): rendered once per results version,
    language and page of the standings (and for organizers, their tabs), whoever reads it;
    then the reader's own row is marked."""
    count = standings_count(event, version)
    page = page_of(request, range(count), STANDINGS_PER_PAGE)
    mine = reader.seat if reader is not None else None
    fragment = standings_kept_part(event, version, page)
    if wants_fragment(request):
        return HttpResponse(with_my_row(fragment, mine))
    context = event_context(request, event, "standings",
                            organizes=reader.organizes if reader is not None else None)
    kept = remembered(("standings-page", event.pk, version, get_language(), page.number,
                       context["is_organizer"]),
                      lambda: standings_content(context, fragment, page, count, _live(event)))
    mine_marked = mark_safe(with_my_row(kept, mine))
    if reader is None:
        return render_event(request, "tournaments/standings.html",
                            {**context, "content": mine_marked})
    return render_event_for_readers(
        request, "tournaments/standings.html", context, content=mine_marked,
        kept=("standings", event.pk, version, page.number, context["is_organizer"]))


@require_GET
def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    return _csv(standings_text(event), f"{slugify(event.name) or 'event'}-standings")


@require_GET
def bracket(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    rounds = [r for r in rounds_labelled(event) if r.stage == RoundStage.TOP_CUT]
    context = event_context(request, event, "bracket")
    # The organizers and the event's judges open every match (selectors.access).
    sees_all = context["is_organizer"] or (request.user.is_authenticated and bool(rounds)
                                           and acts_as_judge(event, request.user))
    columns = [(rnd, match_rows(round_matches(rnd), request.user, event,
                                organizer=sees_all)) for rnd in rounds]
    # Each side's seed (its place in the Swiss standings the cut was seeded from, or the
    # bracket's seed), each match in its section and column (presenters.brackets).
    sections = bracket_sections(event, columns)
    placed = bracket_placings(event) if rounds else None
    names = {m.player_a_id: m.player_a.name for _, rows in columns for m, _, _ in rows}
    names |= {m.player_b_id: m.player_b.name for _, rows in columns for m, _, _ in rows
              if m.player_b_id}
    context.update({
        "columns": columns,
        "sections": sections,
        "champion": champion_of(rounds[-1]) if rounds else None,
        "placings": [(place, names[pk]) for place, pk in placed] if placed else [],
    })
    return render_event(request, "tournaments/bracket.html", context)


def _csv(text: str, name: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    return response
