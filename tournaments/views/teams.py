"""The teams page of a team event: every team with its players by seat; a registered player
makes a team or joins one with a free seat, leaves their team; the team's maker takes a
member out or moves one up a seat (services.teams, which checks who asks)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from core.views import domain_errors
from tournaments.forms.teams import TeamCreateForm, TeamJoinForm
from tournaments.models import Event, EventStatus, Team
from tournaments.selectors.registrations import user_registration
from tournaments.services.teams import (
    team_create,
    team_join,
    team_leave,
    team_member_remove,
    team_seats_order,
)

from .common import event_context, event_or_404, render_event


def _team_event(pk: int) -> Event:
    event = event_or_404(pk)
    if not event.teams_play:
        raise Http404(gettext("This event is not a team event."))
    return event


def _page(request: HttpRequest, event: Event, *, create: TeamCreateForm | None = None,
          join: TeamJoinForm | None = None, status: int = 200) -> HttpResponse:
    mine = user_registration(event, request.user)
    teams = list(Team.objects.filter(event=event).order_by("name", "id")
                 .prefetch_related("members__player__profile"))
    for team in teams:
        team.seated = sorted(team.members.all(), key=lambda r: r.seat)
        team.full = len(team.seated) >= event.team_size
    forming = (event.status == EventStatus.REGISTRATION and mine is not None
               and not mine.dropped)
    open_teams = [(t.pk, t.name) for t in teams if not t.full]
    context = event_context(request, event, "teams")
    context.update({
        "mine": mine, "teams": teams, "forming": forming,
        "my_team": mine.team_id if mine is not None else None,
        "create_form": (create or TeamCreateForm()) if forming and not mine.team_id else None,
        "join_form": ((join or TeamJoinForm(teams=open_teams))
                      if forming and not mine.team_id and open_teams else None),
    })
    return render_event(request, "tournaments/teams.html", context, status=status)


@require_GET
def teams(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, _team_event(pk))


@login_required
@require_POST
def team_new(request: HttpRequest, pk: int) -> HttpResponse:
    event = _team_event(pk)
    form = TeamCreateForm(request.POST)
    if form.is_valid():
        with domain_errors(request, form=form) as refused:
            team = team_create(event_id=event.pk, by=request.user, now=timezone.now(),
                               name=form.cleaned_data["name"])
        if not refused:
            messages.success(request, gettext("Team %(team)s is made: you sit in seat A.")
                             % {"team": team.name})
            return redirect("tournaments:teams", pk=event.pk)
        return _page(request, event, create=form, status=refused.status)
    return _page(request, event, create=form, status=400)


@login_required
@require_POST
def team_enter(request: HttpRequest, pk: int) -> HttpResponse:
    event = _team_event(pk)
    form = TeamJoinForm(request.POST, teams=list(
        Team.objects.filter(event=event).values_list("id", "name")))
    if form.is_valid():
        with domain_errors(request, form=form) as refused:
            seat = team_join(event_id=event.pk, by=request.user,
                             team_id=form.cleaned_data["team"])
        if not refused:
            messages.success(request, gettext("You joined team %(team)s in seat %(seat)s.")
                             % {"team": seat.team.name, "seat": seat.seat})
            return redirect("tournaments:teams", pk=event.pk)
        return _page(request, event, join=form, status=refused.status)
    return _page(request, event, join=form, status=400)


@login_required
@require_POST
def team_exit(request: HttpRequest, pk: int) -> HttpResponse:
    event = _team_event(pk)
    with domain_errors(request) as refused:
        team_leave(event_id=event.pk, by=request.user)
    if refused:
        return _page(request, event, status=refused.status)
    messages.success(request, gettext("You left your team."))
    return redirect("tournaments:teams", pk=event.pk)


@login_required
@require_POST
def team_member_out(request: HttpRequest, pk: int, team: int,
                    registration: int) -> HttpResponse:
    event = _team_event(pk)
    with domain_errors(request) as refused:
        team_member_remove(event_id=event.pk, by=request.user, team_id=team,
                           registration_id=registration)
    if refused:
        return _page(request, event, status=refused.status)
    messages.success(request, gettext("The player is out of the team."))
    return redirect("tournaments:teams", pk=event.pk)


@login_required
@require_POST
def team_member_up(request: HttpRequest, pk: int, team: int,
                   registration: int) -> HttpResponse:
    """The team's maker moves a member one seat up (A is the first seat)."""
    event = _team_event(pk)
    order = list(Team.objects.filter(pk=team, event=event)
                 .values_list("members__id", flat=True).order_by("members__seat"))
    if registration in order and order.index(registration) > 0:
        at = order.index(registration)
        order[at - 1], order[at] = order[at], order[at - 1]
    with domain_errors(request) as refused:
        team_seats_order(event_id=event.pk, by=request.user, team_id=team, order=order)
    if refused:
        return _page(request, event, status=refused.status)
    messages.success(request, gettext("The seats are reordered."))
    return redirect("tournaments:teams", pk=event.pk)
