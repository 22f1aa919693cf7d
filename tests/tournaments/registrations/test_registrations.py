"""Registering with the decklist the format needs, the window, late entry, check-in, drops,
and the organizer adding or removing players."""

from datetime import timedelta

import pytest

from core.errors import Conflict, DomainError, Forbidden
from decks.models import CollectionEntry, Decklist
from decks.services.decklists import decklist_create
from tests.factories import UserFactory, give_starter_kit
from tests.factories.decklists import LIST_A
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import T0, now, organizer_of, pair, seats, settle, start
from tournaments.models import Registration
from tournaments.selectors.standings import standings_for_event
from tournaments.services.registrations import (
    registration_add,
    registration_check_in,
    registration_create,
    registration_decklist_attach,
    registration_drop,
    registration_remove,
)
from tournaments.services.topcut import topcut_start

pytestmark = pytest.mark.django_db

LIST = LIST_A


def constructed_list(user, cards=LIST):
    give_starter_kit(user)
    return decklist_create(user=user, name="Mine", kind="constructed", cards=cards,
                           now=now()).versions.get()


def register(event, user, **kwargs):
    if event.format == "preconstructed" and "decklist_version_id" not in kwargs:
        kwargs.setdefault("preconstructed_deck", 1)
    return registration_create(event_id=event.pk, by=user, now=kwargs.pop("at", None) or now(),
                               **kwargs)


# The decklist each format needs ------------------------------------------------------------

def test_constructed_takes_one_of_the_players_own_valid_constructed_lists():
    event = OrganizedEventFactory(format="constructed")
    alice = UserFactory(username="alice")
    version = constructed_list(alice)
    registration = register(event, alice, decklist_version_id=version.pk)
    assert registration.decklist_version == version and not registration.late_entry


def test_constructed_refuses_someone_elses_list():
    event = OrganizedEventFactory(format="constructed")
    version = constructed_list(UserFactory(username="alice"))
    with pytest.raises(DomainError, match="bob has no decklist version"):
        register(event, UserFactory(username="bob"), decklist_version_id=version.pk)
    assert not Registration.objects.exists()


def test_constructed_refuses_a_list_no_longer_valid_and_names_why():
    event = OrganizedEventFactory(format="constructed")
    alice = UserFactory(username="alice")
    version = constructed_list(alice)
    CollectionEntry.objects.filter(owner=alice, card__name="OGRE").delete()
    with pytest.raises(DomainError) as err:
        register(event, alice, decklist_version_id=version.pk)
    assert err.value.code == "invalid_decklist"
    assert err.value.problems == ["OGRE is not in your collection"]


def test_constructed_refuses_a_preconstructed_list_and_needs_a_list_at_all():
    event = OrganizedEventFactory(format="constructed")
    alice = UserFactory(username="alice")
    precon = decklist_create(user=alice, name="P", kind="preconstructed",
                             preconstructed_deck=1, now=now()).versions.get()
    with pytest.raises(DomainError, match="is a preconstructed list; .* needs a constructed"):
        register(event, alice, decklist_version_id=precon.pk)
    with pytest.raises(DomainError) as err:
        register(event, alice)
    assert err.value.code == "decklist_required"


def test_preconstructed_takes_a_deck_number_and_makes_the_list_for_the_player():
    event = OrganizedEventFactory(format="preconstructed")
    alice = UserFactory(username="alice")
    registration = register(event, alice, preconstructed_deck=2)
    version = registration.decklist_version
    assert version.preconstructed_deck == 2 and version.decklist.owner == alice
    assert version.decklist.kind == "preconstructed" and len(version.cards) == 8


def test_preconstructed_reuses_the_players_list_for_that_deck():
    alice = UserFactory(username="alice")
    first = register(OrganizedEventFactory(format="preconstructed"), alice,
                     preconstructed_deck=3)
    second = register(OrganizedEventFactory(format="preconstructed"), alice,
                      preconstructed_deck=3)
    assert second.decklist_version == first.decklist_version
    assert Decklist.objects.filter(owner=alice).count() == 1


