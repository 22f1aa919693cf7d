"""The site's URLs with the online-play API mounted under /api/, as clash/urls.py mounts it."""

from django.urls import include, path

from clash.urls import urlpatterns as site

urlpatterns = [*site, path("api/", include("play.api.urls"))]
