"""A person's own language and time zone, kept on their account and carried in their session
(core/i18n.py reads it there on every request); a change reaches their other sessions on their
next request (core.i18n.preferences_announce)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from accounts.models import Profile
from core.errors import DomainError
from core.i18n import carry_into_session, is_offered, preferences_announce
from core.zones import is_time_zone, zone_refusal

__all__ = ["preferences_at_login", "preferences_into_session", "preferences_update"]

_UNCHANGED: Any = object()


@transaction.atomic
def preferences_update(*, user: AbstractBaseUser, language: str = _UNCHANGED,
                       time_zone: str = _UNCHANGED,
                       notify_by_email: bool = _UNCHANGED) -> Profile:
    """Set the person's language (a code the menu offers, or "" for the browser's), time
    zone (an IANA name, or "" for the browser's) and whether their matches' news is mailed to
    them (opt-in); an argument left out stays as it is."""
    if language is not _UNCHANGED and language and not is_offered(language):
        raise DomainError("bad_language",
                          gettext("%(language)s is not a language this site offers yet: "
                                  "choose one from the menu.") % {"language": language},
                          params={"language": language})
    if time_zone is not _UNCHANGED:
        time_zone = time_zone.strip()
        if time_zone and not is_time_zone(time_zone):
            raise DomainError("bad_time_zone", zone_refusal(time_zone),
                              params={"zone": time_zone})
    profile, _ = Profile.objects.select_for_update().get_or_create(user=user)
    changed = []
    if language is not _UNCHANGED and profile.language != language:
        profile.language = language
        changed.append("language")
    if time_zone is not _UNCHANGED and profile.time_zone != time_zone:
        profile.time_zone = time_zone
        changed.append("time_zone")
    if notify_by_email is not _UNCHANGED and profile.notify_by_email != bool(notify_by_email):
        profile.notify_by_email = bool(notify_by_email)
        changed.append("notify_by_email")
    if changed:
        profile.save(update_fields=changed)
        # Once committed, the person's other sessions take the change on their next request.
        saved = {"user_id": user.pk, "language": profile.language,
                 "time_zone": profile.time_zone}
        transaction.on_commit(lambda: preferences_announce(**saved))
    return profile


def preferences_into_session(*, session: Any, profile: Profile | None) -> None:
    """Carry the account's choices in the session (at login, and after a change made in it),
    as of now: a change saved before is in it already."""
    carry_into_session(session, language=profile.language if profile else "",
                       time_zone=profile.time_zone if profile else "")


def preferences_at_login(sender: Any, request: Any, user: AbstractBaseUser,
                         **kwargs: Any) -> None:
    """user_logged_in's receiver: the account's choices follow the person to a new browser."""
    if request is not None and hasattr(request, "session"):
        preferences_into_session(session=request.session,
                                 profile=Profile.objects.filter(user_id=user.pk).first())
