"""Failed logins are throttled, on the login page and on the API's HTTP basic auth alike.

django-axes counts failed logins in the cache (settings: AXES_*), by the pair of username and
client address: usernames are public, so a lock by account alone would let anyone lock an
organizer out on the day. Its authentication backend comes first, so a locked pair is refused
even with the right password. DRF's throttles run after authentication and never see a failed
login; axes sees every one, because DRF's basic auth goes through Django's `authenticate`.

This module gives the lock its answers: the login page says what happened and when to try
again (429), and the API answers `{"error": {"code": "login_locked", ...}}` with 429 and
Retry-After. The pages that ask a signed-in person for their password again check it through
the same lock (`password_check`). And it decides the client address every per-address count
uses (`client_ip`): X-Forwarded-For only from the proxies' own networks.
"""

from __future__ import annotations

import functools
import ipaddress
from typing import Any

from axes.helpers import get_cool_off
from django.conf import settings
from django.contrib.auth import authenticate
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import ngettext
from drf_spectacular.authentication import BasicScheme
from rest_framework import authentication, exceptions, status


def cool_off_seconds() -> int:
    cool_off = get_cool_off()
    return int(cool_off.total_seconds()) if cool_off else 0


def lockout_message(request: HttpRequest | None = None) -> str:
    minutes = max(1, round(cool_off_seconds() / 60))
    if (request is not None and getattr(request, "user", None) is not None
            and request.user.is_authenticated and request.path_info != reverse("login")):
        # A signed-in page that asks for the password again (password_check).
        return ngettext(
            "Too many wrong passwords for this account from your address: your password is "
            "refused here, and logins to the account from here, for %(minutes)d minute "
            "after the last wrong one. Try again later.",
            "Too many wrong passwords for this account from your address: your password is "
            "refused here, and logins to the account from here, for %(minutes)d minutes "
            "after the last wrong one. Try again later.",
            minutes) % {"minutes": minutes}
    return ngettext(
        "Too many failed logins for this username from your address: logins for it from here "
        "are refused for %(minutes)d minutes after the last failed one. Try again later, or "
        "ask an organizer or staff member to reset your password.",
        "Too many failed logins for this username from your address: logins for it from here "
        "are refused for %(minutes)d minutes after the last failed one. Try again later, or "
        "ask an organizer or staff member to reset your password.",
        minutes) % {"minutes": minutes}


def lockout_response(request: HttpRequest, original_response: HttpResponse | None = None,
                     credentials: dict | None = None) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: the answer to a login refused because its pair is locked."""
    headers = {"Retry-After": str(cool_off_seconds())}
    if request.path_info.startswith("/api/"):
        return JsonResponse({"error": {"code": "login_locked", "message": lockout_message()}},
                            status=status.HTTP_429_TOO_MANY_REQUESTS, headers=headers)
    response = render(request, "registration/locked_out.html",
                      {"message": lockout_message(request)},
                      status=status.HTTP_429_TOO_MANY_REQUESTS)
    response["Retry-After"] = headers["Retry-After"]
    return response


def password_check(request: HttpRequest, user: Any, password: str) -> bool:
    """Whether `password` is the signed-in `user`'s own, asked again before an act that needs
    it (deleting the account, a new password or address). Checked like a login, through
    authenticate() and so django-axes: a wrong one counts against the lock of the username
    and address, and a locked pair is refused even for the right one (the middleware then
    answers 429). Else an open session could guess its password without limit."""
    found = authenticate(request, username=user.get_username(), password=password)
    return found is not None and found.pk == user.pk


class LoginLocked(exceptions.APIException):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "login_locked"

    def __init__(self) -> None:
        super().__init__(lockout_message())
        self.wait = cool_off_seconds()


class BasicAuthentication(authentication.BasicAuthentication):
    """DRF's HTTP basic auth, answering 429 (not 401) when axes has locked the username and
    address pair, so a script learns why its right password is refused."""

    def authenticate_credentials(self, userid: str, password: str,
                                 request: Any = None) -> tuple:
        try:
            return super().authenticate_credentials(userid, password, request)
        except exceptions.AuthenticationFailed:
            if request is not None and getattr(request, "axes_locked_out", False):
                raise LoginLocked() from None
            raise


class LockedBasicScheme(BasicScheme):
    """The schema documents it as HTTP basic auth, which it is."""

    target_class = "core.logins.BasicAuthentication"


@functools.cache
def _networks(cidrs: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.ip_network(cidr) for cidr in cidrs)


def _parsed(address: str | None) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        parsed = ipaddress.ip_address((address or "").strip())
    except ValueError:
        return None
    # A dual-stack socket shows an IPv4 peer as ::ffff:a.b.c.d.
    mapped = getattr(parsed, "ipv4_mapped", None)
    return mapped or parsed


def client_ip(request: HttpRequest) -> str | None:
    """The client's address: the one every per-address count uses (AXES_CLIENT_IP_CALLABLE,
    accounts/services/rates.py, core/api/throttles.py).

    X-Forwarded-For is believed only as far as the proxies of CLASH_TRUSTED_PROXY_NETWORKS
    wrote it. From the direct peer (REMOTE_ADDR), while the address in hand is a trusted
    proxy's, the entry that proxy appended (the rightmost one left) is taken; the first
    address outside the networks is the client. Anything further left, and the whole header
    from a peer outside the networks, was written by the client and is ignored: it would let
    it choose its own address, and so escape every lock and limit."""
    remote = request.META.get("REMOTE_ADDR")
    networks = _networks(tuple(getattr(settings, "CLASH_TRUSTED_PROXY_NETWORKS", ())))
    current = _parsed(remote)
    if current is None:
        return remote
    forwarded = [part for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
                 if part.strip()]
    while forwarded and any(current in network for network in networks):
        appended = _parsed(forwarded.pop())
        if appended is None:  # no proxy writes that: stop at the proxy that passed it on
            break
        current = appended
    return str(current)
