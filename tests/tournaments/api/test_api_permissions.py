"""Who may do what through the tournaments API, as one table.

The roles: the player (registered with a hidden constructed list), another player of the same
event (registered too, never the player's opponent), the organizer of the event, the
organizer of another event, and anonymous. Each endpoint is tried in the state it needs
(registration open, a round being played, the Swiss rounds done, the semifinals done). Each
state is built once for the module and rolled back before the next one is built
(tests/worlds.py): every cell runs in its own savepoint on freshly fetched rows, so it sees its
state unchanged.

A forbidden cell answers 403 (not logged in, or seen but not yours) or 404 (not seen) and
changes nothing. No response to anyone but the player and the organizer carries a card of
the player's hidden list.

The attacker's path through the API is in test_api_attacker.py.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from decks.models import Card, CollectionEntry, Decklist, DecklistVersion
from tests.factories import UserFactory, starter_kit
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.api_permission_scenes import (
    CLOCK_ENDPOINTS,
    OPEN,
    ROLES,
    SECRET,
    World,
    announced,
    clock_running,
    registration_open,
    round_being_played,
    round_just_paired,
    round_one_played,
    semifinals_played,
    swiss_played,
    top_cut_due,
)
from tests.web import client_for
from tests.worlds import built_once, fresh
from tournaments.models import (
    Announcement,
    ClockChange,
    Correction,
    Event,
    Match,
    Registration,
    ResultChange,
    Round,
)

pytestmark = pytest.mark.django_db


MATRIX = """
                      anonymous  player  other_player  organizer  other_organizer
