"""A person's own profile: the display name."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from accounts import hooks
from accounts.models import Profile

__all__ = ["profile_update"]


@transaction.atomic
def profile_update(*, user: AbstractBaseUser, display_name: str) -> Profile:
    """Set (or clear, with "") the name shown for the person in events. The apps that keep
    names (the standings' cache, keyed by each event's results version) hear of it in the
    same transaction and move their versions on."""
    profile, _ = Profile.objects.get_or_create(user=user)
    display_name = display_name.strip()
    if profile.display_name != display_name:
        profile.display_name = display_name
        profile.save(update_fields=["display_name"])
        hooks.display_name_changed.send(user=user)
    return profile
