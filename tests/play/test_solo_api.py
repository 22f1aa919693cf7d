"""Solo against the automaton (rule C-8) through the API: a quick game or a custom level 1-5
with its options (C-8.9, refused with what would fit), from the solo draft (its pick step with
the `seen` count, C-8.1) or a preconstructed deck; a game to the end; the player's solo
record. Each player sees and changes only their own."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from play.models import GameStatus, OnlineGame, SoloResult
from play.selectors import draft_of
from play.selectors.positions import verify
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

START = "/api/play/solo/games/"


@pytest.fixture
def alice():
    return UserFactory(username="alice")


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_a_quick_preconstructed_solo_game_starts_at_once(alice):
    response = api(alice).post(START, {"fmt": "solo-preconstructed", "deck": 2}, format="json")
    assert response.status_code == 201
    state = response.json()
    assert state["kind"] == "solo" and state["status"] == "playing" and state["your_turn"]
    assert state["solo"] == {"format": "solo-preconstructed", "deck": 2, "level": 0,
                             "level_name": "Quick game",
                             "options": {"fixed_mana": 6, "mana_per_creature": 1,
                                         "first": "player", "endurance": "bastion",
                                         "resistance": False, "ability": None}}
    assert state["board"]["opponent"]["deck_size"] == 24 and state["moves"]
    hand = [c for c in state["board"]["you"]["hand"] if not c["bastion"]]
    # Rule C-3.2: of the four leftmost cards, those the first turn's 6 mana pays for; no
    # incantation yet, with no creature on the board to target (C-6.1).
    assert [c["name"] for c in hand if c["playable"]] == [
        c["name"] for c in hand[:4] if c["cost"] <= 6 and c["kind"] == "creature"]


def test_a_custom_level_needs_options_that_add_up_to_it(alice):
    wrong = api(alice).post(START, {"fmt": "solo-preconstructed", "deck": 1, "level": 2,
                                    "options": {"fixed_mana": 10}}, format="json")
    assert wrong.status_code == 400
    error = wrong.json()["error"]
    assert error["code"] == "solo_options"
    assert "level 2 (Medium) needs exactly 2" in error["message"]
    assert "To fit, change fixed_mana to 8" in error["message"]
    unknown = api(alice).post(START, {"level": 1, "options": {"fixed_mana": 11}},
                              format="json")
    assert unknown.status_code == 400
    assert not OnlineGame.objects.exists()
    fits = api(alice).post(START, {"fmt": "solo-preconstructed", "deck": 1, "level": 5,
                                   "options": {"fixed_mana": 9, "mana_per_creature": 2}},
                           format="json")
    assert fits.status_code == 201
    assert fits.json()["solo"]["level"] == 5 and fits.json()["solo"]["level_name"] == "Mythic"
    game = OnlineGame.objects.get()
    assert game.options["fixed_mana"] == 9 and game.options["mana_per_creature"] == 2


def test_preconstructed_solo_without_a_deck_says_which_decks_there_are(alice):
    response = api(alice).post(START, {"fmt": "solo-preconstructed"}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["message"] == (
        "preconstructed solo needs one of the decks 1, 2, 3, 4: no deck was chosen")


def test_the_solo_draft_is_picked_through_the_api_with_the_seen_count(alice):
    state = api(alice).post(START, {"fmt": "solo-draft"}, format="json").json()
    assert state["status"] == "drafting" and state["seen"] == 0 and state["your_turn"]
    game_id = state["id"]
    url = f"/api/play/games/{game_id}/picks/"
    for number in range(1, 9):
        assert state["draft"]["pick"] == number and len(state["draft"]["revealed"]) == 4
        revealed = [c["name"] for c in state["draft"]["revealed"]]
        assert revealed == list(draft_of(OnlineGame.objects.get(pk=game_id)).revealed)
        if number == 1:
            wrong = api(alice).post(url, {"card": "NOPE", "seen": 0}, format="json")
            assert wrong.status_code == 400 and wrong.json()["error"]["code"] == "bad_pick"
        picked = api(alice).post(url, {"card": revealed[0], "seen": state["seen"]},
                                 format="json")
        assert picked.status_code == 200
        stale = api(alice).post(url, {"card": revealed[1], "seen": state["seen"]},
                                format="json")
        assert stale.status_code == 409
        assert stale.json()["error"]["code"] == ("stale" if number < 8 else "not_drafting")
        state = picked.json()
    assert state["status"] == "playing" and state["draft"] is None and state["moves"]
    game = OnlineGame.objects.get(pk=game_id)
    assert len(game.picks) == 8
    hand = [c["name"] for c in state["board"]["you"]["hand"] if not c["bastion"]]
    assert sorted(hand) == sorted(game.picks)
    over = api(alice).post(url, {"card": hand[0], "seen": 8}, format="json")
    assert over.status_code == 409 and over.json()["error"]["code"] == "not_drafting"


def test_nobody_else_picks_or_sees_a_solo_game(alice):
    state = api(alice).post(START, {"fmt": "solo-draft"}, format="json").json()
    bob = UserFactory(username="bob")
    card = state["draft"]["revealed"][0]["name"]
    url = f"/api/play/games/{state['id']}/picks/"
    assert api(bob).post(url, {"card": card, "seen": 0}, format="json").status_code == 404
    assert api().post(url, {"card": card, "seen": 0}, format="json").status_code == 403
    assert api(bob).get(f"/api/play/games/{state['id']}/").status_code == 404
    assert OnlineGame.objects.get().picks == []


def test_a_solo_game_to_the_end_lands_in_the_players_solo_record(alice):
    client = api(alice)
    state = client.post(START, {"fmt": "solo-preconstructed", "deck": 3, "level": 1,
                                "options": {"first": "ai"}}, format="json").json()
    for _ in range(3000):
        if state["status"] == "finished":
            break
        response = client.post(f"/api/play/games/{state['id']}/actions/",
                               {"action": state["moves"][0]["token"], "seen": state["seen"]},
                               format="json")
        assert response.status_code == 200, response.json()
        state = response.json()
    assert state["status"] == "finished"
    game = OnlineGame.objects.get(pk=state["id"])
    assert game.status == GameStatus.FINISHED and verify(game.record).ok
    result = SoloResult.objects.get(game=game)
    record = client.get("/api/play/solo/record/").json()
    assert record["by_level"] == [{"level": 1, "name": "Easy", "played": 1,
                                   "won": int(result.won)}]
    assert [(r["game"], r["level"], r["won"], r["result"], r["turns"])
            for r in record["results"]] == [(game.pk, 1, result.won, game.winner,
                                             result.turns)]
    other = api(UserFactory(username="bob")).get("/api/play/solo/record/").json()
    assert other == {"by_level": [], "results": []}
    assert api().get("/api/play/solo/record/").status_code == 403
