"""URLs of the tournaments API, mounted under /api/."""

from django.urls import include, path

urlpatterns: list = [
    path("", include("tournaments.api.pods_urls")),
]
