"""The display name shows on pairings, standings and player pages instead of the username,
and a change shows at once although those pages are kept per results version."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory, starter_kit
from tests.factories.accounts import ProfileFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, pair, settle, start
from tests.web import html, signed_in
from tournaments.models import Registration, Round
from tournaments.services.events import event_complete
from tournaments.services.registrations import registration_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():  # noqa: ANN201
    starter_kit()
    ada, ben = UserFactory(username="ada"), UserFactory(username="ben")
    ProfileFactory(user=ada, display_name="Ada Lovelace")
    event = OrganizedEventFactory(name="Harbour Open", rounds=1)
    for player, deck in ((ada, 2), (ben, 4)):
        registration_create(event_id=event.pk, by=player, now=now(), preconstructed_deck=deck)
    start(event)
    pair(event)
    return event


def page(name: str, event) -> str:  # noqa: ANN001
    return html(Client().get(reverse(f"tournaments:{name}", args=[event.pk])))


def rename(username: str, display_name: str) -> None:
    response = signed_in(Registration.objects.get(player__username=username).player).post(
        reverse("accounts:profile"), {"display_name": display_name})
    assert response.status_code == 302


def test_pairings_standings_and_the_player_page_show_the_display_name(event):
    for name in ("pairings", "standings"):
        text = page(name, event)
        assert "Ada Lovelace" in text and "ben" in text
        assert ">ada<" not in text
    seat = Registration.objects.get(player__username="ada")
    player = html(Client().get(reverse("tournaments:event_player", args=[event.pk, seat.pk])))
    assert "Ada Lovelace" in player


def test_a_changed_name_shows_on_the_kept_pages_at_once(event):
    for name in ("pairings", "standings"):
        assert "Ada Lovelace" in page(name, event)  # now kept for this results version
    rename("ada", "Countess Ada")
    rename("ben", "Benedikt")
    for name in ("pairings", "standings"):
        text = page(name, event)
        assert "Countess Ada" in text and "Benedikt" in text and "Ada Lovelace" not in text
    rename("ada", "")
    assert "Countess Ada" not in page("standings", event) and "ada" in page("standings", event)


def test_the_frozen_standings_of_a_complete_event_show_the_name_as_it_is_now(event):
    settle(Round.objects.get(event=event))
    event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    assert "Ada Lovelace" in page("standings", event)
    rename("ada", "Countess Ada")
    text = page("standings", event)
    assert "Countess Ada" in text and "Ada Lovelace" not in text
