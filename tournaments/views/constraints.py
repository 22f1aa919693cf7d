"""The organizer's pairing constraints page, linked from the dashboard: awarded byes and fixed
tables per player, and the pairs of players kept apart (services.constraints). Organizers
only; every action is a POST checked before the service runs (`organizer_action`), and a
refusal shows the page again with its reason, nothing changed."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from core.views import domain_errors, refusals_shown
from tournaments.forms.constraints import KeptApartForm, SeatConstraintsForm
from tournaments.models import Event
from tournaments.selectors.access import is_organizer
from tournaments.selectors.constraints import pairs_apart, seat_constraints
from tournaments.services.constraints import (
    kept_apart_add,
    kept_apart_remove,
    seat_constraints_set,
)

from .common import event_context, event_or_404, organizer_action, render_event


def _page(request: HttpRequest, event: Event, *, seat_form: SeatConstraintsForm | None = None,
          apart_form: KeptApartForm | None = None, status: int = 200) -> HttpResponse:
    seats = seat_constraints(event)
    context = event_context(request, event, "manage")
    context.update({
        "seats": seats,
        "constrained": [s for s in seats if s.awarded_byes or s.fixed_table],
        "pairs": pairs_apart(event),
        "seat_form": seat_form or SeatConstraintsForm(seats=seats),
        "apart_form": apart_form or KeptApartForm(seats=seats),
        "can_edit": event.status != "complete",
    })
    return render_event(request, "tournaments/constraints.html", context, status=status)


@login_required
@require_GET
def constraints(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    if not is_organizer(event, request.user):
        raise PermissionDenied(_("Only the organizers of this event see its pairing "
                                 "constraints."))
    return _page(request, event)


def _back(event: Event, anchor: str) -> HttpResponse:
    response = redirect("tournaments:constraints", pk=event.pk)
    response["Location"] += f"#{anchor}"
    return response


@organizer_action
def seat_constraints_save(request: HttpRequest, event: Event) -> HttpResponse:
    form = SeatConstraintsForm(request.POST, seats=seat_constraints(event))
    if form.is_valid():
        with domain_errors(request, form=form) as refused:
            seat, changed = seat_constraints_set(event_id=event.pk, by=request.user,
                                                 now=timezone.now(), **form.service_arguments())
        if not refused:
            if changed:
                messages.success(request, _("The pairing constraints of %(name)s are saved.")
                                 % {"name": seat.name})
            else:
                messages.info(request, _("Nothing changed for %(name)s.") % {"name": seat.name})
            return _back(event, "seats-heading")
        return _page(request, event, seat_form=form, status=refused.status)
    messages.error(request, _("Nothing was saved: see the form below."))
    return _page(request, event, seat_form=form, status=400)


@organizer_action
def kept_apart_new(request: HttpRequest, event: Event) -> HttpResponse:
    form = KeptApartForm(request.POST, seats=seat_constraints(event))
    if form.is_valid():
        with domain_errors(request, form=form) as refused:
            pair = kept_apart_add(event_id=event.pk, by=request.user, now=timezone.now(),
                                  **form.service_arguments())
        if not refused:
            messages.success(request, _("%(player)s and %(opponent)s will not be paired "
                                        "together.") % {"player": pair.first.name,
                                                        "opponent": pair.second.name})
            return _back(event, "apart-heading")
        return _page(request, event, apart_form=form, status=refused.status)
    messages.error(request, _("No pair was added: see the form below."))
    return _page(request, event, apart_form=form, status=400)


def _refused(request: HttpRequest, event: Event, *_args: object, refused: object,
             **_kwargs: object) -> HttpResponse:
    event.refresh_from_db()
    return _page(request, event, status=refused.status)


@organizer_action
@refusals_shown(_refused)
def kept_apart_delete(request: HttpRequest, event: Event, pair: int) -> HttpResponse:
    kept_apart_remove(event_id=event.pk, pair_id=pair, by=request.user, now=timezone.now())
    messages.success(request, _("The pair may be paired together again."))
    return _back(event, "apart-heading")

