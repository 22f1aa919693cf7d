"""A duel against an AI player through the pages: legal moves only, illegal and stale posts
refused with nothing stored, the double submit applied once, the opponent's hand never shown,
and only the game's players see it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from engine.clash.cards import load_catalogue
from engine.clash.events import render_all
from play.models import GameStatus, OnlineGame
from play.selectors import position_of
from play.selectors.positions import verify
from play.services import duel_start, online_game_ai_move
from tests.factories import UserFactory
from tests.play.conftest import legal_tokens, seen
from tests.web import html

# AI replies are tasks sent after commit: run them in-process, on a database that commits.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager")]


def start(user, seed=11, level="random", deck=1, theirs=3):
    return duel_start(player=user, deck=deck, ai_level=level, seed=seed, now=timezone.now(),
                      opponent_deck_number=theirs)


def page(client, game):
    return client.get(reverse("play:game", args=[game.pk]))


def post(client, game, token, n):
    return client.post(reverse("play:game", args=[game.pk]), {"action": token, "n": n})


def opponent_names_outside_public(game, text):
    """The AI seat's card names on the page that are neither in play nor in the event log."""
    position = position_of(game)
    cat = load_catalogue()
    public = {cat.name(c.card) for lane in position.game.players[1].lanes for c in lane}
    logged = " ".join(render_all(position.log, cat))
    return [n for n in game.decks["B"] if n in text and n not in public and n not in logged]


def test_the_start_form_creates_a_game_and_shows_the_board(client, player):
    response = client.post(reverse("play:duel_new"), {"deck": 2, "ai_level": "scripted"})
    game = OnlineGame.objects.get()
    assert response.status_code == 302 and response.url == reverse("play:game", args=[game.pk])
    page_ = html(page(client, game))
    assert "Top lane" in page_ and "Bottom lane" in page_ and "BASTION" in page_
    assert re.search(r"Hand <strong>\d+</strong> cards? and the (Bastion|Fort) \(hidden\)",
                     page_)


def test_a_whole_game_against_an_ai_player_through_the_pages(client, player):
    game = start(player)
    response = page(client, game)
    posts = 0
    while OnlineGame.objects.get(pk=game.pk).status == GameStatus.PLAYING:
        game.refresh_from_db()
        text = html(response)
        # Hidden information: the AI seat's hand cards are never on the page.
        assert opponent_names_outside_public(game, text) == []
        tokens = legal_tokens(response)
        assert tokens, "the player is to move after every post"
        response = post(client, game, tokens[0], seen(response))
        assert response.status_code == 302
        response = client.get(response.url)
        posts += 1
        assert posts < 3000
    game.refresh_from_db()
    assert game.winner in ("A", "B", "draw") and game.finished_at is not None
    assert verify(game.record).ok
    final = html(response)
    assert "You won!" in final or "You lost" in final or "A draw" in final
    assert legal_tokens(response) == []


def test_the_first_page_shows_no_card_of_the_opponents_deck(client, player):
    # Deck 1 against deck 3: no name in common. Before B plays, none of B's names shows.
    for seed in range(1, 30):
        game = start(player, seed=seed)
        if not position_of(game).game.players[1].lanes[0] and not game.actions:
            break
    text = html(page(client, game))
    assert not [n for n in game.decks["B"] if n in text]
    assert all(n in text for n in game.decks["A"])  # my own hand is all there


def test_an_illegal_action_is_refused_and_nothing_is_stored(client, player):
    game = start(player)
    response = page(client, game)
    n = seen(response)
    before = list(OnlineGame.objects.get(pk=game.pk).actions)
    refused = post(client, game, "C3At0", n)  # no creature to target yet / not a spell
    assert refused.status_code == 400
    assert "Not applied:" in html(refused)
    assert OnlineGame.objects.get(pk=game.pk).actions == before
    nonsense = post(client, game, "P9z", n)
    assert nonsense.status_code == 400
    assert OnlineGame.objects.get(pk=game.pk).actions == before


