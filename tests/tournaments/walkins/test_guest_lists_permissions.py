"""Who writes and reads a walk-in guest's list (issue 16), as an attacker tries it: only the
event's organizers write it, only for a guest seat, and only until the seat is claimed or
the event fixes its lists; before the lists are published only the organizers read it, on
every page and API that shows a list; after the claim it is the claimer's, and stays the
seat's registered list through the event.

The scene is built once for the module (tests/worlds.py); each test runs in its own savepoint
on freshly fetched rows, so it sees the scene unchanged."""

from dataclasses import dataclass

import pytest
from django.urls import reverse

from core.errors import Conflict, Forbidden, NotFound
from decks.models import Decklist, DecklistVersion
from tests.factories import UserFactory
from tests.factories.decklists import LIST_A, LIST_B
from tests.factories.decks import starter_kit
from tests.factories.tournaments import AISeatFactory, OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start
from tests.web import client_for, html, signed_in
from tests.worlds import built_once, fresh
from tournaments.models import Registration
from tournaments.services.events import event_complete
from tournaments.services.guest_lists import guest_list_enter
from tournaments.services.walkins import registration_claim, registration_guest_add

pytestmark = pytest.mark.django_db

SECRET = LIST_A  # the guest's cards: no page or answer but the allowed ones may hold them


@dataclass
class World:
    event: object
    seat: Registration
    code: str
    version: DecklistVersion
    users: dict
    other_event: object


@built_once
def world_built() -> World:
    starter_kit()
    event = OrganizedEventFactory(format="constructed", rounds=1)
    alice, bob = seats(event, "alice bob")
    seat, code = registration_guest_add(event_id=event.pk, by=organizer_of(event),
                                        name="Wanda Walkin", now=now())
    seat = guest_list_enter(event_id=event.pk, registration_id=seat.pk,
                            by=organizer_of(event), now=now(), cards=SECRET)
    other = OrganizedEventFactory(format="constructed")
    return World(event=event, seat=seat, code=code, version=seat.decklist_version,
                 other_event=other, users={
        "anonymous": None, "new account": UserFactory(username="newcomer"),
        "player": alice.player, "other organizer": organizer_of(other),
        "organizer": organizer_of(event)})


@pytest.fixture
def world(world_built) -> World:
    return fresh(world_built)


def guest_api(world: World, event_id: int | None = None, seat_id: int | None = None) -> str:
    return (f"/api/events/{event_id or world.event.pk}/guests/"
            f"{seat_id or world.seat.pk}/decklist/")


def page_url(world: World, event_id: int | None = None, seat_id: int | None = None) -> str:
    return reverse("tournaments:guest_list",
                   args=[event_id or world.event.pk, seat_id or world.seat.pk])


ATTACKERS = ("anonymous", "new account", "player", "other organizer")
# What each attacker's write gets: the login page for the anonymous, 403 for the others.
PAGE_WRITE = {"anonymous": 302, "new account": 403, "player": 403, "other organizer": 403}
API_WRITE = {"anonymous": 403, "new account": 403, "player": 403, "other organizer": 403}


@pytest.mark.parametrize("role", ATTACKERS)
def test_no_one_but_the_organizers_writes_the_guests_list(world, role):
    user = world.users[role]
    api = client_for(user)
    assert api.put(guest_api(world), {"cards": LIST_B}, format="json").status_code \
        == API_WRITE[role]
    page = client_for(user)
    assert page.get(page_url(world)).status_code == PAGE_WRITE[role]
    assert page.post(page_url(world), {"name": "Mine", "cards": LIST_B}).status_code \
        == PAGE_WRITE[role]
    if user is not None:
        with pytest.raises(Forbidden):
            guest_list_enter(event_id=world.event.pk, registration_id=world.seat.pk, by=user,
                             now=now(), cards=LIST_B)
    world.seat.refresh_from_db()
    assert world.seat.decklist_version == world.version
    assert DecklistVersion.objects.filter(decklist=world.version.decklist).count() == 1


@pytest.mark.parametrize("role", ATTACKERS)
def test_no_one_but_the_organizers_reads_it_before_the_lists_are_published(world, role):
    user = world.users[role]
    api = client_for(user)
    paths = [guest_api(world), f"/api/decklists/{world.version.decklist_id}/",
             f"/api/decklists/{world.version.decklist_id}/versions/",
             f"/api/events/{world.event.pk}/registrations/",
             f"/api/events/{world.event.pk}/registrations/{world.seat.pk}/"]
    for path in paths:
        body = api.get(path).content.decode()
        assert not any(card in body for card in SECRET), (role, path)
    assert api.get(guest_api(world)).status_code == 404
    assert api.get(f"/api/decklists/{world.version.decklist_id}/").status_code == 404
    pages = client_for(user)
    for url in (reverse("decks:decklist", args=[world.version.decklist_id]),
                reverse("tournaments:event", args=[world.event.pk]),
                reverse("tournaments:event_player", args=[world.event.pk, world.seat.pk]),
                reverse("tournaments:seat_list", args=[world.event.pk, world.seat.pk])):
        body = html(pages.get(url))
        assert not any(card in body for card in SECRET), (role, url)


