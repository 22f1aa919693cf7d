"""A person's own account pages: the display name, the data download, the deletion."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from accounts.forms import DeleteAccountForm, ProfileForm
from accounts.selectors.data import account_data
from accounts.selectors.profiles import profile_of
from accounts.services.deletion import account_delete, deletion_blockers
from accounts.services.profiles import profile_update
from core.errors import Conflict


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    current = profile_of(request.user)
    form = ProfileForm(request.POST or None,
                       initial={"display_name": current.display_name if current else ""})
    if request.method == "POST" and form.is_valid():
        profile_update(user=request.user, display_name=form.cleaned_data["display_name"])
        messages.success(request, _("Your display name is saved."))
        return redirect("me")
    return render(request, "accounts/profile.html", {"form": form},
                  status=400 if form.errors else 200)


@never_cache
@login_required
@require_GET
def data(request: HttpRequest) -> HttpResponse:
    """The signed-in person's own data as one JSON file."""
    body = json.dumps(account_data(request.user), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="clash-{request.user.get_username()}.json"')
    return response


@login_required
@require_http_methods(["GET", "POST"])
def delete(request: HttpRequest) -> HttpResponse:
    """The page says up front what stands in the way (an event that would lose its only
    organizer); the service checks again under its locks."""
    form = DeleteAccountForm(request.user, request.POST or None, request=request)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            account_delete(user=request.user, now=timezone.now())
        except Conflict:
            status = 409  # the page below names the reasons
        else:
            logout(request)
            messages.success(request, _("Your account is deleted."))
            return redirect("home")
    elif form.errors:
        status = 400
    return render(request, "accounts/delete.html", {
        "form": form, "blockers": deletion_blockers(user=request.user)}, status=status)
