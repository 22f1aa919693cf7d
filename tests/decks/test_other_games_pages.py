"""The card import page: staff only, every bad row shown, nothing half-imported."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from decks.models import Card
from tests.decks.test_other_games import BAD_SPOILS, example
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
URL = reverse("decks:card_import")


def upload(name: str, text: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode(), content_type="text/plain")


def staff():  # noqa: ANN201
    user = UserFactory(username="keeper")
    user.is_staff = True
    user.save()
    return user


def test_players_cannot_import_cards(client):
    client.force_login(UserFactory())
    assert client.get(URL).status_code == 403
    assert client.post(URL, {"game": "berserk", "set_code": "core",
                             "file": upload("c.csv", example("berserk"))}).status_code == 403
    assert not Card.objects.exists()


def test_staff_import_a_file_and_importing_it_again_changes_nothing(client):
    client.force_login(staff())
    assert client.get(URL).status_code == 200
    data = {"game": "berserk", "set_code": "core", "set_name": "Core"}
    answer = client.post(URL, {**data, "file": upload("c.json", example("berserk", "json"))},
                         follow=True)
    assert "10 cards created, 0 changed, 0 unchanged" in answer.content.decode()
    assert "Core (Berserk)" in answer.content.decode()
    again = client.post(URL, {**data, "file": upload("c.csv", example("berserk"))},
                        follow=True)
    assert "0 cards created, 0 changed, 10 unchanged" in again.content.decode()
    assert Card.objects.count() == 10


def test_each_bad_row_is_shown_and_nothing_is_imported(client):
    client.force_login(staff())
    answer = client.post(URL, {"game": "spoils", "set_code": "core",
                               "file": upload("bad.csv", BAD_SPOILS)})
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "9 bad rows; nothing was imported" in page
    assert "line 3 (Nameless Thing)" in page and "line 9 (No Structure)" in page
    assert not Card.objects.exists()


def test_a_semicolon_separated_card_file_was_refused_by_its_header_and_now_imports(client):
    client.force_login(staff())
    semicolons = "\n".join(line.replace(",", ";") for line in example("berserk").splitlines())
    assert "," not in semicolons
    answer = client.post(URL, {"game": "berserk", "set_code": "core",
                               "file": upload("c.csv", semicolons)}, follow=True)
    assert "10 cards created, 0 changed, 0 unchanged" in answer.content.decode()
    assert Card.objects.count() == 10


def test_a_bad_card_files_rows_were_only_under_the_form_not_by_the_summary(client):
    client.force_login(staff())
    answer = client.post(URL, {"game": "spoils", "set_code": "core",
                               "file": upload("bad.csv", BAD_SPOILS)})
    page = answer.content.decode()
    top = page[:page.index('<header class="page-header">')]
    assert "9 bad rows; nothing was imported." in top
    assert "line 3 (Nameless Thing)" in top and "line 9 (No Structure)" in top
