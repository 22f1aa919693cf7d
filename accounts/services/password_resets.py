"""A password reset request: the link is mailed by a worker once the request commits.

Django's PasswordResetView mails inside the request, and only when an account has the
address: a known address answered some 45 ms later than an unknown one. Here the request
enqueues one task whatever the address; the task (accounts/tasks.py) finds the accounts and
mails them with Django's own form, templates and token (registration/password_reset_*).
"""

from __future__ import annotations

from django.contrib.auth.forms import PasswordResetForm
from django.utils import translation

__all__ = ["password_reset_mail_send", "password_reset_request"]


def password_reset_request(*, email: str, domain: str, use_https: bool, language: str) -> None:
    """`domain`: the site's host as the request named it; `language`: the mail's."""
    from accounts.tasks import password_reset_mail_task  # the tasks import this module

    password_reset_mail_task.delay_on_commit(email=email, domain=domain, use_https=use_https,
                                             language=language)


def password_reset_mail_send(*, email: str, domain: str, use_https: bool,
                             language: str) -> int:
    """Mail a reset link to each active account with this address and a usable password;
    returns how many were mailed (none for an unknown address)."""
    form = PasswordResetForm(data={"email": email})
    if not form.is_valid():
        return 0
    users = list(form.get_users(form.cleaned_data["email"]))
    with translation.override(language):
        form.save(domain_override=domain, use_https=use_https)
    return len(users)
