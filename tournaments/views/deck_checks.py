"""The players' registered lists, for the organizers and judges: publishing the lists, a
seat's registered version with its deck checks, and recording a deck check."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET

from core.views import NOT_THE_INPUT, domain_errors
from tournaments.forms.registrations import DeckCheckForm
from tournaments.models import Event, EventStatus, Registration, Round
from tournaments.selectors.access import is_organizer, may_judge, may_read_deck_checks
from tournaments.selectors.registrations import deck_checks_of, registered_list
from tournaments.services.decklists import deck_check_record, event_lists_publish

from .common import event_context, event_or_404, organizer_action, render_event
from .manage import back_to_dashboard, on_the_dashboard


@organizer_action
@on_the_dashboard
def lists_publish(request: HttpRequest, event: Event) -> HttpResponse:
    already = event.lists_published
    event_lists_publish(event_id=event.pk, by=request.user, now=timezone.now())
    if already:
        messages.info(request, _("The lists were already published."))
    else:
        messages.success(request, _("The lists are published: everyone sees each player's "
                                    "registered version."))
    return back_to_dashboard(event, "lists-heading")


def _seat_list(request: HttpRequest, event: Event, registration: int, *,
               form: DeckCheckForm | None = None, status: int = 200) -> HttpResponse:
    seat = get_object_or_404(Registration.objects.select_related("player__profile"),
                             pk=registration, event=event)
    rounds = list(Round.objects.filter(event=event).order_by("number")
                  .values_list("number", flat=True))
    can_check = (is_organizer(event, request.user)
                 and event.status in (EventStatus.RUNNING, EventStatus.TOP_CUT)
                 and seat.decklist_version_id is not None and bool(rounds))
    context = event_context(request, event, "manage")
    if not context["is_organizer"]:  # a judge, reading the list for a deck check
        context.update({"tab": "judge", "is_judge": True})
    context.update({
        "seat": seat,
        "listed": registered_list(event, seat, timezone.now()),
        # None: not the reader's to see (a judge reads the list, not the checks made of it).
        "checks": (list(deck_checks_of(event, seat))
                   if may_read_deck_checks(event, request.user) else None),
        "check_form": (form or DeckCheckForm(rounds=rounds)) if can_check else None,
    })
    return render_event(request, "tournaments/registered_list.html", context, status=status)


@login_required
@require_GET
def seat_list(request: HttpRequest, pk: int, registration: int) -> HttpResponse:
    """A player's registered version for the deck checks: its cards with their copies, the
    game's legality verdict, the deck checks made so far and (for the organizers) a form for
    the next. The event's judges read it too."""
    event = event_or_404(pk)
    # The event's judges read its lists for deck checks too (never another event's).
    if not may_judge(event, request.user):
        raise PermissionDenied(_("Only the organizers and judges of this event check its "
                                 "decks."))
    return _seat_list(request, event, registration)


@organizer_action
def deck_check(request: HttpRequest, event: Event, registration: int) -> HttpResponse:
    seat = get_object_or_404(Registration, pk=registration, event=event)
    rounds = list(Round.objects.filter(event=event).order_by("number")
                  .values_list("number", flat=True))
    form = DeckCheckForm(request.POST, rounds=rounds)
    if form.is_valid():
        # Not now (the event is over, the seat has no list): a message, not a form error.
        with domain_errors(request, form=form, not_on_form=NOT_THE_INPUT) as refused:
            check = deck_check_record(event_id=event.pk, registration_id=seat.pk,
                                      by=request.user, now=timezone.now(),
                                      **form.service_arguments())
        if refused and not refused.on_form:
            return _seat_list(request, event, seat.pk, status=refused.status)
        if not refused:
            count = deck_checks_of(event, seat).count()
            messages.success(request, ngettext(
                "Deck check of %(name)s in round %(round)d recorded: %(count)d check of "
                "this deck so far.",
                "Deck check of %(name)s in round %(round)d recorded: %(count)d checks of "
                "this deck so far.", count) % {"name": seat.name, "round": check.round_number,
                                               "count": count})
            return redirect("tournaments:seat_list", pk=event.pk, registration=seat.pk)
    messages.error(request, _("The deck check was not recorded: see the problem below."))
    return _seat_list(request, event, seat.pk, form=form, status=400)
