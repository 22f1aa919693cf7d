"""The organizer's "Edit event" page: the creation form's settings for an event that exists
(services.event_edit decides which may change now), and the event's changes below it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from core.views import domain_errors
from tournaments.forms.events import EventEditForm
from tournaments.models import Event, EventStatus
from tournaments.presenters.event_edit import changes_shown
from tournaments.presenters.phases import phase_lines
from tournaments.selectors.access import is_organizer
from tournaments.selectors.event_edit import changes_of
from tournaments.services.event_edit import event_update, label

from .common import event_context, event_or_404, page_of, render_event


def _page(request: HttpRequest, event: Event, form: EventEditForm | None,
          status: int = 200) -> HttpResponse:
    context = event_context(request, event, "manage")
    complete = event.status == EventStatus.COMPLETE
    context.update({
        "form": None if complete else (form or EventEditForm(event=event)),
        "started": event.status != EventStatus.REGISTRATION,
        "phase_lines": phase_lines(event),
        "changes": changes_shown(page_of(request, changes_of(event)), event),
    })
    return render_event(request, "tournaments/event_edit.html", context, status=status)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def event_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """Organizers only: anyone else is refused before anything is read or written."""
    event = event_or_404(pk)
    if not is_organizer(event, request.user):
        raise PermissionDenied(_("Only the organizers of this event can edit it."))
    if request.method != "POST":
        return _page(request, event, None)
    form = EventEditForm(request.POST, event=event)
    status = 400
    if form.is_valid():
        # Each refused setting goes back on the form, next to its field (400 for a bad value,
        # 409 for a setting that cannot change now).
        with domain_errors(request, form=form) as refused:
            event, changed = event_update(event_id=event.pk, by=request.user,
                                          now=timezone.now(), changes=form.service_arguments())
        if not refused:
            if changed:
                messages.success(request, _("Saved: %(fields)s changed.") % {
                    "fields": ", ".join(label(f) for f in changed)})
            else:
                messages.info(request, _("Nothing changed: the settings were already so."))
            return redirect("tournaments:event_edit", pk=event.pk)
        status = refused.status
        if status == 409 and not refused.error.fields:
            messages.error(request, refused.message)  # complete meanwhile: no form to show
    messages.error(request, _("The event was not changed: fix the problems shown below."))
    return _page(request, event_or_404(pk), form, status=status)
