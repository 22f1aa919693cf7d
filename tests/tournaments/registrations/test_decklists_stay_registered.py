"""Decklists stay what was registered: the new-event page and the API take a decklist deadline
and say that without one the lists are fixed at the start; the organizer opens each player's
registered version (card counts, the game's legality verdict) from the registration list and
records deck checks in the event's audit trail; publishing the lists opens exactly the
registered versions of the event, never a later edit, and nothing of a hidden list reaches
anyone else before."""

from __future__ import annotations

import html
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from core.errors import Conflict, DomainError, Forbidden
from decks.models import CollectionEntry, DecklistVersion
from decks.selectors.visibility import visible_versions
from decks.services.decklists import decklist_create, decklist_update
from engine.clash.cards import load_catalogue
from tests.factories import UserFactory, give_starter_kit
from tests.factories.decklists import LIST_A
from tests.factories.tournaments import DeckCheckFactory, OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import pair, start
from tournaments.models import DeckCheck, DeckCheckOutcome, Event, EventStatus
from tournaments.services.decklists import deck_check_record, event_lists_publish

pytestmark = pytest.mark.django_db

LIST = LIST_A


def other_cards() -> list[str]:
    return [c.name for c in load_catalogue().cards if c.name not in LIST][:10]


def page(client, name: str, *args) -> str:
    return html.unescape(client.get(reverse(f"tournaments:{name}", args=args))
                         .content.decode())


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def api_as(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


def constructed_event(names=("ann", "ben"), **settings):
    """A constructed event in registration whose players registered their own lists."""
    organizer = UserFactory(username="olga")
    event = OrganizedEventFactory(format="constructed", organizers=[organizer], rounds=3,
                                  **settings)
    for name, cards in zip(names, (LIST, other_cards()), strict=False):
        user = UserFactory(username=name)
        give_starter_kit(user)
        version = decklist_create(user=user, name=f"{name}'s list", kind="constructed",
                                  cards=cards, now=timezone.now()).versions.get()
        SeatFactory(event=event, player=user, decklist_version=version)
    return event, organizer


def seat_of(event, name):
    return event.registrations.get(player__username=name)


# The decklist deadline on the new-event page and in the API -----------------------------------

def test_the_new_event_page_took_no_decklist_deadline_nor_said_what_none_means():
    client = as_user(UserFactory(username="olga"))
    form = page(client, "event_new")
    assert 'name="decklist_deadline"' in form and 'type="datetime-local"' in form
    assert "Leave empty and the lists are fixed when the event starts" in form
    response = client.post(reverse("tournaments:event_new"), {
        "name": "Deadline Open", "format": "constructed", "match_length": 3, "top_cut": 0,
        "late_entry_until_round": 0, "decklist_deadline": "2026-06-01T09:30"})
    assert response.status_code == 302, response.content
    event = Event.objects.get(name="Deadline Open")
    assert event.decklist_deadline is not None
    assert timezone.localtime(event.decklist_deadline).strftime("%Y-%m-%d %H:%M") == \
        "2026-06-01 09:30"
    about = page(Client(), "event", event.pk)
    assert "fixed at the decklist deadline, 1 Jun 2026, 09:30, or when the event starts if " \
           "that comes first" in about
    none = OrganizedEventFactory(format="constructed")
    assert "fixed when the event starts (no decklist deadline)" in page(Client(), "event",
                                                                        none.pk)


def test_the_api_did_not_say_what_an_empty_decklist_deadline_means():
    olga = api_as(UserFactory(username="olga"))
    schema = olga.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    assert "empty: the lists are fixed when the event starts" in schema
    deadline = timezone.now() + timedelta(days=1)
    made = olga.post("/api/events/", {"name": "API Open", "format": "constructed",
                                      "decklist_deadline": deadline.isoformat()},
                     format="json").json()
    assert made["decklist_deadline"] is not None and made["lists_fixed"] is False
    plain = olga.post("/api/events/", {"name": "No deadline", "format": "constructed"},
                      format="json").json()
    assert plain["decklist_deadline"] is None and plain["lists_fixed"] is False


# Deck checks ------------------------------------------------------------------------------------

def test_the_registration_list_did_not_link_to_each_players_registered_version():
    event, organizer = constructed_event()
    start(event)
    ann, ben = seat_of(event, "ann"), seat_of(event, "ben")
    board = page(as_user(organizer), "dashboard", event.pk)
    for seat in (ann, ben):
        assert reverse("tournaments:seat_list", args=[event.pk, seat.pk]) in board
    listed = page(as_user(organizer), "seat_list", event.pk, ann.pk)
    assert "ann's list”, version 1" in listed and "Fixed: this is the version" in listed
    assert "10 cards, 10 different" in listed
    assert re.search(r"<td>1</td><th scope=\"row\">BARON</th>", listed)
    assert "The list passes the game's rules." in listed
    # The game's own check: a card the player no longer owns makes the list illegal.
    CollectionEntry.objects.filter(owner=ann.player, card__name="BARON").delete()
    listed = page(as_user(organizer), "seat_list", event.pk, ann.pk)
    assert "Not legal" in listed and "BARON is not in your collection" in listed


def test_a_registered_version_page_was_open_to_others_than_the_organizers():
    event, organizer = constructed_event()
    start(event)
    ann = seat_of(event, "ann")
    url = reverse("tournaments:seat_list", args=[event.pk, ann.pk])
    assert Client().get(url).status_code == 302  # to the login page
    for user in (ben := seat_of(event, "ben").player, ann.player, UserFactory()):
        assert as_user(user).get(url).status_code == 403, user
    assert ben.username == "ben"


def test_a_deck_check_during_the_event_was_not_recorded_in_the_audit_trail():
    event, organizer = constructed_event()
    start(event)
    pair(event)
    ann = seat_of(event, "ann")
    client = as_user(organizer)
    response = client.post(reverse("tournaments:deck_check", args=[event.pk, ann.pk]), {
        "check-round_number": 1, "check-outcome": DeckCheckOutcome.DIFFERS,
        "check-note": "BOOM! missing from the deck box"}, follow=True)
    assert response.status_code == 200
    assert "Deck check of ann in round 1 recorded: 1 check of this deck so far." in \
        html.unescape(response.content.decode())
    check = DeckCheck.objects.get()
    assert (check.registration, check.by, check.round_number, check.outcome, check.note) == (
        ann, organizer, 1, DeckCheckOutcome.DIFFERS, "BOOM! missing from the deck box")
    assert check.decklist_version_id == ann.decklist_version_id and check.at is not None
    board = page(client, "dashboard", event.pk)
    assert "olga</strong> checked" in board and "ann</a> in round 1" in board
    assert "The deck differs from the registered list" in board
    # The players never see the record.
    for user in (ann.player, seat_of(event, "ben").player):
        assert as_user(user).post(reverse("tournaments:deck_check", args=[event.pk, ann.pk]), {
            "check-round_number": 1, "check-outcome": "matches"}).status_code == 403
        assert "BOOM! missing" not in page(as_user(user), "event_player", event.pk, ann.pk)
    assert DeckCheck.objects.count() == 1


def test_a_deck_check_before_the_event_or_in_a_round_not_paired_was_recorded():
    event, organizer = constructed_event()
    ann = seat_of(event, "ann")
    with pytest.raises(Conflict) as refused:
        deck_check_record(event_id=event.pk, registration_id=ann.pk, by=organizer,
                          outcome="matches", now=timezone.now())
    assert refused.value.code == "not_running"
    assert refused.value.message.startswith("Deck checks are recorded while")
    start(event)
    pair(event)
    with pytest.raises(DomainError) as refused:
        deck_check_record(event_id=event.pk, registration_id=ann.pk, by=organizer,
                          outcome="matches", round_number=3, now=timezone.now())
    assert refused.value.code == "invalid_deck_check"
    with pytest.raises(DomainError) as refused:
        deck_check_record(event_id=event.pk, registration_id=ann.pk, by=ann.player,
                          outcome="matches", now=timezone.now())
    assert isinstance(refused.value, Forbidden)
    assert not DeckCheck.objects.exists()
    check = deck_check_record(event_id=event.pk, registration_id=ann.pk, by=organizer,
                              outcome="matches", now=timezone.now())
    assert check.round_number == 1  # the round being played


def test_the_api_had_no_deck_checks_and_keeps_them_to_the_organizers():
    event, organizer = constructed_event()
    start(event)
    pair(event)
    ann = seat_of(event, "ann")
    url = f"/api/events/{event.pk}/deck-checks/"
    made = api_as(organizer).post(url, {"registration": ann.pk, "outcome": "matches",
                                        "note": "sleeves fine"}, format="json")
    assert made.status_code == 201, made.content
    assert made.json()["by"] == "olga" and made.json()["round"] == 1
    DeckCheckFactory(registration=seat_of(event, "ben"), by=organizer)
    listed = api_as(organizer).get(url).json()
    assert {row["name"] for row in listed} == {"ann", "ben"}
    for user in (ann.player, UserFactory()):
        assert api_as(user).get(url).status_code == 403
        assert api_as(user).post(url, {"registration": ann.pk, "outcome": "differs"},
                                 format="json").status_code == 403
    assert APIClient().get(url).status_code in (401, 403)
    assert DeckCheck.objects.count() == 2


# Publishing the lists ---------------------------------------------------------------------------

def test_publishing_opens_exactly_the_registered_versions_not_later_edits():
    event, organizer = constructed_event()
    other, _ = constructed_event(names=("cid",))  # another event, never published
    start(event)
    ann = seat_of(event, "ann")
    registered = {r.decklist_version_id for r in event.registrations.all()}
    # After the start ann edits her list: version 2 is no event's.
    later = decklist_update(decklist=ann.decklist_version.decklist, user=ann.player,
                            now=timezone.now(), cards=LIST[:9] + [other_cards()[0]])
    anyone, stranger = Client(), as_user(UserFactory())
    decklist_url = reverse("decks:decklist", args=[later.decklist_id])
    for client in (anyone, stranger):
        assert "List: “" not in page(client, "event", event.pk)
        assert "hidden until its organizers publish them" in page(client, "event_player",
                                                                   event.pk, ann.pk)
        assert client.get(decklist_url).status_code == 404
    assert not visible_versions(UserFactory()).exists()

    response = as_user(organizer).post(reverse("tournaments:lists_publish", args=[event.pk]),
                                       follow=True)
    assert "The lists are published" in html.unescape(response.content.decode())
    event.refresh_from_db()
    assert event.lists_published and event.lists_published_by == organizer
    assert set(visible_versions(UserFactory()).values_list("pk", flat=True)) == registered
    assert later.pk not in registered
    for client in (anyone, stranger):
        listing = page(client, "event", event.pk)
        assert "List: “ann's list”, version 1" in listing and "“ben's list”, version 1" in listing
        player = page(client, "event_player", event.pk, ann.pk)
        assert "“ann's list”, version 1" in player and other_cards()[0] not in player
        shown = html.unescape(client.get(decklist_url).content.decode())
        assert "version 1" in shown and other_cards()[0] not in shown and "Version 2" not in shown
    api = APIClient().get(f"/api/events/{event.pk}/registrations/").json()
    assert {row["decklist"]["version"] for row in api} == registered
    # The other event's list stays hidden.
    cid = seat_of(other, "cid")
    assert anyone.get(reverse("decks:decklist", args=[cid.decklist_version.decklist_id])
                      ).status_code == 404
    assert not DecklistVersion.objects.filter(pk=cid.decklist_version_id).filter(
        pk__in=visible_versions(UserFactory())).exists()


def test_the_lists_could_not_be_published_nor_before_they_are_fixed():
    event, organizer = constructed_event(decklist_deadline=timezone.now() + timedelta(days=1))
    with pytest.raises(Conflict) as refused:
        event_lists_publish(event_id=event.pk, by=organizer, now=timezone.now())
    assert refused.value.code == "lists_not_fixed"
    assert refused.value.message.startswith("The lists of")
    board = page(as_user(organizer), "dashboard", event.pk)
    assert "Publish the lists</button>" not in board
    assert "The lists can be published once they are fixed" in board
    start(event)
    ann = seat_of(event, "ann")
    url = f"/api/events/{event.pk}/lists/publish/"
    assert api_as(ann.player).post(url).status_code == 403
    event.refresh_from_db()
    assert not event.lists_published
    assert "Publish the lists</button>" in page(as_user(organizer), "dashboard", event.pk)
    published = api_as(organizer).post(url)
    assert published.status_code == 200 and published.json()["lists_published"] is True
    assert published.json()["lists_fixed"] is True
    assert api_as(organizer).post(url).status_code == 200  # again: no change
    assert event.status == EventStatus.RUNNING


def test_an_organizer_reads_a_berserk_lists_problems_in_russian():
    from decks.rules import BERSERK
    from decks.services.catalogue import other_game
    from tests.decks.test_other_games import berserk_deck, load

    load(BERSERK)
    organizer = UserFactory(username="olga")
    event = OrganizedEventFactory(format="constructed", organizers=[organizer],
                                  game=other_game(BERSERK))
    ann = UserFactory(username="ann")
    version = decklist_create(user=ann, name="Hills", kind="constructed", cards=berserk_deck(30),
                              game=other_game(BERSERK), now=timezone.now()).versions.get()
    seat = SeatFactory(event=event, player=ann, decklist_version=version)
    # The list as registered, read again by rules that now find it short and over-copied.
    DecklistVersion.objects.filter(pk=version.pk).update(cards=["Road Scout"] * 4)
    client = as_user(organizer)
    listed = html.unescape(client.get(reverse("tournaments:seat_list", args=[event.pk, seat.pk]),
                                      HTTP_ACCEPT_LANGUAGE="ru").content.decode())
    assert "4 копии карты Road Scout: не больше 3: уберите 1 (B-6)" in listed
    assert "4 карты: в колоде от 30 до 50 карт: добавьте 26 (B-6)" in listed
    assert "copies of" not in listed and "a deck has" not in listed
