"""The judge page of an event (its penalties: record one, withdraw one, see them all; the
current round's open tables for extra time; the players' registered lists for deck checks),
for its organizers and judges; and the organizers' naming and removing of judges, on the
dashboard. A player sees their own penalties on the event's page and their Me page
(selectors.penalties); nobody else sees any.

Every action is a POST checked before the service runs (`judge_action`, `organizer_action`);
a refusal shows the judge page (or the dashboard) again with its reason, and nothing changed.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from core.errors import NotFound
from core.views import NOT_THE_INPUT, domain_errors, refusals_shown
from tournaments.forms.penalties import JudgeAddForm, PenaltyForm
from tournaments.models import Event, MatchStatus, Penalty, PenaltyKind, Round
from tournaments.selectors.access import may_judge
from tournaments.selectors.matches import matches_by_table
from tournaments.selectors.penalties import penalties_seen
from tournaments.selectors.registrations import registrations_for_event
from tournaments.services.judges import judge_add, judge_remove
from tournaments.services.penalties import penalty_record, penalty_withdraw

from .common import event_context, event_or_404, judge_action, organizer_action, render_event
from .manage import on_the_dashboard

DONE = {
    PenaltyKind.WARNING: gettext_lazy("A warning for %(name)s is recorded."),
    PenaltyKind.GAME_LOSS: gettext_lazy("A game loss for %(name)s is recorded: the match's "
                                        "result counts it (see the match)."),
    PenaltyKind.MATCH_LOSS: gettext_lazy("A match loss for %(name)s is recorded: the "
                                         "opponent wins the match."),
    PenaltyKind.DISQUALIFICATION: gettext_lazy("%(name)s is disqualified: they are dropped "
                                               "and will not be paired again."),
}


def _rounds(event: Event) -> list[int]:
    return list(Round.objects.filter(event=event).order_by("number")
                .values_list("number", flat=True))


def _judge_page(request: HttpRequest, event: Event, *, form: PenaltyForm | None = None,
                status: int = 200) -> HttpResponse:
    seats = [s for s in registrations_for_event(event) if not s.is_ai]
    rounds = _rounds(event)
    context = event_context(request, event, "judge")
    shown = penalties_seen(event, request.user)
    latest = (Round.objects.filter(event=event).order_by("-number").first()
              if rounds else None)
    context.update({
        "is_judge": not context["is_organizer"],
        "penalties": shown,
        "form": form or PenaltyForm(seats=seats, rounds=rounds,
                                    initial={"seen": len(shown)}),
        "can_record": bool(seats),
        "seats": seats,
        "latest": latest,
        # The tables still playing: a judge gives one extra time from its match page.
        "open_tables": [m for m in matches_by_table(latest)
                        if m.status != MatchStatus.CONFIRMED and not m.bye]
        if latest is not None else [],
    })
    return render_event(request, "tournaments/penalties.html", context, status=status)


@login_required
@require_GET
def penalties(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    if not may_judge(event, request.user):
        raise PermissionDenied(_("Only the organizers and judges of this event see its "
                                 "penalties."))
    return _judge_page(request, event)


def _refused(request: HttpRequest, event: Event, *_args: object, refused: object,
             **_kwargs: object) -> HttpResponse:
    event.refresh_from_db()
    return _judge_page(request, event, status=refused.status)


on_the_judge_page = refusals_shown(_refused)


@judge_action
def penalty_new(request: HttpRequest, event: Event) -> HttpResponse:
    seats = [s for s in registrations_for_event(event) if not s.is_ai]
    form = PenaltyForm(request.POST, seats=seats, rounds=_rounds(event))
    if form.is_valid():
        # Not the input (a bye, a result that is final): a message, not a form error.
        with domain_errors(request, form=form, not_on_form=NOT_THE_INPUT) as refused:
            penalty = penalty_record(event_id=event.pk, by=request.user, now=timezone.now(),
                                     **form.service_arguments())
        if refused and not refused.on_form:
            # The form again as sent, but counting the penalties the page shows now.
            data = request.POST.copy()
            data[form.add_prefix("seen")] = str(Penalty.objects.filter(event=event).count())
            form = PenaltyForm(data, seats=seats, rounds=_rounds(event))
            return _judge_page(request, event, form=form, status=refused.status)
        if not refused:
            messages.success(request, DONE[penalty.kind] % {"name": penalty.registration.name})
            return redirect("tournaments:penalties", pk=event.pk)
    messages.error(request, _("The penalty was not recorded: see the problem below."))
    return _judge_page(request, event, form=form, status=400)


@judge_action
@on_the_judge_page
def penalty_remove(request: HttpRequest, event: Event, penalty: int) -> HttpResponse:
    _penalty, changed = penalty_withdraw(event_id=event.pk, penalty_id=penalty,
                                         by=request.user, now=timezone.now())
    if changed:
        messages.success(request, _("The penalty is withdrawn. A result it changed stays as it "
                                    "is until an organizer sets it on the match page; a "
                                    "disqualified player comes back when an organizer undoes "
                                    "the drop."))
    else:
        messages.info(request, _("The penalty was already withdrawn."))
    return redirect("tournaments:penalties", pk=event.pk)


@organizer_action
def judge_new(request: HttpRequest, event: Event) -> HttpResponse:
    from .manage import dashboard_page

    form = JudgeAddForm(request.POST)
    if form.is_valid():
        user = form.cleaned_data["user"]
        with domain_errors(request, form=form, field="user") as refused:
            _event, added = judge_add(event_id=event.pk, by=request.user, user=user)
        if not refused:
            if added:
                messages.success(request, _("%(user)s is now a judge of %(event)s: their Me "
                                            "page links the judge page.")
                                 % {"user": user.get_username(), "event": event.name})
            else:
                messages.info(request, _("%(user)s was a judge already.")
                              % {"user": user.get_username()})
            return redirect(reverse("tournaments:dashboard", args=[event.pk]) + "#judges-heading")
    messages.error(request, _("No judge was named: see the form below."))
    return dashboard_page(request, event, judge_form=form, status=400)


@organizer_action
@on_the_dashboard
def judge_drop(request: HttpRequest, event: Event, user: int) -> HttpResponse:
    try:
        judge_remove(event_id=event.pk, by=request.user, user_id=user)
    except NotFound:
        messages.info(request, _("That person is not a judge of this event; nothing changed."))
    else:
        messages.success(request, _("The judge is removed; the penalties they recorded stay."))
    return redirect(reverse("tournaments:dashboard", args=[event.pk]) + "#judges-heading")

