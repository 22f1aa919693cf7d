"""An invitation's creator may withdraw it while it is open, on the play pages and through
the API: nobody can join it afterwards, nobody else can cancel it, and a taken one stays with
its game. The cancel and a join lock the same row, so at most one of them wins."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from core.errors import Conflict, DomainError, NotFound
from play.models import Invitation, InvitationStatus, OnlineGame
from play.services import invitation_cancel, invitation_create, invitation_join
from tests.factories import UserFactory
from tests.tournaments.results.test_races import at_once
from tests.web import html

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    return UserFactory(username="alice")


@pytest.fixture
def bob():
    return UserFactory(username="bob")


def invite(user, code="c0ffee000001"):
    return invitation_create(player=user, deck=1, code=code, now=timezone.now())


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_creator_cancels_an_open_invitation_and_nobody_can_join_it(alice, bob):
    invitation = invite(alice)
    cancelled = invitation_cancel(code=invitation.code, player=alice, now=timezone.now())
    assert cancelled.status == InvitationStatus.CANCELLED and cancelled.cancelled_at
    with pytest.raises(Conflict) as refused:
        invitation_join(code=invitation.code, player=bob, deck=2, seed=1, now=timezone.now())
    assert refused.value.code == "cancelled"
    assert not OnlineGame.objects.exists()
    # Cancelling again changes nothing.
    again = invitation_cancel(code=invitation.code, player=alice, now=timezone.now())
    assert again.cancelled_at == cancelled.cancelled_at


def test_only_the_creator_cancels_and_only_while_it_is_open(alice, bob):
    invitation = invite(alice)
    with pytest.raises(DomainError) as not_theirs:
        invitation_cancel(code=invitation.code, player=bob, now=timezone.now())
    assert isinstance(not_theirs.value, NotFound)
    game = invitation_join(code=invitation.code, player=bob, deck=2, seed=1, now=timezone.now())
    with pytest.raises(Conflict) as taken:
        invitation_cancel(code=invitation.code, player=alice, now=timezone.now())
    assert taken.value.code == "taken"
    invitation.refresh_from_db()
    assert invitation.status == InvitationStatus.TAKEN and invitation.game == game


def test_the_cancel_button_on_the_invitation_page_and_the_play_page(alice, bob):
    client = as_user(alice)
    invitation = invite(alice)
    page = html(client.get(reverse("play:invitation", args=[invitation.code])))
    cancel_url = reverse("play:invitation_cancel", args=[invitation.code])
    assert f'action="{cancel_url}"' in page and "Cancel the invitation" in page
    assert f'action="{cancel_url}"' in html(client.get(reverse("play:index")))
    # Someone else's post is a 404, and the invitation stays open.
    assert as_user(bob).post(cancel_url).status_code == 404
    assert Invitation.objects.get().status == InvitationStatus.OPEN
    response = client.post(cancel_url)
    assert response.status_code == 302 and response.url == reverse("play:index")
    assert Invitation.objects.get().status == InvitationStatus.CANCELLED
    index = html(client.get(reverse("play:index")))
    assert "cancelled: nobody can join it" in index and cancel_url not in index
    # The link now says so; the joiner's form is gone and the creator's page stops reloading.
    theirs = as_user(bob).get(reverse("play:invitation", args=[invitation.code]))
    assert theirs.status_code == 409
    assert "Its creator has cancelled this invitation" in html(theirs)
    assert "Join and play" not in html(theirs)
    joined = as_user(bob).post(reverse("play:invitation", args=[invitation.code]),
                               {"join-deck": 2})
    assert joined.status_code == 409 and not OnlineGame.objects.exists()
    mine = html(client.get(reverse("play:invitation", args=[invitation.code])))
    assert "You cancelled this invitation" in mine and 'http-equiv="refresh"' not in mine


def test_a_taken_invitation_cannot_be_cancelled_on_the_page(alice, bob):
    invitation = invite(alice)
    invitation_join(code=invitation.code, player=bob, deck=2, seed=1, now=timezone.now())
    response = as_user(alice).post(reverse("play:invitation_cancel", args=[invitation.code]))
    assert response.status_code == 302
    assert Invitation.objects.get().status == InvitationStatus.TAKEN


def test_cancelling_through_the_api(alice, bob):
    code = api(alice).post("/api/play/invitations/", {"deck": 2}, format="json").json()["code"]
    url = f"/api/play/invitations/{code}/cancel/"
    assert api(bob).post(url).status_code == 404
    done = api(alice).post(url)
    assert done.status_code == 200 and done.json()["status"] == "cancelled"
    late = api(bob).post(f"/api/play/invitations/{code}/join/", {"deck": 1}, format="json")
    assert late.status_code == 409 and late.json()["error"]["code"] == "cancelled"
    other = api(bob).post("/api/play/invitations/", {"deck": 3}, format="json").json()["code"]
    api(alice).post(f"/api/play/invitations/{other}/join/", {"deck": 1}, format="json")
    taken = api(bob).post(f"/api/play/invitations/{other}/cancel/")
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "taken"
    assert api(alice).post("/api/play/invitations/nope/cancel/").status_code == 404


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_cancel_racing_a_join_leaves_one_of_them(alice, bob):
    for round_number in range(4):
        invitation = invite(alice, code=f"race{round_number}")
        results, errors = at_once([
            lambda code=invitation.code: invitation_cancel(code=code, player=alice,
                                                           now=timezone.now()),
            lambda code=invitation.code, seed=round_number: invitation_join(
                code=code, player=bob, deck=2, seed=seed, now=timezone.now()),
        ])
        invitation.refresh_from_db()
        assert sum(e is None for e in errors) == 1
        assert all(e is None or isinstance(e, Conflict) for e in errors)
        if invitation.status == InvitationStatus.CANCELLED:
            assert invitation.game is None
            assert not OnlineGame.objects.filter(invitation__code=invitation.code).exists()
        else:
            assert invitation.status == InvitationStatus.TAKEN and invitation.game is not None


def test_the_invitation_errors_begin_with_their_capital_in_the_source_not_by_capfirst(alice, bob):
    """The page used to capitalise "its creator has cancelled..." with capfirst (wrong for
    Turkish's dotted i); the service and the API now say it as written."""
    invite(alice)
    invitation_cancel(code="c0ffee000001", player=alice, now=timezone.now())
    with pytest.raises(Conflict) as refused:
        invitation_join(code="c0ffee000001", player=bob, deck=1, seed=1, now=timezone.now())
    assert refused.value.message == "Its creator has cancelled this invitation"
    page = html(as_user(bob).get(reverse("play:invitation", args=["c0ffee000001"])))
    assert "Its creator has cancelled this invitation." in page
