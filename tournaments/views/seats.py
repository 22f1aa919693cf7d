"""The organizer's actions on the event's seats, from the dashboard: adding a player,
removing, dropping, bringing back and checking in a seat, and adding an organizer (a walk-in
guest's seat and claim code: views.walkins). Each is checked by `organizer_action`; a refusal
shows the dashboard again with its reason."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.views import domain_errors
from tournaments.forms.people import OrganizerAddForm, PlayerAddForm
from tournaments.forms.starting import AISeatsForm
from tournaments.models import Event, EventFormat, Registration
from tournaments.services.ai_seats import ai_seats_add
from tournaments.services.corrections import registration_undrop
from tournaments.services.events import organizer_add
from tournaments.services.registrations import (
    registration_add,
    registration_check_in,
    registration_drop,
    registration_remove,
)

from .common import organizer_action
from .manage import back_to_dashboard, dashboard_page, on_the_dashboard


@organizer_action
def player_add(request: HttpRequest, event: Event) -> HttpResponse:
    form = PlayerAddForm(request.POST, event=event)
    if form.is_valid():
        with domain_errors(request, form=form) as refused:
            seat = registration_add(event_id=event.pk, by=request.user, now=timezone.now(),
                                    **form.service_arguments())
        if not refused:
            draft = event.format == EventFormat.DRAFT
            if seat.late_entry and draft:
                text = _("%(name)s is registered as a late entry.")
            elif seat.late_entry:
                text = _("%(name)s is registered as a late entry. The seat has no list until "
                         "they attach their own on the event's page.")
            elif draft:
                text = _("%(name)s is registered.")
            else:
                text = _("%(name)s is registered. The seat has no list until they attach "
                         "their own on the event's page.")
            messages.success(request, text % {"name": seat.name})
            return back_to_dashboard(event, "add-heading")
    messages.error(request, _("The player was not added: see the form below."))
    return dashboard_page(request, event, add_form=form, status=400)


@organizer_action
def ai_seats_new(request: HttpRequest, event: Event) -> HttpResponse:
    """AI seats, before the start or as late entries; back to the form's section."""
    form = AISeatsForm(request.POST)
    if form.is_valid():
        with domain_errors(request, form=form) as refused:
            added = ai_seats_add(event_id=event.pk, by=request.user, now=timezone.now(),
                                 **form.cleaned_data)
        if not refused:
            names = ", ".join(seat.name for seat in added)
            late = added[0].late_entry
            messages.success(request, (ngettext(
                "%(count)d AI seat joins as a late entry: %(names)s.",
                "%(count)d AI seats join as late entries: %(names)s.", len(added)) if late
                else ngettext("%(count)d AI seat added: %(names)s.",
                              "%(count)d AI seats added: %(names)s.", len(added)))
                % {"count": len(added), "names": names})
            return back_to_dashboard(event, "ai-heading")
    messages.error(request, _("No AI seat was added: see the form below."))
    return dashboard_page(request, event, ai_form=form, status=400)


def _seat_action(request: HttpRequest, event: Event, registration: int, action,  # noqa: ANN001
                 done: str, **arguments) -> HttpResponse:  # noqa: ANN003
    seat = get_object_or_404(Registration.objects.select_related("player__profile"),
                             pk=registration, event=event)
    action(registration_id=seat.pk, by=request.user, **arguments)
    messages.success(request, done % {"name": seat.name})
    return back_to_dashboard(event, "seats-heading")


@organizer_action
@on_the_dashboard
def player_remove(request: HttpRequest, event: Event, registration: int) -> HttpResponse:
    return _seat_action(request, event, registration, registration_remove,
                        _("%(name)s is no longer registered."))


@organizer_action
@on_the_dashboard
def player_drop(request: HttpRequest, event: Event, registration: int) -> HttpResponse:
    return _seat_action(request, event, registration, registration_drop,
                        _("%(name)s has dropped and will not be paired again."),
                        now=timezone.now())


@organizer_action
@on_the_dashboard
def player_undrop(request: HttpRequest, event: Event, registration: int) -> HttpResponse:
    return _seat_action(request, event, registration, registration_undrop,
                        _("%(name)s is back: they are paired again from the next round on."),
                        now=timezone.now())


@organizer_action
@on_the_dashboard
def player_check_in(request: HttpRequest, event: Event, registration: int) -> HttpResponse:
    return _seat_action(request, event, registration, registration_check_in,
                        _("%(name)s is checked in."), now=timezone.now())


@organizer_action
def organizer_new(request: HttpRequest, event: Event) -> HttpResponse:
    form = OrganizerAddForm(request.POST)
    if form.is_valid():
        user = form.cleaned_data["user"]
        with domain_errors(request, form=form, field="user") as refused:
            organizer_add(event_id=event.pk, by=request.user, user=user)
        if not refused:
            messages.success(request, _("%(name)s is now an organizer of %(event)s.")
                             % {"name": user.get_username(), "event": event.name})
            return back_to_dashboard(event, "org-heading")
    messages.error(request, _("No organizer was added: see the form below."))
    return dashboard_page(request, event, organizer_form=form, status=400)
