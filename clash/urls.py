from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

import accounts.urls
import eventfile.urls
import play.urls
import tournaments.urls
from accounts.views.preferences import language_set
from clash import views

urlpatterns = [
    path("", views.home, name="home"),
    path("health/", views.health, name="health"),
    path("me/", views.me, name="me"),
    path("admin/", admin.site.urls),
    # The language menu (Django's set_language, and the account for a signed-in person) and
    # the static scripts' translations, a script file of the site's own (the CSP allows no
    # inline script).
    path("i18n/setlang/", language_set, name="set_language"),
    path("i18n/js/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    # Sign-up, confirmation and a person's account pages, then Django's auth views (login,
    # password change and reset; the accounts' subclasses of four of them come first).
    path("accounts/", include("accounts.urls")),
    path("accounts/", include(accounts.urls.auth_urlpatterns)),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves Swagger UI's start-up script as a file (?script), so the page
    # runs under the Content-Security-Policy, which allows no inline script.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(
        url_name="api-schema", template_name="api_docs.html"), name="api-docs"),
    path("api/", include("decks.api.urls")),
    path("api/", include("tournaments.api.urls")),
    path("api/", include("eventfile.api.urls")),
    path("api/", include("play.api.urls")),
    path("decks/", include("decks.urls")),
    # One `tournaments` namespace under /events/: the tournament pages and the event file's,
    # which sits above tournaments (tournaments never imports it), so their paths and names
    # are the ones they always had.
    path("events/", include(([*tournaments.urls.urlpatterns, *eventfile.urls.urlpatterns],
                             tournaments.urls.app_name))),
    # One `play` namespace: online play's pages and the match games' pages, which are
    # tournaments' (play sits below tournaments and never imports it).
    path("play/", include(([*play.urls.urlpatterns, *tournaments.urls.play_urlpatterns],
                           play.urls.app_name))),
]
