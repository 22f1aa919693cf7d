"""How a person gets their language and time zone (docs/languages.md).

- The language: Django's LocaleMiddleware reads the language cookie (set by the menu), else
  the browser's Accept-Language. A signed-in person's own language, kept on their account,
  is put in their session at login and by the menu; this module's middleware prefers it.
  Only a language whose catalogue is compiled is ever active: a page is never half English.
- The time zone: the person's own (their account, in the session like the language), else
  the browser's, which static/js/timezone.js stores in a cookie. Event pages override it
  with the event's zone (tournaments/views/common.py render_event).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from core.zones import zone_or_none

# Where a signed-in person's own choices travel with their session (set at login from
# their account, and when they change them): no query per request.
SESSION_LANGUAGE = "clash_language"
SESSION_TIME_ZONE = "clash_time_zone"


def catalogue_exists(code: str) -> bool:
    """Whether language `code` has a compiled catalogue in the project's locale folders
    (locale/<folder>/LC_MESSAGES/django.mo; sr-latn's folder is sr_Latn)."""
    folder = translation.to_locale(code)
    return any((Path(root) / folder / "LC_MESSAGES" / "django.mo").is_file()
               for root in settings.LOCALE_PATHS)


def languages_offered() -> list[tuple[str, str]]:
    """The languages a person may choose, as (code, name in itself): the default language
    (the texts are written in it) and each one whose catalogue is compiled, in the order of
    settings.LANGUAGES."""
    return [(code, name) for code, name in settings.LANGUAGES
            if code == settings.LANGUAGE_CODE or catalogue_exists(code)]


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
