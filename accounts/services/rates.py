"""Rate limits of sign-up, password-reset, address-change and confirmation-resend requests
(and of walk-in claim codes), counted in the cache like the failed
logins of core/logins.py: per client address and per e-mail address, so neither one address
flooding the form nor many addresses aiming at one mailbox gets far.

Each counter is a fixed window that starts with its first request
(CLASH_ACCOUNT_RATE_WINDOW seconds); a refused request is not counted, so the window ends
on time. Limits: CLASH_ACCOUNT_RATES[kind] = {"ip": n, "address": n}.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import ngettext

from core.errors import Conflict

__all__ = ["RateLimited", "rate_hit"]

_KINDS = ("signup", "reset", "claim", "email_change", "resend")


class RateLimited(Conflict):
    """Too many requests of one kind from one address or for one e-mail address (429)."""

    def __init__(self, message: str, *, wait: int) -> None:
        super().__init__("rate_limited", message, params={"wait": wait})
        self.wait = wait


def _key(kind: str, part: str, value: str) -> str:
    digest = hashlib.sha256(value.strip().lower().encode()).hexdigest()[:32]
    return f"clash:accounts:rate:{kind}:{part}:{digest}"


def _message(kind: str, minutes: int) -> str:
    if kind == "claim":
        # `address` is the account trying codes: a new account per guess still meets the
        # limit per client address.
        return ngettext(
            "Too many claim codes tried from your address or your account: try again in "
            "%(minutes)d minute.",
            "Too many claim codes tried from your address or your account: try again in "
            "%(minutes)d minutes.", minutes) % {"minutes": minutes}
    if kind == "email_change":
        return ngettext(
            "Too many address changes asked for from your address or for this e-mail "
            "address: try again in %(minutes)d minute.",
            "Too many address changes asked for from your address or for this e-mail "
            "address: try again in %(minutes)d minutes.", minutes) % {"minutes": minutes}
    if kind == "resend":
        return ngettext(
            "Too many confirmation mails asked for from your address or for this e-mail "
            "address: try again in %(minutes)d minute.",
            "Too many confirmation mails asked for from your address or for this e-mail "
            "address: try again in %(minutes)d minutes.", minutes) % {"minutes": minutes}
    if kind == "signup":
        return ngettext(
            "Too many sign-ups from your address or for this e-mail address: try again in "
            "%(minutes)d minute.",
            "Too many sign-ups from your address or for this e-mail address: try again in "
            "%(minutes)d minutes.", minutes) % {"minutes": minutes}
    return ngettext(
        "Too many password reset requests from your address or for this e-mail address: "
        "try again in %(minutes)d minute.",
        "Too many password reset requests from your address or for this e-mail address: "
        "try again in %(minutes)d minutes.", minutes) % {"minutes": minutes}


def rate_hit(*, kind: str, ip: str | None, address: str) -> None:
    """Count one request of `kind`, or raise RateLimited (counting nothing) when the client
    address or the e-mail address has had its fill in this window."""
    if kind not in _KINDS:
        raise AssertionError(f"unknown rate kind {kind!r}")
    limits = settings.CLASH_ACCOUNT_RATES[kind]
    window = settings.CLASH_ACCOUNT_RATE_WINDOW
    keys = {part: _key(kind, part, value)
            for part, value in (("ip", ip or "unknown"), ("address", address or ""))
            if value or part == "ip"}
    counts = cache.get_many(list(keys.values()))
    if any(counts.get(key, 0) >= limits[part] for part, key in keys.items()):
        minutes = max(1, round(window / 60))
        raise RateLimited(_message(kind, minutes), wait=window)
    for key in keys.values():
        # add() starts the window; incr() counts within it (atomic on Redis).
        cache.add(key, 0, timeout=window)
        try:
            cache.incr(key)
        except ValueError:  # expired between the two calls: a new window
            cache.set(key, 1, timeout=window)


def _rate_limit_message(kind: str) -> str:
    return _message(kind, max(1, round(settings.CLASH_ACCOUNT_RATE_WINDOW / 60)))
