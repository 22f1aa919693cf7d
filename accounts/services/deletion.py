"""A person deletes their own account."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from accounts import hooks


@transaction.atomic
def account_delete(*, user: AbstractBaseUser, now: datetime) -> None:
    """First the apps let go of the person (a running event's seat is dropped, past results
    stay under an anonymised name), then their own things go, then the account. One
    transaction: a failure anywhere leaves the account as it was."""
    hooks.account_leaving.send(user=user, now=now)
    hooks.account_erasing.send(user=user, now=now)
    user.delete()
