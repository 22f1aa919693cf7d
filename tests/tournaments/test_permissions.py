"""An organizer manages only their own events: an organizer of another event (or a player, or
a brand-new account) asking for an organizer's action gets a 403 and nothing changes. And
organizing an event is no way into a player's hidden list: anyone can create an event, so an
organizer's addition never carries a list, and only the player attaches theirs."""

import pytest

from core.errors import DomainError, Forbidden, NotFound
from decks.models import Decklist
from decks.selectors.visibility import visible_versions
from decks.services.decklists import decklist_create, decklist_update
from tests.factories import UserFactory, give_starter_kit
from tests.factories.decklists import LIST_A
from tests.factories.tournaments import AnnouncementFactory, OrganizedEventFactory
from tests.tournaments.event_steps import now, pair, seats, start
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
from tournaments.services.corrections import registration_undrop, round_swap, round_unpair
from tournaments.services.events import (
    event_complete,
    event_create,
    event_start,
    organizer_add,
)
from tournaments.services.registrations import (
    registration_add,
    registration_check_in,
    registration_decklist_attach,
    registration_drop,
    registration_remove,
)
from tournaments.services.results import result_set
from tournaments.services.round_clock import (
    match_time_extend,
    round_clock_add,
    round_clock_pause,
    round_clock_resume,
    round_clock_start,
)
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
def test_only_the_events_organizers_may(action, who):
    event = OrganizedEventFactory(rounds=3, top_cut=4)
    alice, *_ = seats(event, "alice bob carol dave")
    start(event)
    match = pair(event).matches.first()
    AnnouncementFactory(event=event)
    by = {"organizer of another event": lambda: OrganizedEventFactory().organizers.get(),
          "player of this event": lambda: alice.player,
          "a brand-new account": UserFactory}[who]()
    before = everything(event)
    with pytest.raises(DomainError) as err:
        ACTIONS[action](event, alice, match, by)
    assert isinstance(err.value, Forbidden) and err.value.code == "not_organizer"
    assert everything(event) == before


@pytest.mark.parametrize("service", [registration_drop, registration_check_in])
def test_an_organizer_of_another_event_cannot_drop_or_check_in_a_player(service):
    event = OrganizedEventFactory()
    alice, _ = seats(event, "alice bob")
    stranger = OrganizedEventFactory().organizers.get()
    before = everything(event)
    with pytest.raises(DomainError) as err:
        service(registration_id=alice.pk, by=stranger, now=now())
    assert isinstance(err.value, Forbidden)
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


# The attacker's path: a brand-new account, an event of its own, someone else's username and
# guessed version ids.

SECRET = LIST_A


def victims_lists():
    """The victim's hidden constructed list and a preconstructed one, neither registered."""
    victim = UserFactory(username="victim")
    give_starter_kit(victim)
    secret = decklist_create(user=victim, name="Secret", kind="constructed", cards=SECRET,
                             now=now())
    precon = decklist_create(user=victim, name="P", kind="preconstructed",
                             preconstructed_deck=2, now=now())
    return victim, secret, precon


@pytest.mark.parametrize("fmt", ["constructed", "preconstructed"])
def test_a_new_accounts_own_event_never_takes_someone_elses_list(fmt):
    victim, secret, precon = victims_lists()
    attacker = UserFactory(username="attacker")
    event = event_create(by=attacker, name="Totally real event", format=fmt, seed=1,
                         now=now())
    real = {secret.current.pk, precon.current.pk}
    answers = set()
    # Every version id there is, and some that are not.
    for guess in range(1, max(real) + 20):
        with pytest.raises(DomainError) as err:
            registration_add(event_id=event.pk, by=attacker, player=victim, now=now(),
                             decklist_version_id=guess)
        answers.add((err.value.code, err.value.message, type(err.value)))
    for deck in (1, 2, 3):
        with pytest.raises(DomainError) as err:
            registration_add(event_id=event.pk, by=attacker, player=victim, now=now(),
                             preconstructed_deck=deck)
        answers.add((err.value.code, err.value.message, type(err.value)))
    assert len(answers) == 1, "the answers tell a real version from a guessed one"
    assert not Registration.objects.filter(event=event).exists()
    assert Decklist.objects.filter(owner=victim).count() == 2

    # The seat it may make has no list, cannot be given one by the attacker, and shows nothing
    # of the victim's lists, however the victim edits them.
    seat = registration_add(event_id=event.pk, by=attacker, player=victim, now=now())
    assert seat.decklist_version is None
    with pytest.raises(DomainError) as err:
        registration_decklist_attach(registration_id=seat.pk, by=attacker, now=now(),
                                     decklist_version_id=secret.current.pk)
    assert isinstance(err.value, Forbidden)
    decklist_update(decklist=secret, user=victim, now=now(), name="Secret, improved")
    assert not visible_versions(attacker).exists()
    seat.refresh_from_db()
    assert seat.decklist_version is None


def test_the_organizer_sees_the_list_the_player_attached_and_only_its_registered_version():
    victim, secret, _ = victims_lists()
    organizer = UserFactory(username="organizer")
    event = event_create(by=organizer, name="Real event", format="constructed", seed=1,
                         now=now())
    seat = registration_add(event_id=event.pk, by=organizer, player=victim, now=now())
    registration_decklist_attach(registration_id=seat.pk, by=victim, now=now(),
                                 decklist_version_id=secret.current.pk)
    assert list(visible_versions(organizer)) == [secret.current]
    followed = decklist_update(decklist=secret, user=victim, now=now(),
                               cards=SECRET[:9] + ["ZOMBIE"])  # before the start: followed
    assert list(visible_versions(organizer)) == [followed]
    for name in ("alice", "bob"):
        registration_add(event_id=event.pk, by=organizer, player=UserFactory(username=name),
                         now=now())
    event_start(event_id=event.pk, by=organizer, now=now())
    decklist_update(decklist=secret, user=victim, now=now(), cards=SECRET)  # fixed: unseen
    assert list(visible_versions(organizer)) == [followed]

