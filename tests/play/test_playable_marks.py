"""A card in the hand is marked "playable" only when its player can play it now (rule C-3.2:
one of the four leftmost cards, with the mana for it, in their own turn, the game still
running), never merely for where it sits in the hand."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from engine.clash.cards import load_catalogue
from engine.clash.duel import new_game
from play.models import GameStatus
from play.presenters.boards import board, moves
from play.selectors import position_of
from play.services import invitation_create, invitation_join
from tests.factories import UserFactory
from tests.play.test_replay import finished_duel
from tests.web import html

pytestmark = pytest.mark.django_db


def marked(text: str) -> int:
    """How many cards of a page carry the "playable" mark."""
    return len(re.findall(r'class="play-playable"', text))


def hand_marks(view: dict) -> list[bool]:
    return [card["playable"] for card in view["you"]["hand"] if not card["bastion"]]


def opening() -> tuple:
    catalogue = load_catalogue()
    game = new_game((catalogue.deck(1), catalogue.deck(2)), 5)
    return game, game.to_move


def test_with_no_mana_left_no_card_is_marked_playable():
    """Today the four leftmost cards said "playable" whatever the mana."""
    game, seat = opening()
    game.mana = 0
    view = board(game, seat)
    moves(game, seat, view)
    cheapest = min(c["cost"] for c in view["you"]["hand"] if not c["bastion"])
    assert cheapest > 0  # deck 1 has no free card: with no mana nothing can be played
    assert not any(hand_marks(view))


def test_the_marked_cards_are_the_ones_offered_a_play_or_a_cast():
    game, seat = opening()
    view = board(game, seat)
    moves(game, seat, view)
    cards = [c for c in view["you"]["hand"] if not c["bastion"]]
    assert [c["playable"] for c in cards] == [bool(c["plays"] or c["casts"]) for c in cards]
    assert any(c["playable"] for c in cards)


def test_the_board_alone_marks_nothing_playable():
    """The opponent's turn, a replay, the API's board before its moves: no "now" to play in."""
    game, seat = opening()
    assert not any(hand_marks(board(game, seat)))
    assert not any(hand_marks(board(game, 1 - seat)))


def test_the_player_waiting_for_the_opponent_sees_no_card_marked_playable(client):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    invitation_create(player=alice, deck=1, code="abc", now=timezone.now())
    game = invitation_join(code="abc", player=bob, deck=2, seed=3, now=timezone.now())
    waiting = bob if position_of(game).game.to_move == 0 else alice
    client.force_login(waiting)
    assert marked(html(client.get(reverse("play:game", args=[game.pk])))) == 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager")
def test_a_finished_game_marks_no_card_playable(client):
    alice = UserFactory(username="alice")
    game = finished_duel(alice)
    assert game.status == GameStatus.FINISHED
    client.force_login(alice)
    assert marked(html(client.get(reverse("play:game", args=[game.pk])))) == 0


def test_the_player_to_move_sees_the_cards_they_can_play_marked(client):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    invitation_create(player=alice, deck=1, code="abc", now=timezone.now())
    game = invitation_join(code="abc", player=bob, deck=2, seed=3, now=timezone.now())
    mover = alice if position_of(game).game.to_move == 0 else bob
    client.force_login(mover)
    text = html(client.get(reverse("play:game", args=[game.pk])))
    assert marked(text) >= 1
    # Each marked card has its Play buttons or its cast hint right there.
    for card in re.findall(r'<li class="play-card[^"]*is-playable.*?</li>', text, re.S):
        assert 'name="action"' in card or "play-hint" in card
