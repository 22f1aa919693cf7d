"""The replay API (/api/play/replays/...): the page's content as JSON, step by step, with the
engine's verification, and the page's access rules (404 for whoever may not watch)."""

from __future__ import annotations

import pytest

from engine.clash.ai import RandomAgent
from engine.clash.cards import load_catalogue
from engine.clash.game import play_game
from tests.factories import UserFactory
from tests.factories.tournaments import (
    AISeatFactory,
    ConfirmedMatchFactory,
    EngineGameFactory,
    OrganizedEventFactory,
    RoundFactory,
    SeatFactory,
)
from tests.play.test_api import api
from tests.play.test_replay import finished_duel
from tournaments.models import GameMode

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager")]


def engine_game(player_a, player_b, event, seed=77):
    rnd = RoundFactory(event=event, number=1)
    match = ConfirmedMatchFactory(round=rnd, player_a=player_a, player_b=player_b)
    cat = load_catalogue()
    _, record = play_game((cat.deck(2), cat.deck(4)), seed, (RandomAgent(1), RandomAgent(2)))
    return EngineGameFactory(match=match, number=1, mode=GameMode.AUTO, seed=seed,
                             record=record.to_json(), winner=record.result, verified=True)


def test_an_online_game_steps_from_the_setup_to_its_end(player):
    game = finished_duel(player)
    url = f"/api/play/replays/online/{game.pk}/"
    first = api(player).get(url)
    assert first.status_code == 200
    data = first.json()
    total = len(game.record["turns"])
    assert (data["step"], data["total"], data["previous"], data["next"]) == (0, total, None, 1)
    assert data["verification"] == {"ok": True, "result": game.winner, "turn": None,
                                     "reason": ""}
    assert data["record"] == game.record and data["names"]["A"] == player.get_username()
    # Both hands are shown once the game is over.
    shown = str(data["board"])
    assert all(name in shown for name in game.decks["A"] + game.decks["B"])
    last = api(player).get(url, {"step": total}).json()
    assert (last["step"], last["next"], last["previous"]) == (total, None, total - 1)
    assert last["board"]["winner"] == ("draw" if game.winner == "draw" else game.winner)
    assert last["tokens"] == game.record["turns"][-1] and last["log"]


def test_a_step_that_is_not_a_whole_number_is_refused_with_the_reason(player):
    game = finished_duel(player, seed=4)
    for step, problem in (("-2", "greater than or equal to 0"), ("two", "valid integer")):
        answer = api(player).get(f"/api/play/replays/online/{game.pk}/", {"step": step})
        [message] = answer.json()["error"]["problems"]
        assert answer.status_code == 400
        assert message.startswith("step: ") and problem in message


def test_a_game_between_ai_seats_replays_for_anyone_and_an_altered_record_is_named():
    event = OrganizedEventFactory()
    row = engine_game(AISeatFactory(event=event, ai_name="X"),
                      AISeatFactory(event=event, ai_name="Y"), event)
    url = f"/api/play/replays/engine/{row.pk}/"
    data = api().get(url, {"step": 3}).json()
    assert data["names"] == {"A": "X", "B": "Y"} and data["step"] == 3
    assert data["verification"]["ok"]
    record = dict(row.record)
    record["hashes"] = list(record["hashes"])
    record["hashes"][1] = "00000000"
    row.record = record
    row.save()
    check = api().get(url).json()["verification"]
    assert (check["ok"], check["turn"]) == (False, 2)
    assert api().get("/api/play/replays/engine/999999/").status_code == 404


def test_a_persons_list_stays_with_the_match_and_its_organizers_until_published():
    organizer = UserFactory(username="org")
    event = OrganizedEventFactory(organizers=[organizer])
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    row = engine_game(SeatFactory(event=event, player=alice), SeatFactory(event=event, player=bob),
                      event, seed=5)
    url = f"/api/play/replays/engine/{row.pk}/"
    for outsider in (None, UserFactory(username="mallory")):
        answer = api(outsider).get(url)
        assert answer.status_code == 404 and "record" not in answer.json()
    for user in (alice, bob, organizer):
        assert api(user).get(url).status_code == 200
    event.lists_published = True
    event.save()
    assert api(UserFactory(username="carol")).get(url).status_code == 200
