"""Online play with a real worker process: every reply of the AI seat is computed by the
worker (tasks are not eager here: nothing in this process plays for the AI), the game ends
with a record that replays, and the same AI-move task delivered five times changes nothing.

Run in make test's PostgreSQL run with Redis up; skipped with the reason otherwise (and failed
under CLASH_REQUIRE_SERVICES=1, as in CI).
"""

from __future__ import annotations

import pytest
from django.utils import timezone

from play.models import GameStatus, OnlineGame
from play.selectors import position_of
from play.selectors.positions import legal_moves_of, to_move, verify
from play.services import duel_start, online_game_act
from play.tasks import online_game_ai_move_task
from tests.factories import UserFactory
from tests.factories.play import OnlineGameFactory
from tests.integration.test_engine_workers import wait_for
from tests.integration.workers import Worker
from tests.tournaments.match_games.test_online_matches import person_of, scene
from tournaments.models import EngineGame, GameMode, MatchStatus
from tournaments.services.online_games import match_online_game_start

pytestmark = [pytest.mark.postgres, pytest.mark.redis,
              pytest.mark.django_db(transaction=True)]


def whose_turn(game: OnlineGame) -> int | None:
    """None once the game is over."""
    game.refresh_from_db()
    if game.status == GameStatus.FINISHED:
        return None
    return to_move(position_of(game).game)


def test_a_player_plays_a_whole_match_game_against_an_ai_seat_played_by_a_worker(queue):
    match = scene(seed=101)
    player = person_of(match)
    worker = Worker(queue)
    moves = 0
    try:
        game = match_online_game_start(match_id=match.pk, user=player, now=timezone.now())
        while True:
            wait_for(lambda: whose_turn(game) != 1, what="the AI seat's reply")
            if whose_turn(game) is None:
                break
            position = position_of(game)
            online_game_act(game_id=game.pk, user=player,
                            token=legal_moves_of(position.game, 0)[0],
                            seen=len(game.actions), now=timezone.now())
            moves += 1
            assert moves < 4000
    finally:
        worker.stop()
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and verify(game.record).ok
    # The AI seat played its turns: actions beyond the player's own.
    assert len(game.actions) > moves
    engine_game = EngineGame.objects.get(match=match)
    assert engine_game.mode == GameMode.ONLINE and engine_game.verified
    assert verify(engine_game.record).ok
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED and match.engine_verified


def player_first(user) -> OnlineGame:
    """A duel whose coin gives the player the first turn (so nothing is queued yet)."""
    for seed in range(1, 40):
        game = duel_start(player=user, deck=1, ai_level="greedy", seed=seed,
                          now=timezone.now(), opponent_deck_number=3)
        if whose_turn(game) == 0:
            return game
    pytest.fail("no seed gave the player the first turn")


def test_the_same_ai_move_task_delivered_five_times_changes_nothing(queue):
    player = UserFactory(username="alice")
    game = player_first(player)
    twin = OnlineGameFactory(
        kind=game.kind, player_a=UserFactory(username="bob"), ai_level=game.ai_level,
        seed=game.seed, decks=game.decks, created_at=game.created_at,
        last_activity_at=game.last_activity_at)
    # The player ends their turn: the AI's reply is queued once on commit, then four more
    # deliveries of the same task; no worker runs yet.
    online_game_act(game_id=game.pk, user=player, token="E", seen=0, now=timezone.now())
    extra = [online_game_ai_move_task.delay(game.pk) for _ in range(4)]
    assert whose_turn(game) == 1
    worker = Worker(queue, concurrency=2)
    try:
        taken = [result.get(timeout=120) for result in extra]
        wait_for(lambda: whose_turn(game) == 0, what="the AI seat's reply")
        # Once it is the player's turn, five more deliveries do nothing at all.
        again = [online_game_ai_move_task.delay(game.pk) for _ in range(5)]
        assert [result.get(timeout=120) for result in again] == [0] * 5
    finally:
        worker.stop()
    game.refresh_from_db()
    # At most one delivery played the AI's turn; the others found the player to move.
    assert sum(1 for n in taken if n) <= 1
    # The same reply as one delivery computed in this process for a twin game.
    twin_actions = ["E"]
    OnlineGame.objects.filter(pk=twin.pk).update(actions=twin_actions)
    online_game_ai_move_task.run(twin.pk)
    twin.refresh_from_db()
    assert game.actions == twin.actions and len(game.actions) > 1
