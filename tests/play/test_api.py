"""The online-play API: my games, a duel against an AI seat, invitations between persons, a
match's game, a game's state as its seat sees it (never the opponent's hand or deck order),
actions with the `seen` count (409 stale, 400 illegal with the engine's message). Nobody but
a game's two players sees or acts in it."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.utils import timezone
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from engine.clash.cards import BASTION
from engine.clash.observation import Observation
from play.models import OnlineGame
from play.selectors import position_of
from play.services import invitation_create, invitation_join
from tests.factories import UserFactory
from tests.play.conftest import eager  # noqa: F401 (the fixture)
from tests.tournaments.match_games.test_online_matches import person_of, scene

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager")]


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def hidden_of_opponent(game: OnlineGame, seat: int) -> list[str]:
    """The opponent's cards still in their hand: what the seat must never be told."""
    hand = Observation(position_of(game).game, seat ^ 1).to_json()["you"]["hand"]
    return [name for name in hand if name != BASTION]


@pytest.fixture
def alice():
    return UserFactory(username="alice")


@pytest.fixture
def bob():
    return UserFactory(username="bob")


def test_a_duel_against_an_ai_seat_is_played_through_the_api(alice):
    client = api(alice)
    started = client.post("/api/play/games/", {"deck": 1, "ai_level": "random"}, format="json")
    assert started.status_code == 201
    state = started.json()
    game_id = state["id"]
    assert state["seat"] == "A" and state["your_turn"] and state["moves"]
    for _ in range(3000):
        if state["status"] == "finished":
            break
        response = client.post(f"/api/play/games/{game_id}/actions/",
                               {"action": state["moves"][0]["token"], "seen": state["seen"]},
                               format="json")
        assert response.status_code == 200, response.json()
        state = response.json()
    assert state["status"] == "finished" and state["winner"] in ("A", "B", "draw")
    listed = client.get("/api/play/games/").json()
    assert [g["id"] for g in listed] == [game_id]


def test_the_state_never_holds_the_opponents_hand_or_deck(alice, bob):
    invitation = invitation_create(player=alice, deck=1, code="abc", now=timezone.now())
    game = invitation_join(code=invitation.code, player=bob, deck=3, seed=4, now=timezone.now())
    for user, seat in ((alice, 0), (bob, 1)):
        text = api(user).get(f"/api/play/games/{game.pk}/").content.decode()
        assert "decks" not in text
        assert not [n for n in hidden_of_opponent(game, seat) if n in text]
        own = hidden_of_opponent(game, seat ^ 1)  # the seat's own hand is there
        assert all(n in text for n in own)


def test_a_stale_seen_is_409_and_an_illegal_action_400_with_the_engines_message(alice):
    state = api(alice).post("/api/play/games/", {"deck": 1, "ai_level": "random"},
                            format="json").json()
    url = f"/api/play/games/{state['id']}/actions/"
    before = OnlineGame.objects.get(pk=state["id"]).actions
    stale = api(alice).post(url, {"action": state["moves"][0]["token"],
                                  "seen": state["seen"] + 1}, format="json")
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "stale"
    illegal = api(alice).post(url, {"action": "C3At0", "seen": state["seen"]}, format="json")
    assert illegal.status_code == 400 and illegal.json()["error"]["code"] == "illegal"
    assert illegal.json()["error"]["message"]
    bad = api(alice).post(url, {"action": "E"}, format="json")
    assert bad.status_code == 400
    assert OnlineGame.objects.get(pk=state["id"]).actions == before


def test_invitations_through_the_api(alice, bob):
    made = api(alice).post("/api/play/invitations/", {"deck": 2}, format="json")
    assert made.status_code == 201
    code = made.json()["code"]
    assert api(bob).get(f"/api/play/invitations/{code}/").json()["status"] == "open"
    own = api(alice).post(f"/api/play/invitations/{code}/join/", {"deck": 1}, format="json")
    assert own.status_code == 409
    joined = api(bob).post(f"/api/play/invitations/{code}/join/", {"deck": 4}, format="json")
    assert joined.status_code == 201 and joined.json()["seat"] == "B"
    carol = UserFactory(username="carol")
    taken = api(carol).post(f"/api/play/invitations/{code}/join/", {"deck": 1}, format="json")
    assert taken.status_code == 409
    assert api(carol).get(f"/api/play/invitations/{code}/").json()["game"] is None
    assert api(alice).get(f"/api/play/invitations/{code}/").json()["game"] == joined.json()["id"]


def test_nobody_else_sees_or_acts_in_a_game(alice, bob):
    invitation = invitation_create(player=alice, deck=1, code="xyz", now=timezone.now())
    game = invitation_join(code=invitation.code, player=bob, deck=2, seed=9, now=timezone.now())
    carol = UserFactory(username="carol")
    for client, expected in ((api(carol), 404), (api(), 403)):
        assert client.get(f"/api/play/games/{game.pk}/").status_code == expected
        assert client.post(f"/api/play/games/{game.pk}/actions/", {"action": "E", "seen": 0},
                           format="json").status_code == expected
        assert client.post(f"/api/play/games/{game.pk}/bans/", {"card": "X", "seen": 0},
                           format="json").status_code == expected
    assert api(carol).get("/api/play/games/").json() == []
    assert api(alice).get(f"/api/play/games/{game.pk}/").status_code == 200


def test_a_matchs_game_is_started_or_resumed_by_its_players_only():
    match = scene(seed=31)
    player = person_of(match)
    first = api(player).post(f"/api/play/matches/{match.pk}/game/")
    again = api(player).post(f"/api/play/matches/{match.pk}/game/")
    assert first.status_code == again.status_code == 200
    assert first.json()["id"] == again.json()["id"] and first.json()["match"] == match.pk
    assert first.json()["game_number"] == 1
    organizer = match.round.event.organizers.get()
    for user in (organizer, UserFactory(username="stranger")):
        assert api(user).post(f"/api/play/matches/{match.pk}/game/").status_code == 404
        assert api(user).get(f"/api/play/games/{first.json()['id']}/").status_code == 404


def test_the_play_api_is_in_the_schema_without_warnings(tmp_path):
    # --fail-on-warn fails on any warning of drf-spectacular (e.g. two components of one
    # name); --validate checks the result against the OpenAPI specification.
    call_command("spectacular", "--validate", "--fail-on-warn",
                 "--file", str(tmp_path / "schema.yml"))
    schema = SchemaGenerator().get_schema(request=None, public=True)
    paths = schema["paths"]
    assert set(paths["/api/play/games/"]) == {"get", "post"}
    for path in ("/api/play/games/{id}/actions/", "/api/play/games/{id}/bans/",
                 "/api/play/invitations/{code}/join/", "/api/play/matches/{id}/game/"):
        assert "post" in paths[path]
    assert "seen" in schema["components"]["schemas"]["ActionInRequest"]["properties"]
