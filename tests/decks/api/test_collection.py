"""The decks API's collection: counts, a whole set at once, CSV export and import, and bad
input refused with a clear error and nothing written."""


import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from decks.models import Card, CollectionEntry
from tests.factories import (
    UserFactory,
)
from tests.factories.decks import CollectionEntryFactory
from tests.web import client_for, error_of

pytestmark = pytest.mark.django_db


def test_the_collection_lists_your_cards_with_their_counts(player, django_assert_max_num_queries):
    other = UserFactory()
    CollectionEntryFactory(owner=other, card=Card.objects.get(name="OGRE"), count=5)
    client = client_for(player)
    with django_assert_max_num_queries(5):
        body = client.get("/api/collection/").json()
    assert body["count"] == 32
    assert {e["count"] for e in body["results"]} == {1}
    assert {e["card"]["name"] for e in body["results"]} == {c.name for c in Card.objects.all()}


def test_setting_a_cards_count_and_zero_removes_it(kit):
    user = UserFactory()
    ogre = Card.objects.get(name="OGRE")
    client = client_for(user)
    response = client.put(f"/api/collection/cards/{ogre.pk}/", {"count": 3}, format="json")
    assert response.status_code == 200
    assert response.json()["count"] == 3 and response.json()["card"]["name"] == "OGRE"
    assert CollectionEntry.objects.get(owner=user, card=ogre).count == 3
    response = client.put(f"/api/collection/cards/{ogre.pk}/", {"count": 0}, format="json")
    assert response.json()["count"] == 0
    assert not CollectionEntry.objects.filter(owner=user).exists()


@pytest.mark.parametrize(("body", "problem"), [
    ({"count": -1}, "count: Ensure this value is greater than or equal to 0."),
    ({"count": 100}, "count: Ensure this value is less than or equal to 99."),
    ({"count": "many"}, "count: A valid integer is required."),
    ({}, "count: This field is required."),
])
def test_a_bad_count_is_refused_and_nothing_changes(player, body, problem):
    ogre = Card.objects.get(name="OGRE")
    response = client_for(player).put(f"/api/collection/cards/{ogre.pk}/", body, format="json")
    assert response.status_code == 400
    assert error_of(response)["problems"] == [problem]
    assert CollectionEntry.objects.get(owner=player, card=ogre).count == 1


def test_setting_the_count_of_a_missing_card_is_a_404(kit):
    response = client_for(UserFactory()).put("/api/collection/cards/99999/", {"count": 1},
                                             format="json")
    assert response.status_code == 404
    assert error_of(response)["message"] == "no card 99999"


def test_a_whole_set_is_added_in_one_call(kit):
    user = UserFactory()
    client = client_for(user)
    response = client.post("/api/collection/add-set/", {"set": kit.pk, "copies": 2},
                           format="json")
    assert response.status_code == 200 and response.json() == {"set": kit.pk, "cards": 32}
    assert set(CollectionEntry.objects.filter(owner=user).values_list("count", flat=True)) == {2}


@pytest.mark.parametrize(("body", "problem"), [
    ({"set": 999}, "set: no card set 999"),
    ({"set": "{set}", "copies": 0}, "copies: Ensure this value is greater than or equal to 1."),
    ({}, "set: This field is required."),
])
def test_adding_a_set_with_bad_input_writes_nothing(kit, body, problem):
    user = UserFactory()
    body = {k: kit.pk if v == "{set}" else v for k, v in body.items()}
    response = client_for(user).post("/api/collection/add-set/", body, format="json")
    assert response.status_code == 400
    assert error_of(response)["problems"] == [problem]
    assert not CollectionEntry.objects.exists()


def test_the_collection_exports_as_csv(kit):
    user = UserFactory()
    for name, count in (("ZOMBIE", 1), ("OGRE", 2)):
        CollectionEntryFactory(owner=user, card=Card.objects.get(name=name), count=count)
    response = client_for(user).get("/api/collection/export/")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="collection.csv"'
    assert response.content.decode() == (
        "set,card,count\nstarter-kit,OGRE,2\nstarter-kit,ZOMBIE,1\n")
    asked_for_csv = client_for(user).get("/api/collection/export/", HTTP_ACCEPT="text/csv")
    assert asked_for_csv.content == response.content


