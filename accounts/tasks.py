"""Celery tasks of the accounts app: the mail of sign-up, confirmation, password reset and
address change, sent once the request's transaction commits. Thin entry points: plain data
in, one service. Not retried: a link mailed twice is worse than a request to send it again,
which the pages offer."""

from __future__ import annotations

from celery import shared_task

from accounts.services.email_changes import email_change_mail_send
from accounts.services.password_resets import password_reset_mail_send
from accounts.services.signups import confirmation_mail_send, confirmation_resend


@shared_task(name="accounts.confirmation_mail")
def confirmation_mail_task(*, user_id: int, origin: str, language: str) -> bool:
    return confirmation_mail_send(user_id=user_id, origin=origin, language=language)


@shared_task(name="accounts.confirmation_resend")
def confirmation_resend_task(*, email: str, origin: str, language: str) -> int:
    return confirmation_resend(email=email, origin=origin, language=language)


@shared_task(name="accounts.password_reset_mail")
def password_reset_mail_task(*, email: str, domain: str, use_https: bool,
                             language: str) -> int:
    return password_reset_mail_send(email=email, domain=domain, use_https=use_https,
                                    language=language)


@shared_task(name="accounts.email_change_mail")
def email_change_mail_task(*, user_id: int, old_email: str, new_email: str, issued_at: int,
                           origin: str, language: str) -> bool:
    return email_change_mail_send(user_id=user_id, old_email=old_email, new_email=new_email,
                                  issued_at=issued_at, origin=origin, language=language)
