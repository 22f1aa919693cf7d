"""The scenes of the tournaments API's permission matrix (test_api_permissions.py): one
builder per state an endpoint needs, each returning the World its cells run in."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone

from decks.models import DecklistVersion
from decks.services.decklists import decklist_create
from tests.factories import RegistrationFactory, UserFactory, give_starter_kit, starter_kit
from tests.factories.decklists import LIST_B, LIST_C
from tests.factories.tournaments import AnnouncementFactory, OrganizedEventFactory
from tests.tournaments.event_steps import match_of, now, pair, seats, settle, start
from tests.web import client_for
from tournaments.models import (
    Event,
    Match,
    Registration,
    Round,
)
from tournaments.services.registrations import registration_drop
from tournaments.services.topcut import topcut_start

ROLES = ["anonymous", "player", "other_player", "organizer", "other_organizer"]

# The player's hidden list: no card of it is in OPEN, the list everyone else plays.
SECRET = LIST_C
OPEN = LIST_B


@dataclass
class World:
    users: dict
    event: Event
    seat: Registration | None = None  # the player's
    match: Match | None = None  # the player's match in the round being played


def constructed(user, cards=OPEN) -> DecklistVersion:
    return decklist_create(user=user, name="Mine", kind="constructed", cards=cards,
                           now=timezone.now()).versions.get()


def people() -> dict:
    starter_kit()
    users = {role: UserFactory(username=role) for role in ROLES if role != "anonymous"}
    users["anonymous"] = None
    for user in users.values():
        if user is not None:
            give_starter_kit(user)
    OrganizedEventFactory(organizers=[users["other_organizer"]])
    return users


def registration_open() -> World:
    """A constructed event taking registrations: the player and the other player are in."""
    users = people()
    event = OrganizedEventFactory(format="constructed", organizers=[users["organizer"]])
    seat = RegistrationFactory(event=event, player=users["player"],
                               decklist_version=constructed(users["player"], SECRET))
    RegistrationFactory(event=event, player=users["other_player"],
                        decklist_version=constructed(users["other_player"]))
    for role in ("organizer", "other_organizer"):
        constructed(users[role])
    newcomer = UserFactory(username="newcomer")
    give_starter_kit(newcomer)
    constructed(newcomer)
    return World(users=users, event=event, seat=seat)


def round_being_played() -> World:
    """Round 1 of 2 is paired; the player has reported their match, nothing is confirmed.
    The other player is whoever plays at the other table."""
    users = people()
    event = OrganizedEventFactory(format="constructed", rounds=2,
                                  organizers=[users["organizer"]])
    seat = RegistrationFactory(event=event, player=users["player"], checked_in=True,
                               decklist_version=constructed(users["player"], SECRET))
    for name in ("p2", "p3", "p4"):
        RegistrationFactory(event=event, player=UserFactory(username=name), checked_in=True)
    start(event)
    rnd = pair(event)
    match = match_of(rnd, "player")
    other = next(m for m in rnd.matches.all() if m.pk != match.pk)
    # The other table's first player stands in for "another player of the event".
    users["other_player"] = other.player_a.player
    mine = "a" if match.player_a_id == seat.pk else "b"
    client_for(users["player"]).post(f"/api/matches/{match.pk}/report/", {
        "a_wins": 2 if mine == "a" else 0, "b_wins": 0 if mine == "a" else 2}, format="json")
    return World(users=users, event=event, seat=seat, match=match)


def swiss_played(top_cut: int = 0, rounds: int = 1) -> World:
    users = people()
    event = OrganizedEventFactory(format="preconstructed", rounds=rounds, top_cut=top_cut,
                                  organizers=[users["organizer"]])
    seats(event, "player p2 p3 p4 p5")
    start(event)
    for _ in range(rounds):
        settle(pair(event))
    return World(users=users, event=event)


def round_one_played() -> World:
    """Round 1 of 2 is confirmed: round 2 is next."""
    users = people()
    event = OrganizedEventFactory(format="preconstructed", rounds=2,
                                  organizers=[users["organizer"]])
    seats(event, "player p2 p3 p4 p5")
    start(event)
    settle(pair(event))
    return World(users=users, event=event)


def announced() -> World:
    """registration_open with one announcement posted by the organizer."""
    world = registration_open()
    AnnouncementFactory(event=world.event, posted_by=world.users["organizer"])
    return world


def top_cut_due() -> World:
    """The Swiss rounds of an event with a top cut of 4 are done."""
    return swiss_played(top_cut=4)


def semifinals_played() -> World:
    world = swiss_played(top_cut=4)
    settle(topcut_start(event_id=world.event.pk, by=world.users["organizer"], now=now())[0])
    return world


def clock_running() -> World:
    """Round 1 being played, its clock started now (the scene's pairing ran on the steps'
    fixed clock, long ago)."""
    world = round_being_played()
    Round.objects.filter(event=world.event).update(clock_started_at=timezone.now())
    return world


# The organizer's clock actions, in round 1 being played.
CLOCK_ENDPOINTS = {
    "start clock": (clock_running, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/rounds/1/clock/start/", None)),
    "pause clock": (clock_running, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/rounds/1/clock/pause/", None)),
    "resume clock": (clock_running, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/rounds/1/clock/resume/", None)),
    "add minutes": (clock_running, lambda w, u: (
        "post", f"/api/events/{w.event.pk}/rounds/1/clock/add/", {"minutes": 5, "seen": 0})),
    "table extra time": (clock_running, lambda w, u: (
        "post", f"/api/matches/{w.match.pk}/time/", {"minutes": 3, "note": "judge call"})),
}

def round_just_paired() -> World:
    """Round 1 of 2 is paired and no result is in; the player dropped before it, so the
    organizer may undo their drop. The other player plays at table 2."""
    users = people()
    event = OrganizedEventFactory(format="preconstructed", rounds=2,
                                  organizers=[users["organizer"]])
    seat, *_ = seats(event, "player p2 p3 p4 p5")  # the same "player" (get or create)
    start(event)
    registration_drop(registration_id=seat.pk, by=users["player"], now=now())
    rnd = pair(event)
    match, other = rnd.matches.filter(player_b__isnull=False).order_by("table")
    users["other_player"] = other.player_a.player
    return World(users=users, event=event, seat=seat, match=match)