CSV = "set,card,count\nstarter-kit,OGRE,2\nstarter-kit,ZOMBIE,1\n"


def owned(user) -> dict[str, int]:
    return dict(CollectionEntry.objects.filter(owner=user)
                .values_list("card__name", "count"))


def test_importing_csv_as_json_text(kit):
    user = UserFactory()
    response = client_for(user).post("/api/collection/import/", {"text": CSV}, format="json")
    assert response.status_code == 200
    assert response.json() == {"imported": 2, "replace": False}
    assert owned(user) == {"OGRE": 2, "ZOMBIE": 1}


def test_importing_an_uploaded_csv_file(kit):
    user = UserFactory()
    upload = SimpleUploadedFile("mine.csv", ("\ufeff" + CSV).encode(), "text/csv")
    response = client_for(user).post("/api/collection/import/", {"file": upload},
                                     format="multipart")
    assert response.status_code == 200
    assert owned(user) == {"OGRE": 2, "ZOMBIE": 1}


def test_importing_a_text_csv_body_with_replace(player):
    client = client_for(player)
    response = client.generic("POST", "/api/collection/import/?replace=true", CSV,
                              content_type="text/csv")
    assert response.status_code == 200
    assert response.json() == {"imported": 2, "replace": True}
    assert owned(player) == {"OGRE": 2, "ZOMBIE": 1}


def test_bad_csv_rows_are_each_reported_and_nothing_is_imported(player):
    before = owned(player)
    bad = ("set,card,count\nstarter-kit,OGRE,5\nstarter-kit,DRAGON,1\nnope,OGRE,1\n"
           "starter-kit,BARON,two\n")
    response = client_for(player).post("/api/collection/import/", {"text": bad}, format="json")
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "bad_csv"
    assert error["problems"] == ["line 3: 'DRAGON' is not a card of starter-kit",
                                 "line 4: unknown set 'nope'",
                                 "line 5: count 'two' is not a whole number"]
    assert owned(player) == before


@pytest.mark.parametrize(("kwargs", "code", "problem"), [
    ({"data": {}, "format": "json"}, "invalid", "send the CSV either as file or as text"),
    ({"data": {"text": CSV, "file": SimpleUploadedFile("a.csv", CSV.encode())},
      "format": "multipart"}, "invalid", "send the CSV either as file or as text"),
    ({"data": {"file": SimpleUploadedFile("a.csv", "set,card,count\n".encode("utf-16"))},
      "format": "multipart"}, "invalid", "file: the file is not UTF-8 text"),
    ({"data": {"text": "card,count\nOGRE,1\n"}, "format": "json"}, "bad_header", None),
    ({"data": {"text": ""}, "format": "json"}, "empty_csv", None),
])
def test_an_unusable_csv_upload_is_refused_clearly(player, kwargs, code, problem):
    before = owned(player)
    response = client_for(player).post("/api/collection/import/", **kwargs)
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == code and error["message"]
    if problem:
        assert error["problems"] == [problem]
    assert owned(player) == before


def test_a_csv_body_that_is_not_utf8_is_refused(player):
    response = client_for(player).generic("POST", "/api/collection/import/",
                                          "set,card,count\n".encode("utf-16"),
                                          content_type="text/csv")
    assert response.status_code == 400
    assert error_of(response) == {"code": "parse_error",
                                  "message": "the CSV body is not UTF-8 text"}


def test_an_export_refused_to_a_client_asking_only_for_csv_says_why(kit):
    response = client_for().get("/api/collection/export/", HTTP_ACCEPT="text/csv")
    assert response.status_code == 403
    assert response["Content-Type"].startswith("text/csv")
    assert response.content.decode() == (
        "not_authenticated: Authentication credentials were not provided.\n")
