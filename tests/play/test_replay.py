"""The replay viewer: a finished online game and a tournament EngineGame stepped through
turn by turn without script, each position re-simulated, the record verified, both hands
shown once the game is over."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from engine.clash.ai import RandomAgent
from engine.clash.cards import load_catalogue
from engine.clash.game import play_game
from play.models import GameStatus
from play.selectors import position_of
from play.selectors.positions import legal_moves_of
from play.services import duel_start, online_game_act
from tests.factories import UserFactory
from tests.factories.tournaments import (
    AISeatFactory,
    ConfirmedMatchFactory,
    EngineGameFactory,
    OrganizedEventFactory,
    RoundFactory,
    SeatFactory,
)
from tournaments.models import GameMode

# AI replies are tasks sent after commit: run them in-process, on a database that commits.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager")]


def finished_duel(user, seed=21):
    game = duel_start(player=user, deck=1, ai_level="random", seed=seed, now=timezone.now(),
                      opponent_deck_number=3)
    while game.status == GameStatus.PLAYING:
        token = legal_moves_of(position_of(game).game, 0)[0]
        game = online_game_act(game_id=game.pk, user=user, token=token,
                               seen=len(game.actions), now=timezone.now())
        game.refresh_from_db()  # the AI seat's reply came after the action committed
    return game


def steps(text):
    return re.findall(r'href="\?step=(\d+)" rel="(prev|next)"', text)


def test_an_online_game_replays_turn_by_turn(client, player):
    game = finished_duel(player)
    url = reverse("play:replay", args=[game.pk])
    first = client.get(url)
    text = first.content.decode()
    assert first.status_code == 200
    assert "Verified: replaying the record with the engine" in text
    assert "shows both hands" in text
    assert "Setup (before turn 1)" in text and steps(text) == [("1", "next")]
    # Both hands at the setup: every card of both decks is on the page.
    assert all(name in text for name in game.decks["A"] + game.decks["B"])
    total = len(game.record["turns"])
    step = 0
    while True:
        links = dict((rel, int(n)) for n, rel in steps(text))
        if "next" not in links:
            break
        step = links["next"]
        text = client.get(f"{url}?step={step}").content.decode()
        assert f"of {total}" in text
    assert step == total
    last = text
    assert ("has won" in last) or ("a draw" in last)
    assert steps(last) == [(str(total - 1), "prev")]


def test_a_replay_is_public_once_the_game_is_over(client, player):
    game = finished_duel(player, seed=3)
    client.force_login(UserFactory(username="mallory"))
    assert client.get(reverse("play:replay", args=[game.pk])).status_code == 200
    assert client.get(reverse("play:game", args=[game.pk])).status_code == 404


def test_a_tournament_engine_game_replays_and_is_verified(client):
    event = OrganizedEventFactory()
    rnd = RoundFactory(event=event, number=1)
    match = ConfirmedMatchFactory(round=rnd, player_a=AISeatFactory(event=event, ai_name="X"),
                                  player_b=AISeatFactory(event=event, ai_name="Y"))
    cat = load_catalogue()
    _, record = play_game((cat.deck(2), cat.deck(4)), 77, (RandomAgent(1), RandomAgent(2)))
    row = EngineGameFactory(match=match, number=1, mode=GameMode.AUTO, seed=77,
                            record=record.to_json(), winner=record.result, verified=True)
    url = reverse("play:replay_engine", args=[row.pk])
    text = client.get(url).content.decode()
    assert "Verified" in text and "X (A) against Y (B)" in text
    middle = client.get(f"{url}?step=3").content.decode()
    assert "After turn 3 of" in middle and 'rel="prev"' in middle and 'rel="next"' in middle
    # A record altered after the fact is not verified: the viewer names the first bad turn.
    record_json = record.to_json()
    record_json["hashes"][1] = "00000000"
    row.record = record_json
    row.save()
    assert "Not verified: turn 2" in client.get(url).content.decode()


def test_an_unfinished_engine_game_has_no_replay(client):
    event = OrganizedEventFactory()
    rnd = RoundFactory(event=event, number=1)
    match = ConfirmedMatchFactory(round=rnd, player_a=AISeatFactory(event=event, ai_name="X"),
                                  player_b=AISeatFactory(event=event, ai_name="Y"))
    row = EngineGameFactory(match=match, number=1, mode=GameMode.ONLINE, seed=1, record=None,
                            winner="", verified=False)
    assert client.get(reverse("play:replay_engine", args=[row.pk])).status_code == 404


def test_a_persons_tournament_game_replays_only_where_their_list_may_be_seen(client):
    # The record holds both decks: before the event publishes its lists, only the match's
    # players and the organizers replay it; nobody else learns a list from it.
    organizer = UserFactory(username="org")
    event = OrganizedEventFactory(organizers=[organizer])
    rnd = RoundFactory(event=event, number=1)
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    match = ConfirmedMatchFactory(round=rnd, player_a=SeatFactory(event=event, player=alice),
                                  player_b=SeatFactory(event=event, player=bob))
    cat = load_catalogue()
    _, record = play_game((cat.deck(1), cat.deck(3)), 5, (RandomAgent(1), RandomAgent(2)))
    row = EngineGameFactory(match=match, number=1, mode=GameMode.REPORTED, seed=5,
                            record=record.to_json(), winner=record.result, verified=True)
    url = reverse("play:replay_engine", args=[row.pk])
    assert client.get(url).status_code == 404  # anonymous
    client.force_login(UserFactory(username="mallory"))
    assert client.get(url).status_code == 404
    for user in (alice, bob, organizer):
        client.force_login(user)
        assert client.get(url).status_code == 200
    event.lists_published = True
    event.save()
    client.force_login(UserFactory(username="carol"))
    assert client.get(url).status_code == 200


def test_a_steps_heading_is_words_not_the_records_move_codes(client):
    """Today the heading of a step showed the record's codes ("C0Bt0P2tP2bE")."""
    event = OrganizedEventFactory()
    rnd = RoundFactory(event=event, number=1)
    match = ConfirmedMatchFactory(round=rnd, player_a=AISeatFactory(event=event, ai_name="X"),
                                  player_b=AISeatFactory(event=event, ai_name="Y"))
    cat = load_catalogue()
    _, record = play_game((cat.deck(2), cat.deck(4)), 77, (RandomAgent(1), RandomAgent(2)))
    row = EngineGameFactory(match=match, number=1, mode=GameMode.AUTO, seed=77,
                            record=record.to_json(), winner=record.result, verified=True)
    url = reverse("play:replay_engine", args=[row.pk])
    for step in (1, 3):
        text = client.get(f"{url}?step={step}").content.decode()
        (heading,) = re.findall(r'<h2 id="log-heading">(.*?)</h2>', text, re.S)
        assert heading == "What happened in this turn"
        assert record.turns[step - 1] not in text.split('id="log-heading"')[1]
