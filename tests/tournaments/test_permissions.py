"""An organizer manages only their own events: an organizer of another event (or a player)
asking for an organizer's action gets a 403 and nothing changes."""

import pytest

from clash.domain import DomainError
from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.play import now, pair, seats, start
from tournaments.models import Event, Match, Registration, ResultChange, Round
from tournaments.services.events import event_complete, event_start, organizer_add
from tournaments.services.registrations import (
    registration_add,
    registration_check_in,
    registration_drop,
    registration_remove,
)
from tournaments.services.results import result_set
from tournaments.services.rounds import round_pair
from tournaments.services.topcut import topcut_advance, topcut_start

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
    }


ACTIONS = {
    "start": lambda e, r, m, by: event_start(event_id=e.pk, by=by, now=now()),
    "complete": lambda e, r, m, by: event_complete(event_id=e.pk, by=by, now=now()),
    "add organizer": lambda e, r, m, by: organizer_add(event_id=e.pk, by=by, user=by),
    "add player": lambda e, r, m, by: registration_add(event_id=e.pk, by=by,
                                                      player=UserFactory(), now=now()),
    "remove player": lambda e, r, m, by: registration_remove(registration_id=r.pk, by=by),
    "pair": lambda e, r, m, by: round_pair(event_id=e.pk, by=by, now=now()),
    "start top cut": lambda e, r, m, by: topcut_start(event_id=e.pk, by=by, now=now()),
    "advance top cut": lambda e, r, m, by: topcut_advance(event_id=e.pk, by=by, now=now()),
    "set result": lambda e, r, m, by: result_set(match_id=m.pk, by=by, a_wins=2, b_wins=0,
                                                 now=now()),
}


@pytest.mark.parametrize("who", ["organizer of another event", "player of this event"])
@pytest.mark.parametrize("action", list(ACTIONS))
def test_only_the_events_organizers_may(action, who):
    event = OrganizedEventFactory(rounds=3, top_cut=4)
    alice, *_ = seats(event, "alice bob carol dave")
    start(event)
    match = pair(event).matches.first()
    by = OrganizedEventFactory().organizers.get() if who.startswith("organizer") else (
        alice.player)
    before = everything(event)
    with pytest.raises(DomainError) as err:
        ACTIONS[action](event, alice, match, by)
    assert err.value.status == 403 and err.value.code == "not_organizer"
    assert everything(event) == before


@pytest.mark.parametrize("service", [registration_drop, registration_check_in])
def test_an_organizer_of_another_event_cannot_drop_or_check_in_a_player(service):
    event = OrganizedEventFactory()
    alice, _ = seats(event, "alice bob")
    stranger = OrganizedEventFactory().organizers.get()
    before = everything(event)
    with pytest.raises(DomainError) as err:
        service(registration_id=alice.pk, by=stranger, now=now())
    assert err.value.status == 403
    assert everything(event) == before


def test_an_unknown_event_is_a_404():
    with pytest.raises(DomainError) as err:
        round_pair(event_id=987654, by=UserFactory(), now=now())
    assert err.value.status == 404