def test_preconstructed_takes_the_players_preconstructed_list_or_refuses_a_bad_number():
    event = OrganizedEventFactory(format="preconstructed")
    alice = UserFactory(username="alice")
    precon = decklist_create(user=alice, name="P", kind="preconstructed",
                             preconstructed_deck=4, now=now()).versions.get()
    assert register(event, alice, decklist_version_id=precon.pk).decklist_version == precon
    with pytest.raises(DomainError, match="choose one of the preconstructed decks 1, 2, 3, 4"):
        register(OrganizedEventFactory(format="preconstructed"), UserFactory(),
                 preconstructed_deck=9)


def test_draft_takes_no_decklist_at_registration():
    event = OrganizedEventFactory(format="draft")
    alice = UserFactory(username="alice")
    with pytest.raises(DomainError, match="the pods build the decks"):
        register(event, alice, preconstructed_deck=1)
    assert register(event, alice).decklist_version is None


def test_a_list_or_a_deck_number_not_both():
    event = OrganizedEventFactory(format="preconstructed")
    alice = UserFactory()
    precon = decklist_create(user=alice, name="P", kind="preconstructed",
                             preconstructed_deck=4, now=now()).versions.get()
    with pytest.raises(DomainError, match="not both"):
        register(event, alice, decklist_version_id=precon.pk, preconstructed_deck=4)


# The window, doubles and late entry -------------------------------------------------------

def test_registration_is_open_only_inside_its_window():
    event = OrganizedEventFactory(registration_opens=T0 + timedelta(days=1),
                                  registration_closes=T0 + timedelta(days=2))
    alice = UserFactory(username="alice")
    with pytest.raises(Conflict) as err:
        register(event, alice, at=T0)
    assert err.value.code == "registration_not_open"
    with pytest.raises(Conflict) as err:
        register(event, alice, at=T0 + timedelta(days=2))
    assert err.value.code == "registration_closed"
    assert register(event, alice, at=T0 + timedelta(days=1, hours=3)).player == alice


def test_a_player_registers_once():
    event = OrganizedEventFactory()
    alice = UserFactory(username="alice")
    register(event, alice)
    with pytest.raises(Conflict, match="alice is already registered"):
        register(event, alice)
    assert Registration.objects.filter(event=event).count() == 1


def test_without_late_entry_the_event_takes_no_one_once_it_runs():
    event = OrganizedEventFactory()
    seats(event, "alice bob")
    start(event)
    with pytest.raises(Conflict, match="takes no late entries"):
        register(event, UserFactory(username="zed"))


def test_late_entry_is_open_until_the_set_round_is_paired():
    event = OrganizedEventFactory(rounds=4, late_entry_until_round=2)
    seats(event, "alice bob carol dave")
    start(event)
    settle(pair(event))
    late = register(event, UserFactory(username="erin"))
    assert late.late_entry and late.checked_in
    second = pair(event)
    assert second.matches.filter(player_a=late).exists() or second.matches.filter(
        player_b=late).exists()
    with pytest.raises(Conflict, match="Late entry to .* was open until round 2 was paired"):
        register(event, UserFactory(username="fay"))


def test_no_one_registers_once_the_swiss_rounds_are_over():
    event = OrganizedEventFactory(rounds=1, top_cut=4)
    seats(event, "alice bob carol dave")
    start(event)
    settle(pair(event))
    topcut_start(event_id=event.pk, by=organizer_of(event), now=now())
    with pytest.raises(Conflict) as err:
        register(event, UserFactory())
    assert err.value.code == "registration_over"


# Check-in and drops -------------------------------------------------------------------------

def test_a_player_checks_in_once_before_the_start():
    event = OrganizedEventFactory()
    alice = register(event, UserFactory(username="alice"))
    assert not alice.checked_in
    first = registration_check_in(registration_id=alice.pk, by=alice.player, now=now())
    again = registration_check_in(registration_id=alice.pk, by=alice.player, now=now())
    assert first.checked_in and again.checked_in_at == first.checked_in_at


def test_check_in_is_over_once_the_event_starts():
    event = OrganizedEventFactory()
    seats(event, "alice bob")
    carol = register(event, UserFactory(username="carol"))
    start(event)
    with pytest.raises(Conflict, match="check-in is over"):
        registration_check_in(registration_id=carol.pk, by=carol.player, now=now())


