"""Who may do what through the decks API, as one table.

The world: the owner has a constructed list registered in an event (not published) and a
second, hidden list registered nowhere; the opponent is registered in the same event and plays
a ban session against the owner there; the organizer runs that event; the other organizer
runs another event; the stranger is just another player.

Every cell is a request by one user. A forbidden cell answers 403 (seen but not yours, or not
logged in) or 404 (not seen) and changes nothing; an allowed cell succeeds and changes only
the caller's own things. No response a user gets ever contains a list they may not see.

The attacker's path: a brand-new account with an event of its own enters the owner by username
with the hidden list's version id, or seats itself on it by hand; neither opens the list. And a
started event's organizer never sees an edit made after the start.

The world is built once for the module (tests/worlds.py): every test runs in its own savepoint
on freshly fetched rows, so it sees the world unchanged and what it writes is rolled back.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from decks.models import BanSession, Card, CollectionEntry, Decklist, DecklistVersion
from decks.services.bans import ban_session_start
from decks.services.decklists import decklist_create
from tests.factories import (
    EventFactory,
    RegistrationFactory,
    UserFactory,
    give_starter_kit,
    starter_kit,
)
from tests.factories.decklists import LIST_A, LIST_B, LIST_C
from tests.factories.decks import CollectionEntryFactory
from tests.worlds import built_once, fresh

pytestmark = pytest.mark.django_db

# The owner's hidden list: no card of it is in LIST_A, LIST_B or preconstructed deck 3.
SECRET = LIST_C
SECRET_NAME = "Hidden plan"

ROLES = ["anonymous", "owner", "opponent", "stranger", "organizer", "other_organizer"]

MATRIX = """
                         anonymous  owner  opponent  stranger  organizer  other_organizer