def test_the_organizer_reads_it_on_the_api_the_deck_check_page_and_the_list_page(world):
    organizer = world.users["organizer"]
    api = client_for(organizer)
    assert api.get(guest_api(world)).json()["cards"] == SECRET
    seats_seen = api.get(f"/api/events/{world.event.pk}/registrations/").json()
    seen = next(s for s in seats_seen if s["id"] == world.seat.pk)
    assert seen["decklist"]["cards"] == SECRET
    detail = api.get(f"/api/decklists/{world.version.decklist_id}/")
    assert detail.status_code == 200 and detail.json()["owner"] is None
    client = signed_in(organizer)
    check = html(client.get(reverse("tournaments:seat_list",
                                    args=[world.event.pk, world.seat.pk])))
    assert "BARON" in check and "Legal" in check
    assert f"Entered for the guest by {organizer.get_username()}" in check
    listed = client.get(reverse("decks:decklist", args=[world.version.decklist_id]))
    assert listed.status_code == 200 and "a guest's list" in html(listed)


def test_guessed_ids_read_like_missing_ones(world):
    other = world.users["other organizer"]
    other_event = world.other_event
    api = client_for(other)
    # The victim's seat under the attacker's own event: no such seat there.
    through_own = api.put(guest_api(world, event_id=other_event.pk), {"cards": LIST_B},
                          format="json")
    assert through_own.status_code == 404
    assert api.get(guest_api(world, event_id=other_event.pk)).status_code == 404
    missing = api.put(guest_api(world, event_id=other_event.pk, seat_id=world.seat.pk + 999),
                      {"cards": LIST_B}, format="json")
    assert missing.status_code == 404
    assert client_for(other).get(page_url(world, event_id=other_event.pk)).status_code == 404
    with pytest.raises(NotFound):
        guest_list_enter(event_id=other_event.pk, registration_id=world.seat.pk, by=other,
                         now=now(), cards=LIST_B)
    world.seat.refresh_from_db()
    assert world.seat.decklist_version == world.version


def test_the_organizer_writes_no_list_for_an_account_or_ai_seat(world):
    organizer = world.users["organizer"]
    alice = Registration.objects.get(event=world.event, player=world.users["player"])
    ai = AISeatFactory(event=world.event, ai_name="Bot")
    api = client_for(organizer)
    for seat in (alice, ai):
        refused = api.put(guest_api(world, seat_id=seat.pk), {"cards": LIST_B}, format="json")
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_a_guest"
        page = signed_in(organizer).post(page_url(world, seat_id=seat.pk),
                                         {"name": "x", "cards": LIST_B})
        assert page.status_code == 409 and "not a guest seat" in html(page)
        seat.refresh_from_db()
        assert seat.decklist_version is None
    assert not Decklist.objects.filter(owner=world.users["player"]).exists()


def test_after_the_claim_the_claimer_owns_it_and_the_organizer_cannot_edit_it(world):
    wanda = UserFactory(username="wanda")
    registration_claim(code=world.code, by=wanda, ip="10.0.0.1", now=now())
    world.version.decklist.refresh_from_db()
    assert world.version.decklist.owner == wanda
    organizer = world.users["organizer"]
    with pytest.raises(Conflict) as err:
        guest_list_enter(event_id=world.event.pk, registration_id=world.seat.pk,
                         by=organizer, now=now(), cards=LIST_B)
    assert err.value.code == "not_a_guest"
    refused = client_for(organizer).put(guest_api(world), {"cards": LIST_B}, format="json")
    assert refused.status_code == 409
    dashboard = html(signed_in(organizer).get(reverse("tournaments:dashboard",
                                                      args=[world.event.pk])))
    assert page_url(world) not in dashboard
    # The claimer sees it as their own; the other players still do not.
    mine = client_for(wanda).get(f"/api/decklists/{world.version.decklist_id}/")
    assert mine.status_code == 200 and mine.json()["owner"] == "wanda"
    assert client_for(world.users["player"]).get(guest_api(world)).status_code == 404
    world.seat.refresh_from_db()
    assert world.seat.decklist_version == world.version


def test_the_claimed_list_stays_registered_through_the_event_and_is_published_with_it(world):
    start(world.event)
    rnd = pair(world.event)
    wanda = UserFactory(username="wanda")
    registration_claim(code=world.code, by=wanda, ip="10.0.0.1", now=now())
    settle(rnd)
    event, _ = event_complete(event_id=world.event.pk, by=world.users["organizer"], now=now())
    world.seat.refresh_from_db()
    assert world.seat.decklist_version == world.version and world.seat.player == wanda
    organizer = client_for(world.users["organizer"])
    assert organizer.post(f"/api/events/{event.pk}/lists/publish/").status_code == 200
    anyone = client_for(None).get(guest_api(world))
    assert anyone.status_code == 200 and anyone.json()["cards"] == SECRET


def test_a_guest_list_published_before_the_claim_is_everyones_and_the_seat_its_only_key(world):
    """Publishing shows the guest seat's list; a list without an owner held by no seat of a
    published event (say one replaced by a later version) stays hidden."""
    organizer = world.users["organizer"]
    guest_list_enter(event_id=world.event.pk, registration_id=world.seat.pk, by=organizer,
                     now=now(), cards=LIST_B)  # version 2: version 1 is held by no seat
    start(world.event)
    assert client_for(organizer).post(
        f"/api/events/{world.event.pk}/lists/publish/").status_code == 200
    player = client_for(world.users["player"])
    assert player.get(guest_api(world)).json()["cards"] == LIST_B
    versions = player.get(f"/api/decklists/{world.version.decklist_id}/versions/")
    assert [v["number"] for v in versions.json()] == [2]
