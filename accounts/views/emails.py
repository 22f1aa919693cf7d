"""The e-mail address of an account: changing it (the link goes to the new address), and
sending the sign-up's confirmation link again."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.forms import EmailChangeForm, ResendConfirmationForm
from accounts.services.email_changes import (
    email_change_confirm,
    email_change_request,
    email_change_target,
)
from accounts.services.rates import RateLimited, rate_hit
from accounts.services.signups import confirmation_resend_request
from core.errors import DomainError
from core.logins import client_ip


def _limited(request: HttpRequest, template: str, form,  # noqa: ANN001
             exc: RateLimited) -> HttpResponse:
    form.add_error(None, exc.message)
    response = render(request, template, {"form": form}, status=429)
    response["Retry-After"] = str(exc.wait)
    return response


@login_required
@require_http_methods(["GET", "POST"])
def email_change(request: HttpRequest) -> HttpResponse:
    form = EmailChangeForm(request.user, request.POST or None, request=request)
    if request.method == "POST":
        try:
            # Counted before validation, like sign-up: a flood of bad forms is one too.
            rate_hit(kind="email_change", ip=client_ip(request),
                     address=request.POST.get("email", ""))
        except RateLimited as exc:
            return _limited(request, "accounts/email_change.html", form, exc)
        if form.is_valid():
            new_email = form.cleaned_data["email"]
            try:
                email_change_request(user=request.user, new_email=new_email,
                                     now=timezone.now(),
                                     origin=request.build_absolute_uri("/"),
                                     language=get_language())
            except DomainError as exc:
                form.add_error("email", exc.message)
            else:
                if request.user.email:
                    said = _("We sent a link to %(new)s: open it to make it your address. "
                             "Until then your address stays %(old)s.")
                else:
                    said = _("We sent a link to %(new)s: open it to make it your address.")
                messages.success(request, said % {"new": new_email,
                                                  "old": request.user.email})
                return redirect("me")
    return render(request, "accounts/email_change.html", {"form": form},
                  status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def email_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """GET shows a button, POST changes the address: a mail scanner that opens the link
    changes nothing. Only the account that asked can follow it (signed in)."""
    try:
        new_email = email_change_target(token=token, user=request.user)
        if request.method == "POST":
            email_change_confirm(token=token, user=request.user, now=timezone.now())
            messages.success(request, _("Your e-mail address is now %(email)s.")
                             % {"email": new_email})
            return redirect("me")
    except DomainError as exc:
        return render(request, "accounts/email_confirm.html", {"error": exc.message},
                      status=409 if exc.code == "email_taken" else 400)
    return render(request, "accounts/email_confirm.html", {"new_email": new_email})


@require_http_methods(["GET", "POST"])
def confirmation_resend_page(request: HttpRequest) -> HttpResponse:
    """The same answer whatever the address: nobody learns from it whether an account has
    it, or whether that account is confirmed."""
    form = ResendConfirmationForm(request.POST or None)
    if request.method == "POST":
        try:
            rate_hit(kind="resend", ip=client_ip(request),
                     address=request.POST.get("email", ""))
        except RateLimited as exc:
            return _limited(request, "accounts/resend.html", form, exc)
        if form.is_valid():
            confirmation_resend_request(email=form.cleaned_data["email"],
                                        origin=request.build_absolute_uri("/"),
                                        language=get_language())
            return render(request, "accounts/resend_done.html")
    return render(request, "accounts/resend.html", {"form": form},
                  status=400 if form.errors else 200)
