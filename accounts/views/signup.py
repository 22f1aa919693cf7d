"""Sign-up and the confirmation link."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.forms import SignUpForm
from accounts.services.rates import RateLimited, rate_hit
from accounts.services.signups import (
    account_sign_up,
    confirmation_use,
    confirmation_user,
)
from core.errors import DomainError
from core.logins import client_ip


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("me")
    form = SignUpForm(request.POST or None)
    status = 200
    if request.method == "POST":
        try:
            # Counted before validation: a flood of bad forms is a flood too.
            rate_hit(kind="signup", ip=client_ip(request),
                     address=request.POST.get("email", ""))
        except RateLimited as exc:
            form.add_error(None, exc.message)
            response = render(request, "accounts/signup.html", {"form": form}, status=429)
            response["Retry-After"] = str(exc.wait)
            return response
        if form.is_valid():
            data = form.cleaned_data
            try:
                user = account_sign_up(username=data["username"],
                                       display_name=data["display_name"],
                                       email=data["email"], password=data["password1"],
                                       origin=request.build_absolute_uri("/"),
                                       language=get_language())
            except DomainError as exc:
                form.add_error(None, exc.message)
            else:
                return render(request, "accounts/signup_done.html", {"email": user.email})
        status = 400
    return render(request, "accounts/signup.html", {"form": form}, status=status)


@require_http_methods(["GET", "POST"])
def confirm(request: HttpRequest, token: str) -> HttpResponse:
    """GET shows a button, POST confirms: a mail scanner that opens the link confirms
    nothing. Nobody is signed in: the person logs in with their password (the login lock
    applies), as the link proves the mailbox, not who holds it."""
    try:
        if request.method == "POST":
            confirmation_use(token=token)
            messages.success(request, _("Your e-mail address is confirmed: log in with your "
                                        "password."))
            return redirect("login")
        user = confirmation_user(token)
    except DomainError as exc:
        return render(request, "accounts/confirm.html", {"error": exc.message}, status=400)
    return render(request, "accounts/confirm.html", {"confirm_user": user})
