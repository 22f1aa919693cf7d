"""The organizer's corrections added to the round being played, on the dashboard: a late
player (a bye or a match against a new AI seat, services.late_players) and a no-show's match
loss (services.no_shows); and the page listing the event's corrections, newest first."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from core.views import NOT_THE_INPUT, domain_errors
from tournaments.forms.rounds import LatePlayerForm, NoShowForm
from tournaments.models import Event, Match, Registration, RoundStatus
from tournaments.presenters.walkins import claim_path
from tournaments.selectors.access import is_organizer
from tournaments.selectors.corrections import corrections_of
from tournaments.services.late_players import round_late_player_add
from tournaments.services.no_shows import match_no_show

from .common import event_context, event_or_404, organizer_action, page_of, render_event
from .manage import back_to_dashboard, dashboard_page, on_the_dashboard


@organizer_action
def late_player(request: HttpRequest, event: Event) -> HttpResponse:
    """Seat a late player in the round the dashboard showed; a new guest's claim code shows
    once, in the message."""
    waiting = [(s.pk, s.name) for s in Registration.objects.filter(
        event=event, is_ai=False, dropped=False).select_related("player__profile")]
    form = LatePlayerForm(request.POST, waiting=waiting)
    if form.is_valid():
        with domain_errors(request, form=form, not_on_form=NOT_THE_INPUT) as refused:
            late = round_late_player_add(event_id=event.pk, by=request.user,
                                         now=timezone.now(), **form.service_arguments())
        if refused and not refused.on_form:
            return dashboard_page(request, event, status=refused.status)
        if not refused:
            seat, match = late.registration, late.match
            if match.bye:
                text = _("%(name)s is in round %(round)d with a bye.")
            else:
                text = _("%(name)s plays round %(round)d at table %(table)d, against "
                         "%(ai)s.")
            text = text % {"name": seat.name, "round": form.cleaned_data["number"],
                           "table": match.table or 0,
                           "ai": match.player_b.name if match.player_b else ""}
            if late.claim_code:
                link = request.build_absolute_uri(claim_path(late.claim_code))
                text += " " + _("Their claim code is %(code)s (link: %(link)s): hand it to "
                                "them now, it is shown only this once.") % {
                    "code": late.claim_code, "link": link}
            messages.success(request, text)
            # A new guest's claim code is in the message at the top: shown only this once.
            return back_to_dashboard(event, "" if late.claim_code else "late-heading")
    messages.error(request, _("The late player was not added: see the form below."))
    return dashboard_page(request, event, status=400, late_form=form)


@organizer_action
@on_the_dashboard
def no_show(request: HttpRequest, event: Event) -> HttpResponse:
    """The absent player's match loss, at their open table of the round the page showed."""
    form = NoShowForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose the absent player."))
        return dashboard_page(request, event, status=400)
    number, absent = form.cleaned_data["number"], form.cleaned_data["absent"]
    match = (Match.objects.filter(round__event=event, round__number=number,
                                  player_b__isnull=False)
             .filter(Q(player_a_id=absent) | Q(player_b_id=absent))
             .exclude(round__status=RoundStatus.COMPLETE).first())
    if match is None:
        messages.error(request, _("That player has no open table in round %(round)d: reload "
                                  "the dashboard.") % {"round": number})
        return dashboard_page(request, event, status=409)
    match, given = match_no_show(match_id=match.pk, by=request.user, now=timezone.now(),
                                 absent=absent)
    if given:
        messages.success(request, _("Table %(table)d: the no-show's match loss is recorded, "
                                    "their opponent wins the match.") % {"table": match.table})
    else:
        messages.info(request, _("Table %(table)d already has this no-show; nothing changed.")
                      % {"table": match.table})
    return back_to_dashboard(event, "no-show-heading")


@login_required
@require_GET
def corrections_list(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's corrections trail, newest first: organizers only."""
    event = event_or_404(pk)
    if not is_organizer(event, request.user):
        raise PermissionDenied(_("Only the organizers of this event see its corrections."))
    context = event_context(request, event, "manage")
    context["corrections"] = page_of(request, corrections_of(event))
    return render_event(request, "tournaments/corrections.html", context)
