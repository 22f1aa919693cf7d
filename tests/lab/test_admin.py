"""Staff look lab runs up in the admin by status, AI level, deck and owner; nothing there
writes a run (its callbacks do)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from lab.models import LabRunStatus
from tests.factories import UserFactory
from tests.factories.lab import LabRunFactory

pytestmark = pytest.mark.django_db


def test_staff_find_runs_by_status_and_by_owner():
    admin = get_user_model().objects.create_superuser("boss", "boss@example.com", "pw")
    client = Client()
    client.force_login(admin)
    owner = UserFactory(username="labber")
    for label, status in (("Night shift", LabRunStatus.DONE), ("Morning", LabRunStatus.FAILED)):
        LabRunFactory(owner=owner, deck_label=label, deck=[], field=[1], games=10, ai="random",
                      seed=1, status=status)
    url = reverse("admin:lab_labrun_changelist")
    page = client.get(url, {"status__exact": "done"}).content.decode()
    assert "Night shift" in page and "Morning" not in page
    page = client.get(url, {"q": "labber"}).content.decode()
    assert "Night shift" in page and "Morning" in page
    assert client.get(reverse("admin:lab_labrun_add")).status_code == 403
