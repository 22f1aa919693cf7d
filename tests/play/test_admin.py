"""Staff look online play up in the admin: games by player, seed or invitation code and by
status, invitations by code and creator, solo results by player. Nothing there writes a game:
its status and record change only through the services."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from play.models import GameStatus, OnlineGame
from play.services import duel_start, invitation_create, invitation_join, solo_start
from tests.factories import UserFactory
from tests.web import html

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client):
    user = UserFactory(username="staff", is_staff=True, is_superuser=True)
    client.force_login(user)
    return user


@pytest.fixture
def games():
    alice, bob, carol = (UserFactory(username=n) for n in ("alice", "bob", "carol"))
    now = timezone.now()
    duel = duel_start(player=alice, deck=1, ai_level="random", seed=4242, now=now,
                      opponent_deck_number=2)
    solo = solo_start(player=bob, fmt="solo-preconstructed", deck=1, level=0, options={},
                      seed=777, now=now)
    invitation_create(player=alice, deck=1, code="c0ffee000042", now=now)
    person = invitation_join(code="c0ffee000042", player=carol, deck=2, seed=99, now=now)
    return duel, solo, person


def listed(client, name: str, **query) -> str:
    response = client.get(reverse(f"admin:play_{name}_changelist"), query)
    assert response.status_code == 200
    return html(response)


def ids_in(page: str) -> set[int]:
    return {g.pk for g in OnlineGame.objects.all() if f"/play/onlinegame/{g.pk}/change/" in page}


def test_staff_find_a_game_by_player_seed_code_and_status(client, staff, games):
    duel, solo, person = games
    assert ids_in(listed(client, "onlinegame", q="bob")) == {solo.pk}
    assert ids_in(listed(client, "onlinegame", q="carol")) == {person.pk}
    assert ids_in(listed(client, "onlinegame", q="4242")) == {duel.pk}
    assert ids_in(listed(client, "onlinegame", q="c0ffee000042")) == {person.pk}
    assert ids_in(listed(client, "onlinegame", status__exact=GameStatus.PLAYING)) == {
        duel.pk, solo.pk, person.pk}


def test_staff_find_invitations_and_solo_records(client, staff, games):
    assert "c0ffee000042" in listed(client, "invitation", q="alice")
    assert "c0ffee000042" not in listed(client, "invitation", q="bob")
    listed(client, "soloresult", q="bob")


def test_a_game_in_the_admin_is_read_only(client, staff, games):
    duel, _, _ = games
    page = client.get(reverse("admin:play_onlinegame_change", args=[duel.pk]))
    assert page.status_code == 200
    response = client.post(reverse("admin:play_onlinegame_change", args=[duel.pk]),
                           {"status": GameStatus.FINISHED, "winner": "A"})
    assert response.status_code == 403
    duel.refresh_from_db()
    assert duel.status == GameStatus.PLAYING and duel.winner == ""
    assert client.get(reverse("admin:play_onlinegame_add")).status_code == 403
