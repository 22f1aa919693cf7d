"""The decks REST API endpoint by endpoint: what each answers, and that bad input gets a clear
error and writes nothing. Who may do what is tested in test_api_permissions.py."""

from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from rest_framework.test import APIClient

from decks.models import BanSession, Card, CollectionEntry, Decklist, DecklistVersion
from decks.services.bans import ban_session_start
from decks.services.decklists import decklist_create, decklist_update
from tests.factories import (
    EventFactory,
    RegistrationFactory,
    UserFactory,
    give_starter_kit,
    starter_kit,
)
from tests.factories.decklists import LIST_A, LIST_B
from tests.factories.decks import CollectionEntryFactory

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


def error_of(response) -> dict:
    body = response.json()
    assert set(body) == {"error"}, body
    return body["error"]


def constructed(user, cards=LIST_A, name="Mine"):
    return decklist_create(user=user, name=name, kind="constructed", cards=cards,
                           now=timezone.now())


@pytest.fixture
def kit():
    return starter_kit()


@pytest.fixture
def player(kit):
    user = UserFactory()
    give_starter_kit(user)
    return user


# Catalogue ------------------------------------------------------------------------------


def test_the_catalogue_is_public_and_cards_carry_their_stats_and_abilities(kit):
    response = client_for().get("/api/cards/")
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 32
    ogre = next(c for c in body["results"] if c["name"] == "OGRE")
    assert ogre["game"] == "clash" and ogre["kind"] == "creature" and ogre["cost"] == 4
    assert ogre["abilities"] == ["frenzy"]
    assert ogre["stats"]["attack"] == 4 and "abilities" not in ogre["stats"]
    assert ogre["set"] == {"id": kit.pk, "code": "starter-kit", "name": "Starter Kit"}
    assert client_for().get(f"/api/cards/{ogre['id']}/").json() == ogre


def test_games_and_sets_are_listed(kit):
    games = client_for().get("/api/games/").json()["results"]
    assert [g["slug"] for g in games] == ["clash"]
    sets = client_for().get("/api/sets/?game=clash").json()["results"]
    assert [(s["code"], s["game"]) for s in sets] == [("starter-kit", "clash")]
    assert sets[0]["catalogue_version"].startswith("starter-kit@")
    assert client_for().get(f"/api/sets/{kit.pk}/").json() == sets[0]


@pytest.mark.parametrize(("query", "expected"), [
    ("ability=frenzy", lambda c: "frenzy" in c.data["abilities"]),
    ("kind=incantation", lambda c: c.kind == "incantation"),
    ("cost=4", lambda c: c.cost == 4),
    ("kind=creature&cost=3&ability=rage",
     lambda c: c.kind == "creature" and c.cost == 3 and "rage" in c.data["abilities"]),
    ("set={set}", lambda c: True),
    ("game=clash", lambda c: True),
])
def test_cards_filter_by_set_kind_ability_and_cost(kit, query, expected):
    response = client_for().get("/api/cards/?" + query.format(set=kit.pk))
    assert response.status_code == 200
    names = sorted(c["name"] for c in response.json()["results"])
    assert names == sorted(c.name for c in Card.objects.all() if expected(c))
    assert names


def test_an_unknown_ability_finds_nothing(kit):
    assert client_for().get("/api/cards/?ability=flight").json()["count"] == 0


@pytest.mark.parametrize(("query", "field", "problem"), [
    ("cost=cheap", "cost", "cost: A valid integer is required."),
    ("cost=-1", "cost", "cost: Ensure this value is greater than or equal to 0."),
    ("set=999", "set", "set: no card set 999"),
    ("set=abc", "set", "set: a card set is given by its id (a number)"),
    ("game=chess", "game", "game: no game slug chess"),
])
def test_a_bad_card_filter_is_a_400_naming_the_field(kit, query, field, problem):
    response = client_for().get("/api/cards/?" + query)
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "invalid" and field in error["message"]
    assert error["problems"] == [problem]