decklist list               200      200     200       200       200         200
decklist retrieve           404      200     404       404       200         404
hidden list retrieve        404      200     404       404       404         404
decklist versions           404      200     404       404       200         404
hidden list versions        404      200     404       404       404         404
decklist update             403      200     404       404       403         404
hidden list update          403      200     404       404       404         404
decklist validate           403      200     200       200       200         200
decklist create             403      201     201       201       201         201
collection read             403      200     200       200       200         200
collection set count        403      200     200       200       200         200
collection add set          403      200     200       200       200         200
collection import           403      200     200       200       200         200
collection export           403      200     200       200       200         200
ban session list            403      200     200       200       200         200
ban session retrieve        403      200     200       404       200         404
ban session ban             403      409     200       404       403         404
ban session create          403      404     404       404       201         404
"""


def parse_matrix(text: str) -> list[tuple[str, str, int]]:
    lines = [line for line in text.strip().splitlines()]
    roles = lines[0].split()
    assert roles == ROLES
    cells = []
    for line in lines[1:]:
        *words, = line.split()
        endpoint, statuses = " ".join(words[:-len(roles)]), words[-len(roles):]
        cells.extend((endpoint, role, int(code)) for role, code in zip(roles, statuses,
                                                                      strict=True))
    return cells


@dataclass
class World:
    users: dict
    listed: Decklist  # registered in the event
    hidden: Decklist  # registered nowhere
    opponent_version: DecklistVersion
    event: object
    session: BanSession
    kit: object


@built_once
def world_built() -> World:
    kit = starter_kit()
    users = {role: UserFactory(username=role) for role in ROLES if role != "anonymous"}
    users["anonymous"] = None
    owner, opponent = users["owner"], users["opponent"]
    give_starter_kit(owner)
    for card in Card.objects.filter(name__in=LIST_B):
        CollectionEntryFactory(owner=opponent, card=card, count=1)
    now = timezone.now()
    listed = decklist_create(user=owner, name="Registered", kind="constructed", cards=LIST_A,
                             now=now)
    hidden = decklist_create(user=owner, name=SECRET_NAME, kind="constructed", cards=SECRET,
                             now=now)
    theirs = decklist_create(user=opponent, name="Theirs", kind="constructed", cards=LIST_B,
                             now=now).versions.get()
    event = EventFactory(organizers=[users["organizer"]])
    EventFactory(organizers=[users["other_organizer"]])
    RegistrationFactory(event=event, player=owner, decklist_version=listed.versions.get())
    RegistrationFactory(event=event, player=opponent, decklist_version=theirs)
    # B (the opponent) has the first ban, step 1 of rule C-2.5.
    session = ban_session_start(version_a=listed.versions.get(), version_b=theirs,
                                player_a=owner, player_b=opponent, now=now, event=event)
    return World(users=users, listed=listed, hidden=hidden, opponent_version=theirs,
                 event=event, session=session, kit=kit)


@pytest.fixture
def world(world_built) -> World:
    return fresh(world_built)


def request_for(endpoint: str, w: World) -> tuple[str, str, dict | None]:
    listed, hidden, session = w.listed.pk, w.hidden.pk, w.session.pk
    zombie = Card.objects.get(name="ZOMBIE").pk
    return {
        "decklist list": ("get", "/api/decklists/", None),
        "decklist retrieve": ("get", f"/api/decklists/{listed}/", None),
        "hidden list retrieve": ("get", f"/api/decklists/{hidden}/", None),
        "decklist versions": ("get", f"/api/decklists/{listed}/versions/", None),
        "hidden list versions": ("get", f"/api/decklists/{hidden}/versions/", None),
        "decklist update": ("patch", f"/api/decklists/{listed}/", {"name": "Changed"}),
        "hidden list update": ("patch", f"/api/decklists/{hidden}/", {"name": "Changed"}),
        "decklist validate": ("post", "/api/decklists/validate/",
                              {"kind": "constructed", "cards": LIST_B}),
        "decklist create": ("post", "/api/decklists/",
                            {"name": "New", "kind": "preconstructed", "preconstructed_deck": 3}),
        "collection read": ("get", "/api/collection/", None),
        "collection set count": ("put", f"/api/collection/cards/{zombie}/", {"count": 2}),
        "collection add set": ("post", "/api/collection/add-set/", {"set": w.kit.pk}),
        "collection import": ("post", "/api/collection/import/",
                              {"text": "set,card,count\nstarter-kit,ZOMBIE,3\n"}),
        "collection export": ("get", "/api/collection/export/", None),
        "ban session list": ("get", "/api/ban-sessions/", None),
        "ban session retrieve": ("get", f"/api/ban-sessions/{session}/", None),
        "ban session ban": ("post", f"/api/ban-sessions/{session}/ban/", {"card": "BARON"}),
        # The other way round from the running session: list A is the opponent's.
        "ban session create": ("post", "/api/ban-sessions/", {
            "list_a": w.opponent_version.pk, "list_b": w.listed.versions.get().pk,
            "player_b": "owner", "event": w.event.pk}),
    }[endpoint]


def snapshot() -> dict:
    """Everything the API can write, by owner."""
    return {
        "collection": set(CollectionEntry.objects.values_list("owner_id", "card_id", "count")),
        "decklists": set(Decklist.objects.values_list("owner_id", "id", "name")),
        "versions": {(owner, pk, number, tuple(cards)) for owner, pk, number, cards in
                     DecklistVersion.objects.values_list("decklist__owner_id", "decklist_id",
                                                         "number", "cards")},
        "sessions": [(pk, status, record) for pk, status, record in
                     BanSession.objects.order_by("pk").values_list("pk", "status", "record")],
    }


def not_owned_by(state: dict, user) -> dict:
    pk = user.pk if user else None
    return {key: {row for row in rows if row[0] != pk}
            for key, rows in state.items() if key != "sessions"}


def call(user, method: str, url: str, body: dict | None):
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return getattr(client, method)(url, body, format="json") if body is not None else (
        getattr(client, method)(url))


@pytest.mark.parametrize(("endpoint", "role", "status"), parse_matrix(MATRIX),
                         ids=lambda v: str(v).replace(" ", "_"))
def test_permission_matrix(world, endpoint, role, status):
    user = world.users[role]
    before = snapshot()
    response = call(user, *request_for(endpoint, world))
    assert response.status_code == status, response.content
    after = snapshot()
    if status >= 400:
        assert after == before, "a refused request changed something"
        assert set(response.json()) == {"error"}
    else:
        # Whatever changed is the caller's own (a ban or a new session aside).
        assert not_owned_by(after, user) == not_owned_by(before, user)
    body = response.content.decode()
    if role != "owner":
        leaked = [name for name in SECRET + [SECRET_NAME] if name in body]
        assert not leaked, f"the hidden list leaked to {role}: {leaked}"
    if role in {"anonymous", "stranger", "other_organizer"} or (
            role == "opponent" and not endpoint.startswith("ban session")):
        leaked = [name for name in LIST_A if name in body]
        assert not leaked, f"the registered list leaked to {role}: {leaked}"


def test_the_matrix_covers_every_role_for_every_endpoint():
    cells = parse_matrix(MATRIX)
    endpoints = {endpoint for endpoint, _, _ in cells}
    assert len(cells) == len(endpoints) * len(ROLES)


def test_an_update_by_the_owner_makes_a_version_and_others_make_none(world):
    for role in ROLES:
        call(world.users[role], "patch", f"/api/decklists/{world.listed.pk}/", {"name": role})
    assert list(world.listed.versions.values_list("number", flat=True)) == [1, 2]
    assert Decklist.objects.get(pk=world.listed.pk).name == "owner"


def test_an_organizer_of_another_event_sees_only_what_everyone_sees(world):
    listed = call(world.users["other_organizer"], "get", "/api/decklists/", None).json()
    assert listed["count"] == 0
    world.event.lists_published = True
    world.event.save()
    listed = call(world.users["other_organizer"], "get", "/api/decklists/", None).json()
    assert sorted(d["name"] for d in listed["results"]) == ["Registered", "Theirs"]


def test_a_new_accounts_own_event_does_not_open_someone_elses_hidden_list(world):
    attacker = UserFactory(username="attacker")
    created = call(attacker, "post", "/api/events/", {"name": "Mine", "format": "constructed"})
    assert created.status_code == 201
    url = f"/api/events/{created.json()['id']}/registrations/"
    hidden = world.hidden.versions.get().pk
    entered = call(attacker, "post", url, {"player": "owner", "decklist_version": hidden})
    assert entered.status_code == 400 and entered.json()["error"]["code"] == "list_by_player"
    assert call(attacker, "post", url, {"player": "owner"}).status_code == 201
    for suffix in ("", "versions/"):
        assert call(attacker, "get", f"/api/decklists/{world.hidden.pk}/{suffix}",
                    None).status_code == 404
    assert call(attacker, "get", "/api/decklists/", None).json()["count"] == 0


def test_a_seat_of_someone_else_holding_a_list_opens_nothing(world):
    """Only the owner's own seat registers a list: a row that puts the list on another
    account's seat (by hand, or from before consent was required) shows it to no one."""
    attacker = UserFactory(username="attacker")
    event = EventFactory(organizers=[attacker], lists_published=True)
    RegistrationFactory(event=event, player=attacker,
                        decklist_version=world.hidden.versions.get())
    for user in (attacker, None):
        response = call(user, "get", f"/api/decklists/{world.hidden.pk}/", None)
        assert response.status_code == 404
        assert SECRET_NAME not in response.content.decode()


