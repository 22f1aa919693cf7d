"""Django's own login and password-reset views, with the accounts' additions: the login
form names an unconfirmed address (and links to a new confirmation link), the password
change's old password counts against the login lock, a reset request is rate-limited, and a
finished reset confirms the address its link was mailed to."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import HttpResponse, HttpResponseRedirect
from django.utils.translation import get_language

from accounts.forms import LoginForm, PasswordChangeForm
from accounts.services.password_resets import password_reset_request
from accounts.services.rates import RateLimited, rate_hit
from accounts.services.signups import email_confirm
from core.logins import client_ip


class LoginView(auth_views.LoginView):
    authentication_form = LoginForm

    def get_context_data(self, **kwargs) -> dict:  # noqa: ANN003
        context = super().get_context_data(**kwargs)
        form = context.get("form")
        # The refusal of an unconfirmed account's right password links to a new link.
        context["unconfirmed"] = bool(form is not None and form.is_bound
                                      and form.has_error(NON_FIELD_ERRORS, "unconfirmed"))
        return context


class PasswordChangeView(auth_views.PasswordChangeView):
    """The old password is checked like a login: guesses lock the pair (core/logins.py)."""

    form_class = PasswordChangeForm

    def get_form_kwargs(self) -> dict:
        return {**super().get_form_kwargs(), "request": self.request}


class PasswordResetView(auth_views.PasswordResetView):
    """Django's page; the mail goes from a worker whatever the address
    (accounts/services/password_resets.py), so the answer takes as long for any address."""

    def form_valid(self, form) -> HttpResponse:  # noqa: ANN001
        try:
            rate_hit(kind="reset", ip=client_ip(self.request),
                     address=form.cleaned_data["email"])
        except RateLimited as exc:
            form.add_error(None, exc.message)
            response = self.render_to_response(self.get_context_data(form=form), status=429)
            response["Retry-After"] = str(exc.wait)
            return response
        password_reset_request(email=form.cleaned_data["email"],
                               domain=self.request.get_host(),
                               use_https=self.request.is_secure(), language=get_language())
        return HttpResponseRedirect(self.get_success_url())


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    def form_valid(self, form) -> HttpResponse:  # noqa: ANN001
        response = super().form_valid(form)
        email_confirm(user=form.user)
        return response