def test_a_dropped_player_is_never_paired_again_and_keeps_their_results():
    event = OrganizedEventFactory(rounds=3)
    alice, bob, carol, dave = seats(event, "alice bob carol dave")
    start(event)
    settle(pair(event), alice=(2, 0, 0))
    registration_drop(registration_id=alice.pk, by=alice.player, now=now())
    for _ in range(2):
        rnd = pair(event)
        assert alice.pk not in {p for m in rnd.matches.all()
                                for p in (m.player_a_id, m.player_b_id)}
        settle(rnd)
    row = next(r for r in standings_for_event(event) if r.name == "alice")
    assert row.dropped and row.match_points == 3 and row.wins == 1


def test_dropping_twice_is_a_no_op_and_a_dropped_player_cannot_re_enter():
    event = OrganizedEventFactory()
    alice = register(event, UserFactory(username="alice"))
    dropped = registration_drop(registration_id=alice.pk, by=alice.player, now=now())
    again = registration_drop(registration_id=alice.pk, by=alice.player, now=now())
    assert again.dropped_at == dropped.dropped_at
    with pytest.raises(Conflict, match="alice dropped from .* cannot enter it again"):
        register(event, alice.player)


def test_a_player_cannot_drop_or_check_in_someone_else():
    event = OrganizedEventFactory()
    alice, bob = seats(event, "alice bob")
    for service in (registration_drop, registration_check_in):
        with pytest.raises(DomainError) as err:
            service(registration_id=alice.pk, by=bob.player, now=now())
        assert isinstance(err.value, Forbidden)
    alice.refresh_from_db()
    assert not alice.dropped


def test_the_organizer_drops_a_player():
    event = OrganizedEventFactory()
    alice, bob = seats(event, "alice bob")
    registration_drop(registration_id=alice.pk, by=organizer_of(event), now=now())
    alice.refresh_from_db()
    assert alice.dropped


# The organizer adds and removes players ---------------------------------------------------

def test_the_organizer_adds_a_player_outside_the_window_and_the_player_attaches_the_list():
    event = OrganizedEventFactory(format="constructed", registration_closes=T0)
    alice = UserFactory(username="alice")
    version = constructed_list(alice)
    added = registration_add(event_id=event.pk, by=organizer_of(event), player=alice,
                             now=T0 + timedelta(hours=1))
    assert added.decklist_version is None  # a seat without a list
    attached = registration_decklist_attach(registration_id=added.pk, by=alice,
                                            decklist_version_id=version.pk,
                                            now=T0 + timedelta(hours=2))
    assert attached.decklist_version == version


def test_the_organizer_adds_a_player_after_late_entry_closed_but_not_after_the_swiss():
    event = OrganizedEventFactory(rounds=2)
    seats(event, "alice bob carol dave")
    start(event)
    settle(pair(event))
    organizer = organizer_of(event)
    erin = registration_add(event_id=event.pk, by=organizer, player=UserFactory(), now=now())
    assert erin.late_entry and erin.decklist_version is None
    settle(pair(event))
    with pytest.raises(Conflict, match="All 2 Swiss rounds .* are paired"):
        registration_add(event_id=event.pk, by=organizer, player=UserFactory(), now=now())


def test_the_organizer_removes_a_player_before_the_start_and_drops_them_after():
    event = OrganizedEventFactory()
    alice, bob, carol = seats(event, "alice bob carol")
    registration_remove(registration_id=carol.pk, by=organizer_of(event))
    assert not Registration.objects.filter(pk=carol.pk).exists()
    start(event)
    with pytest.raises(Conflict, match="has started: drop alice instead"):
        registration_remove(registration_id=alice.pk, by=organizer_of(event))


# A person's list enters an event only with their consent ------------------------------------

def organizer_adds(event, player):
    return registration_add(event_id=event.pk, by=organizer_of(event), player=player,
                            now=now())


@pytest.mark.parametrize("their_list", ["decklist_version_id", "preconstructed_deck"])
def test_an_organizer_cannot_enter_a_players_list_or_deck_for_them(their_list):
    event = OrganizedEventFactory(format="preconstructed")
    alice = UserFactory(username="alice")
    precon = decklist_create(user=alice, name="P", kind="preconstructed",
                             preconstructed_deck=2, now=now()).versions.get()
    value = precon.pk if their_list == "decklist_version_id" else 2
    with pytest.raises(DomainError) as err:
        registration_add(event_id=event.pk, by=organizer_of(event), player=alice, now=now(),
                         **{their_list: value})
    assert err.value.code == "list_by_player"
    assert not Registration.objects.exists()
    assert Decklist.objects.filter(owner=alice).count() == 1


