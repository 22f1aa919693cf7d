"""A walk-in guest's list, entered by the organizer (issue 16): a list without an owner held
by the guest seat, checked like any list of the event except for the collection (rule C-2.5
for a guest: the cards they bring, vouched for by the organizer), changed until the event
fixes its lists, and the claimer's own once the seat is claimed."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from core.errors import Conflict, DomainError
from decks.models import BanSession, Card, Decklist, DecklistVersion
from decks.rules import SPOILS
from decks.selectors.visibility import visible_versions
from decks.services.ban_requests import ban_session_request
from decks.services.catalogue import other_game
from decks.services.decklists import decklist_create, decklist_update
from tests.decks.test_other_games import load, spoils_deck
from tests.factories import UserFactory
from tests.factories.decklists import LIST_A, LIST_B
from tests.factories.decks import give_starter_kit, starter_kit
from tests.factories.tournaments import GuestSeatFactory, OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start
from tests.web import error_of, html, signed_in
from tournaments.models import Registration
from tournaments.selectors.registrations import registered_list
from tournaments.services.guest_lists import guest_list_enter
from tournaments.services.registrations import registration_add, registration_decklist_attach
from tournaments.services.walkins import registration_claim, registration_guest_add

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _catalogue():
    starter_kit()


def constructed(**kwargs):
    return OrganizedEventFactory(format="constructed", **kwargs)


def guest(event, name="Wanda Walkin"):
    return registration_guest_add(event_id=event.pk, by=organizer_of(event), name=name,
                                  now=now())


def enter(event, seat, when=None, **arguments):
    return guest_list_enter(event_id=event.pk, registration_id=seat.pk,
                            by=organizer_of(event), now=when or now(), **arguments)


def claim(code, user):
    return registration_claim(code=code, by=user, ip="10.0.0.1", now=now())


def test_the_organizer_enters_a_constructed_list_the_guest_owns_no_collection_for():
    event = constructed()
    seat, _ = guest(event)
    entered = enter(event, seat, cards=LIST_A)
    version = entered.decklist_version
    assert version.cards == LIST_A and version.number == 1 and version.entered_for_guest
    assert version.decklist.owner is None and version.decklist.name == "List of Wanda Walkin"
    assert version.entered_by == organizer_of(event)
    # Rule C-2.5 for a guest: the cards they bring, so no "not in your collection".
    assert registered_list(event, entered, now()).problems == []


def test_every_other_check_of_a_list_still_applies_and_nothing_is_written():
    event = constructed()
    seat, _ = guest(event)
    with pytest.raises(DomainError) as err:
        enter(event, seat, name="x" * 101, cards=LIST_A[:8] + ["NOT A CARD", "BARON"])
    assert err.value.code == "invalid_decklist"
    problems = err.value.problems
    assert "the name is longer than 100 characters" in problems
    assert "NOT A CARD is not a card of Clash of Decks" in problems
    assert "BARON appears 2 times: every card must be different" in problems
    assert not any("collection" in p for p in problems)
    seat.refresh_from_db()
    assert seat.decklist_version is None and not Decklist.objects.exists()


def test_a_list_too_short_names_the_count():
    event = constructed()
    seat, _ = guest(event)
    with pytest.raises(DomainError, match="9 cards, 10 needed"):
        enter(event, seat, cards=LIST_A[:9])


def test_a_preconstructed_event_takes_a_deck_number_and_refuses_cards():
    event = OrganizedEventFactory()
    seat, _ = guest(event)
    entered = enter(event, seat, preconstructed_deck=2)
    assert entered.decklist_version.preconstructed_deck == 2
    assert len(entered.decklist_version.cards) == 8
    with pytest.raises(DomainError, match="give a deck number, not cards"):
        enter(event, seat, cards=LIST_A)
    with pytest.raises(DomainError, match="choose one of the preconstructed decks"):
        enter(event, seat, preconstructed_deck=9)
    assert DecklistVersion.objects.count() == 1


def test_a_draft_event_takes_no_guest_list():
    """A draft seats no new guest (walkins); a guest seated before that rule gets no list."""
    event = OrganizedEventFactory(format="draft")
    seat = GuestSeatFactory(event=event)
    with pytest.raises(Conflict) as err:
        enter(event, seat, cards=LIST_A)
    assert err.value.code == "no_decklist_for_draft"


def test_each_change_is_a_new_version_and_the_seat_follows_until_the_lists_are_fixed():
    event = constructed(decklist_deadline=now() + timedelta(days=1))
    seat, _ = guest(event)
    first = enter(event, seat, cards=LIST_A).decklist_version
    second = enter(event, seat, name="Wanda's aggro", cards=LIST_B).decklist_version
    assert second.decklist_id == first.decklist_id and second.number == 2
    assert second.decklist.name == "Wanda's aggro"
    first.refresh_from_db()
    assert first.cards == LIST_A  # a version is never changed
    with pytest.raises(Conflict) as err:
        enter(event, seat, when=event.decklist_deadline, cards=LIST_A)
    assert err.value.code == "lists_fixed"
    seat.refresh_from_db()
    assert seat.decklist_version == second


def test_a_late_guest_gets_a_first_list_after_the_start_but_no_second():
    event = constructed(rounds=3, late_entry_until_round=2)
    seats(event, "alice bob")
    start(event)
    seat, _ = guest(event)
    assert seat.late_entry
    enter(event, seat, cards=LIST_A)
    with pytest.raises(Conflict, match="are fixed"):
        enter(event, seat, cards=LIST_B)


def test_claiming_the_seat_makes_the_list_the_claimers_and_it_stays_registered():
    event = constructed(rounds=2)
    seats(event, "alice bob carol")
    seat, code = guest(event)
    version = enter(event, seat, cards=LIST_A).decklist_version
    start(event)
    rnd = pair(event)
    wanda = UserFactory(username="wanda")
    claim(code, wanda)
    seat.refresh_from_db()
    version.decklist.refresh_from_db()
    assert version.decklist.owner == wanda and seat.decklist_version == version
    # The claimer owns no card, yet the list the organizer vouched for stays legal.
    assert registered_list(event, seat, now()).problems == []
    settle(rnd)
    pair(event)
    seat.refresh_from_db()
    assert seat.decklist_version == version
    with pytest.raises(Conflict) as err:
        enter(event, seat, cards=LIST_B)
    assert err.value.code == "not_a_guest"


def test_after_the_claim_the_claimer_edits_it_like_any_list_of_theirs():
    event = constructed(decklist_deadline=now() + timedelta(days=1))
    seat, code = guest(event)
    version = enter(event, seat, cards=LIST_A).decklist_version
    wanda = UserFactory(username="wanda")
    claim(code, wanda)
    # Their own change is checked against their collection, as for everyone.
    with pytest.raises(DomainError, match="not in your collection"):
        decklist_update(decklist=version.decklist, user=wanda, now=now(), cards=LIST_B)
    give_starter_kit(wanda)
    newer = decklist_update(decklist=version.decklist, user=wanda, now=now(), cards=LIST_B)
    seat.refresh_from_db()
    assert seat.decklist_version == newer and not newer.entered_for_guest


def test_the_organizers_see_the_guest_list_and_everyone_once_published():
    event = constructed()
    alice, = seats(event, "alice")
    seat, _ = guest(event)
    version = enter(event, seat, cards=LIST_A).decklist_version
    organizer = organizer_of(event)
    assert visible_versions(organizer).filter(pk=version.pk).exists()
    assert not visible_versions(alice.player).filter(pk=version.pk).exists()
    start(event)
    api = APIClient()
    api.force_authenticate(organizer)
    assert api.post(f"/api/events/{event.pk}/lists/publish/").status_code == 200
    assert visible_versions(alice.player).filter(pk=version.pk).exists()
    anonymous = APIClient().get(f"/api/events/{event.pk}/guests/{seat.pk}/decklist/")
    assert anonymous.status_code == 200 and anonymous.json()["cards"] == LIST_A


# Pages ------------------------------------------------------------------------------------

def test_the_dashboard_row_of_a_guest_links_to_enter_then_edit_its_list():
    event = constructed()
    seats(event, "alice")
    seat = GuestSeatFactory(event=event, guest_name="Wanda Walkin")
    client = signed_in(organizer_of(event))
    url = reverse("tournaments:guest_list", args=[event.pk, seat.pk])
    dashboard = html(client.get(reverse("tournaments:dashboard", args=[event.pk])))
    assert dashboard.count(url) == 1 and "Enter list" in dashboard
    form = html(client.get(url))
    assert "Enter the list of Wanda Walkin" in form and 'value="List of Wanda Walkin"' in form
    saved = client.post(url, {"name": "Wanda's", "cards": LIST_A}, follow=True)
    assert "The list of Wanda Walkin is saved" in html(saved)
    assert "Edit list" in html(saved)
    seat.refresh_from_db()
    assert seat.decklist_version.cards == LIST_A
    again = html(client.get(url))
    assert "Edit the list of Wanda Walkin" in again
    assert re.search(r'value="BARON" id="pick-\d+" checked', again)
    assert not re.search(r'value="BRIGAND" id="pick-\d+" checked', again)


def test_the_form_names_each_problem_and_saves_nothing():
    event = constructed()
    seat = GuestSeatFactory(event=event)
    client = signed_in(organizer_of(event))
    url = reverse("tournaments:guest_list", args=[event.pk, seat.pk])
    refused = client.post(url, {"name": "Wanda's", "cards": LIST_A[:8] + ["NOT A CARD"]})
    page = html(refused)
    assert refused.status_code == 400
    assert "NOT A CARD is not a card of Clash of Decks" in page and "9 cards, 10 needed" in page
    assert not Decklist.objects.exists()


def test_the_page_of_a_preconstructed_event_offers_the_decks():
    event = OrganizedEventFactory()
    seat = GuestSeatFactory(event=event)
    client = signed_in(organizer_of(event))
    url = reverse("tournaments:guest_list", args=[event.pk, seat.pk])
    assert 'name="preconstructed_deck" value="3"' in html(client.get(url))
    assert client.post(url, {"name": "Deck three", "preconstructed_deck": "3"}).status_code == 302
    seat.refresh_from_db()
    assert seat.decklist_version.preconstructed_deck == 3


def test_the_page_says_why_once_the_lists_are_fixed_and_the_dashboard_offers_no_edit():
    event = constructed(rounds=3, late_entry_until_round=1)
    seats(event, "alice bob")
    seat, _ = guest(event)
    enter(event, seat, cards=LIST_A)
    start(event)
    client = signed_in(organizer_of(event))
    url = reverse("tournaments:guest_list", args=[event.pk, seat.pk])
    assert url not in html(client.get(reverse("tournaments:dashboard", args=[event.pk])))
    page = client.get(url)
    assert "are fixed" in html(page) and 'name="cards"' not in html(page)
    posted = client.post(url, {"name": "x", "cards": LIST_B})
    assert posted.status_code == 409
    seat.refresh_from_db()
    assert seat.decklist_version.cards == LIST_A


# API -------------------------------------------------------------------------------------

def test_the_api_enters_the_list_and_answers_the_seat_with_it():
    event = constructed()
    seat = GuestSeatFactory(event=event, guest_name="Wanda Walkin")
    api = APIClient()
    api.force_authenticate(organizer_of(event))
    url = f"/api/events/{event.pk}/guests/{seat.pk}/decklist/"
    put = api.put(url, {"cards": LIST_A}, format="json")
    assert put.status_code == 200, put.content
    assert put.json()["decklist"]["cards"] == LIST_A
    assert put.json()["decklist"]["name"] == "List of Wanda Walkin"
    got = api.get(url)
    assert got.status_code == 200 and got.json()["cards"] == LIST_A


def test_the_api_names_each_problem_and_saves_nothing():
    event = constructed()
    seat = GuestSeatFactory(event=event)
    api = APIClient()
    api.force_authenticate(organizer_of(event))
    bad = api.put(f"/api/events/{event.pk}/guests/{seat.pk}/decklist/",
                  {"cards": ["NOT A CARD"] + LIST_A[:3]}, format="json")
    assert bad.status_code == 400
    error = error_of(bad)
    assert error["code"] == "invalid_decklist"
    assert "NOT A CARD is not a card of Clash of Decks" in error["problems"]
    assert "4 cards, 10 needed" in error["problems"]
    malformed = api.put(f"/api/events/{event.pk}/guests/{seat.pk}/decklist/",
                        {"cards": "BARON"}, format="json")
    assert malformed.status_code == 400
    assert not Decklist.objects.exists()


# Other games -----------------------------------------------------------------------------

def test_a_spoils_guest_list_is_checked_by_the_games_rules_on_the_page():
    load(SPOILS)
    event = OrganizedEventFactory(format="constructed", game=other_game(SPOILS))
    seat = GuestSeatFactory(event=event, guest_name="Wanda Walkin")
    client = signed_in(organizer_of(event))
    url = reverse("tournaments:guest_list", args=[event.pk, seat.pk])
    copies = {card.name: card.pk for card in Card.objects.filter(card_set__game=event.game)}
    form = html(client.get(url))
    assert f'name="copies-{copies["Greed"]}"' in form and 'name="deck_format"' not in form

    def post(deck):
        counts = {name: deck.count(name) for name in copies}
        return client.post(url, {"name": "Guild", **{f"copies-{pk}": counts[name]
                                                     for name, pk in copies.items()}})

    refused = post(spoils_deck(**{"Lantern Guild": 0}))
    assert refused.status_code == 400 and "S-8" in html(refused)
    assert not Decklist.objects.exists()
    assert post(spoils_deck()).status_code == 302
    seat.refresh_from_db()
    assert sorted(seat.decklist_version.cards) == sorted(spoils_deck())
    assert seat.decklist_version.decklist.deck_format == "constructed"
    assert registered_list(event, seat, now()).problems == []


def test_the_registered_list_page_of_a_guest_without_a_list_links_to_the_form():
    event = constructed()
    seat = GuestSeatFactory(event=event)
    page = html(signed_in(organizer_of(event)).get(
        reverse("tournaments:seat_list", args=[event.pk, seat.pk])))
    assert reverse("tournaments:guest_list", args=[event.pk, seat.pk]) in page
    assert "only the player can attach" not in page


def test_the_claimer_finds_the_list_among_their_decks_registered_in_the_event():
    event = constructed()
    seat, code = guest(event)
    enter(event, seat, name="Wanda's aggro", cards=LIST_A)
    wanda = UserFactory(username="wanda")
    claim(code, wanda)
    client = signed_in(wanda)
    assert "Wanda&#x27;s aggro" in html(client.get(reverse("decks:decklists")))
    seat.refresh_from_db()
    detail = html(client.get(reverse("decks:decklist", args=[seat.decklist_version.decklist_id])))
    assert event.name in detail and "a guest's list" not in detail


def test_no_one_bans_online_for_a_guest_so_an_event_ban_session_with_their_list_is_refused():
    """Rule C-2.5's bans are each player's: a guest without an account makes them at the
    table, and neither the organizer nor an AI seat makes them for the guest."""
    event = constructed()
    guest_seat = enter(event, guest(event)[0], cards=LIST_B)
    give_starter_kit(ann := UserFactory(username="ann"))
    own = decklist_create(user=ann, name="Ann's", kind="constructed", cards=LIST_A,
                          now=now()).current
    registration_add(event_id=event.pk, by=organizer_of(event), player=ann, now=now())
    seat = Registration.objects.get(event=event, player=ann)
    registration_decklist_attach(registration_id=seat.pk, by=ann, now=now(),
                                 decklist_version_id=own.pk)
    for a, b in ((own, guest_seat.decklist_version),
                 (guest_seat.decklist_version, own)):
        with pytest.raises(DomainError) as err:
            ban_session_request(user=organizer_of(event), version_a_id=a.pk,
                                version_b_id=b.pk, player_b=None, event=event, now=now(),
                                seed=1)
        assert err.value.code == "guest_list_ban"
        assert "is a guest's list: a guest makes their bans at the table" in err.value.message
    assert not BanSession.objects.exists()
