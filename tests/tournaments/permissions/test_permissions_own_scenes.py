"""What an organizer's services refuse outside the permission matrix's scene, each test in a
scene of its own: an organizer of another event cannot drop or check in a player of a
not-yet-started event, and organizing an event is no way into a player's hidden list: anyone
can create an event, so an organizer's addition never carries a list, and only the player
attaches theirs.

The matrix of who may run each organizer's action is test_permissions.py; these tests build
players with its names, so they live apart from its scene (tests/worlds.py)."""

import pytest

from core.errors import DomainError, Forbidden
from decks.models import Decklist
from decks.selectors.visibility import visible_versions
from decks.services.decklists import decklist_create, decklist_update
from tests.factories import UserFactory, give_starter_kit
from tests.factories.decklists import LIST_A
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now, seats
from tests.tournaments.permissions.test_permissions import everything
from tournaments.models import Registration
from tournaments.services.events import event_create, event_start
from tournaments.services.registrations import (
    registration_add,
    registration_check_in,
    registration_decklist_attach,
    registration_drop,
)

pytestmark = pytest.mark.django_db


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
    event_start(event_id=event.pk, by=organizer, now=now(), ask=False)
    decklist_update(decklist=secret, user=victim, now=now(), cards=SECRET)  # fixed: unseen
    assert list(visible_versions(organizer)) == [followed]
