"""URLs of the tournament pages, mounted under /events/."""

from django.urls import include, path

app_name = "tournaments"
urlpatterns: list = [
    path("", include("tournaments.pods_urls")),
]
