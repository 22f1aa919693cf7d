"""The game page's socket: only the game's two players may follow it, and each move
reaches both players' sockets as a hint (the status and the step count, never the state),
once the move commits; a refused move sends nothing."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from core.errors import Conflict
from play.selectors import position_of
from play.selectors.positions import to_move
from play.services import invitation_create, invitation_join, online_game_act
from tests.factories import UserFactory
from tests.live.sockets import opens, run, session_cookie, socket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def game():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    invitation = invitation_create(player=alice, deck=1, code="c0ffee000001", now=timezone.now())
    return invitation_join(code=invitation.code, player=bob, deck=2, seed=1, now=timezone.now())


def mover_of(game):
    seat = to_move(position_of(game).game)
    return (game.player_a, game.player_b)[seat]


def test_both_players_sockets_hear_of_a_move_with_its_step_count(game):
    mover = mover_of(game)
    path = f"/ws/play/{game.pk}/"
    cookies = [session_cookie(game.player_a), session_cookie(game.player_b)]

    async def scenario():
        sockets = [socket(path, cookie=c) for c in cookies]
        for s in sockets:
            assert (await s.connect(timeout=3))[0]
        await sync_to_async(online_game_act)(game_id=game.pk, user=mover, token="E", seen=0,
                                             now=timezone.now())
        heard = [await s.receive_json_from(timeout=3) for s in sockets]
        for s in sockets:
            assert await s.receive_nothing(timeout=0.2)
            await s.disconnect()
        return heard

    assert run(scenario) == [{"kind": "playing", "version": 1}] * 2


def test_a_refused_move_sends_nothing(game):
    waiting = game.player_b if mover_of(game) == game.player_a else game.player_a
    cookie = session_cookie(waiting)

    async def scenario():
        s = socket(f"/ws/play/{game.pk}/", cookie=cookie)
        assert (await s.connect(timeout=3))[0]
        with pytest.raises(Conflict):
            await sync_to_async(online_game_act)(game_id=game.pk, user=waiting, token="E",
                                                 seen=0, now=timezone.now())
        quiet = await s.receive_nothing(timeout=0.3)
        await s.disconnect()
        return quiet

    assert run(scenario)


def test_a_brand_new_account_cannot_follow_someone_elses_game(game):
    cookie = session_cookie(UserFactory(username="mallory"))
    assert not run(lambda: opens(socket(f"/ws/play/{game.pk}/", cookie=cookie)))


def test_a_player_cannot_follow_another_game_by_its_id(game):
    other = invitation_join(
        code=invitation_create(player=UserFactory(username="carol"), deck=1,
                               code="c0ffee000002", now=timezone.now()).code,
        player=UserFactory(username="dave"), deck=2, seed=2, now=timezone.now())
    cookie = session_cookie(game.player_a)
    assert run(lambda: opens(socket(f"/ws/play/{game.pk}/", cookie=cookie)))
    assert not run(lambda: opens(socket(f"/ws/play/{other.pk}/", cookie=cookie)))


def test_no_session_no_socket(game):
    assert not run(lambda: opens(socket(f"/ws/play/{game.pk}/")))


def test_a_page_of_another_site_cannot_open_a_players_socket(game):
    cookie = session_cookie(game.player_a)
    assert not run(lambda: opens(socket(f"/ws/play/{game.pk}/", cookie=cookie,
                                        origin="https://evil.example")))
    assert not run(lambda: opens(socket(f"/ws/play/{game.pk}/", cookie=cookie, origin=None)))
