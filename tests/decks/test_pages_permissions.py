"""Who may see and change what on the decks pages, as one table.

The owner's constructed list "Secret Ogre Rush" is registered in an event (its organizer may
see it) and played in a ban session of that event against an AI seat. For every page and
method, each kind of visitor gets an expected answer; a forbidden one (403, 404, or the login
page for anonymous visitors) changes nothing and never shows the hidden list's name or cards.

The attacker's path ends here too: a brand-new account that made its own event and added the
owner by username, guessing the list's name, still gets the 404 a missing list gets.

The world is built once for the module (tests/worlds.py): every test runs in its own savepoint
on freshly fetched rows, so it sees the world unchanged and what it writes is rolled back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from decks.models import BanSession, Card, CollectionEntry, Decklist, DecklistVersion
from decks.services.bans import ban_session_start
from decks.services.decklists import decklist_create, decklist_update
from tests.factories import (
    EventFactory,
    RegistrationFactory,
    UserFactory,
    give_starter_kit,
    starter_kit,
)
from tests.factories.decklists import LIST_A, LIST_B
from tests.worlds import built_once, fresh
from tournaments.models import Event, Registration

pytestmark = pytest.mark.django_db

SECRET_NAME = "Secret Ogre Rush"
SECRET_CARDS = LIST_A
PRACTICE_CARDS = LIST_B
USERS = ("anonymous", "owner", "other", "organizer", "other_organizer")
LOGIN = "login"  # a redirect to the login page
OWN = "own"  # succeeds, on the visitor's own data only (a 200 page or a 302 after a POST)


@dataclass
class World:
    users: dict
    secret: Decklist
    practice: Decklist
    session: BanSession


@built_once
def world_built() -> World:
    starter_kit()
    owner, other, organizer, other_organizer = (
        UserFactory(username=name) for name in ("owner", "other", "organizer", "elsewhere"))
    give_starter_kit(owner)
    now = timezone.now()
    secret = decklist_create(user=owner, name=SECRET_NAME, kind="constructed",
                             cards=SECRET_CARDS, now=now)
    practice = decklist_create(user=owner, name="Practice", kind="constructed",
                               cards=PRACTICE_CARDS, now=now)
    event = EventFactory(organizers=[organizer])
    EventFactory(organizers=[other_organizer])
    RegistrationFactory(event=event, player=owner, decklist_version=secret.current)
    session = ban_session_start(version_a=secret.current, version_b=practice.current,
                                player_a=owner, player_b=None, now=now, seed=3, event=event)
    return World(users={"anonymous": None, "owner": owner, "other": other,
                        "organizer": organizer, "other_organizer": other_organizer},
                 secret=secret, practice=practice, session=session)


@pytest.fixture
def world(world_built) -> World:
    return fresh(world_built)


def _csv():
    return SimpleUploadedFile("c.csv", b"set,card,count\nstarter-kit,OGRE,5\n")


# What each request sends. The ban is ZOMBIE, a card of the AI seat's list, at A's step 2.
REQUESTS = {
    "decklist": lambda w: (reverse("decks:decklist", args=[w.secret.pk]), {
        "name": "Changed", "cards": SECRET_CARDS[:9] + ["ZOMBIE"], "base_version": "1"}),
    "decklist_edit": lambda w: (reverse("decks:decklist_edit", args=[w.secret.pk]), {
        "name": "Changed", "cards": SECRET_CARDS[:9] + ["ZOMBIE"], "base_version": "1"}),
    "decklists": lambda w: (reverse("decks:decklists"), {}),
    "decklist_new": lambda w: (reverse("decks:decklist_new"), {
        "name": "Fresh", "kind": "preconstructed", "preconstructed_deck": "2"}),
    "decklist_validate": lambda w: (reverse("decks:decklist_validate"), {
        "name": "Fresh", "kind": "constructed", "cards": SECRET_CARDS}),
    "collection": lambda w: (reverse("decks:collection"), {}),
    "collection_starter_kit": lambda w: (reverse("decks:collection_starter_kit"),
                                         {"copies": "3"}),
    "collection_count": lambda w: (reverse("decks:collection_count"), {
        "card": Card.objects.get(name="OGRE").pk, "count": "7", "panel": "row"}),
    "collection_import": lambda w: (reverse("decks:collection_import"), {"file": _csv()}),
    "collection_export": lambda w: (reverse("decks:collection_export"), {}),
    "bans": lambda w: (reverse("decks:bans"), {}),
    "ban_start": lambda w: (reverse("decks:ban_start"), {
        "list_a": w.secret.pk, "list_b": w.practice.pk}),
    "ban_session": lambda w: (reverse("decks:ban_session", args=[w.session.pk]),
                              {"card": "ZOMBIE"}),
}

# page,                    method, anonymous, owner, other, organizer, other_organizer
MATRIX = [
    ("decklist",               "GET",  404,   200,   404,   200,   404),
    ("decklist",               "POST", 404,   405,   404,   405,   404),
    ("decklist_edit",          "GET",  LOGIN, 200,   404,   404,   404),
    ("decklist_edit",          "POST", LOGIN, 302,   404,   404,   404),
    ("decklists",              "GET",  LOGIN, 200,   OWN,   OWN,   OWN),
    ("decklist_new",           "GET",  LOGIN, 200,   OWN,   OWN,   OWN),
    ("decklist_new",           "POST", LOGIN, 302,   OWN,   OWN,   OWN),
    ("decklist_validate",      "POST", 403,   200,   200,   200,   200),
    ("collection",             "GET",  LOGIN, 200,   OWN,   OWN,   OWN),
    ("collection_starter_kit", "POST", LOGIN, 302,   OWN,   OWN,   OWN),
    ("collection_count",       "POST", LOGIN, 302,   OWN,   OWN,   OWN),
    ("collection_import",      "POST", LOGIN, 302,   OWN,   OWN,   OWN),
    ("collection_export",      "GET",  LOGIN, 200,   OWN,   OWN,   OWN),
    ("bans",                   "GET",  LOGIN, 200,   OWN,   200,   OWN),
    ("ban_start",              "POST", LOGIN, 302,   400,   400,   400),
    ("ban_session",            "GET",  404,   200,   404,   200,   404),
    ("ban_session",            "POST", 404,   302,   404,   403,   404),
]
CELLS = [pytest.param(page, method, user, expected, id=f"{page}-{method}-{user}")
         for page, method, *row in MATRIX for user, expected in zip(USERS, row, strict=True)]
FORBIDDEN = {403, 404, LOGIN}
# The owner, and the organizer of the event the list is registered in (`visible_versions`).
SEE_THE_LIST = {"owner", "organizer"}


def owner_snapshot(w: World) -> dict:
    """Everything of the owner's that a request could change."""
    owner = w.users["owner"]
    return {
        "lists": sorted(Decklist.objects.filter(owner=owner).values_list("pk", "name")),
        "versions": sorted(DecklistVersion.objects.filter(decklist__owner=owner)
                           .values_list("decklist_id", "number", "cards")),
        "collection": sorted(CollectionEntry.objects.filter(owner=owner)
                             .values_list("card__name", "count")),
        "sessions": sorted(BanSession.objects.filter(player_a=owner)
                           .values_list("pk", "record", "status")),
    }


