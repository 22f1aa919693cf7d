"""The attacker's path through the tournament pages: a brand-new account creates its own
event and adds a victim by username, guessing the names of the victim's lists; and the added
player finds their empty seat and attaches their own list.

Who may do what on the pages is the matrix in test_pages_permissions.py.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from decks.services.decklists import decklist_create, decklist_update
from tests.factories import UserFactory, give_starter_kit, starter_kit
from tests.factories.decklists import LIST_A
from tests.factories.tournaments import OrganizedEventFactory
from tournaments.models import Event, Registration

pytestmark = pytest.mark.django_db

SECRET_NAME = "Secret Ogre Rush"
SECRET_CARDS = LIST_A
EVENT = {"name": "Friendly", "format": "constructed", "match_length": 3, "top_cut": 0,
         "late_entry_until_round": 0}


def test_a_new_account_cannot_take_someone_elses_list_through_its_own_events_pages(client):
    starter_kit()
    victim = UserFactory(username="victim")
    give_starter_kit(victim)
    secret = decklist_create(user=victim, name=SECRET_NAME, kind="constructed",
                             cards=SECRET_CARDS, now=timezone.now())
    client.force_login(UserFactory(username="attacker"))
    answers = []
    # The real name, a made-up one, and none ("the list the player made last").
    for guess in (SECRET_NAME, "No such list", ""):
        created = client.post(reverse("tournaments:event_new"), EVENT)
        assert created.status_code == 302
        event = Event.objects.latest("pk")
        response = client.post(reverse("tournaments:player_add", args=[event.pk]),
                               {"add-player": "victim", "add-decklist_name": guess},
                               follow=True)
        page = response.content.decode()
        answers.append((response.status_code, re.sub(  # what differs between any two events
            r'/\d+/|name="csrfmiddlewaretoken" value="\w+"|name="drop" value="\d+"', "", page)))
        seat = Registration.objects.get(event=event)
        assert seat.decklist_version is None, f"the attacker attached {guess!r}"
        assert SECRET_NAME not in page and "OGRE" not in page
    assert answers[0] == answers[1] == answers[2], "the answers tell a real name from a guess"
    decklist_update(decklist=secret, user=victim, now=timezone.now(),
                    cards=SECRET_CARDS[:9] + ["ZOMBIE"])
    for url in (reverse("decks:decklist", args=[secret.pk]),
                reverse("tournaments:dashboard", args=[event.pk])):
        page = client.get(url)
        assert SECRET_NAME not in page.content.decode()
    assert client.get(reverse("decks:decklist", args=[secret.pk])).status_code == 404


def test_the_added_player_sees_their_empty_seat_and_attaches_their_own_list(client):
    starter_kit()
    alice = UserFactory(username="alice")
    give_starter_kit(alice)
    mine = decklist_create(user=alice, name="Mine", kind="constructed", cards=SECRET_CARDS,
                           now=timezone.now())
    organizer = UserFactory(username="organizer")
    event = OrganizedEventFactory(organizers=[organizer], format="constructed")
    client.force_login(organizer)
    added = client.post(reverse("tournaments:player_add", args=[event.pk]),
                        {"add-player": "alice"}, follow=True)
    assert "no list until they attach their own" in added.content.decode()
    client.force_login(alice)
    me = client.get(reverse("me")).content.decode()
    assert "No list yet" in me and reverse("tournaments:event", args=[event.pk]) in me
    page = client.get(reverse("tournaments:event", args=[event.pk])).content.decode()
    assert "Your seat has no list yet" in page
    assert reverse("tournaments:decklist_attach", args=[event.pk]) in page
    response = client.post(reverse("tournaments:decklist_attach", args=[event.pk]),
                           {"decklist": mine.pk}, follow=True)
    assert "Your list is registered" in response.content.decode()
    assert Registration.objects.get(event=event).decklist_version == mine.current