def test_a_stale_page_is_refused_with_a_clear_message(client, player):
    game = start(player)
    response = page(client, game)
    n = seen(response)
    token = legal_tokens(response)[0]
    assert post(client, game, token, n).status_code == 302
    after = list(OnlineGame.objects.get(pk=game.pk).actions)
    stale = post(client, game, token, n)
    assert stale.status_code == 409
    assert "moved on since this page was built" in html(stale)
    assert OnlineGame.objects.get(pk=game.pk).actions == after


def test_the_double_submit_is_applied_once(client, player):
    game = start(player)
    response = page(client, game)
    n = seen(response)
    first = post(client, game, "E", n)
    second = post(client, game, "E", n)
    assert first.status_code == 302 and second.status_code == 409
    game.refresh_from_db()
    # The same game posted once by someone else ends in exactly the same actions.
    twin = start(UserFactory(username="bob"))
    client.force_login(twin.player_a)
    assert post(client, twin, "E", n).status_code == 302
    twin.refresh_from_db()
    assert game.actions == twin.actions and game.actions[n] == "E"


def test_the_ai_move_service_is_idempotent(player):
    game = start(player, seed=5)
    assert online_game_ai_move(game_id=game.pk, now=timezone.now()) == 0
    game.refresh_from_db()
    actions = list(game.actions)
    assert online_game_ai_move(game_id=game.pk, now=timezone.now()) == 0
    game.refresh_from_db()
    assert game.actions == actions


def test_a_game_in_progress_is_only_for_its_players(client, player):
    game = start(player)
    other = UserFactory(username="mallory")
    client.force_login(other)
    assert page(client, game).status_code == 404
    assert client.get(reverse("play:board", args=[game.pk])).status_code == 404
    assert post(client, game, "E", len(game.actions)).status_code == 404
    assert client.get(reverse("play:replay", args=[game.pk])).status_code == 404
    client.logout()
    assert page(client, game).status_code == 302  # to the login page


def test_the_board_fragment_is_the_game_region(client, player):
    game = start(player)
    fragment = client.get(reverse("play:board", args=[game.pk]))
    assert fragment.status_code == 200
    text = html(fragment)
    assert 'id="play-game"' in text and 'data-waiting="0"' in text
    assert "<html" not in text


def test_the_ai_move_task_runs_the_same_service(player):
    from play.tasks import online_game_ai_move_task

    game = start(player, seed=8)
    assert online_game_ai_move_task.run(game.pk) == 0  # the player is to move: nothing to do


def test_the_expert_level_is_offered_and_answers_the_players_turn(client, player):
    form = html(client.get(reverse("play:index")))
    assert 'value="expert"' in form and "Expert (strongest)" in form
    assert 'value="search"' in form and "Search (strongest)" not in form
    response = client.post(reverse("play:duel_new"), {"deck": 1, "ai_level": "expert"})
    game = OnlineGame.objects.get()
    assert response.status_code == 302 and game.ai_level == "expert"
    while game.status == GameStatus.PLAYING and game.actions.count("E") < 4:
        response = page(client, game)
        post(client, game, "E", seen(response))  # the player ends each turn at once
        game.refresh_from_db()
    # The expert's turns came back between the player's: both seats ended turns.
    assert game.actions.count("E") >= 4
    assert position_of(game).game.turn >= 5


@pytest.mark.parametrize(("language", "name"), [("en", "the AI player (Expert)"),
                                                 ("ru", None), ("cs", None)])
def test_the_game_page_names_the_ai_players_level_in_the_readers_words(player, language, name):
    from django.test import Client
    from django.utils import translation

    from play.selectors.records import AI_LEVEL_NAMES

    game = start(player, level="expert")
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(player)
    text = html(page(client, game))
    with translation.override(language):
        level = str(AI_LEVEL_NAMES["expert"])
    assert f"({level})" in text and "(expert)" not in text
    if name is not None:
        assert name in text
    else:
        assert level != "Expert"
