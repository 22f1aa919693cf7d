"""Claiming a walk-in's guest seat with its code (issue 16), reached from the Me page. The
link an organizer hands out fills the code in; the seat is taken only by the POST."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from accounts.services.rates import RateLimited
from core.errors import DomainError
from core.logins import client_ip
from tournaments.forms.people import ClaimForm
from tournaments.services.walkins import registration_claim


def claim_path(code: str) -> str:
    return reverse("tournaments:claim") + "?" + urlencode({"code": code})


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def claim(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        form = ClaimForm(initial={"code": request.GET.get("code", "")[:40]})
        return render(request, "tournaments/claim.html", {"form": form})
    form = ClaimForm(request.POST)
    status = 400
    if form.is_valid():
        try:
            seat = registration_claim(code=form.cleaned_data["code"], by=request.user,
                                      ip=client_ip(request), now=timezone.now())
        except RateLimited as exc:
            form.add_error(None, exc.message)
            response = render(request, "tournaments/claim.html", {"form": form}, status=429)
            response["Retry-After"] = str(exc.wait)
            return response
        except DomainError as exc:
            form.add_error("code", exc.message)
            status = 409 if exc.code == "already_registered" else 400
        else:
            messages.success(request, _("The seat in %(event)s is yours, with its results.")
                             % {"event": seat.event.name})
            return redirect("tournaments:event", seat.event_id)
    return render(request, "tournaments/claim.html", {"form": form}, status=status)
