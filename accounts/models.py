"""What a person adds to Django's user: the name shown in events and whether their e-mail
address is proven.

A user without a profile (the demo's accounts, users made in the admin or by
`createsuperuser`) counts as confirmed and shows their username: only sign-up makes an
unconfirmed profile.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="profile")
    # Shown on pairings, standings and player pages instead of the username where set.
    display_name = models.CharField(_("display name"), max_length=60, blank=True)
    email_confirmed = models.BooleanField(_("e-mail address confirmed"), default=True)
    # When the address last changed by a confirmed change (accounts/services/email_changes.py):
    # a change link issued before it does nothing, even if the address is back to the one
    # the link was issued from.
    email_changed_at = models.DateTimeField(_("e-mail address changed at"), null=True,
                                            blank=True)
    # The person's own language and time zone (accounts/services/preferences.py); empty:
    # the browser's (docs/languages.md). The zone is an IANA name (core.zones).
    language = models.CharField(_("language"), max_length=10, blank=True,
                                choices=settings.LANGUAGES)
    time_zone = models.CharField(_("time zone"), max_length=64, blank=True)
    # Opted in: a mail when their round is paired and when their opponent's report waits for
    # theirs (tournaments/services/match_notices.py), for when no page of theirs is open.
    notify_by_email = models.BooleanField(_("e-mail me about my matches"), default=False)

    def __str__(self) -> str:
        return f"profile of {self.user}"
