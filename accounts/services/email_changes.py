"""A person changes the e-mail address of their account.

They ask on their account page (with their password); a link goes to the NEW address and a
notice to the old one; the address changes only when the link is followed, signed in as the
account. The link carries a signed token (django.core.signing, its own salt) of the user's
id, the address it was issued from, the new address and when it was issued, valid
CLASH_CONFIRMATION_DAYS days. It does nothing once the address is no longer the one it was
issued from (so it works once), nor when issued before the account's last change (so an
address changed away and back does not wake an old link), nor for another account.

An address another account uses is refused, without saying which account. A change also
ends every password-reset link mailed before it (Django's reset tokens cover the address).

The two mails go from a worker once the request commits (accounts/tasks.py), with the token
made there from plain data; an account whose address changed in between gets none.
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.models import Profile
from core.errors import Conflict, DomainError

__all__ = [
    "email_change_confirm",
    "email_change_mail_send",
    "email_change_request",
    "email_change_target",
    "email_change_token",
]

_SALT = "accounts.change-email"


def _taken(email: str, *, user: AbstractBaseUser) -> bool:
    return (get_user_model().objects.filter(email__iexact=email).exclude(pk=user.pk)
            .exists())


def _taken_error() -> Conflict:
    return Conflict("email_taken", _("Another account uses this e-mail address already: "
                                     "choose another one."))


def _email_change_problems(*, user: AbstractBaseUser, new_email: str) -> DomainError | None:
    """Why `new_email` cannot become the account's address, or None."""
    if new_email.lower() == (user.email or "").lower():
        return DomainError("same_email", _("That is the address of your account already."))
    if _taken(new_email, user=user):
        return _taken_error()
    return None


def email_change_request(*, user: AbstractBaseUser, new_email: str, now: datetime,
                         origin: str, language: str) -> str:
    """Ask for the change: once this commits, a worker mails the confirmation link to
    `new_email` and a notice to the current address (`origin`: the site's scheme and host,
    `language`: the mails'). Changes nothing on the account; returns the normalised new
    address."""
    from accounts.tasks import email_change_mail_task  # the tasks import this module

    new_email = get_user_model().objects.normalize_email(new_email)
    problem = _email_change_problems(user=user, new_email=new_email)
    if problem is not None:
        raise problem
    email_change_mail_task.delay_on_commit(
        user_id=user.pk, old_email=user.email, new_email=new_email,
        issued_at=int(now.timestamp()), origin=origin, language=language)
    return new_email


def email_change_token(*, user_id: int, old_email: str, new_email: str, issued_at: int) -> str:
    """The link's token: the account, the address it is issued from, the new one, and when
    (a Unix time)."""
    return signing.dumps({"user": user_id, "old": old_email, "new": new_email,
                          "at": issued_at}, salt=_SALT, compress=True)


def email_change_mail_send(*, user_id: int, old_email: str, new_email: str, issued_at: int,
                           origin: str, language: str) -> bool:
    """The link to the new address and the notice to the old one, by a worker: False
    (nothing sent) when the account is gone or its address is no longer `old_email`."""
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None or user.email != old_email:
        return False
    token = email_change_token(user_id=user.pk, old_email=old_email, new_email=new_email,
                               issued_at=issued_at)
    with translation.override(language):
        context = {"user": user, "new_email": new_email, "old_email": old_email,
                   "confirm_url": origin.rstrip("/") + reverse("accounts:email_confirm",
                                                               args=[token]),
                   "days": settings.CLASH_CONFIRMATION_DAYS}
        mails = [(render_to_string("accounts/email_change_subject.txt", context).strip(),
                  render_to_string("accounts/email_change_email.txt", context), new_email)]
        if old_email:
            mails.append((
                render_to_string("accounts/email_change_notice_subject.txt", context).strip(),
                render_to_string("accounts/email_change_notice.txt", context), old_email))
    for subject, body, to in mails:
        send_mail(subject, body, None, [to])
    return True


def _bad_link() -> DomainError:
    return DomainError("bad_email_change", _(
        "This address-change link is not valid: it was used already, has expired, or is "
        "for another account. Ask for a new one on your account page, signed in as the "
        "account whose address should change."))


def email_change_target(*, token: str, user: AbstractBaseUser) -> str:
    """The new address a change token offers `user`, if the token is good, current and
    `user`'s own."""
    try:
        data = signing.loads(token, salt=_SALT,
                             max_age=settings.CLASH_CONFIRMATION_DAYS * 24 * 60 * 60)
    except signing.BadSignature:
        raise _bad_link() from None
    if not isinstance(data, dict) or data.get("user") != user.pk or not user.is_active:
        raise _bad_link()
    if user.email != data.get("old") or not isinstance(data.get("new"), str):
        raise _bad_link()
    changed = (Profile.objects.filter(user_id=user.pk)
               .values_list("email_changed_at", flat=True).first())
    if changed is not None and data.get("at", 0) < int(changed.timestamp()):
        raise _bad_link()
    return data["new"]


@transaction.atomic
def email_change_confirm(*, token: str, user: AbstractBaseUser, now: datetime) -> str:
    """Follow the link: the account's address becomes the new one, proven by the link.
    The user's row is locked, so two links followed at once change it once."""
    user = get_user_model().objects.select_for_update().get(pk=user.pk)
    new_email = email_change_target(token=token, user=user)
    if _taken(new_email, user=user):  # taken since the link was mailed
        raise _taken_error()
    user.email = new_email
    user.save(update_fields=["email"])
    Profile.objects.update_or_create(user=user, defaults={"email_confirmed": True,
                                                          "email_changed_at": now})
    return new_email
