"""An organizer manages only their own events: an organizer of another event (or a player, or
a brand-new account) asking for an organizer's action gets a 403 and nothing changes.

The running event the matrix asks about is built once for the module (tests/worlds.py); each
cell runs in its own savepoint on freshly fetched rows, so it sees the event unchanged. The
tests with scenes of their own (a player's hidden list among them) are in
test_permissions_own_scenes.py."""

from dataclasses import dataclass

import pytest

from core.errors import DomainError, Forbidden, NotFound
from tests.factories import UserFactory
from tests.factories.tournaments import AnnouncementFactory, OrganizedEventFactory
from tests.tournaments.event_steps import now, pair, seats, start
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
from tournaments.services.announcements import announcement_post, announcement_withdraw
from tournaments.services.clock import (
    match_time_extend,
    round_clock_add,
    round_clock_pause,
    round_clock_resume,
    round_clock_start,
)
from tournaments.services.corrections import registration_undrop, round_swap, round_unpair
from tournaments.services.events import (
    event_complete,
    event_start,
    organizer_add,
)
from tournaments.services.registrations import (
    registration_add,
    registration_remove,
)
from tournaments.services.results import result_set
from tournaments.services.rounds import round_pair
from tournaments.services.topcut import topcut_advance, topcut_start
from tournaments.services.walkins import registration_claim_code_renew, registration_guest_add

pytestmark = pytest.mark.django_db


def everything(event):
    """What an organizer's action could change, to compare before and after."""
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


@dataclass
class Scene:
    event: Event
    alice: Registration
    match: Match


@built_once
def scene_built() -> Scene:
    """A running event of four players with round 1 paired and an announcement posted."""
    event = OrganizedEventFactory(rounds=3, top_cut=4)
    alice, *_ = seats(event, "alice bob carol dave")
    start(event)
    match = pair(event).matches.first()
    AnnouncementFactory(event=event)
    return Scene(event=event, alice=alice, match=match)


@pytest.fixture
def scene(scene_built) -> Scene:
    return fresh(scene_built)


ACTIONS = {
    "start": lambda e, r, m, by: event_start(event_id=e.pk, by=by, now=now()),
    "complete": lambda e, r, m, by: event_complete(event_id=e.pk, by=by, now=now()),
    "add organizer": lambda e, r, m, by: organizer_add(event_id=e.pk, by=by, user=by),
    "add player": lambda e, r, m, by: registration_add(event_id=e.pk, by=by,
                                                      player=UserFactory(), now=now()),
    "add guest": lambda e, r, m, by: registration_guest_add(event_id=e.pk, by=by,
                                                           name="Walk In", now=now()),
    "new claim code": lambda e, r, m, by: registration_claim_code_renew(registration_id=r.pk,
                                                                       by=by),
    "remove player": lambda e, r, m, by: registration_remove(registration_id=r.pk, by=by),
    "pair": lambda e, r, m, by: round_pair(event_id=e.pk, by=by, now=now()),
    "start top cut": lambda e, r, m, by: topcut_start(event_id=e.pk, by=by, now=now()),
    "advance top cut": lambda e, r, m, by: topcut_advance(event_id=e.pk, by=by, now=now()),
    "set result": lambda e, r, m, by: result_set(match_id=m.pk, by=by, a_wins=2, b_wins=0,
                                                 now=now()),
    "post announcement": lambda e, r, m, by: announcement_post(event_id=e.pk, by=by,
                                                               text="Round 2 at 14:30",
                                                               now=now()),
    "withdraw announcement": lambda e, r, m, by: announcement_withdraw(
        event_id=e.pk, announcement_id=e.announcements.get().pk, by=by, now=now()),
    "start the clock": lambda e, r, m, by: round_clock_start(event_id=e.pk, number=1, by=by,
                                                             now=now()),
    "pause the clock": lambda e, r, m, by: round_clock_pause(event_id=e.pk, number=1, by=by,
                                                             now=now()),
    "resume the clock": lambda e, r, m, by: round_clock_resume(event_id=e.pk, number=1, by=by,
                                                               now=now()),
    "add minutes": lambda e, r, m, by: round_clock_add(event_id=e.pk, number=1, by=by,
                                                       now=now(), minutes=5),
    "extra time for a table": lambda e, r, m, by: match_time_extend(match_id=m.pk, by=by,
                                                                    now=now(), minutes=3),
    "undo a drop": lambda e, r, m, by: registration_undrop(registration_id=r.pk, by=by,
                                                           now=now()),
    "undo the pairing": lambda e, r, m, by: round_unpair(event_id=e.pk, by=by, now=now(),
                                                         number=1),
    "swap players": lambda e, r, m, by: round_swap(
        event_id=e.pk, by=by, now=now(), number=1, first=m.player_a_id,
        second=Match.objects.filter(round=m.round).exclude(pk=m.pk).first().player_a_id),
}


@pytest.mark.parametrize("who", ["organizer of another event", "player of this event",
                                 "a brand-new account"])
@pytest.mark.parametrize("action", list(ACTIONS))
def test_only_the_events_organizers_may(scene, action, who):
    event, alice, match = scene.event, scene.alice, scene.match
    by = {"organizer of another event": lambda: OrganizedEventFactory().organizers.get(),
          "player of this event": lambda: alice.player,
          "a brand-new account": UserFactory}[who]()
    before = everything(event)
    with pytest.raises(DomainError) as err:
        ACTIONS[action](event, alice, match, by)
    assert isinstance(err.value, Forbidden) and err.value.code == "not_organizer"
    assert everything(event) == before


def test_a_guessed_id_of_another_events_announcement_is_a_404():
    event = OrganizedEventFactory()
    theirs = AnnouncementFactory(event=OrganizedEventFactory())
    before = everything(theirs.event)
    for guess in (theirs.pk, theirs.pk + 1):
        with pytest.raises(DomainError) as err:
            announcement_withdraw(event_id=event.pk, announcement_id=guess,
                                  by=event.organizers.get(), now=now())
        assert isinstance(err.value, NotFound)
    assert everything(theirs.event) == before


def test_an_unknown_event_is_a_404():
    with pytest.raises(DomainError) as err:
        round_pair(event_id=987654, by=UserFactory(), now=now())
    assert isinstance(err.value, NotFound)
