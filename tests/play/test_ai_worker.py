"""An AI seat's reply is computed by a worker: the player's action is stored, and the reply
is a task sent once that transaction commits (also when the AI seat has the first turn);
meanwhile the page says the AI is thinking and polls. The task is idempotent, and a reply
owed for too long (a lost message) is sent again by the polling page."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from play.models import GameStatus, OnlineGame
from play.selectors import position_of
from play.selectors.positions import legal_moves_of, to_move
from play.services import AI_REPLY_OWED_AFTER, duel_start, online_game_act
from play.tasks import online_game_ai_move_task
from tests.web import html

pytestmark = pytest.mark.django_db


def start(user, seed):
    return duel_start(player=user, deck=1, ai_level="random", seed=seed, now=timezone.now(),
                      opponent_deck_number=3)


def whose_turn(game: OnlineGame) -> int:
    game.refresh_from_db()
    return to_move(position_of(game).game)


def first_mover_seed(user, seat: int, capture) -> tuple[OnlineGame, list]:
    """A game whose coin gives `seat` the first turn, and the callbacks its start sent."""
    for seed in range(1, 40):
        with capture() as callbacks:
            game = start(user, seed)
        if whose_turn(game) == seat:
            return game, callbacks
    pytest.fail("no seed gave that seat the first turn")


def test_the_reply_is_a_task_sent_after_the_players_action_commits(
        client, player, django_capture_on_commit_callbacks):
    game, callbacks = first_mover_seed(player, 0, django_capture_on_commit_callbacks)
    assert callbacks == []  # the player starts: nothing for the AI seat to do
    assert "E" in legal_moves_of(position_of(game).game, 0)  # ending the turn is legal
    with django_capture_on_commit_callbacks() as callbacks:
        online_game_act(game_id=game.pk, user=player, token="E", seen=0, now=timezone.now())
    assert len(callbacks) == 1
    # Stored: the player's action; the AI seat has not moved, and the page says so and polls.
    game.refresh_from_db()
    assert game.actions == ["E"] and whose_turn(game) == 1
    page = html(client.get(reverse("play:game", args=[game.pk])))
    assert "is thinking" in page and 'data-waiting="1"' in page
    # The worker runs the task: the AI seat plays its turn, then the player is to move.
    assert online_game_ai_move_task.run(game.pk) > 0
    assert whose_turn(game) == 0


def test_an_ai_seat_with_the_first_turn_plays_it_in_a_worker(
        player, django_capture_on_commit_callbacks):
    game, callbacks = first_mover_seed(player, 1, django_capture_on_commit_callbacks)
    assert len(callbacks) == 1 and game.actions == []
    assert online_game_ai_move_task.run(game.pk) > 0
    assert whose_turn(game) == 0


def test_the_same_task_delivered_again_changes_nothing(
        player, django_capture_on_commit_callbacks):
    game, _ = first_mover_seed(player, 1, django_capture_on_commit_callbacks)
    taken = online_game_ai_move_task.run(game.pk)
    game.refresh_from_db()
    after = list(game.actions)
    assert taken == len(after) > 0
    for _ in range(4):
        assert online_game_ai_move_task.run(game.pk) == 0
    game.refresh_from_db()
    assert game.actions == after


def test_the_polling_page_sends_an_owed_reply_again_once_per_period(
        client, player, django_capture_on_commit_callbacks):
    game, _ = first_mover_seed(player, 1, django_capture_on_commit_callbacks)
    fragment = reverse("play:board", args=[game.pk])
    with django_capture_on_commit_callbacks() as callbacks:
        client.get(fragment)  # a reply just sent is not owed yet
    assert callbacks == []
    OnlineGame.objects.filter(pk=game.pk).update(
        last_activity_at=timezone.now() - AI_REPLY_OWED_AFTER - timedelta(seconds=1))
    with django_capture_on_commit_callbacks() as callbacks:
        client.get(fragment)
        client.get(fragment)
    assert len(callbacks) == 1
    assert online_game_ai_move_task.run(game.pk) > 0 and whose_turn(game) == 0


def test_the_ai_seat_is_thinking_only_while_the_game_is_playing(
        client, player, django_capture_on_commit_callbacks):
    """The page, its fragment and the API say the same (play.presenters.games.seat_view):
    a game no longer playing has nobody thinking, even with the AI seat to move."""
    game, _ = first_mover_seed(player, 1, django_capture_on_commit_callbacks)
    pages = [reverse("play:game", args=[game.pk]), reverse("play:board", args=[game.pk])]
    state = reverse("play-game", args=[game.pk])
    assert all("is thinking" in html(client.get(page)) for page in pages)
    assert client.get(state).json()["ai_thinking"] is True
    OnlineGame.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED)
    assert not any("is thinking" in html(client.get(page)) for page in pages)
    assert client.get(state).json()["ai_thinking"] is False


def test_polling_the_api_sends_an_owed_reply_again_as_the_page_does(
        client, player, django_capture_on_commit_callbacks):
    game, _ = first_mover_seed(player, 1, django_capture_on_commit_callbacks)
    state = reverse("play-game", args=[game.pk])
    OnlineGame.objects.filter(pk=game.pk).update(
        last_activity_at=timezone.now() - AI_REPLY_OWED_AFTER - timedelta(seconds=1))
    with django_capture_on_commit_callbacks() as callbacks:
        assert client.get(state).json()["ai_thinking"] is True
        client.get(state)
    assert len(callbacks) == 1


def test_an_owed_reply_still_waiting_in_the_broker_is_not_sent_twice(
        player, django_capture_on_commit_callbacks):
    """A backlog of replies on busy workers is not a loss: only a message the broker no
    longer holds is sent again (as the match jobs' sweeper judges, core/deliveries.py)."""
    from play.services import online_game_ai_nudge

    game, _ = first_mover_seed(player, 1, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    token = game.ai_delivery
    later = timezone.now() + AI_REPLY_OWED_AFTER + timedelta(seconds=1)
    asked = []
    with django_capture_on_commit_callbacks() as callbacks:
        assert online_game_ai_nudge(game_id=game.pk, now=later, held=lambda d, **kw: (
            asked.append(dict(d)) or set(d))) is False
    assert callbacks == [] and list(asked[0]) == [token]
    with django_capture_on_commit_callbacks() as callbacks:
        assert online_game_ai_nudge(game_id=game.pk, now=later + AI_REPLY_OWED_AFTER * 2,
                                    held=lambda d, **kw: set()) is True
    assert len(callbacks) == 1
    game.refresh_from_db()
    assert game.ai_delivery != token
    # The lost message turns up after all: replaced, it does nothing; the new one replies.
    assert online_game_ai_move_task.run(game.pk, delivery=token) == 0
    assert online_game_ai_move_task.run(game.pk, delivery=game.ai_delivery) > 0
    assert whose_turn(game) == 0