event create             403      201       201          201          201
organizer add            403      403       403          200          403
event start              403      403       403          200          403
register myself          403      409       409          201          201
add player               403      403       403          201          403
add player with a list   403      403       403          400          403
add guest                403      403       403          201          403
claim a wrong code       403      400       400          400          400
attach a list            403      200       403          403          403
remove player            403      403       403          204          403
drop player              403      200       403          200          403
check in player          403      200       403          200          403
report result            403      200       403          403          403
set result               403      403       403          200          403
result history           403      200       404          200          404
pair round               403      403       403          201          403
complete event           403      403       403          200          403
start top cut            403      403       403          201          403
advance top cut          403      403       403          201          403
event list               200      200       200          200          200
event detail             200      200       200          200          200
registrations            200      200       200          200          200
registration detail      200      200       200          200          200
registrations playing    200      200       200          200          200
rounds                   200      200       200          200          200
round detail             200      200       200          200          200
match detail             200      200       200          200          200
standings                200      200       200          200          200
standings csv            200      200       200          200          200
pairings csv             200      200       200          200          200
announcements            200      200       200          200          200
post announcement        403      403       403          201          403
withdraw announcement    403      403       403          204          403
round clock              200      200       200          200          200
start clock              403      403       403          200          403
pause clock              403      403       403          200          403
resume clock             403      403       403          200          403
add minutes              403      403       403          200          403
table clock              200      200       200          200          200
table extra time         403      403       403          200          403
undo a drop              403      403       403          200          403
undo the pairing         403      403       403          204          403
swap players             403      403       403          200          403
"""


def parse_matrix(text: str) -> list[tuple[str, str, int]]:
    lines = text.strip().splitlines()
    assert lines[0].split() == ROLES
    cells = []
    for line in lines[1:]:
        words = line.split()
        endpoint, codes = " ".join(words[:-len(ROLES)]), words[-len(ROLES):]
        cells.extend((endpoint, role, int(code))
                     for role, code in zip(ROLES, codes, strict=True))
    return cells




def both_tables(w: World) -> dict:
    first, second = Match.objects.filter(round__event=w.event, player_b__isnull=False)
    return {"first": first.player_a_id, "second": second.player_a_id}


# The organizer's corrections, with round 1 just paired.
CORRECTION_ENDPOINTS = {
    "undo a drop": (round_just_paired, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/registrations/{w.seat.pk}/undrop/", None)),
    "undo the pairing": (round_just_paired, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/rounds/1/unpair/", None)),
    "swap players": (round_just_paired, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/rounds/1/swap/", both_tables(w))),
}

# endpoint -> (the state it needs, the request in that world)
ENDPOINTS = {
    "event create": (registration_open, lambda w, u: (
        "post", "/api/events/", {"name": "Mine", "format": "draft"})),
    "organizer add": (registration_open, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/organizers/", {"username": "newcomer"})),
    "event start": (registration_open, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/start/", None)),
    "register myself": (registration_open, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/registrations/",
        {"decklist_version": own_version(u)})),
    "add player": (registration_open, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/registrations/", {"player": "newcomer"})),
    # Nobody enters a list for someone else: the organizer's addition carries none.
    "add player with a list": (registration_open, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/registrations/",
        {"player": "newcomer", "decklist_version": own_version("newcomer")})),
    "add guest": (registration_open, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/guests/", {"name": "Walk In"})),
    "claim a wrong code": (registration_open, lambda w, u: (
        "post", "/api/claims/", {"code": "AAAA-BBBB-CCCC"})),
    # Only the seat's player attaches a list to it (here: their own list).
    "attach a list": (registration_open, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/registrations/{w.seat.pk}/decklist/",
        {"decklist_version": own_version("player")})),
    "remove player": (registration_open, lambda w, u: (
        "delete", f"/api/events/{w.event.pk}/registrations/{w.seat.pk}/", None)),
    "drop player": (registration_open, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/registrations/{w.seat.pk}/drop/", None)),
    "check in player": (registration_open, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/registrations/{w.seat.pk}/check-in/", None)),
    "report result": (round_being_played, lambda w, u: (
        "post", f"/api/matches/{w.match.pk}/report/", mine_won(w))),
    "set result": (round_being_played, lambda w, u: (
        "put", f"/api/matches/{w.match.pk}/result/", {"a_wins": 2, "b_wins": 1,
                                                      "note": "table judge"})),
    "result history": (round_being_played, lambda w, u: (
        "get", f"/api/matches/{w.match.pk}/history/", None)),
    "pair round": (round_one_played, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/rounds/", {"number": 2})),
    "complete event": (swiss_played, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/complete/", None)),
    "start top cut": (top_cut_due, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/top-cut/", None)),
    "advance top cut": (semifinals_played, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/top-cut/advance/", {"number": 3})),
    "event list": (registration_open, lambda w, u: ("get", "/api/events/", None)),
    "event detail": (registration_open, lambda w, u: (
        "get", f"/api/events/{w.event.pk}/", None)),
    "registrations": (registration_open, lambda w, u: (
        "get", f"/api/events/{w.event.pk}/registrations/", None)),
    "registration detail": (registration_open, lambda w, u: (
        "get", f"/api/events/{w.event.pk}/registrations/{w.seat.pk}/", None)),
    "registrations playing": (round_being_played, lambda w, u: (
        "get", f"/api/events/{w.event.pk}/registrations/", None)),
    "rounds": (round_being_played, lambda w, u: (
        "get", f"/api/events/{w.event.pk}/rounds/", None)),
    "round detail": (round_being_played, lambda w, u: (
        "get", f"/api/events/{w.event.pk}/rounds/1/", None)),
    "match detail": (round_being_played, lambda w, u: (
        "get", f"/api/matches/{w.match.pk}/", None)),
    "standings": (round_being_played, lambda w, u: (
        "get", f"/api/events/{w.event.pk}/standings/", None)),
    "standings csv": (round_being_played, lambda w, u: (
        "get", f"/api/events/{w.event.pk}/standings/csv/", None)),
    "pairings csv": (round_being_played, lambda w, u: (
        "get", f"/api/events/{w.event.pk}/rounds/1/pairings/csv/", None)),
    "announcements": (announced, lambda w, u: (
        "get", f"/api/events/{w.event.pk}/announcements/", None)),
    "post announcement": (registration_open, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/announcements/", {"text": "Round 1 at 10:00"})),
    "withdraw announcement": (announced, lambda w, u: (
        "delete", f"/api/events/{w.event.pk}/announcements/{w.event.announcements.get().pk}/",
        None)),
    **CLOCK_ENDPOINTS,
    **CORRECTION_ENDPOINTS,
    "round clock": (round_being_played, lambda w, u: (
        "get", f"/api/events/{w.event.pk}/rounds/1/clock/", None)),
    "table clock": (round_being_played, lambda w, u: (
        "get", f"/api/matches/{w.match.pk}/time/", None)),
}


def own_version(user) -> int | None:
    if user is None:
        return None
    username = user if isinstance(user, str) else user.username
    version = DecklistVersion.objects.filter(decklist__owner__username=username).first()
    return version.pk if version else None


def mine_won(w: World) -> dict:
    """The player changes their report: they won 2-1 (from A's side)."""
    mine_is_a = w.match.player_a_id == w.seat.pk
    return {"a_wins": 2 if mine_is_a else 1, "b_wins": 1 if mine_is_a else 2}


@built_once
def scene_built(build) -> World:
    """The state a test asks for (a function above, given as the parameter)."""
    return build()


@pytest.fixture
def world(scene_built) -> World:
    return fresh(scene_built)


def in_scene(*builds) -> pytest.MarkDecorator:
    """Run the test in each of these states (one built at a time, see tests/worlds.py)."""
    return pytest.mark.parametrize("scene_built", builds, indirect=True, scope="module",
                                   ids=[build.__name__ for build in builds])


def by_scene(cells: list) -> list:
    """The cells in the order of the states they need: pytest builds a state once for a run
    of tests asking for it, and again when another state came between."""
    order = list(dict.fromkeys(scene for scene, _ in ENDPOINTS.values()))
    return sorted(cells, key=lambda cell: order.index(ENDPOINTS[cell[0]][0]))


def snapshot() -> dict:
    """Everything the tournaments API can write, and the decklists it could make."""
    return {
        "events": list(Event.objects.order_by("pk").values()),
        "organizers": sorted(Event.organizers.through.objects.values_list("event_id",
                                                                          "user_id")),
        "registrations": list(Registration.objects.order_by("pk").values()),
        "rounds": list(Round.objects.order_by("pk").values()),
        "matches": list(Match.objects.order_by("pk").values()),
        "changes": list(ResultChange.objects.order_by("pk").values_list("pk", flat=True)),
        "announcements": list(Announcement.objects.order_by("pk").values()),
        "clock": list(ClockChange.objects.order_by("pk").values_list("pk", flat=True)),
        "corrections": list(Correction.objects.order_by("pk").values_list("pk", flat=True)),
        "decklists": list(Decklist.objects.order_by("pk").values_list("pk", flat=True)),
        "versions": list(DecklistVersion.objects.order_by("pk").values_list("pk", flat=True)),
        "collection": sorted(CollectionEntry.objects.values_list("owner_id", "card_id",
                                                                 "count")),
    }


@pytest.mark.parametrize(("scene_built", "endpoint", "role", "status"), [
    pytest.param(ENDPOINTS[endpoint][0], endpoint, role, status,
                 id="-".join(str(v).replace(" ", "_") for v in (endpoint, role, status)))
    for endpoint, role, status in by_scene(parse_matrix(MATRIX))],
    indirect=["scene_built"], scope="module")
def test_permission_matrix(world, endpoint, role, status):
    _, request_for = ENDPOINTS[endpoint]
    user = world.users[role]
    method, url, body = request_for(world, user)
    before = snapshot()
    client = client_for(user)
    response = (getattr(client, method)(url, body, format="json") if body is not None
                else getattr(client, method)(url))
    assert response.status_code == status, response.content
    if status >= 400:
        assert snapshot() == before, "a refused request changed something"
        assert set(response.json()) == {"error"}
    body_text = response.content.decode()
    if role not in ("player", "organizer"):
        leaked = [card for card in SECRET if card in body_text]
        assert not leaked, f"the player's hidden list leaked to {role}: {leaked}"


@pytest.mark.parametrize(("scene_built", "endpoint"), [
    pytest.param(scene, endpoint, id=endpoint.replace(" ", "_"))
    for endpoint, (scene, _) in {**CLOCK_ENDPOINTS, **CORRECTION_ENDPOINTS}.items()],
    indirect=["scene_built"], scope="module")
def test_a_brand_new_account_may_not_touch_the_clock_or_correct(world, endpoint):
    _, request_for = {**CLOCK_ENDPOINTS, **CORRECTION_ENDPOINTS}[endpoint]
    newcomer = UserFactory(username="newcomer")
    method, url, body = request_for(world, newcomer)
    before = snapshot()
    response = getattr(client_for(newcomer), method)(url, body, format="json")
    assert response.status_code == 403, response.content
    assert response.json()["error"]["code"] == "not_organizer"
    assert snapshot() == before


@in_scene(clock_running)
def test_the_organizers_clock_actions_answer_the_clock_as_the_server_computes_it(world):
    client = client_for(world.users["organizer"])
    base = f"/api/events/{world.event.pk}/rounds/1/clock/"
    paused = client.post(base + "pause/").json()
    assert paused["started"] and paused["paused"] and not paused["running"]
    assert paused["seconds_left"] <= 50 * 60 and paused["minutes"] == 50
    added = client.post(base + "add/", {"minutes": 5, "seen": 0}, format="json").json()
    assert added["added_minutes"] == 5
    again = client.post(base + "add/", {"minutes": 5, "seen": 0}, format="json").json()
    assert again["added_minutes"] == 5  # a repeated request adds once
    assert client.post(base + "add/", {"minutes": 0}, format="json").status_code == 400
    table = client.post(f"/api/matches/{world.match.pk}/time/", {"minutes": 3},
                        format="json").json()
    assert table["extra_minutes"] == 3 and table["seconds_left"] == (
        client.get(base).json()["seconds_left"] + 3 * 60)


def test_the_matrix_covers_every_role_for_every_endpoint():
    cells = parse_matrix(MATRIX)
    assert {endpoint for endpoint, _, _ in cells} == set(ENDPOINTS)
    assert len(cells) == len(ENDPOINTS) * len(ROLES)


def test_the_secret_list_is_disjoint_from_the_open_one():
    assert not set(SECRET) & set(OPEN)
    starter_kit()
    assert Card.objects.filter(name__in=SECRET + OPEN).count() == len(SECRET + OPEN)


@in_scene(registration_open)
def test_the_player_and_the_organizer_do_see_the_hidden_list(world):
    url = f"/api/events/{world.event.pk}/registrations/"
    for role in ("player", "organizer"):
        seen = client_for(world.users[role]).get(url).json()
        mine = next(r for r in seen if r["name"] == "player")
        assert mine["decklist"]["cards"] == SECRET


@in_scene(registration_open)
def test_a_refused_organizer_action_names_why(world):
    response = client_for(world.users["other_organizer"]).post(
        f"/api/events/{world.event.pk}/start/")
    assert response.json() == {"error": {
        "code": "not_organizer",
        "message": f"Only the organizers of {world.event} can do this"}}
    anonymous = APIClient().post(f"/api/events/{world.event.pk}/start/")
    assert anonymous.json()["error"]["code"] == "not_authenticated"


@in_scene(announced)
def test_a_brand_new_account_cannot_post_or_withdraw_an_announcement(world):
    newcomer = client_for(UserFactory(username="brand-new"))
    url = f"/api/events/{world.event.pk}/announcements/"
    before = snapshot()
    posted = newcomer.post(url, {"text": "Free prizes at the door"}, format="json")
    withdrawn = newcomer.delete(f"{url}{world.event.announcements.get().pk}/")
    assert posted.status_code == withdrawn.status_code == 403
    assert posted.json()["error"]["code"] == withdrawn.json()["error"]["code"] == "not_organizer"
    assert snapshot() == before


@in_scene(announced)
def test_a_guessed_id_of_another_events_announcement_is_a_404(world):
    theirs = world.event.announcements.get()
    mine = OrganizedEventFactory(organizers=[world.users["other_organizer"]])
    before = snapshot()
    for guess in (theirs.pk, theirs.pk + 1000):
        response = client_for(world.users["other_organizer"]).delete(
            f"/api/events/{mine.pk}/announcements/{guess}/")
        assert response.status_code == 404 and set(response.json()) == {"error"}
    assert snapshot() == before