def everything() -> dict:
    return {model.__name__: model.objects.count()
            for model in (Decklist, DecklistVersion, CollectionEntry, BanSession)}


def send(client, w: World, page: str, method: str, user: str):  # noqa: ANN201
    if w.users[user] is not None:
        client.force_login(w.users[user])
    url, data = REQUESTS[page](w)
    return client.get(url) if method == "GET" else client.post(url, data)


@pytest.mark.parametrize(("page", "method", "user", "expected"), CELLS)
def test_permission_matrix(client, world, page, method, user, expected):
    before, counts = owner_snapshot(world), everything()
    response = send(client, world, page, method, user)
    body = response.content.decode(errors="replace")

    if expected == LOGIN:
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login") + "?next=")
    elif expected == OWN:
        assert response.status_code == (302 if method == "POST" else 200)
    else:
        assert response.status_code == expected

    owner_acts = user == "owner" and expected in (200, 302) and method == "POST"
    if not owner_acts:
        assert owner_snapshot(world) == before, "the owner's data changed"
    if expected in FORBIDDEN or expected in (400, 405):
        assert everything() == counts, "a refused request wrote something"
    if user not in SEE_THE_LIST:
        assert SECRET_NAME not in body
        if expected in FORBIDDEN:
            for card in SECRET_CARDS:
                assert card not in body, card


@pytest.mark.parametrize(("page", "changed"), [
    ("decklist_edit", "versions"),
    ("decklist_new", "lists"),
    ("collection_starter_kit", "collection"),
    ("collection_count", "collection"),
    ("collection_import", "collection"),
    ("ban_start", "sessions"),
    ("ban_session", "sessions"),
])
def test_the_owners_actions_change_the_owners_data(client, world, page, changed):
    before = owner_snapshot(world)
    assert send(client, world, page, "POST", "owner").status_code == 302
    assert owner_snapshot(world)[changed] != before[changed]


@pytest.mark.parametrize("page", ["collection_starter_kit", "collection_count",
                                  "collection_import", "decklist_new"])
def test_other_players_actions_change_only_their_own_data(client, world, page):
    other = world.users["other"]
    send(client, world, page, "POST", "other")
    assert (CollectionEntry.objects.filter(owner=other).exists()
            or Decklist.objects.filter(owner=other).exists())


def test_other_players_see_their_own_collection_not_the_owners(client, world):
    response = send(client, world, "collection_export", "GET", "other")
    assert response.content.decode() == "set,card,count\n"
    response = send(client, world, "collection", "GET", "organizer")
    assert "You do not own any cards yet" in response.content.decode()


def test_an_organizer_sees_the_session_of_their_event_in_the_list(client, world):
    page = send(client, world, "bans", "GET", "organizer").content.decode()
    assert reverse("decks:ban_session", args=[world.session.pk]) in page
    page = send(client, world, "bans", "GET", "other_organizer").content.decode()
    assert reverse("decks:ban_session", args=[world.session.pk]) not in page


