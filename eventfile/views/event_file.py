"""The event file's pages (docs/event-file.md): the organizers' download, linked from the
dashboard, and the import page, linked from the event list and the "create an event" page.

Thin: a form reads the upload (refused by its size before it is read), one service works."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from core.forms import AccessibleForm
from core.inputs import InputError, read_upload
from core.views import domain_errors
from eventfile.selectors.event_file import (
    event_file_build,
    event_file_filename,
    event_file_text,
)
from eventfile.services.event_file import event_file_import_once, event_file_parse
from eventfile.services.event_file_checks import MAX_EVENT_FILE_BYTES
from tournaments.selectors.access import is_organizer
from tournaments.views.common import event_or_404


def event_file_response(data: dict, filename: str) -> HttpResponse:
    return HttpResponse(event_file_text(data), content_type="application/json; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{filename}"'})


class EventFileForm(AccessibleForm):
    file = forms.FileField(
        label=gettext_lazy("Event file (JSON)"),
        # Written when the form is shown, in the reader's language.
        help_text=lazy(lambda: gettext("A file an event's organizers downloaded from its "
                                       "dashboard, at most %(size)d MB.")
                       % {"size": MAX_EVENT_FILE_BYTES // 1_000_000}, str)())

    def clean_file(self) -> bytes:
        try:
            return read_upload(self.cleaned_data["file"], limit=MAX_EVENT_FILE_BYTES,
                               what=gettext("The event file"))
        except InputError as exc:
            raise forms.ValidationError(f"{exc.message}.") from None


@require_GET
def event_file_download(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    if not is_organizer(event, request.user):
        raise PermissionDenied(gettext("Only the organizers of this event can download its "
                                       "event file."))
    data = event_file_build(event=event, by=request.user, instance=request.get_host(),
                            now=timezone.now())
    return event_file_response(data, event_file_filename(event))


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def event_import(request: HttpRequest) -> HttpResponse:
    form = EventFileForm(request.POST or None, request.FILES or None)
    if request.method != "POST":
        return render(request, "eventfile/event_import.html", {"form": form})
    if form.is_valid():
        with domain_errors(request, form=form, field="file") as refused:
            made = event_file_import_once(data=event_file_parse(form.cleaned_data["file"]),
                                          by=request.user, now=timezone.now())
        if not refused and not made.created:
            messages.info(request, gettext(
                "“%(name)s” was already imported from this file: here it is, and nothing new "
                "was made.") % {"name": made.event.name})
            return redirect("tournaments:event", pk=made.event.pk)
        if not refused:
            event = made.event
            messages.success(request, gettext(
                "“%(name)s” is imported from %(source)s: you are its organizer. Its players "
                "are named seats no account holds, and it does not count for the ratings.")
                % {"name": event.name, "source": event.imported_from})
            return redirect("tournaments:event", pk=event.pk)
    messages.error(request, gettext("Nothing was imported: fix the problems shown below."))
    return render(request, "eventfile/event_import.html", {"form": form}, status=400)
