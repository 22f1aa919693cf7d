"""How a person gets their language and time zone (docs/languages.md).

- The language: Django's LocaleMiddleware reads the language cookie (set by the menu), else
  the browser's Accept-Language. A signed-in person's own language, kept on their account,
  is put in their session at login and by the menu; this module's middleware prefers it.
  Only a language whose catalogue is compiled is ever active: a page is never half English.
- A change made on one device reaches the person's other sessions on their next request:
  the change also leaves the saved choices in the cache under the person's id, with the
  time (`preferences_announce`), and the middleware carries them into a session that took
  its choices before. That is one cache read per signed-in request and no query; a session is
  written once per change.
- The time zone: the person's own (their account, in the session like the language), else
  the browser's, which static/js/timezone.js stores in a cookie. Event pages override it
  with the event's zone (tournaments/views/common.py render_event).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache as kept
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from core.zones import zone_or_none

# Where a signed-in person's own choices travel with their session (set at login from
# their account, and when they change them): no query per request.
SESSION_LANGUAGE = "clash_language"
SESSION_TIME_ZONE = "clash_time_zone"


# When the session last took the person's choices (at login, at a change made in it, or from
# another device's change): a saved change older than that is already in it.
SESSION_PREFERENCES_AT = "clash_preferences_at"


def _saved_key(user_id: object) -> str:
    return f"clash:preferences:{user_id}"


def preferences_announce(*, user_id: int, language: str, time_zone: str,
                         at: float | None = None) -> None:
    """Leave a person's saved language and time zone ("" for the browser's), with when they
    were saved, where each of their sessions looks on its next request."""
    cache.set(_saved_key(user_id), {"language": language, "time_zone": time_zone,
                                    "at": time.time() if at is None else at}, timeout=None)


def carry_into_session(session: Any, *, language: str, time_zone: str,
                       at: float | None = None) -> None:
    """Put the person's choices in their session ("" takes one out: the browser's then), as
    of `at` (by default now)."""
    for key, value in ((SESSION_LANGUAGE, language), (SESSION_TIME_ZONE, time_zone)):
        if value:
            if session.get(key) != value:
                session[key] = value
        elif key in session:
            del session[key]
    session[SESSION_PREFERENCES_AT] = time.time() if at is None else at


def _follow_saved(session: Any) -> None:
    """A signed-in session takes the choices its person saved since it last took them (on
    another device): one cache read, no query."""
    user_id = session.get(SESSION_KEY)
    if user_id is None:
        return
    saved = cache.get(_saved_key(user_id))
    if isinstance(saved, dict) and saved.get("at", 0) > session.get(SESSION_PREFERENCES_AT, 0):
        carry_into_session(session, language=saved.get("language") or "",
                           time_zone=saved.get("time_zone") or "", at=saved["at"])


def catalogue_exists(code: str) -> bool:
    """Whether language `code` has a compiled catalogue in the project's locale folders
    (locale/<folder>/LC_MESSAGES/django.mo; sr-latn's folder is sr_Latn)."""
    folder = translation.to_locale(code)
    return any((Path(root) / folder / "LC_MESSAGES" / "django.mo").is_file()
               for root in settings.LOCALE_PATHS)


def languages_offered() -> list[tuple[str, str]]:
    """The languages a person may choose, as (code, name in itself): the default language
    (the texts are written in it) and each one whose catalogue is compiled, in the order of
    settings.LANGUAGES. Looked up on disk once per process and settings (every request
    asks): the catalogues are compiled before the server starts, as Django's own
    translations are loaded once."""
    return list(_offered(tuple(map(str, settings.LOCALE_PATHS)), tuple(settings.LANGUAGES),
                         settings.LANGUAGE_CODE))


@kept
def _offered(paths: tuple[str, ...], languages: tuple[tuple[str, str], ...],
             default: str) -> tuple[tuple[str, str], ...]:
    return tuple((code, name) for code, name in languages
                 if code == default or catalogue_exists(code))


def forget_languages_offered(**_: object) -> None:
    """Look on disk again (a catalogue compiled or deleted while the process runs: the
    catalogue commands and the tests that write catalogues)."""
    _offered.cache_clear()


def is_offered(code: object) -> bool:
    return isinstance(code, str) and code in dict(languages_offered())


def visitor_zone_name(request: HttpRequest) -> str | None:
    """The browser's zone from its cookie, when it is an IANA name."""
    raw = request.COOKIES.get(settings.CLASH_TIME_ZONE_COOKIE)
    name = unquote(raw) if raw else None
    return name if zone_or_none(name) is not None else None


class PreferencesMiddleware:
    """After authentication: activates the person's language (their own, else the one
    LocaleMiddleware chose, if offered, else the default) and time zone (their own, else
    the browser's, else the server's UTC)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        session = getattr(request, "session", None)
        if session is not None:
            _follow_saved(session)
        own_language = session.get(SESSION_LANGUAGE) if session is not None else None
        offered = dict(languages_offered())
        if own_language in offered:
            translation.activate(own_language)
        elif translation.get_language() not in offered:
            translation.activate(settings.LANGUAGE_CODE)
        request.LANGUAGE_CODE = translation.get_language()

        own_zone = session.get(SESSION_TIME_ZONE) if session is not None else None
        zone = zone_or_none(own_zone) or zone_or_none(visitor_zone_name(request))
        if zone is not None:
            timezone.activate(zone)
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
