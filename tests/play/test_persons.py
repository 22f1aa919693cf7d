"""Two persons, outside events: one makes an invitation (their deck), gets a link and a code;
another opens it, picks a deck and joins; both play on the same game page, each seeing only
their own hand, the page polling while the other is to move. Nobody joins their own
invitation or a taken one, and only the two players see the game."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from core.errors import Conflict
from engine.clash.cards import load_catalogue
from engine.clash.events import render_all
from play.models import GameStatus, Invitation, InvitationStatus, OnlineGame
from play.selectors import position_of
from play.selectors.positions import to_move, verify
from play.services import invitation_create, invitation_join
from tests.factories import UserFactory
from tests.play.conftest import legal_tokens, seen
from tests.web import html

pytestmark = pytest.mark.django_db


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def hidden_names_shown(game: OnlineGame, seat: int, text: str) -> list[str]:
    """The other seat's card names on `seat`'s page that are neither in play nor logged."""
    position = position_of(game)
    cat = load_catalogue()
    other = seat ^ 1
    public = {cat.name(c.card) for lane in position.game.players[other].lanes for c in lane}
    logged = " ".join(render_all(position.log, cat))
    return [n for n in game.decks["AB"[other]] if n in text and n not in public
            and n not in logged]


@pytest.fixture
def alice():
    return UserFactory(username="alice")


@pytest.fixture
def bob():
    return UserFactory(username="bob")


def invite(user, deck=1, code="c0ffee000001"):
    return invitation_create(player=user, deck=deck, code=code, now=timezone.now())


def test_an_invitation_is_made_from_the_play_page_and_shows_its_link(alice):
    client = as_user(alice)
    assert "Play a person" in html(client.get(reverse("play:index")))
    response = client.post(reverse("play:invitation_new"), {"invite-deck": 2})
    invitation = Invitation.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("play:invitation", args=[invitation.code])
    page = html(client.get(response.url))
    assert invitation.code in page and "Waiting for your opponent" in page
    assert 'http-equiv="refresh"' in page and invitation.deck == 2
    # The play page lists it, and the code typed there leads to it.
    assert invitation.code in html(client.get(reverse("play:index")))
    found = client.get(reverse("play:invitation_find"), {"code": invitation.code.upper()})
    assert found.url == response.url
    missing = client.get(reverse("play:invitation_find"), {"code": "nope"})
    assert missing.status_code == 404 and "No invitation has the code “nope”" in html(missing)


def test_a_code_that_opens_nothing_leaves_the_player_on_the_play_page_with_the_code_kept(alice):
    """A failed form stays on its page with its input: the play page with the code as typed
    and why it opened nothing (it used to redirect to a blank form)."""
    missing = as_user(alice).get(reverse("play:invitation_find"), {"code": "Nope42"})
    page = html(missing)
    assert missing.status_code == 404 and "Location" not in missing.headers
    assert 'value="Nope42"' in page and 'aria-invalid="true"' in page
    assert "No invitation has the code “nope42”: check it with the player who sent it." in page
    assert "Got a code?" in page and "Make an invitation" in page


def test_a_bad_deck_makes_no_invitation(alice):
    response = as_user(alice).post(reverse("play:invitation_new"), {"invite-deck": 9})
    assert response.status_code == 400 and not Invitation.objects.exists()


def test_another_player_joins_with_their_deck_and_both_go_to_the_game(alice, bob):
    invitation = invite(alice)
    client = as_user(bob)
    page = html(client.get(reverse("play:invitation", args=[invitation.code])))
    assert "Join the duel" in page and "A duel with alice" in page
    response = client.post(reverse("play:invitation", args=[invitation.code]),
                           {"join-deck": 3})
    game = OnlineGame.objects.get()
    assert response.url == reverse("play:game", args=[game.pk])
    assert (game.player_a, game.player_b, game.ai_level) == (alice, bob, "")
    assert game.decks == {"A": load_catalogue().deck(1), "B": load_catalogue().deck(3)}
    invitation.refresh_from_db()
    assert invitation.status == InvitationStatus.TAKEN and invitation.game == game
    # The creator's waiting page now takes them to the game.
    waiting = as_user(alice).get(reverse("play:invitation", args=[invitation.code]))
    assert waiting.status_code == 302 and waiting.url == response.url


def test_nobody_joins_their_own_invitation(alice):
    invitation = invite(alice)
    with pytest.raises(Conflict, match="your own invitation"):
        invitation_join(code=invitation.code, player=alice, deck=2, seed=1, now=timezone.now())
    response = as_user(alice).post(reverse("play:invitation", args=[invitation.code]),
                                   {"join-deck": 2})
    assert response.status_code == 200 and not OnlineGame.objects.exists()


def test_a_taken_invitation_cannot_be_joined_again(alice, bob):
    invitation = invite(alice)
    game = invitation_join(code=invitation.code, player=bob, deck=2, seed=1, now=timezone.now())
    # Bob's second click is the same game; anyone else finds it taken.
    assert invitation_join(code=invitation.code, player=bob, deck=4, seed=2,
                           now=timezone.now()) == game
    carol = UserFactory(username="carol")
    with pytest.raises(Conflict, match="already taken"):
        invitation_join(code=invitation.code, player=carol, deck=2, seed=3,
                        now=timezone.now())
    response = as_user(carol).post(reverse("play:invitation", args=[invitation.code]),
                                   {"join-deck": 2})
    assert response.status_code == 409 and "already taken" in html(response)
    assert as_user(carol).get(reverse("play:invitation",
                                      args=[invitation.code])).status_code == 409
    assert OnlineGame.objects.count() == 1
    assert as_user(carol).get(reverse("play:invitation", args=["unknown"])).status_code == 404


def test_two_persons_play_a_whole_game_each_seeing_only_their_own_hand(alice, bob):
    invitation = invite(alice)
    game = invitation_join(code=invitation.code, player=bob, deck=3, seed=17,
                           now=timezone.now())
    clients = {0: as_user(alice), 1: as_user(bob)}
    url = reverse("play:game", args=[game.pk])
    posts = 0
    while OnlineGame.objects.get(pk=game.pk).status == GameStatus.PLAYING:
        game.refresh_from_db()
        mover = to_move(position_of(game).game)
        waiting = clients[mover ^ 1].get(reverse("play:board", args=[game.pk]))
        # The other side's page waits (the script polls) and offers no move.
        assert 'data-waiting="1"' in html(waiting) and legal_tokens(waiting) == []
        assert "Waiting for" in html(waiting)
        page = clients[mover].get(url)
        for seat, response in ((mover, page), (mover ^ 1, waiting)):
            assert hidden_names_shown(game, seat, html(response)) == []
        if posts == 0:  # a move out of turn is refused
            refused = clients[mover ^ 1].post(url, {"action": "E", "n": seen(page)})
            assert refused.status_code == 409
        response = clients[mover].post(url, {"action": legal_tokens(page)[0],
                                             "n": seen(page)})
        assert response.status_code == 302
        posts += 1
        assert posts < 4000
    game.refresh_from_db()
    assert game.winner in ("A", "B", "draw") and verify(game.record).ok
    for client in clients.values():
        assert client.get(reverse("play:replay", args=[game.pk])).status_code == 200


def test_only_the_two_players_see_the_game(alice, bob):
    invitation = invite(alice)
    game = invitation_join(code=invitation.code, player=bob, deck=2, seed=5, now=timezone.now())
    carol = as_user(UserFactory(username="carol"))
    assert carol.get(reverse("play:game", args=[game.pk])).status_code == 404
    assert carol.get(reverse("play:board", args=[game.pk])).status_code == 404
    assert carol.post(reverse("play:game", args=[game.pk]),
                      {"action": "E", "n": 0}).status_code == 404
    assert as_user(alice).get(reverse("play:game", args=[game.pk])).status_code == 200
    assert as_user(bob).get(reverse("play:game", args=[game.pk])).status_code == 200
