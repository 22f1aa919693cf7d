"""The organizer's announcements to the players, from the dashboard: posting one and
withdrawing it."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from core.views import NOT_THE_INPUT, domain_errors
from tournaments.forms.announcements import AnnouncementForm
from tournaments.models import Event
from tournaments.services.announcements import announcement_post, announcement_withdraw

from .common import organizer_action
from .manage import back_to_dashboard, dashboard_page, on_the_dashboard


@organizer_action
def announcement_new(request: HttpRequest, event: Event) -> HttpResponse:
    form = AnnouncementForm(request.POST)
    if form.is_valid():
        with domain_errors(request, form=form, field="text",
                           not_on_form=NOT_THE_INPUT) as refused:
            announcement_post(event_id=event.pk, by=request.user, now=timezone.now(),
                              text=form.cleaned_data["text"])
        if refused and not refused.on_form:
            return dashboard_page(request, event, status=refused.status)
        if not refused:
            messages.success(request, _("The announcement is posted: the players see it on "
                                        "the event's page, the pairings and their Me page."))
            return back_to_dashboard(event, "news-heading")
    messages.error(request, _("The announcement was not posted: see the problem below."))
    return dashboard_page(request, event, announcement_form=form, status=400)


@organizer_action
@on_the_dashboard
def announcement_remove(request: HttpRequest, event: Event, announcement: int) -> HttpResponse:
    _announcement, changed = announcement_withdraw(
        event_id=event.pk, announcement_id=announcement, by=request.user, now=timezone.now())
    if changed:
        messages.success(request, _("The announcement is withdrawn: the players no longer "
                                    "see it."))
    else:
        messages.info(request, _("The announcement was already withdrawn."))
    return back_to_dashboard(event, "news-heading")