def test_a_started_events_organizer_never_sees_a_later_edit(world):
    world.event.status = "running"
    world.event.save()
    edit = call(world.users["owner"], "patch", f"/api/decklists/{world.listed.pk}/",
                {"cards": LIST_A[:9] + ["ZOMBIE"]})
    assert edit.status_code == 200, edit.content
    seen = call(world.users["organizer"], "get", f"/api/decklists/{world.listed.pk}/versions/",
                None).json()
    numbers = [v["number"] for v in seen]  # not paginated: a list has a few versions
    assert numbers == [1]
    assert "ZOMBIE" not in call(world.users["organizer"], "get",
                                f"/api/decklists/{world.listed.pk}/", None).content.decode()


# Authentication -------------------------------------------------------------------------


def test_session_auth_needs_the_csrf_token_for_unsafe_methods(world):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(world.users["owner"])
    url = f"/api/decklists/{world.listed.pk}/"
    refused = client.patch(url, {"name": "No token"}, format="json")
    assert refused.status_code == 403
    assert "CSRF" in refused.json()["error"]["message"]
    assert client.get(url).status_code == 200  # safe methods need no token
    client.get("/accounts/login/")  # sets the csrftoken cookie
    token = client.cookies["csrftoken"].value
    accepted = client.patch(url, {"name": "With token"}, format="json", HTTP_X_CSRFTOKEN=token)
    assert accepted.status_code == 200
    assert list(world.listed.versions.values_list("number", flat=True)) == [1, 2]


def basic(username: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


def test_scripts_use_http_basic_auth_without_csrf(world):
    client = APIClient(enforce_csrf_checks=True)
    auth = basic("owner", "pw-for-tests-1")
    response = client.patch(f"/api/decklists/{world.listed.pk}/", {"name": "From a script"},
                            format="json", HTTP_AUTHORIZATION=auth)
    assert response.status_code == 200
    wrong = client.get("/api/collection/", HTTP_AUTHORIZATION=basic("owner", "wrong"))
    # 403, not 401: session auth comes first, so browsers get no basic-auth prompt.
    assert wrong.status_code == 403
    assert wrong.json()["error"]["code"] == "authentication_failed"


def test_an_anonymous_write_is_refused_with_a_clear_error(world):
    response = call(None, "post", "/api/decklists/", {"name": "X", "kind": "constructed"})
    assert response.status_code == 403
    assert response.json() == {"error": {
        "code": "not_authenticated",
        "message": "Authentication credentials were not provided."}}


def test_a_hidden_list_answers_exactly_like_a_missing_one(world):
    stranger = world.users["stranger"]
    missing = Decklist.objects.order_by("-pk").first().pk + 1
    for suffix in ("", "versions/"):
        hidden = call(stranger, "get", f"/api/decklists/{world.hidden.pk}/{suffix}", None)
        absent = call(stranger, "get", f"/api/decklists/{missing}/{suffix}", None)
        assert hidden.status_code == absent.status_code == 404
        assert hidden.json() == {"error": {"code": "not_found",
                                           "message": f"no decklist {world.hidden.pk}"}}
        assert absent.json()["error"]["message"] == f"no decklist {missing}"
