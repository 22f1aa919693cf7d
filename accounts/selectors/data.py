"""The download of a person's own data."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from accounts import hooks
from accounts.selectors.profiles import profile_of

FORMAT = 1


def account_data(user: AbstractBaseUser) -> dict[str, Any]:
    """The person's profile, then each app's sections (accounts/hooks.py, `account_data`):
    only rows that are the person's own, and of other people no more than the pages show
    anyone (an opponent's shown name)."""
    profile = profile_of(user)
    data: dict[str, Any] = {
        "format": FORMAT,
        "profile": {
            "username": user.get_username(),
            "display_name": profile.display_name if profile else "",
            "email": user.email,
            "email_confirmed": profile.email_confirmed if profile else True,
            "language": profile.language if profile else "",
            "time_zone": profile.time_zone if profile else "",
            "date_joined": user.date_joined.isoformat(),
            "last_login": user.last_login.isoformat() if user.last_login else None,
        },
    }
    hooks.account_data.send(user=user, data=data)
    return data