def test_a_missing_and_a_hidden_list_look_the_same(client, world):
    client.force_login(world.users["other"])
    hidden = client.get(reverse("decks:decklist", args=[world.secret.pk]))
    missing = client.get(reverse("decks:decklist", args=[world.secret.pk + 1000]))
    assert hidden.status_code == missing.status_code == 404
    assert hidden.content == missing.content
    hidden = client.get(reverse("decks:decklist_edit", args=[world.secret.pk]))
    missing = client.get(reverse("decks:decklist_edit", args=[world.secret.pk + 1000]))
    assert hidden.status_code == missing.status_code == 404
    assert hidden.content == missing.content


def test_organizers_and_everyone_later_see_only_the_registered_version(client, world):
    """Before the deadline the registration follows the owner's edits; once it has passed, a
    later version stays the owner's alone even after the event publishes its lists."""
    secret, organizer = world.secret, world.users["organizer"]
    event = organizer.organized_events.get()
    event.decklist_deadline = timezone.now()
    event.save()
    decklist_update(decklist=secret, user=world.users["owner"], now=timezone.now(),
                    cards=SECRET_CARDS[:9] + ["ZOMBIE"])
    url = reverse("decks:decklist", args=[secret.pk])

    client.force_login(organizer)
    page = client.get(url).content.decode()
    assert "version 1" in page and "Version 2" not in page and "ZOMBIE" not in page
    assert reverse("decks:decklist_edit", args=[secret.pk]) not in page
    assert "by owner" in page

    client.logout()
    assert client.get(url).status_code == 404
    event.lists_published = True
    event.save()
    page = client.get(url).content.decode()
    assert "version 1" in page and "ZOMBIE" not in page and "Registered in" not in page
    client.force_login(world.users["other"])
    assert client.post(reverse("decks:decklist_edit", args=[secret.pk]), {
        "name": "Mine now", "cards": SECRET_CARDS, "base_version": "2"}).status_code == 404
    assert secret.versions.count() == 2

    client.force_login(world.users["owner"])
    page = client.get(url).content.decode()
    assert "Version 2" in page and "ZOMBIE" in page
    assert "Registered in" in page


def test_once_the_event_starts_its_organizer_never_sees_a_later_edit(client, world):
    """No deadline: the event's start fixes the registered version (the champion's record of
    what they played stays too)."""
    event = world.users["organizer"].organized_events.get()
    assert event.decklist_deadline is None
    event.status, event.started_at = "running", timezone.now()
    event.save()
    decklist_update(decklist=world.secret, user=world.users["owner"], now=timezone.now(),
                    cards=SECRET_CARDS[:9] + ["ZOMBIE"])
    assert world.secret.versions.count() == 2
    client.force_login(world.users["organizer"])
    page = client.get(reverse("decks:decklist", args=[world.secret.pk])).content.decode()
    assert "version 1" in page and "Version 2" not in page and "ZOMBIE" not in page
    event.status = "complete"
    event.save()
    decklist_update(decklist=world.secret, user=world.users["owner"], now=timezone.now(),
                    cards=SECRET_CARDS)
    assert list(Registration.objects.filter(event=event).values_list(
        "decklist_version__number", flat=True)) == [1]


def test_the_deck_page_says_per_event_which_version_is_registered_and_if_it_is_fixed(
        client, world):
    owner = world.users["owner"]
    running = EventFactory(name="Started Open", status="running", started_at=timezone.now())
    RegistrationFactory(event=running, player=owner, decklist_version=world.secret.current)
    client.force_login(owner)
    page = client.get(reverse("decks:decklist", args=[world.secret.pk])).content.decode()
    assert re.search(r"Started Open: version 1, fixed", page)
    assert re.search(r"Event \d+: version 1, follows your edits until the event starts", page)


def test_a_new_accounts_own_event_does_not_open_someone_elses_list(client, world):
    client.force_login(UserFactory(username="attacker"))
    assert client.post(reverse("tournaments:event_new"), {
        "name": "Mine", "format": "constructed", "match_length": 3, "top_cut": 0,
        "late_entry_until_round": 0}).status_code == 302
    event = Event.objects.latest("pk")
    for guess in (SECRET_NAME, "Practice", ""):
        Registration.objects.filter(event=event).delete()
        client.post(reverse("tournaments:player_add", args=[event.pk]),
                    {"add-player": "owner", "add-decklist_name": guess})
    missing = client.get(reverse("decks:decklist", args=[world.practice.pk + 1000]))
    for decklist in (world.secret, world.practice):
        response = client.get(reverse("decks:decklist", args=[decklist.pk]))
        assert response.status_code == 404
        assert response.content == missing.content.replace(
            str(world.practice.pk + 1000).encode(), str(decklist.pk).encode())
    listing = client.get(reverse("decks:decklists")).content.decode()
    assert SECRET_NAME not in listing and "Practice" not in listing

