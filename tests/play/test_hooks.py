"""Play announces a finished game to the apps above it, and asks them about a match game's
replay, through play/hooks.py: tournaments registers its answers when the apps load, and
without them no match game's replay is shown (its decks are a tournament's lists)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from play import hooks
from play.models import GameKind, GameStatus, OnlineGame
from play.selectors import may_watch
from tests.play.test_replay import finished_duel
from tournaments.services import play_hooks


def test_tournaments_registers_its_answers_when_the_apps_load():
    assert play_hooks.game_finished in hooks.game_finished
    assert isinstance(hooks.match_games(), play_hooks.MatchGameAnswers)


def test_a_listener_connected_twice_hears_once():
    heard = []

    def listener(**kwargs):
        heard.append(kwargs)

    board = hooks.Listeners("test")
    board.connect(listener)
    board.connect(listener)
    board.send(game=None, now=None)
    assert heard == [{"game": None, "now": None}]
    board.disconnect(listener)
    board.send(game=None, now=None)
    assert len(heard) == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager")
def test_a_finished_game_is_announced_once_with_its_record(player):
    heard = []

    def listener(*, game, now):
        heard.append((game.pk, game.status, game.record is not None, now is not None))

    hooks.game_finished.connect(listener)
    try:
        game = finished_duel(player)
    finally:
        hooks.game_finished.disconnect(listener)
    assert heard == [(game.pk, GameStatus.FINISHED, True, True)]


def test_without_a_tournament_nobody_watches_a_match_game(monkeypatch):
    monkeypatch.setattr(hooks.match_games, "_provider", None)
    match_game = OnlineGame(pk=7, kind=GameKind.DUEL, match_id=1, game_number=1)
    assert not may_watch(match_game, AnonymousUser())
    assert may_watch(OnlineGame(pk=8, kind=GameKind.DUEL), AnonymousUser())
