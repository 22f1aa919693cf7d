"""Lists of The Spoils and Berserk through the decks API: the game's cards, a list made,
checked, changed, each checked by the game's rules module (S-8, B-6), never saved half-way,
and hidden from everyone but its owner."""

from collections import Counter

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from decks.models import Decklist, DecklistVersion
from decks.rules import BERSERK, SPOILS
from decks.services.catalogue import other_game
from decks.services.decklists import decklist_create
from tests.decks.test_other_games import berserk_deck, load, spoils_deck
from tests.factories import UserFactory
from tests.tournaments.event_steps import now
from tests.web import client_for
from tournaments.services.events import event_create
from tournaments.services.registrations import registration_create

pytestmark = pytest.mark.django_db


def test_the_games_cards_are_listed_by_game():
    load(SPOILS)
    load(BERSERK)
    names = {c["name"] for c in APIClient().get("/api/cards/", {"game": "berserk",
                                                                "page_size": 100})
             .json()["results"]}
    assert "Ridge Captain" in names and "Lantern Guild" not in names


def test_a_spoils_list_is_made_in_its_format_with_repeated_names():
    load(SPOILS)
    owner = UserFactory()
    answer = client_for(owner).post("/api/decklists/", {
        "name": "Guild", "kind": "constructed", "game": "spoils", "deck_format": "limited",
        "cards": spoils_deck(Greed=10, Rage=11)}, format="json")
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["game"] == "spoils" and body["deck_format"] == "limited"
    assert Counter(body["version"]["cards"]) == Counter(spoils_deck(Greed=10, Rage=11))


def test_an_illegal_list_is_a_400_naming_each_problem_and_nothing_is_written():
    load(SPOILS)
    answer = client_for(UserFactory()).post("/api/decklists/", {
        "name": "Guild", "kind": "constructed", "game": "spoils",
        "cards": spoils_deck(**{"Lantern Guild": 0, "Sudden Audit": 6})}, format="json")
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "invalid_decklist"
    assert error["problems"] == [
        "no faction card: a deck has exactly one: add one (S-8)",
        "6 copies of Sudden Audit: at most 4 (only the staple resources are unlimited): "
        "remove 2 (S-8)"]
    # Each problem with its code and the values it names, beside the text.
    assert error["details"] == [
        {"message": error["problems"][0], "code": "no_faction", "params": {}},
        {"message": error["problems"][1], "code": "too_many_copies",
         "params": {"card": "Sudden Audit", "count": 6, "most": 4, "remove": 2}}]
    bad_format = client_for(UserFactory()).post("/api/decklists/", {
        "name": "Guild", "kind": "constructed", "game": "spoils", "deck_format": "draft",
        "cards": spoils_deck()}, format="json")
    assert bad_format.json()["error"]["problems"] == [
        "choose the format of the list: constructed or limited (S-8)"]
    assert not Decklist.objects.exists() and not DecklistVersion.objects.exists()


def test_the_validate_endpoint_checks_a_berserk_list_without_saving():
    load(BERSERK)
    client = client_for(UserFactory())
    answer = client.post("/api/decklists/validate/", {
        "kind": "constructed", "game": "berserk", "cards": berserk_deck(29)}, format="json")
    assert answer.json() == {"valid": False, "problems": [
        "29 cards: a deck has 30 to 50: add 1 (B-6)"], "details": [
        {"message": "29 cards: a deck has 30 to 50: add 1 (B-6)", "code": "too_few_cards",
         "params": {"count": 29, "least": 30, "most": 50, "add": 1}}]}
    ok = client.post("/api/decklists/validate/", {
        "name": "Hills", "kind": "constructed", "game": "berserk", "cards": berserk_deck(30)},
        format="json")
    assert ok.json() == {"valid": True, "problems": [], "details": []}
    unknown = client.post("/api/decklists/validate/", {
        "kind": "constructed", "game": "chess", "cards": []}, format="json")
    assert unknown.status_code == 400 and "no game" in str(unknown.json())
    assert not Decklist.objects.exists()


def test_changing_a_berserk_list_makes_a_version_only_when_legal():
    load(BERSERK)
    owner = UserFactory()
    decklist = decklist_create(user=owner, name="Hills", kind="constructed",
                               cards=berserk_deck(30), now=timezone.now(),
                               game=other_game(BERSERK))
    client = client_for(owner)
    url = f"/api/decklists/{decklist.pk}/"
    refused = client.patch(url, {"cards": berserk_deck(30) + ["Road Scout"]}, format="json")
    assert refused.status_code == 400
    assert refused.json()["error"]["problems"] == [
        "4 copies of Road Scout: at most 3: remove 1 (B-6)"]
    assert decklist.versions.count() == 1
    reordered = list(reversed(berserk_deck(30)))
    changed = client.patch(url, {"cards": reordered}, format="json")
    assert changed.status_code == 200 and changed.json()["version"]["cards"] == reordered
    wrong = client.patch(url, {"deck_format": "limited"}, format="json")
    assert wrong.json()["error"]["problems"] == [
        "Berserk has one deck format: leave the format empty"]
    assert decklist.versions.count() == 2


