"""A person deletes their own account."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from accounts import hooks
from core.errors import Conflict

__all__ = ["account_delete", "deletion_blockers"]


def deletion_blockers(*, user: AbstractBaseUser, lock: bool = False) -> list[hooks.Blocker]:
    """What must happen before the account may go (accounts/hooks.py, `account_blocking`):
    empty when nothing stands in the way."""
    blockers: list[hooks.Blocker] = []
    hooks.account_blocking.send(user=user, blockers=blockers, lock=lock)
    return blockers


@transaction.atomic
def account_delete(*, user: AbstractBaseUser, now: datetime) -> None:
    """Refused (Conflict `account_in_use`, each reason a sentence) while something would be
    left behind, such as an event that is not complete losing its only organizer. Else the
    apps let go of the person first (a running event's seat is dropped, past results stay
    under an anonymised name), then their own things go, then the account. One transaction:
    a failure anywhere leaves the account as it was."""
    blockers = deletion_blockers(user=user, lock=True)
    if blockers:
        raise Conflict("account_in_use", " ".join(b.message for b in blockers),
                       problems=[b.message for b in blockers],
                       params={"reasons": [b.code for b in blockers]})
    hooks.account_leaving.send(user=user, now=now)
    hooks.account_erasing.send(user=user, now=now)
    user.delete()