def test_a_missing_card_is_a_404_in_the_error_shape(kit):
    response = client_for().get("/api/cards/99999/")
    assert response.status_code == 404
    assert error_of(response)["code"] == "not_found"


def test_the_card_list_takes_a_fixed_number_of_queries(kit, django_assert_max_num_queries):
    with django_assert_max_num_queries(4):
        assert client_for().get(f"/api/cards/?set={kit.pk}&ability=rage").status_code == 200


# Collection -----------------------------------------------------------------------------


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


# Decklists ------------------------------------------------------------------------------


def test_creating_a_constructed_list(player):
    response = client_for(player).post("/api/decklists/", {
        "name": "Aggro", "kind": "constructed", "cards": LIST_A}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "Aggro" and body["kind"] == "constructed"
    assert body["owner"] == player.username and body["game"] == "clash"
    assert body["version"]["number"] == 1 and body["version"]["cards"] == LIST_A
    assert body["version"]["preconstructed_deck"] is None
    assert Decklist.objects.get().versions.get().pk == body["version"]["id"]


def test_creating_a_preconstructed_list_takes_the_decks_cards(kit):
    response = client_for(UserFactory()).post("/api/decklists/", {
        "name": "Deck two", "kind": "preconstructed", "preconstructed_deck": 2}, format="json")
    assert response.status_code == 201
    version = response.json()["version"]
    assert version["preconstructed_deck"] == 2 and len(version["cards"]) == 8


@pytest.mark.parametrize(("body", "code", "problems"), [
    ({"name": "X", "kind": "constructed", "cards": LIST_A[:9] + ["DRAGON"]}, "invalid_decklist",
     ["DRAGON is not a card of Clash of Decks"]),
    ({"name": "X", "kind": "constructed", "cards": LIST_A[:8]}, "invalid_decklist",
     ["8 cards, 10 needed"]),
    ({"name": "X", "kind": "preconstructed", "preconstructed_deck": 7}, "invalid_decklist",
     ["choose one of the preconstructed decks 1, 2, 3, 4 (rule C-2.3)"]),
    ({"name": "X", "kind": "drafted", "cards": LIST_A[:8]}, "drafted_by_pod", []),
    ({"name": "X", "kind": "preconstructed", "preconstructed_deck": 1, "cards": ["OGRE"]},
     "invalid", ["cards: a preconstructed list takes preconstructed_deck, not cards"]),
    ({"name": "X", "kind": "constructed", "cards": LIST_A, "preconstructed_deck": 1},
     "invalid", ["preconstructed_deck: a constructed list takes cards, not a deck number"]),
    ({"name": "", "kind": "sealed", "cards": "OGRE"}, "invalid",
     ["name: This field may not be blank.", 'kind: "sealed" is not a valid choice.',
      'cards: Expected a list of items but got type "str".']),
])
def test_a_bad_new_list_is_refused_with_every_problem_and_nothing_written(
        player, body, code, problems):
    response = client_for(player).post("/api/decklists/", body, format="json")
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == code and error["message"]
    assert error.get("problems", []) == problems
    assert not Decklist.objects.exists() and not DecklistVersion.objects.exists()


def test_a_validation_error_message_names_the_fields(player):
    response = client_for(player).post("/api/decklists/", {"kind": "constructed"},
                                       format="json")
    assert error_of(response)["message"] == "invalid input in name"


def test_validate_only_reports_problems_and_writes_nothing(player):
    client = client_for(player)
    ok = client.post("/api/decklists/validate/", {"kind": "constructed", "cards": LIST_A},
                     format="json")
    assert ok.status_code == 200 and ok.json() == {"valid": True, "problems": []}
    bad = client.post("/api/decklists/validate/", {
        "kind": "constructed", "cards": LIST_A[:8] + ["BARON"], "name": " "}, format="json")
    assert bad.status_code == 200
    assert bad.json() == {"valid": False, "problems": [
        "the list needs a name", "BARON appears 2 times: every card must be different",
        "9 cards, 10 needed"]}
    precon = client.post("/api/decklists/validate/", {"kind": "preconstructed",
                                                      "preconstructed_deck": 3}, format="json")
    assert precon.json() == {"valid": True, "problems": []}
    assert not Decklist.objects.exists()


def test_validate_only_checks_your_own_collection(kit):
    response = client_for(UserFactory()).post("/api/decklists/validate/", {
        "kind": "constructed", "cards": LIST_A}, format="json")
    assert response.json()["valid"] is False
    assert "OGRE is not in your collection" in response.json()["problems"]


def test_an_update_is_a_new_version_and_the_old_one_stays(player):
    decklist = constructed(player)
    client = client_for(player)
    new_cards = LIST_A[:9] + ["ZOMBIE"]
    response = client.patch(f"/api/decklists/{decklist.pk}/", {
        "name": "Renamed", "cards": new_cards}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["name"] == "Renamed"
    assert body["version"]["number"] == 2 and body["version"]["cards"] == new_cards
    versions = client.get(f"/api/decklists/{decklist.pk}/versions/").json()
    assert [(v["number"], v["cards"]) for v in versions] == [(1, LIST_A), (2, new_cards)]


@pytest.mark.parametrize(("body", "code", "problems"), [
    ({}, "invalid", ["send at least one of name, cards, preconstructed_deck, deck_format"]),
    ({"cards": LIST_A[:9]}, "invalid_decklist", ["9 cards, 10 needed"]),
    ({"preconstructed_deck": 2}, "invalid",
     ["preconstructed_deck: a constructed list takes cards, not a deck number"]),
    ({"name": "x" * 101}, "invalid",
     ["name: Ensure this field has no more than 100 characters."]),
])
def test_a_bad_update_is_refused_and_makes_no_version(player, body, code, problems):
    decklist = constructed(player)
    response = client_for(player).patch(f"/api/decklists/{decklist.pk}/", body, format="json")
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == code and error["problems"] == problems
    assert decklist.versions.count() == 1
    assert Decklist.objects.get().name == "Mine"


def test_a_drafted_list_keeps_its_cards(player):
    from decks.services.decklists import decklist_create_drafted

    drafted = decklist_create_drafted(user=player, name="Pod 1", cards=LIST_A[:8],
                                      now=timezone.now())
    response = client_for(player).patch(f"/api/decklists/{drafted.pk}/", {
        "cards": LIST_B[:8]}, format="json")
    assert response.status_code == 400 and error_of(response)["code"] == "drafted_fixed"
    assert drafted.versions.count() == 1


def test_an_organizer_sees_the_registered_version_not_later_edits(player):
    organizer = UserFactory()
    decklist = constructed(player)
    v1 = decklist.versions.get()
    now = timezone.now()
    event = EventFactory(organizers=[organizer], decklist_deadline=now - timedelta(hours=1))
    RegistrationFactory(event=event, player=player, decklist_version=v1)
    decklist_update(decklist=decklist, user=player, now=now, cards=LIST_A[:9] + ["ZOMBIE"])
    client = client_for(organizer)
    assert client.get(f"/api/decklists/{decklist.pk}/").json()["version"]["cards"] == LIST_A
    versions = client.get(f"/api/decklists/{decklist.pk}/versions/").json()
    assert [v["number"] for v in versions] == [1]
    listed = client.get("/api/decklists/").json()["results"]
    assert [(d["id"], d["version"]["number"]) for d in listed] == [(decklist.pk, 1)]
    assert "ZOMBIE" not in str(client.get("/api/decklists/").json())


def test_everyone_sees_the_registered_lists_once_the_event_publishes_them(player):
    registered = constructed(player)
    constructed(player, cards=LIST_B, name="Private")
    event = EventFactory(lists_published=True)
    RegistrationFactory(event=event, player=player, decklist_version=registered.versions.get())
    body = client_for().get("/api/decklists/").json()
    assert [d["name"] for d in body["results"]] == ["Mine"]
    assert client_for().get(f"/api/decklists/{registered.pk}/").status_code == 200


def test_the_decklist_list_takes_a_fixed_number_of_queries(player,
                                                           django_assert_max_num_queries):
    organizer = UserFactory()
    event = EventFactory(organizers=[organizer])
    for n in range(6):
        owner = UserFactory()
        give_starter_kit(owner)
        decklist = constructed(owner, name=f"List {n}")
        RegistrationFactory(event=event, player=owner, decklist_version=decklist.versions.get())
        decklist_update(decklist=decklist, user=owner, now=timezone.now(), name=f"List {n}b")
    client = client_for(organizer)
    with django_assert_max_num_queries(6):
        body = client.get("/api/decklists/").json()
    assert body["count"] == 6
    assert {d["version"]["number"] for d in body["results"]} == {2}


# Ban sessions ---------------------------------------------------------------------------


@pytest.fixture
def two_players(kit):
    a, b = UserFactory.create_batch(2)
    give_starter_kit(a)
    give_starter_kit(b)
    return a, b


def test_a_session_against_an_ai_seat_runs_to_the_end(two_players):
    a, b = two_players
    list_a, list_b = constructed(a), constructed(b, cards=LIST_B)
    event = EventFactory(lists_published=True)
    RegistrationFactory(event=event, player=b, decklist_version=list_b.versions.get())
    client = client_for(a)
    response = client.post("/api/ban-sessions/", {
        "list_a": list_a.versions.get().pk, "list_b": list_b.versions.get().pk}, format="json")
    assert response.status_code == 201
    body = response.json()
    # The AI seat B made step 1 at once: A's step 2 is next.
    assert body["players"] == {"A": a.username, "B": None} and body["ai_seats"] == ["B"]
    assert body["you"] == "A" and body["step"] == 2 and body["to_ban"] == "A"
    assert body["lists"] == {"A": LIST_A, "B": LIST_B}
    assert len(body["banned"]["A"]) == 1 and body["results"] is None
    url = f"/api/ban-sessions/{body['id']}/"
    first = client.post(url + "ban/", {"card": "ZOMBIE"}, format="json")
    assert first.status_code == 200 and first.json()["banned"]["B"] == ["ZOMBIE"]
    again = client.post(url + "ban/", {"card": "ZOMBIE"}, format="json")
    assert again.status_code == 200 and again.json() == first.json()
    done = client.post(url + "ban/", {"card": "MUTANT"}, format="json").json()
    assert done["status"] == "done" and done["step"] is None
    assert len(done["results"]["A"]) == 8 and len(done["results"]["B"]) == 8
    assert client.get(url).json() == done


@pytest.fixture
def human_session(two_players):
    """A vs B, both human, registered in an event: B bans first (step 1)."""
    a, b = two_players
    organizer = UserFactory()
    event = EventFactory(organizers=[organizer])
    va, vb = constructed(a).versions.get(), constructed(b, cards=LIST_B).versions.get()
    RegistrationFactory(event=event, player=a, decklist_version=va)
    RegistrationFactory(event=event, player=b, decklist_version=vb)
    session = ban_session_start(version_a=va, version_b=vb, player_a=a, player_b=b,
                                now=timezone.now(), event=event)
    return session, a, b, organizer


@pytest.mark.parametrize(("who", "card", "reason"), [
    ("A", "ZOMBIE", "not_your_ban"),
    ("B", "ZOMBIE", "not_in_list"),
    ("B", "DRAGON", "not_in_list"),
])
def test_a_ban_out_of_turn_or_of_a_card_not_in_the_opponents_list_is_a_409(
        human_session, who, card, reason):
    session, a, b, _ = human_session
    response = client_for(a if who == "A" else b).post(
        f"/api/ban-sessions/{session.pk}/ban/", {"card": card}, format="json")
    assert response.status_code == 409
    error = error_of(response)
    assert error["code"] == reason and error["message"]
    assert BanSession.objects.get().record == session.record


def test_banning_your_own_card_says_so(human_session):
    session, a, b, _ = human_session
    response = client_for(b).post(f"/api/ban-sessions/{session.pk}/ban/", {"card": "ZOMBIE"},
                                  format="json")
    assert error_of(response)["message"] == (
        "ZOMBIE is not in A's list (it is in your own list: you ban from your opponent's)")


def test_a_ban_without_a_card_is_a_400(human_session):
    session, _, b, _ = human_session
    response = client_for(b).post(f"/api/ban-sessions/{session.pk}/ban/", {}, format="json")
    assert response.status_code == 400
    assert error_of(response)["problems"] == ["card: This field is required."]


def test_an_organizer_starts_a_session_for_two_registered_lists(human_session):
    session, a, b, organizer = human_session
    client = client_for(organizer)
    body = {"list_a": session.list_b_id, "list_b": session.list_a_id,
            "player_b": a.username, "event": session.event_id}
    response = client.post("/api/ban-sessions/", body, format="json")
    assert response.status_code == 201
    created = response.json()
    assert created["players"] == {"A": b.username, "B": a.username}
    assert created["you"] is None and created["event"] == session.event_id
    # The same request while it is still banning gives the running session back.
    again = client.post("/api/ban-sessions/", body, format="json")
    assert again.status_code == 200 and again.json()["id"] == created["id"]
    assert BanSession.objects.count() == 2


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"list_a": "x", "list_b": 1}, 400, "invalid"),
    ({"list_b": 1}, 400, "invalid"),
    ({"list_a": "{a}", "list_b": "{b}", "player_b": "nobody"}, 400, "invalid"),
    ({"list_a": "{a}", "list_b": "{b}", "event": 999}, 400, "invalid"),
    ({"list_a": "{a}", "list_b": 99999}, 404, "not_found"),
    ({"list_a": "{b}", "list_b": "{a}"}, 403, "not_your_list"),
    ({"list_a": "{a}", "list_b": "{precon}"}, 400, "bad_ban_session"),
    ({"list_a": "{a}", "list_b": "{b}", "event": "{other_event}"}, 400, "not_registered"),
    ({"list_a": "{a}", "list_b": "{b}", "player_b": "{a_name}"}, 400, "bad_ban_session"),
])
def test_a_bad_ban_session_request_is_refused_and_starts_nothing(two_players, body, status,
                                                                 code):
    a, b = two_players
    va, vb = constructed(a).versions.get(), constructed(b, cards=LIST_B).versions.get()
    precon = decklist_create(user=b, name="P", kind="preconstructed", preconstructed_deck=1,
                             now=timezone.now()).versions.get()
    # B's lists are published, so A may see them and start a session with them.
    for version in (vb, precon):
        RegistrationFactory(event=EventFactory(lists_published=True), player=b,
                            decklist_version=version)
    values = {"{a}": va.pk, "{b}": vb.pk, "{precon}": precon.pk, "{a_name}": a.username,
              "{other_event}": EventFactory().pk}
    body = {k: values.get(v, v) for k, v in body.items()}
    response = client_for(a).post("/api/ban-sessions/", body, format="json")
    assert response.status_code == status
    assert error_of(response)["code"] == code
    assert not BanSession.objects.exists()


def test_the_ban_session_list_takes_a_fixed_number_of_queries(human_session,
                                                              django_assert_max_num_queries):
    session, a, b, organizer = human_session
    for _ in range(4):
        ban_session_start(version_a=session.list_a, version_b=session.list_b, player_a=a,
                          player_b=b, now=timezone.now(), event=session.event)
    client = client_for(organizer)
    with django_assert_max_num_queries(4):
        body = client.get("/api/ban-sessions/").json()
    assert body["count"] == 5
    assert body["results"][0]["players"] == {"A": a.username, "B": b.username}


def test_an_export_refused_to_a_client_asking_only_for_csv_says_why(kit):
    response = client_for().get("/api/collection/export/", HTTP_ACCEPT="text/csv")
    assert response.status_code == 403
    assert response["Content-Type"].startswith("text/csv")
    assert response.content.decode() == (
        "not_authenticated: Authentication credentials were not provided.\n")
