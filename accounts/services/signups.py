"""Sign-up and the e-mail confirmation of a new account.

The confirmation link carries a signed token (django.core.signing, its own salt) of the
user's id, the address it was sent to and a digest of the password's hash, valid
CLASH_CONFIRMATION_DAYS days. It proves the mailbox and nothing more: following it confirms
the address and signs no one in (a link is not a password: anyone holding the mail could use
it, past a login lock). It works once: confirming, changing the address or changing the
password makes every link mailed before do nothing. A lost or expired link can be sent again
(`confirmation_resend_request`), from the login page's refusal of an unconfirmed account.

The mail goes from a worker once the request's transaction commits (accounts/tasks.py): a
request never waits for the mail server, so its time tells nothing about an address. The
tasks take ids and plain data (the site's origin, e.g. https://clash.example.org, and the
language of the request) and find the accounts again: an account gone or confirmed by then
gets nothing.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core import signing
from django.core.mail import send_mail
from django.db import models, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _

from accounts.models import Profile
from core.errors import DomainError

__all__ = [
    "account_sign_up",
    "confirmation_mail_send",
    "confirmation_resend",
    "confirmation_resend_request",
    "confirmation_use",
    "confirmation_user",
    "email_confirm",
]

_SALT = "accounts.confirm-email"


@transaction.atomic
def account_sign_up(*, username: str, display_name: str, email: str, password: str,
                    origin: str, language: str) -> AbstractBaseUser:
    """A new account with an unconfirmed address (the form has validated the fields); its
    confirmation link is mailed once the account commits (`origin`: the site's scheme and
    host, `language`: the mail's)."""
    from accounts.tasks import confirmation_mail_task  # the tasks import this module

    users = get_user_model()
    if users.objects.filter(username__iexact=username).exists():
        raise DomainError("username_taken", _("That username is taken."))
    user = users.objects.create_user(username=username, email=email, password=password)
    Profile.objects.create(user=user, display_name=display_name.strip(), email_confirmed=False)
    confirmation_mail_task.delay_on_commit(user_id=user.pk, origin=origin, language=language)
    return user


def _password_digest(user: AbstractBaseUser) -> str:
    """Changes with the password: a link mailed before a password change does nothing."""
    return salted_hmac(_SALT, user.password, algorithm="sha256").hexdigest()[:32]


def _confirmation_token(user: AbstractBaseUser) -> str:
    return signing.dumps({"user": user.pk, "email": user.email,
                          "password": _password_digest(user)}, salt=_SALT, compress=True)


def _confirmation_mail(user: AbstractBaseUser, *, origin: str, language: str) -> None:
    with translation.override(language):
        url = origin.rstrip("/") + reverse("accounts:confirm",
                                           args=[_confirmation_token(user)])
        context = {"user": user, "confirm_url": url, "days": settings.CLASH_CONFIRMATION_DAYS}
        subject = render_to_string("accounts/confirm_email_subject.txt", context).strip()
        body = render_to_string("accounts/confirm_email.txt", context)
    send_mail(subject, body, None, [user.email])


def _unconfirmed() -> models.QuerySet:
    return get_user_model().objects.filter(is_active=True, profile__email_confirmed=False)


def confirmation_mail_send(*, user_id: int, origin: str, language: str) -> bool:
    """The sign-up's link, by a worker: False (nothing sent) when the account is gone or
    confirmed by then."""
    user = _unconfirmed().filter(pk=user_id).first()
    if user is None:
        return False
    _confirmation_mail(user, origin=origin, language=language)
    return True


def confirmation_user(token: str) -> AbstractBaseUser:
    """The account a confirmation token names, if the token is good and still current: the
    account is active, unconfirmed, and has the address and password it was issued for."""
    bad = DomainError("bad_confirmation", _("This confirmation link is not valid or has "
                                            "expired. Log in is refused until the address "
                                            "is confirmed: have a new link sent, or ask for "
                                            "a password reset, whose link confirms the "
                                            "address too."))
    try:
        data = signing.loads(token, salt=_SALT,
                             max_age=settings.CLASH_CONFIRMATION_DAYS * 24 * 60 * 60)
    except signing.BadSignature:
        raise bad from None
    if not isinstance(data, dict):
        raise bad
    user = _unconfirmed().filter(pk=data.get("user")).first()
    if (user is None or user.email != data.get("email")
            or not constant_time_compare(_password_digest(user), str(data.get("password")))):
        raise bad
    return user


@transaction.atomic
def confirmation_use(*, token: str) -> AbstractBaseUser:
    """Follow a confirmation link: the address is confirmed, and the link (with every other
    one mailed before) is spent. The user's row is locked, so two requests with one link
    confirm once; the second is refused like any spent link."""
    user = confirmation_user(token)
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    user = confirmation_user(token)
    email_confirm(user=user)
    return user


@transaction.atomic
def email_confirm(*, user: AbstractBaseUser) -> None:
    """The address is proven (a confirmation link, or a finished password reset whose link
    went to it). Confirming twice changes nothing."""
    Profile.objects.update_or_create(user=user, defaults={"email_confirmed": True})


def confirmation_resend_request(*, email: str, origin: str, language: str) -> None:
    """Ask for a new link for `email`. The same work whatever the address (one task, sent
    after commit, that looks the address up), so neither the answer nor its time tells
    whether an account has it, or whether that account is confirmed."""
    from accounts.tasks import confirmation_resend_task

    confirmation_resend_task.delay_on_commit(email=email, origin=origin, language=language)


def confirmation_resend(*, email: str, origin: str, language: str) -> int:
    """Mail a new confirmation link to each active account with this address that is not
    confirmed yet (by a worker); returns how many were mailed."""
    users = _unconfirmed().filter(email__iexact=email.strip()).order_by("id")
    sent = 0
    for user in users:
        _confirmation_mail(user, origin=origin, language=language)
        sent += 1
    return sent
