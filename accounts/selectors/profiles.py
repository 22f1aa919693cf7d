"""Reads of a person's profile: the name shown for them and whether their address is proven."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import F, Value
from django.db.models.expressions import Combinable
from django.db.models.functions import Coalesce, NullIf

from accounts.models import Profile


def shown_name(user: AbstractBaseUser) -> str:
    """The display name where set, else the username. Reads `user.profile` (select or
    prefetch `profile` with the user in lists)."""
    try:
        display = user.profile.display_name
    except Profile.DoesNotExist:
        display = ""
    return display or user.get_username()


def shown_name_of(path: str) -> Combinable:
    """The same in a query, for the user at `path` (e.g. "player" on a registration): the
    display name where set, else the username, else NULL (no user)."""
    prefix = f"{path}__" if path else ""
    return Coalesce(NullIf(F(f"{prefix}profile__display_name"), Value("")),
                    F(f"{prefix}username"))


def is_confirmed(user: AbstractBaseUser) -> bool:
    """Users without a profile (the demo's, the admin's) count as confirmed."""
    return not Profile.objects.filter(user_id=user.pk, email_confirmed=False).exists()


def profile_of(user: AbstractBaseUser) -> Profile | None:
    return Profile.objects.filter(user_id=user.pk).first()