def test_a_spoils_list_moves_to_limited_and_back_only_when_its_size_allows():
    load(SPOILS)
    owner = UserFactory()
    decklist = decklist_create(user=owner, name="Sealed", kind="constructed",
                               cards=spoils_deck(Greed=10, Rage=11), now=timezone.now(),
                               game=other_game(SPOILS), deck_format="limited")
    url = f"/api/decklists/{decklist.pk}/"
    refused = client_for(owner).patch(url, {"deck_format": "constructed"}, format="json")
    assert refused.json()["error"]["problems"] == [
        "45 cards besides the faction: Constructed needs at least 75: add 30 (S-8)"]
    decklist.refresh_from_db()
    assert decklist.deck_format == "limited" and decklist.versions.count() == 1


def test_another_players_list_is_a_404_and_cannot_be_changed():
    load(BERSERK)
    decklist = decklist_create(user=UserFactory(), name="Hidden", kind="constructed",
                               cards=berserk_deck(30), now=timezone.now(),
                               game=other_game(BERSERK))
    snoop = client_for(UserFactory())
    url = f"/api/decklists/{decklist.pk}/"
    assert snoop.get(url).status_code == 404
    assert snoop.patch(url, {"cards": berserk_deck(31)}, format="json").status_code == 404
    assert snoop.get(f"{url}versions/").status_code == 404
    assert "Hidden" not in str(snoop.get("/api/decklists/").json())
    assert decklist.versions.count() == 1


def test_a_list_of_another_game_has_no_ban_two_procedure():
    load(BERSERK)
    owner = UserFactory()
    version = decklist_create(user=owner, name="Hills", kind="constructed",
                              cards=berserk_deck(30), now=timezone.now(),
                              game=other_game(BERSERK)).versions.get()
    answer = client_for(owner).post("/api/ban-sessions/", {
        "list_a": version.pk, "list_b": version.pk}, format="json")
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "no_ban_procedure"
    assert "rule C-2.5" in answer.json()["error"]["message"]


def test_a_registered_spoils_list_cannot_shrink_below_its_events_format():
    load(SPOILS)
    owner = UserFactory()
    decklist = decklist_create(user=owner, name="Guild", kind="constructed",
                               cards=spoils_deck(), now=timezone.now(), game=other_game(SPOILS))
    event = event_create(by=UserFactory(), name="Guild Open", format="constructed", seed=1,
                         now=now(), game=other_game(SPOILS))
    registration_create(event_id=event.pk, by=owner, now=now(),
                        decklist_version_id=decklist.current.pk)
    answer = client_for(owner).patch(f"/api/decklists/{decklist.pk}/", {
        "deck_format": "limited", "cards": spoils_deck(Greed=10, Rage=11)}, format="json")
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "breaks_registration"
    assert error["problems"] == [
        "45 cards besides the faction: Constructed needs at least 75: add 30 (S-8): the list "
        "is registered in Guild Open, which takes it as it changes"]
    assert error["details"][0]["code"] == "too_few_cards"
    decklist.refresh_from_db()
    assert decklist.deck_format == "constructed" and decklist.versions.count() == 1
    assert event.registrations.get().decklist_version.number == 1


def test_the_check_answers_each_problem_with_its_code_and_params_in_the_readers_language():
    load(BERSERK)
    client = client_for(UserFactory())
    answer = client.post("/api/decklists/validate/", {
        "name": "Hills", "kind": "constructed", "game": "berserk",
        "cards": ["Road Scout"] * 4 + ["Nobody Known"]}, format="json",
        HTTP_ACCEPT_LANGUAGE="ru")
    assert answer.status_code == 200
    body = answer.json()
    assert body["valid"] is False
    assert body["problems"] == [
        "Nobody Known — не карта Berserk",
        "4 копии карты Road Scout: не больше 3: уберите 1 (B-6)",
        "5 карт: в колоде от 30 до 50 карт: добавьте 25 (B-6)"]
    assert [(d["code"], d["params"]) for d in body["details"]] == [
        ("unknown_card", {"card": "Nobody Known", "game": "Berserk"}),
        ("too_many_copies", {"card": "Road Scout", "count": 4, "most": 3, "remove": 1}),
        ("too_few_cards", {"count": 5, "least": 30, "most": 50, "add": 25})]
    assert [d["message"] for d in body["details"]] == body["problems"]
