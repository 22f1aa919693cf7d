"""The decks API's catalogue: games, sets and cards, public, filtered, a bad filter named, in
a fixed number of queries. Who may do what is tested in tests/decks/test_api_permissions.py."""


import pytest

from decks.models import Card
from tests.web import client_for, error_of

pytestmark = pytest.mark.django_db


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
