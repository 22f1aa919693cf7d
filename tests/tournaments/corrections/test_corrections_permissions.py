"""Who may add a late player, give a no-show and read the corrections trail, as an attacker
tries it: anonymous, a brand-new account, a player of the event, the organizer of another
event; with guessed ids (a seat, a match or an event of someone else's, missing ones),
through the pages and the API. A refused request answers 403/404/409 (or the login page)
and changes nothing; the trail's text reaches the event's organizers only.

The scene is built once for the module (tests/worlds.py); each test runs in its own savepoint
on freshly fetched rows, so it sees the scene unchanged."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.factories.tournaments import CorrectionFactory, OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import pair, seats, start
from tests.worlds import built_once, fresh
from tournaments.models import (
    Correction,
    CorrectionAction,
    Event,
    Match,
    Registration,
    ResultChange,
)

pytestmark = pytest.mark.django_db

LOGIN = "login"
TRAIL = "Undid the drop of"  # the seeded correction's words
USERS = ["anonymous", "newcomer", "player", "other_organizer", "organizer"]


@dataclass
class World:
    event: Event
    other: Event  # another organizer's running event, round 1 paired
    users: dict
    late: Registration  # a late entry of the event with no match in round 1
    match: Match  # alice's match in round 1


@built_once
def world_built() -> World:
    olga, oscar = UserFactory(username="olga"), UserFactory(username="oscar")
    event = OrganizedEventFactory(organizers=[olga], rounds=3, seed=5, no_show_minutes=1)
    alice, *_ = seats(event, "alice bob carol dave")
    start(event)
    rnd = pair(event)  # its clock started at pairing, long ago: the no-show minute has run
    late = SeatFactory(event=event, player=UserFactory(username="zed"), late_entry=True)
    CorrectionFactory(event=event, action=CorrectionAction.UNDROP, registration=alice,
                      round_number=1)
    other = OrganizedEventFactory(organizers=[oscar], rounds=3, seed=6, no_show_minutes=1)
    seats(other, "erin fred")
    start(other)
    pair(other)
    match = rnd.matches.get(player_a=alice) if rnd.matches.filter(player_a=alice).exists() \
        else rnd.matches.get(player_b=alice)
    return World(event=event, other=other, late=late, match=match, users={
        "anonymous": None, "newcomer": UserFactory(username="newcomer"),
        "player": alice.player, "other_organizer": oscar, "organizer": olga})


@pytest.fixture
def world(world_built) -> World:
    return fresh(world_built)


def everything(event: Event) -> dict:
    return {
        "registrations": list(Registration.objects.filter(event=event).values()),
        "matches": list(Match.objects.filter(round__event=event).values()),
        "changes": ResultChange.objects.filter(match__round__event=event).count(),
        "corrections": list(Correction.objects.filter(event=event).values()),
    }


def page(w: World, name: str):  # noqa: ANN201
    """(method, url, data) of each page."""
    e = w.event.pk
    return {
        "trail page": ("get", reverse("tournaments:corrections", args=[e]), None),
        "late player page": ("post", reverse("tournaments:round_late_player", args=[e]),
                             {"late-number": 1, "late-seat": w.late.pk}),
        "no-show page": ("post", reverse("tournaments:match_no_show", args=[e]),
                         {"number": 1, "absent": w.match.player_b_id}),
    }[name]


def api(w: World, name: str):  # noqa: ANN201
    e = w.event.pk
    return {
        "trail api": ("get", f"/api/events/{e}/corrections/", None),
        "late player api": ("post", f"/api/events/{e}/rounds/1/late-players/",
                            {"registration": w.late.pk}),
        "no-show api": ("post", f"/api/matches/{w.match.pk}/no-show/",
                        {"absent": w.match.player_b_id}),
    }[name]


PAGES = {"trail page": 200, "late player page": 302, "no-show page": 302}
APIS = {"trail api": 200, "late player api": 201, "no-show api": 200}


def page_send(client, w: World, user: str, method: str, url: str, data):  # noqa: ANN001, ANN201
    if w.users[user] is not None:
        client.force_login(w.users[user])
    return client.get(url) if method == "get" else client.post(url, data)


def api_send(w: World, user: str, method: str, url: str, data):  # noqa: ANN001, ANN201
    client = APIClient()
    if w.users[user] is not None:
        client.force_authenticate(w.users[user])
    return client.get(url) if method == "get" else client.post(url, data, format="json")


@pytest.mark.parametrize("user", USERS)
@pytest.mark.parametrize("name", list(PAGES))
def test_the_pages_are_the_organizers_only(client, world, name, user):
    before = everything(world.event)
    method, url, data = page(world, name)
    response = page_send(client, world, user, method, url, data)
    if user == "organizer":
        assert response.status_code == PAGES[name]
        if method == "get":
            assert TRAIL in response.content.decode()
        else:
            assert everything(world.event) != before
        return
    if user == "anonymous":
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login") + "?next=")
    else:
        assert response.status_code == 403
        assert TRAIL not in response.content.decode()
    assert everything(world.event) == before


@pytest.mark.parametrize("user", USERS)
@pytest.mark.parametrize("name", list(APIS))
def test_the_api_is_the_organizers_only(world, name, user):
    before = everything(world.event)
    method, url, data = api(world, name)
    response = api_send(world, user, method, url, data)
    if user == "organizer":
        assert response.status_code == APIS[name], response.content
        if method != "get":
            assert everything(world.event) != before
        return
    assert response.status_code == 403
    assert TRAIL not in response.content.decode()
    assert "alice" not in response.content.decode()
    assert everything(world.event) == before


def test_another_organizer_cannot_seat_this_events_player_in_their_own_round(client, world):
    victim = everything(world.event)
    theirs = everything(world.other)
    response = api_send(world, "other_organizer", "post",
                        f"/api/events/{world.other.pk}/rounds/1/late-players/",
                        {"registration": world.late.pk})
    assert response.status_code == 404
    assert "zed" not in response.content.decode()
    client.force_login(world.users["other_organizer"])
    response = client.post(reverse("tournaments:round_late_player", args=[world.other.pk]),
                           {"late-number": 1, "late-seat": world.late.pk})
    assert response.status_code == 400  # not a seat the form offers in their event
    assert everything(world.event) == victim and everything(world.other) == theirs


def test_another_organizer_cannot_give_a_no_show_to_this_events_player(client, world):
    victim = everything(world.event)
    absent = world.match.player_b_id
    # Their own event's form with a guessed seat id: it has no table there.
    client.force_login(world.users["other_organizer"])
    response = client.post(reverse("tournaments:match_no_show", args=[world.other.pk]),
                           {"number": 1, "absent": absent})
    assert response.status_code == 409
    # Their own match with a guessed seat id: not a player of that match, and not named.
    own = Match.objects.get(round__event=world.other, player_b__isnull=False)
    response = api_send(world, "other_organizer", "post", f"/api/matches/{own.pk}/no-show/",
                        {"absent": absent})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "not_in_match"
    name = Registration.objects.get(pk=absent).name
    assert name not in response.content.decode()
    assert everything(world.event) == victim
    assert not Correction.objects.filter(event=world.other).exists()


def test_a_brand_new_account_with_an_event_of_its_own_reads_no_other_trail(world):
    newcomer = world.users["newcomer"]
    OrganizedEventFactory(organizers=[newcomer])
    response = api_send(world, "newcomer", "get", f"/api/events/{world.event.pk}/corrections/",
                        None)
    assert response.status_code == 403 and TRAIL not in response.content.decode()


@pytest.mark.parametrize(("method", "url"), [
    ("get", "/api/events/999999/corrections/"),
    ("post", "/api/events/999999/rounds/1/late-players/"),
    ("post", "/api/matches/999999/no-show/"),
])
def test_missing_ids_are_a_404_even_for_an_organizer(world, method, url):
    data = {"guest_name": "X"} if "late" in url else {"absent": 1}
    response = api_send(world, "organizer", method, url, None if method == "get" else data)
    assert response.status_code == 404


@pytest.mark.parametrize("name", ["corrections", "round_late_player", "match_no_show"])
def test_missing_events_are_a_404_on_the_pages(client, world, name):
    client.force_login(world.users["organizer"])
    url = reverse(f"tournaments:{name}", args=[999999])
    response = client.get(url) if name == "corrections" else client.post(url, {"number": 1})
    assert response.status_code == 404


def test_a_round_that_is_not_there_is_a_404_through_the_api(world):
    before = everything(world.event)
    response = api_send(world, "organizer", "post",
                        f"/api/events/{world.event.pk}/rounds/7/late-players/",
                        {"registration": world.late.pk})
    assert response.status_code == 404
    assert everything(world.event) == before
