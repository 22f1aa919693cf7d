"""The organizer's buttons of the round clock: start, pause, resume and add minutes on the
dashboard, extra time for one table on its match page (what the pages show of the clock is
`presenters.clock`).

Each action is a POST checked by `organizer_action` before the service runs (a table's extra
time by `judge_action`: the event's judges give it too); a refusal shows the dashboard (the
match page, for a table's time) again with its reason.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, ngettext

from core.views import domain_errors
from tournaments.forms.clock import ClockAddForm, MatchTimeForm
from tournaments.models import Event, Match
from tournaments.services.clock import (
    match_time_extend,
    round_clock_add,
    round_clock_pause,
    round_clock_resume,
    round_clock_start,
)

from .common import judge_action, organizer_action
from .manage import on_the_dashboard


def _number(request: HttpRequest) -> int | None:
    try:
        return int(request.POST.get("number", ""))
    except ValueError:
        return None


def _back(event: Event) -> HttpResponse:
    """Back to the dashboard's clock, where the button was pressed."""
    return redirect(reverse("tournaments:dashboard", args=[event.pk]) + "#clock-heading")


def _clock_action(service, done: str, again: str):  # noqa: ANN001, ANN202
    @organizer_action
    @on_the_dashboard
    def view(request: HttpRequest, event: Event) -> HttpResponse:
        number = _number(request)
        if number is None:
            messages.error(request, gettext("Reload the dashboard: the request did not say "
                                            "which round's clock."))
            return _back(event)
        _, changed = service(event_id=event.pk, number=number, by=request.user,
                             now=timezone.now())
        # The texts are lazy (made when the module loads): translated here, per request.
        (messages.success if changed else messages.info)(
            request, str(done if changed else again) % {"round": number})
        return _back(event)

    return view


clock_start = _clock_action(
    round_clock_start, gettext_lazy("The clock of round %(round)d is running."),
    gettext_lazy("The clock of round %(round)d was already running."))
clock_pause = _clock_action(
    round_clock_pause, gettext_lazy("The clock of round %(round)d is paused."),
    gettext_lazy("The clock of round %(round)d was already paused."))
clock_resume = _clock_action(
    round_clock_resume, gettext_lazy("The clock of round %(round)d is running again."),
    gettext_lazy("The clock of round %(round)d was already running."))


@organizer_action
@on_the_dashboard
def clock_add(request: HttpRequest, event: Event) -> HttpResponse:
    number = _number(request)
    form = ClockAddForm(request.POST)
    if number is None or not form.is_valid():
        messages.error(request, gettext("No minutes were added: give between 1 and 60."))
        return _back(event)
    minutes = form.cleaned_data["minutes"]
    _, changed = round_clock_add(event_id=event.pk, number=number, by=request.user,
                                 now=timezone.now(), minutes=minutes,
                                 seen=form.cleaned_data["seen"])
    if changed:
        messages.success(request, ngettext(
            "%(minutes)d minute added to the clock of round %(round)d.",
            "%(minutes)d minutes added to the clock of round %(round)d.", minutes)
            % {"minutes": minutes, "round": number})
    else:
        messages.info(request, gettext("Those minutes were already added; nothing changed."))
    return _back(event)


@judge_action
def match_time(request: HttpRequest, event: Event, match: int) -> HttpResponse:
    """Extra time for one table, by an organizer or a judge; a refusal says why on the
    match page (never the dashboard: a judge does not see it)."""
    found = Match.objects.filter(pk=match, round__event=event).first()
    if found is None:
        raise Http404(gettext("No such match in this event."))
    back = redirect("tournaments:match", pk=event.pk, match=match)
    form = MatchTimeForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("No extra time was given: give between 1 and 60 "
                                        "minutes."))
        return back
    minutes = form.cleaned_data["minutes"]
    with domain_errors(request, say=gettext("No extra time was given: {message}.")) as refused:
        _, changed = match_time_extend(match_id=found.pk, by=request.user, now=timezone.now(),
                                       minutes=minutes, note=form.cleaned_data["note"],
                                       seen=form.cleaned_data["seen"])
    if refused:
        return back
    if changed:
        messages.success(request, ngettext(
            "Table %(table)d has %(minutes)d extra minute.",
            "Table %(table)d has %(minutes)d extra minutes.", minutes)
            % {"table": found.table, "minutes": minutes})
    else:
        messages.info(request, gettext("That extra time was already given; nothing changed."))
    return back
