"""Ban sessions on the pages: what the list says with none, one against an AI seat played to
the end, starting one from two of my constructed lists, and a page that waits when it is not
your step."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from decks.models import BanSession, BanStatus
from decks.services.bans import ban_session_start
from decks.services.decklists import decklist_create
from tests.factories import UserFactory, give_starter_kit
from tests.factories.decklists import LIST_A, LIST_B
from tests.web import html

pytestmark = pytest.mark.django_db


def test_no_ban_sessions_and_no_constructed_list_say_what_to_do(client, player):
    page = html(client.get(reverse("decks:bans")))
    assert "No ban sessions yet" in page
    assert "You need a constructed list first" in page


def test_a_ban_session_against_an_ai_seat_runs_to_the_end(client, collector):
    now = timezone.now()
    a = decklist_create(user=collector, name="Mine", kind="constructed", cards=LIST_A, now=now)
    b = decklist_create(user=collector, name="Practice", kind="constructed", cards=LIST_B,
                        now=now)
    response = client.post(reverse("decks:ban_start"), {"list_a": a.pk, "list_b": b.pk},
                           follow=True)
    session = BanSession.objects.get()
    assert session.player_a == collector and session.player_b is None
    page = html(response)
    first = session.record["bans"][0]  # step 1: the AI seat (B) bans one of A's cards
    assert f"The AI seat banned {first} from your list." in page
    assert "Your step: ban one card of your opponent's list." in page
    buttons = re.findall(r'name="card" value="([^"]+)"', page)
    assert buttons == LIST_B  # B's whole list: nothing of it is banned yet
    url = reverse("decks:ban_session", args=[session.pk])

    # A card of A's own list is refused with a 409 and its reason, and changes nothing.
    response = client.post(url, {"card": "BARON"})
    assert response.status_code == 409
    assert "BARON is not in B&#x27;s list" in html(response)
    session.refresh_from_db()
    assert len(session.record["bans"]) == 1

    response = client.post(url, {"card": "ZOMBIE"}, follow=True)
    assert "You banned ZOMBIE." in html(response)
    assert "ZOMBIE" not in re.findall(r'name="card" value="([^"]+)"', html(response))
    response = client.post(url, {"card": "ZOMBIE"}, follow=True)  # the same ban again
    assert "You had already banned ZOMBIE." in html(response)
    session.refresh_from_db()
    assert len(session.record["bans"]) == 2

    response = client.post(url, {"card": "MUTANT"}, follow=True)
    session.refresh_from_db()
    assert session.status == BanStatus.DONE
    page = html(response)
    fourth = session.record["bans"][3]
    assert f"The AI seat banned {fourth} from your list." in page
    assert "The bans are over: each player keeps 8 cards." in page
    assert 'name="card"' not in page
    for card in session.result_a + session.result_b:
        assert card in page
    assert "<del>" not in page.split("Keeps these 8 cards")[1]

    response = client.post(url, {"card": "GNOME"})
    assert response.status_code == 409 and "the ban-two procedure is over" in html(response)


def test_starting_a_session_needs_two_of_my_constructed_lists(client, collector):
    stranger = UserFactory()
    give_starter_kit(stranger)
    theirs = decklist_create(user=stranger, name="Theirs", kind="constructed", cards=LIST_B,
                             now=timezone.now())
    mine = decklist_create(user=collector, name="Mine", kind="constructed", cards=LIST_A,
                           now=timezone.now())
    response = client.post(reverse("decks:ban_start"), {"list_a": mine.pk,
                                                        "list_b": theirs.pk})
    assert response.status_code == 400
    assert "Select a valid choice" in html(response)
    assert not BanSession.objects.exists()


def test_the_ban_page_waits_when_it_is_not_your_step(client, collector):
    other = UserFactory()
    give_starter_kit(other)
    now = timezone.now()
    a = decklist_create(user=collector, name="Mine", kind="constructed", cards=LIST_A, now=now)
    b = decklist_create(user=other, name="Theirs", kind="constructed", cards=LIST_B, now=now)
    session = ban_session_start(version_a=a.current, version_b=b.current, player_a=collector,
                                player_b=other, now=now)
    page = html(client.get(reverse("decks:ban_session", args=[session.pk])))
    assert "Waiting for B to ban." in page and 'name="card"' not in page
    response = client.post(reverse("decks:ban_session", args=[session.pk]), {"card": "ZOMBIE"})
    assert response.status_code == 409 and "it is B&#x27;s ban (step 1)" in html(response)
