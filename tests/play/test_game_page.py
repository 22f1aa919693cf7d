"""What the game page says in words: the opponent's hand as cards besides the Bastion/Fort
(rule C-1.4: the hand includes it), the mana left, and who A and B are in the event log."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from play.services import invitation_create, invitation_join
from tests.factories import UserFactory
from tests.web import html

pytestmark = pytest.mark.django_db


def test_the_page_counts_the_opponents_cards_besides_the_bastion(client):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    invitation = invitation_create(player=alice, deck=1, code="abc", now=timezone.now())
    game = invitation_join(code="abc", player=bob, deck=2, seed=3, now=timezone.now())
    client.force_login(bob)
    text = html(client.get(reverse("play:game", args=[game.pk])))
    # 8 cards and the Bastion at the start (C-2.6).
    assert "Hand <strong>8</strong> cards and the Bastion (hidden)" in text
    assert "(you are B, alice is A; latest first)" in text
    assert invitation.code


def test_the_player_to_move_sees_the_mana_left_beside_the_moves(client):
    alice = UserFactory(username="alice")
    client.force_login(alice)
    response = client.post(reverse("play:solo_new"), {
        "fmt": "solo-preconstructed", "deck": 1, "level": 0, "fixed_mana": "6",
        "mana_per_creature": "1", "first": "player", "endurance": "bastion",
        "resistance": "false", "ability": "none"})
    text = html(client.get(response.url))
    # The player goes first with 6 mana (C-8.1).
    assert '<p class="play-moves-mana">Summon phase &middot; <strong>6 mana left</strong>' in text
