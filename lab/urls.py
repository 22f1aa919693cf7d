"""URLs of the deck lab, under /events/ in the tournaments namespace, where they have always
been (tournaments/urls.py includes them): `tournaments:lab`, `tournaments:lab_run` and
`tournaments:lab_run_status` keep their paths and names."""

from django.urls import path

from lab.views import runs

urlpatterns: list = [
    path("lab/", runs.lab, name="lab"),
    path("lab/<int:run>/", runs.lab_run, name="lab_run"),
    path("lab/<int:run>/status.json", runs.lab_run_status, name="lab_run_status"),
]