def test_the_refusal_of_a_guessed_version_reads_the_same_whether_it_exists_or_not():
    """An organizer trying the victim's real version and a made-up id learns nothing."""
    event = OrganizedEventFactory(format="constructed")
    alice = UserFactory(username="alice")
    real = constructed_list(alice).pk
    answers = []
    for guess in (real, real + 1000):
        with pytest.raises(DomainError) as err:
            registration_add(event_id=event.pk, by=organizer_of(event), player=alice,
                             now=now(), decklist_version_id=guess)
        answers.append((err.value.code, err.value.message, type(err.value)))
    assert answers[0] == answers[1]
    assert not Registration.objects.exists()


def test_a_player_attaching_someone_elses_version_hears_what_a_missing_one_gets():
    event = OrganizedEventFactory(format="constructed")
    seat = organizer_adds(event, UserFactory(username="bob"))
    theirs = constructed_list(UserFactory(username="alice")).pk
    answers = []
    for guess in (theirs, theirs + 1000):
        with pytest.raises(DomainError) as err:
            registration_decklist_attach(registration_id=seat.pk, by=seat.player, now=now(),
                                         decklist_version_id=guess)
        answers.append((err.value.code, err.value.message.replace(str(guess), "N")))
    assert answers[0] == answers[1] == ("unknown_decklist", "bob has no decklist version N")
    seat.refresh_from_db()
    assert seat.decklist_version is None


@pytest.mark.parametrize("who", ["organizer", "another player"])
def test_only_the_seats_player_attaches_a_list_to_it(who):
    event = OrganizedEventFactory(format="constructed")
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    seat = organizer_adds(event, alice)
    by = organizer_of(event) if who == "organizer" else bob
    version = constructed_list(by)
    with pytest.raises(DomainError) as err:
        registration_decklist_attach(registration_id=seat.pk, by=by, now=now(),
                                     decklist_version_id=version.pk)
    assert isinstance(err.value, Forbidden) and err.value.code == "not_your_registration"
    seat.refresh_from_db()
    assert seat.decklist_version is None


def test_a_seat_without_a_list_takes_its_players_list_once_the_event_runs_then_keeps_it():
    event = OrganizedEventFactory(format="preconstructed")
    seats(event, "bob carol")
    alice = organizer_adds(event, UserFactory(username="alice"))
    start(event)
    attached = registration_decklist_attach(registration_id=alice.pk, by=alice.player,
                                            now=now(), preconstructed_deck=3)
    assert attached.decklist_version.preconstructed_deck == 3
    with pytest.raises(Conflict) as err:
        registration_decklist_attach(registration_id=alice.pk, by=alice.player, now=now(),
                                     preconstructed_deck=4)
    assert err.value.code == "lists_fixed"
    alice.refresh_from_db()
    assert alice.decklist_version == attached.decklist_version


def test_before_the_lists_are_fixed_a_player_registers_another_of_their_lists():
    event = OrganizedEventFactory(format="preconstructed",
                                  decklist_deadline=T0 + timedelta(days=1))
    alice = register(event, UserFactory(username="alice"), preconstructed_deck=1)
    other = registration_decklist_attach(registration_id=alice.pk, by=alice.player, now=T0,
                                         preconstructed_deck=2)
    assert other.decklist_version.preconstructed_deck == 2
    with pytest.raises(Conflict, match="are fixed"):
        registration_decklist_attach(registration_id=alice.pk, by=alice.player,
                                     now=T0 + timedelta(days=1), preconstructed_deck=3)


def test_a_dropped_player_and_a_draft_seat_attach_nothing():
    event = OrganizedEventFactory(format="preconstructed")
    alice = organizer_adds(event, UserFactory(username="alice"))
    registration_drop(registration_id=alice.pk, by=alice.player, now=now())
    with pytest.raises(Conflict, match="has dropped"):
        registration_decklist_attach(registration_id=alice.pk, by=alice.player, now=now(),
                                     preconstructed_deck=1)
    draft = OrganizedEventFactory(format="draft")
    bob = organizer_adds(draft, UserFactory(username="bob"))
    with pytest.raises(DomainError) as err:
        registration_decklist_attach(registration_id=bob.pk, by=bob.player, now=now())
    assert err.value.code == "no_decklist_for_draft"

