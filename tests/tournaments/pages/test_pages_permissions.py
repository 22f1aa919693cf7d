"""Who may do what on the tournament pages, as one table.

A running preconstructed event organized by "organizer" has four players; alice ("player")
plays carol at table 1 of round 1, bob ("other", a player of the same event) plays dave. For
every organizer action and the result pages, each kind of visitor gets an expected answer; a
forbidden one (403, 404, or the login page for anonymous visitors) changes nothing.

The seats have no list (the organizer added them): each player may attach their own, nobody
else may. The scene is built once for the module (tests/worlds.py); each cell runs in its own
savepoint on freshly fetched rows, so it sees the scene unchanged. The attacker's path through
the pages is in test_pages_attacker.py.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import UserFactory, starter_kit
from tests.factories.tournaments import (
    AnnouncementFactory,
    MatchRowFactory,
    OrganizedEventFactory,
    RoundRowFactory,
    SeatFactory,
)
from tests.worlds import built_once, fresh
from tournaments.models import (
    Announcement,
    ClockChange,
    Correction,
    Event,
    EventStatus,
    Match,
    MatchStatus,
    Registration,
    ResultChange,
    Round,
    RoundStatus,
)

pytestmark = pytest.mark.django_db

USERS = ("anonymous", "player", "other", "organizer", "other_organizer")
LOGIN = "login"


@dataclass
class World:
    users: dict
    event: Event
    seats: dict
    match: Match
    announcement: Announcement


@built_once
def world_built() -> World:
    starter_kit()
    organizer, elsewhere = UserFactory(username="organizer"), UserFactory(username="elsewhere")
    event = OrganizedEventFactory(organizers=[organizer], format="preconstructed",
                                  status=EventStatus.RUNNING, rounds=3, top_cut=4,
                                  started_at=timezone.now())
    OrganizedEventFactory(organizers=[elsewhere])
    seats = {name: SeatFactory(event=event, player=UserFactory(username=name))
             for name in ("alice", "bob", "carol", "dave")}
    rnd = RoundRowFactory(event=event, number=1, status=RoundStatus.PLAYING,
                          paired_at=timezone.now(), explanation={"lines": ["by rank"]})
    match = MatchRowFactory(round=rnd, table=1, player_a=seats["alice"],
                            player_b=seats["carol"])
    MatchRowFactory(round=rnd, table=2, player_a=seats["bob"], player_b=seats["dave"])
    announcement = AnnouncementFactory(event=event, posted_by=organizer)
    users = {"anonymous": None, "player": seats["alice"].player, "other": seats["bob"].player,
             "organizer": organizer, "other_organizer": elsewhere}
    return World(users=users, event=event, seats=seats, match=match,
                 announcement=announcement)


@pytest.fixture
def world(world_built) -> World:
    return fresh(world_built)


def u(name: str, w: World, *args) -> str:
    return reverse(f"tournaments:{name}", args=[w.event.pk, *args])


RESULT = {"a_wins": 2, "b_wins": 1, "draws": 0}
REQUESTS = {
    "dashboard": lambda w: (u("dashboard", w), {}),
    "event_start": lambda w: (u("event_start", w), {}),
    "round_pair": lambda w: (u("round_pair", w), {"number": 2}),
    "topcut_start": lambda w: (u("topcut_start", w), {}),
    "topcut_advance": lambda w: (u("topcut_advance", w), {"number": 2}),
    "event_complete": lambda w: (u("event_complete", w), {}),
    "player_add": lambda w: (u("player_add", w), {
        "add-player": UserFactory(username="zed").username}),
    "guest_add": lambda w: (u("guest_add", w), {"guest-name": "Walk In"}),
    # Alice's seat is an account's: it has no claim code to renew.
    "guest_code_renew": lambda w: (u("guest_code_renew", w, w.seats["alice"].pk), {}),
    "decklist_attach": lambda w: (u("decklist_attach", w), {"preconstructed_deck": 2}),
    "player_remove": lambda w: (u("player_remove", w, w.seats["carol"].pk), {}),
    "player_drop": lambda w: (u("player_drop", w, w.seats["dave"].pk), {}),
    "player_check_in": lambda w: (u("player_check_in", w, w.seats["dave"].pk), {}),
    "organizer_add": lambda w: (u("organizer_add", w), {"org-user": "bob"}),
    "announcement_post": lambda w: (u("announcement_post", w), {"news-text": "Round 2 soon"}),
    "announcement_withdraw": lambda w: (u("announcement_withdraw", w, w.announcement.pk), {}),
    "match": lambda w: (u("match", w, w.match.pk), {}),
    "match_report": lambda w: (u("match_report", w, w.match.pk),
                               {f"report-{k}": v for k, v in RESULT.items()}),
    "match_set": lambda w: (u("match_set", w, w.match.pk),
                            {f"set-{k}": v for k, v in RESULT.items()}),
    "event": lambda w: (u("event", w), {}),
    "pairings": lambda w: (u("pairings", w), {}),
    "pairings_csv": lambda w: (u("pairings_csv", w), {}),
    "standings": lambda w: (u("standings", w), {}),
    "standings_csv": lambda w: (u("standings_csv", w), {}),
    "bracket": lambda w: (u("bracket", w), {}),
    "event_player": lambda w: (u("event_player", w, w.seats["alice"].pk), {}),
    "player_undrop": lambda w: (u("player_undrop", w, w.seats["dave"].pk), {}),
    "round_unpair": lambda w: (u("round_unpair", w), {"number": 1}),
    "round_swap": lambda w: (u("round_swap", w), {"number": 1, "first": w.seats["alice"].pk,
                                                  "second": w.seats["bob"].pk}),
    "clock_start": lambda w: (u("clock_start", w), {"number": 1}),
    "clock_pause": lambda w: (u("clock_pause", w), {"number": 1}),
    "clock_resume": lambda w: (u("clock_resume", w), {"number": 1}),
    "clock_add": lambda w: (u("clock_add", w), {"number": 1, "minutes": 5, "seen": 0}),
    "match_time": lambda w: (u("match_time", w, w.match.pk), {"minutes": 3,
                                                              "note": "judge call"}),
}

# page,             method, anonymous, player, other, organizer, other_organizer
MATRIX = [
    ("dashboard",       "GET",  LOGIN, 403, 403, 200, 403),
    ("event_start",     "POST", LOGIN, 403, 403, 302, 403),  # running already: a no-op
    ("round_pair",      "POST", LOGIN, 403, 403, 409, 403),  # round 1 has open results
    ("topcut_start",    "POST", LOGIN, 403, 403, 409, 403),
    ("topcut_advance",  "POST", LOGIN, 403, 403, 409, 403),
    ("event_complete",  "POST", LOGIN, 403, 403, 409, 403),
    ("player_add",      "POST", LOGIN, 403, 403, 302, 403),
    ("guest_add",       "POST", LOGIN, 403, 403, 302, 403),
    ("guest_code_renew", "POST", LOGIN, 403, 403, 409, 403),
    # Each player attaches a list to their own seat only; an organizer has no seat here.
    ("decklist_attach", "POST", LOGIN, 302, 302, 409, 409),
    ("player_remove",   "POST", LOGIN, 403, 403, 409, 403),  # started: drop instead
    ("player_drop",     "POST", LOGIN, 403, 403, 302, 403),
    ("player_check_in", "POST", LOGIN, 403, 403, 302, 403),  # checked in already: a no-op
    ("organizer_add",   "POST", LOGIN, 403, 403, 302, 403),
    ("announcement_post",     "POST", LOGIN, 403, 403, 302, 403),
    ("announcement_withdraw", "POST", LOGIN, 403, 403, 302, 403),
    ("match",           "GET",  LOGIN, 200, 403, 200, 403),
    ("match_report",    "POST", LOGIN, 302, 403, 403, 403),
    ("match_set",       "POST", LOGIN, 403, 403, 302, 403),
    ("event",           "GET",  200,   200, 200, 200, 200),
    ("pairings",        "GET",  200,   200, 200, 200, 200),
    ("pairings_csv",    "GET",  200,   200, 200, 200, 200),
    ("standings",       "GET",  200,   200, 200, 200, 200),
    ("standings_csv",   "GET",  200,   200, 200, 200, 200),
    ("bracket",         "GET",  200,   200, 200, 200, 200),
    ("event_player",    "GET",  200,   200, 200, 200, 200),
    ("player_undrop",   "POST", LOGIN, 403, 403, 302, 403),  # not dropped: a no-op
    ("round_unpair",    "POST", LOGIN, 403, 403, 302, 403),  # no result of round 1 is in
    ("round_swap",      "POST", LOGIN, 403, 403, 302, 403),
    ("clock_start",     "POST", LOGIN, 403, 403, 302, 403),
    ("clock_pause",     "POST", LOGIN, 403, 403, 409, 403),  # the clock has not started
    ("clock_resume",    "POST", LOGIN, 403, 403, 302, 403),  # not paused: a no-op
    ("clock_add",       "POST", LOGIN, 403, 403, 302, 403),
    ("match_time",      "POST", LOGIN, 403, 403, 302, 403),
]
CLOCK_PAGES = ("clock_start", "clock_pause", "clock_resume", "clock_add", "match_time")
CORRECTION_PAGES = ("player_undrop", "round_unpair", "round_swap")
CELLS = [pytest.param(page, method, user, expected, id=f"{page}-{method}-{user}")
         for page, method, *row in MATRIX for user, expected in zip(USERS, row, strict=True)]
FORBIDDEN = {403, 404, LOGIN}


def everything(event: Event) -> dict:
    """What any of these requests could change, to compare before and after."""
    return {
        "event": Event.objects.filter(pk=event.pk).values().get(),
        "organizers": sorted(event.organizers.values_list("pk", flat=True)),
        "registrations": list(Registration.objects.filter(event=event).values()),
        "rounds": list(Round.objects.filter(event=event).values()),
        "matches": list(Match.objects.filter(round__event=event).values()),
        "changes": ResultChange.objects.filter(match__round__event=event).count(),
        "announcements": list(Announcement.objects.filter(event=event).values()),
        "clock": ClockChange.objects.filter(round__event=event).count(),
        "corrections": Correction.objects.filter(event=event).count(),
    }


def send(client, w: World, page: str, method: str, user: str):  # noqa: ANN201
    if w.users[user] is not None:
        client.force_login(w.users[user])
    url, data = REQUESTS[page](w)
    return client.get(url) if method == "GET" else client.post(url, data)


@pytest.mark.parametrize(("page", "method", "user", "expected"), CELLS)
def test_permission_matrix(client, world, page, method, user, expected):
    before = everything(world.event)
    response = send(client, world, page, method, user)

    if expected == LOGIN:
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login") + "?next=")
    else:
        assert response.status_code == expected
    if expected in FORBIDDEN or method == "GET" or expected == 409:
        assert everything(world.event) == before, "a refused request changed something"


@pytest.mark.parametrize("page", CLOCK_PAGES + CORRECTION_PAGES)
def test_a_brand_new_account_may_not_touch_the_clock_or_correct(client, world, page):
    before = everything(world.event)
    client.force_login(UserFactory(username="newcomer"))
    url, data = REQUESTS[page](world)
    assert client.post(url, data).status_code == 403
    assert everything(world.event) == before


@pytest.mark.parametrize(("page", "what"), [
    ("clock_start", "rounds"), ("clock_add", "rounds"), ("match_time", "matches"),
    ("player_add", "registrations"), ("player_drop", "registrations"),
    ("guest_add", "registrations"),
    ("organizer_add", "organizers"), ("match_set", "matches"),
    ("announcement_post", "announcements"), ("announcement_withdraw", "announcements"),
    ("round_unpair", "rounds"), ("round_swap", "matches"), ("round_swap", "corrections"),
])
def test_the_organizers_actions_do_change_the_event(client, world, page, what):
    before = everything(world.event)
    assert send(client, world, page, "POST", "organizer").status_code == 302
    assert everything(world.event)[what] != before[what]


def test_the_players_report_is_recorded(client, world):
    send(client, world, "match_report", "POST", "player")
    match = Match.objects.get(pk=world.match.pk)
    assert match.status == MatchStatus.REPORTED and match.report_a == RESULT


@pytest.mark.parametrize("page", ["dashboard", "event_start", "round_pair", "match",
                                  "match_set", "event", "standings", "pairings"])
def test_a_missing_event_is_a_404_even_for_an_organizer(client, world, page):
    client.force_login(world.users["organizer"])
    args = [999999] + ([world.match.pk] if page.startswith("match") else [])
    url = reverse(f"tournaments:{page}", args=args)
    response = client.get(url) if page in ("dashboard", "match", "event", "standings",
                                           "pairings") else client.post(url, {"number": 2})
    assert response.status_code == 404


def test_a_match_of_another_event_is_a_404_under_this_one(client, world):
    other = OrganizedEventFactory(organizers=[world.users["organizer"]])
    client.force_login(world.users["organizer"])
    before = everything(world.event)
    url = reverse("tournaments:match_set", args=[other.pk, world.match.pk])
    assert client.post(url, {f"set-{k}": v for k, v in RESULT.items()}).status_code == 404
    assert everything(world.event) == before


def test_a_seat_of_another_event_is_a_404_for_this_events_organizer(client, world):
    other = OrganizedEventFactory(organizers=[world.users["organizer"]])
    client.force_login(world.users["organizer"])
    before = everything(world.event)
    url = reverse("tournaments:player_drop", args=[other.pk, world.seats["dave"].pk])
    assert client.post(url).status_code == 404
    assert everything(world.event) == before


def test_an_announcement_of_another_event_is_a_404_under_this_one(client, world):
    other = OrganizedEventFactory(organizers=[world.users["organizer"]])
    theirs = AnnouncementFactory(event=other)
    client.force_login(world.users["organizer"])
    before = everything(world.event), everything(other)
    for guess in (theirs.pk, theirs.pk + 1000):
        url = reverse("tournaments:announcement_withdraw", args=[world.event.pk, guess])
        assert client.post(url).status_code == 404
    assert (everything(world.event), everything(other)) == before


@pytest.mark.parametrize("page", ["announcement_post", "announcement_withdraw"])
def test_a_brand_new_account_cannot_post_or_withdraw(client, world, page):
    client.force_login(UserFactory(username="newcomer"))
    before = everything(world.event)
    url, data = REQUESTS[page](world)
    assert client.post(url, data).status_code == 403
    assert everything(world.event) == before


def test_a_player_attaching_their_list_changes_their_own_seat_only(client, world):
    send(client, world, "decklist_attach", "POST", "player")
    seats = {r.player.username: r for r in Registration.objects.filter(event=world.event)
             .select_related("player", "decklist_version__decklist")}
    alice = seats.pop("alice").decklist_version
    assert alice.preconstructed_deck == 2 and alice.decklist.owner.username == "alice"
    assert all(seat.decklist_version is None for seat in seats.values())
