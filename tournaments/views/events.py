"""The event list, creating an event, and the event page where players register (with the
decklist the format needs), attach their own list to a seat an organizer made for them (or
register another before the lists are fixed), check in and drop."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.views import NOT_THE_INPUT, domain_errors
from decks.rules import engine_plays
from tournaments.forms.events import EventForm
from tournaments.forms.registrations import RegistrationForm
from tournaments.models import Event, EventFormat, EventStatus
from tournaments.presenters.phases import phase_lines
from tournaments.selectors.access import acts_as_judge
from tournaments.selectors.announcements import announcements_live
from tournaments.selectors.events import events_listed
from tournaments.selectors.penalties import penalties_seen
from tournaments.selectors.pods import pod_seat_of
from tournaments.selectors.registrations import (
    registrations_for_event,
    seen_versions,
    user_registration,
    waitlist_length,
    waitlist_position,
)
from tournaments.selectors.rounds import next_swiss_round
from tournaments.services.events import event_create
from tournaments.services.registrations import (
    is_full,
    registration_check_in,
    registration_create,
    registration_decklist_attach,
    registration_drop,
    waitlist_join,
    waitlist_leave,
)

from .common import event_context, event_or_404, page_of, render_event

EVENTS_PER_PAGE = 20


@require_GET
def event_list(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/event_list.html", {
        "page": page_of(request, events_listed().select_related("game"), EVENTS_PER_PAGE)})


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def event_new(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return render(request, "tournaments/event_new.html", {"form": EventForm()})
    form = EventForm(request.POST)
    if form.is_valid():
        with domain_errors(request, form=form) as refused:
            event = event_create(by=request.user, now=timezone.now(),
                                 **form.service_arguments())
        if not refused:
            messages.success(request, gettext("“%(event)s” is open for registration. Share "
                                              "this page with the players.")
                             % {"event": event.name})
            return redirect("tournaments:event", pk=event.pk)
    messages.error(request, gettext("The event was not created: fix the problems shown below."))
    return render(request, "tournaments/event_new.html", {"form": form}, status=400)


def registration_open(event: Event) -> bool:
    """Whether the page offers the registration form (the service has the last word)."""
    if event.status == EventStatus.REGISTRATION:
        return True
    return (event.status == EventStatus.RUNNING
            and next_swiss_round(event) <= min(event.late_entry_until_round, event.rounds or 0))


def may_attach(event: Event, mine, now) -> bool:  # noqa: ANN001
    """Whether the page offers the player to attach a list to their seat: one without a list
    while the event takes entries or runs, or another one until the lists are fixed (the
    service has the last word)."""
    if mine is None or mine.dropped or event.format == EventFormat.DRAFT:
        return False
    if event.status not in (EventStatus.REGISTRATION, EventStatus.RUNNING):
        return False
    return mine.decklist_version_id is None or not event.lists_fixed(now)


def _event_page(request: HttpRequest, event: Event, *, form: RegistrationForm | None = None,
                status: int = 200) -> HttpResponse:
    mine = user_registration(event, request.user)
    is_open = registration_open(event)
    position = waitlist_position(event, request.user) if mine is None else None
    full = is_full(event)
    # A full event that runs takes no one; before the start the form joins the waitlist.
    can_register = (request.user.is_authenticated and mine is None and position is None
                    and is_open and not (full and event.status != EventStatus.REGISTRATION))
    now = timezone.now()
    can_attach = may_attach(event, mine, now)
    if (can_register or can_attach) and form is None:
        form = RegistrationForm(event=event, user=request.user)
    context = event_context(request, event, "event")
    seats = page_of(request, registrations_for_event(event))
    # Each seat's list where the viewer may see it (their own, the organizers', all once
    # the event publishes its lists).
    seen = seen_versions(request.user, list(seats.object_list))
    for seat in seats.object_list:
        seat.seen_list = seen.get(seat.pk)
    context.update({
        "mine": mine,
        "phase_lines": phase_lines(event),
        # The player's own penalties (nobody else's); a judge's way to the judge page (a
        # judge holds no seat, and an organizer has the tab already: no query for them).
        "my_penalties": penalties_seen(event, request.user) if mine is not None else [],
        "is_judge": (mine is None and not context["is_organizer"]
                     and acts_as_judge(event, request.user)),
        "mine_fixed": event.lists_fixed(now),
        "form": form if can_register else None,
        "attach_form": form if can_attach else None,
        "needs_list": ((can_register or can_attach) and event.format == EventFormat.CONSTRUCTED
                       and not form.fields["decklist"].queryset.exists()),
        "seats": seats,
        "announcements": list(announcements_live(event)),
        "registration_open": is_open,
        "full": full,
        "waitlist_position": position,
        "waitlist_length": waitlist_length(event) if event.capacity else 0,
        "other_game": not engine_plays(event.game),
        # A draft event's pick page, from the player's own section (rule C-2.4).
        "my_pod_seat": (pod_seat_of(event, request.user)
                        if mine is not None and event.format == EventFormat.DRAFT
                        and event.status != EventStatus.REGISTRATION else None),
    })
    return render_event(request, "tournaments/event_detail.html", context, status=status)


@require_GET
def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _event_page(request, event_or_404(pk))


@login_required
@require_POST
def register(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    form = RegistrationForm(request.POST, event=event, user=request.user)
    if form.is_valid():
        with domain_errors(request, form=form) as refused:
            registration_create(event_id=event.pk, by=request.user, now=timezone.now(),
                                **form.service_arguments())
        if not refused:
            if event.check_in_required and event.status == EventStatus.REGISTRATION:
                text = gettext("You are registered for %(event)s. Check in when you arrive.")
            else:
                text = gettext("You are registered for %(event)s.")
            messages.success(request, text % {"event": event.name})
            return redirect("tournaments:event", pk=event.pk)
    messages.error(request, gettext("You are not registered: see the problem below."))
    return _event_page(request, event, form=form, status=400)


@login_required
@require_POST
def waitlist_join_view(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    form = RegistrationForm(request.POST, event=event, user=request.user)
    if form.is_valid():
        with domain_errors(request, form=form) as refused:
            waitlist_join(event_id=event.pk, by=request.user, now=timezone.now(),
                          **form.service_arguments())
        if not refused:
            messages.success(request, gettext("You are on the waitlist of %(event)s.")
                             % {"event": event.name})
            return redirect("tournaments:event", pk=event.pk)
    messages.error(request, gettext("You are not on the waitlist: see the problem below."))
    return _event_page(request, event, form=form, status=400)


@login_required
@require_POST
def waitlist_leave_view(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    waitlist_leave(event_id=event.pk, by=request.user)
    messages.success(request, gettext("You have left the waitlist of %(event)s.")
                     % {"event": event.name})
    return redirect("tournaments:event", pk=event.pk)


@login_required
@require_POST
def decklist_attach(request: HttpRequest, pk: int) -> HttpResponse:
    """The player attaches their own list to their seat."""
    event = event_or_404(pk)
    mine = user_registration(event, request.user)
    if mine is None:
        messages.error(request, gettext("You are not registered for %(event)s.")
                       % {"event": event.name})
        return _event_page(request, event, status=409)
    form = RegistrationForm(request.POST, event=event, user=request.user)
    if form.is_valid():
        # Not now (the lists are fixed, the player dropped): a message, not a form error.
        with domain_errors(request, form=form, not_on_form=NOT_THE_INPUT) as refused:
            registration_decklist_attach(registration_id=mine.pk, by=request.user,
                                         now=timezone.now(), **form.service_arguments())
        if refused and not refused.on_form:
            return _event_page(request, event, status=refused.status)
        if not refused:
            messages.success(request, gettext("Your list is registered for %(event)s.")
                             % {"event": event.name})
            return redirect("tournaments:event", pk=event.pk)
    messages.error(request, gettext("Your list was not registered: see the problem below."))
    return _event_page(request, event, form=form, status=400)


def _my_seat_action(request: HttpRequest, pk: int, action, done) -> HttpResponse:  # noqa: ANN001
    """`done` is the success message, or a function of the event (as it was before the
    action) that gives it."""
    event = event_or_404(pk)
    mine = user_registration(event, request.user)
    if mine is None:
        messages.error(request, gettext("You are not registered for %(event)s.")
                       % {"event": event.name})
        return _event_page(request, event, status=409)
    with domain_errors(request) as refused:
        action(registration_id=mine.pk, by=request.user, now=timezone.now())
    if refused:
        return _event_page(request, event, status=refused.status)
    messages.success(request, done(event) if callable(done) else done)
    return redirect("tournaments:event", pk=event.pk)


@login_required
@require_POST
def check_in(request: HttpRequest, pk: int) -> HttpResponse:
    return _my_seat_action(request, pk, registration_check_in,
                           gettext("You are checked in. Pairings appear here when the event "
                                   "starts."))


@login_required
@require_POST
def drop(request: HttpRequest, pk: int) -> HttpResponse:
    return _my_seat_action(request, pk, registration_drop, _dropped)


def _dropped(event: Event) -> str:
    """Before the start there are no results to keep: the seat is simply given up."""
    if event.status == EventStatus.REGISTRATION:
        return (gettext("You have dropped from %(event)s before it started: you will not be "
                        "paired.") % {"event": event.name})
    return gettext("You have dropped: you will not be paired again. Your results stay in the "
                   "standings.")
