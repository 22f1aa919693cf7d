"""URLs of the deck lab and of the game-record uploads (in the tournaments namespace)."""

from django.urls import path

from tournaments import lab_views as views

urlpatterns: list = [
    path("lab/", views.lab, name="lab"),
    path("lab/<int:run>/", views.lab_run, name="lab_run"),
    path("lab/<int:run>/status.json", views.lab_run_status, name="lab_run_status"),
    path("<int:pk>/matches/<int:match>/records/", views.match_records, name="match_records"),
]
