"""A person's language and time zone: the menu on every page, and the settings page."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST
from django.views.i18n import set_language

from accounts.forms import PreferencesForm
from accounts.selectors.profiles import profile_of
from accounts.services.preferences import preferences_into_session, preferences_update
from core.errors import DomainError
from core.i18n import is_offered, visitor_zone_name


def _back(request: HttpRequest) -> str:
    """Where the menu goes back to: the page it was on (`next`, else the referrer) when that
    is an address of this site, else the home page. It is an address, never a view name."""
    target = request.POST.get("next") or request.META.get("HTTP_REFERER") or "/"
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        return "/"
    if not target.startswith(("/", "http://", "https://")):
        return "/"
    return target


def cross_site(request: HttpRequest) -> bool:
    """Whether a browser says the request comes from another site: by Sec-Fetch-Site, else
    by Origin. A request with neither is no cross-site form of a current browser."""
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None:
        return fetch_site not in ("same-origin", "none")
    origin = request.headers.get("Origin")
    if origin is None:
        return False
    return origin != f"{request.scheme}://{request.get_host()}"


@csrf_exempt
@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """The language menu's form: Django's set_language (the cookie, back to `next`), and for
    a signed-in person their account and session too. Only an offered language is taken.

    The menu carries no CSRF token: it is on the pages kept for every visitor alike
    (tournaments.views.common.kept_for_visitors), where one visitor's token must not reach
    another. The request's own origin headers keep another site from posting it."""
    if cross_site(request):
        raise PermissionDenied("The language can be changed only from this site's pages.")
    code = request.POST.get("language", "")
    if not is_offered(code):
        messages.error(request, _("That language is not offered yet: choose one from the menu."))
        return HttpResponseRedirect(_back(request))
    if request.user.is_authenticated:
        profile = preferences_update(user=request.user, language=code)
        preferences_into_session(session=request.session, profile=profile)
    return set_language(request)


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request: HttpRequest) -> HttpResponse:
    current = profile_of(request.user)
    form = PreferencesForm(request.POST or None, browser_zone=visitor_zone_name(request),
                           initial={
                               "language": current.language if current else "",
                               "time_zone": current.time_zone if current else "",
                               "notify_by_email": current.notify_by_email if current else False})
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            profile = preferences_update(user=request.user, **form.cleaned_data)
        except DomainError as exc:
            form.add_error(None, exc.message)
        else:
            preferences_into_session(session=request.session, profile=profile)
            messages.success(request, _("Your language and time zone are saved."))
            response = redirect("me")
            if profile.language:
                # The cookie too: the choice holds in this browser after logging out.
                response.set_cookie(settings.LANGUAGE_COOKIE_NAME, profile.language,
                                    max_age=settings.LANGUAGE_COOKIE_AGE,
                                    samesite=settings.LANGUAGE_COOKIE_SAMESITE)
            return response
    if form.errors:
        status = 400
    return render(request, "accounts/preferences.html", {"form": form}, status=status)
