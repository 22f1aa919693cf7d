"""Events: their settings, organizers, and the status machine registration -> running ->
top_cut -> complete."""

import pytest

from core.errors import Conflict, DomainError, Forbidden
from tests.factories import UserFactory
from tests.factories.tournaments import ListedSeatFactory, OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start
from tournaments.models import EventStatus
from tournaments.services.events import (
    event_complete,
    event_create,
    event_start,
    organizer_add,
)
from tournaments.services.topcut import topcut_start

pytestmark = pytest.mark.django_db


def test_the_creator_organizes_a_new_event_in_registration_with_mtr_tiebreakers():
    alice = UserFactory(username="alice")
    event = event_create(by=alice, name="Spring Open", format="constructed", seed=7, now=now())
    assert event.status == EventStatus.REGISTRATION
    assert list(event.organizers.all()) == [alice]
    assert event.tiebreakers == ["match_points", "omw", "gw", "ogw"]
    assert event.match_length == 3 and event.top_cut == 0 and event.rounds is None


def test_bad_settings_are_all_named_at_once():
    with pytest.raises(DomainError) as err:
        event_create(by=UserFactory(), name=" ", format="sealed", seed=1, now=now(),
                     match_length=5, top_cut=6, rounds=3, late_entry_until_round=4,
                     tiebreakers=["match_points", "coin_flip", "match_points"])
    assert err.value.code == "invalid_event"
    assert err.value.problems == [
        "the event needs a name",
        "format must be one of preconstructed, draft, constructed, not 'sealed'",
        "matches are best of 1 or best of 3, not best of 5",
        "the top cut is none or 2, 4, 8, 16, 32 or 64 players, not 6",
        "late entry until round 4, but the event has 3 Swiss rounds",
        "unknown tiebreaker 'coin_flip': known are match_points, omw, gw, ogw",
        "a tiebreaker is listed twice",
    ]


def test_the_registration_window_must_close_after_it_opens():
    t = now()
    with pytest.raises(DomainError, match="must close after it opens"):
        event_create(by=UserFactory(), name="E", format="draft", seed=1, now=t,
                     registration_opens=t, registration_closes=t)


@pytest.mark.parametrize(("players", "rounds"), [(2, 1), (8, 3), (9, 4), (16, 4), (17, 5),
                                                 (32, 5), (33, 6)])
def test_starting_fixes_the_swiss_rounds_from_the_player_count(players, rounds):
    event = OrganizedEventFactory()
    SeatFactory.create_batch(players, event=event)
    assert start(event).rounds == rounds


def test_the_organizer_may_set_the_number_of_rounds_themselves():
    event = OrganizedEventFactory(rounds=2)
    SeatFactory.create_batch(16, event=event)
    assert start(event).rounds == 2


def test_an_event_needs_two_players_to_start():
    event = OrganizedEventFactory()
    seats(event, "alice")
    with pytest.raises(Conflict, match="at least 2 players to start, it has 1"):
        start(event)
    event.refresh_from_db()
    assert event.status == EventStatus.REGISTRATION


def test_with_check_in_required_players_who_did_not_check_in_are_dropped_at_the_start():
    event = OrganizedEventFactory(check_in_required=True)
    alice, bob, carol = seats(event, "alice bob carol")
    carol.checked_in = False
    carol.save()
    start(event)
    carol.refresh_from_db()
    assert carol.dropped and carol.dropped_at is not None
    rnd = pair(event)
    assert "carol" not in {m.player_a.name for m in rnd.matches.all()}
    assert not rnd.matches.filter(player_b=carol).exists()


def test_starting_twice_is_a_no_op_and_a_complete_event_cannot_start_again():
    event = OrganizedEventFactory(rounds=1)
    seats(event, "alice bob")
    start(event)
    started_at = event.__class__.objects.get(pk=event.pk).started_at
    assert start(event).started_at == started_at
    settle(pair(event))
    event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    with pytest.raises(Conflict) as err:
        start(event)
    assert err.value.code == "bad_transition"
    assert "is complete: it cannot become running (that is final)" in err.value.message


def test_an_event_in_registration_cannot_complete_or_go_to_the_top_cut():
    event = OrganizedEventFactory(top_cut=4)
    with pytest.raises(Conflict, match="is registration: it cannot become complete "
                                       r"\(from registration it can only become running\)"):
        event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    with pytest.raises(Conflict, match="cannot become top cut"):
        topcut_start(event_id=event.pk, by=organizer_of(event), now=now())


def test_an_event_completes_only_when_every_swiss_round_is_played_and_confirmed():
    event = OrganizedEventFactory(rounds=2)
    seats(event, "alice bob carol dave")
    start(event)
    organizer = organizer_of(event)
    with pytest.raises(Conflict, match="has not paired any round yet"):
        event_complete(event_id=event.pk, by=organizer, now=now())
    first = pair(event)
    with pytest.raises(Conflict, match="has played 1 of its 2 Swiss rounds"):
        event_complete(event_id=event.pk, by=organizer, now=now())
    settle(first)
    second = pair(event)
    with pytest.raises(Conflict, match="Round 2 still has results to confirm: table 1, "
                                       "table 2"):
        event_complete(event_id=event.pk, by=organizer, now=now())
    settle(second)
    event, completed = event_complete(event_id=event.pk, by=organizer, now=now())
    assert event.status == EventStatus.COMPLETE and event.completed_at is not None
    again, completed_again = event_complete(event_id=event.pk, by=organizer, now=now())
    assert again.completed_at == event.completed_at
    assert (completed, completed_again) == (True, False)


def test_an_event_with_a_top_cut_goes_to_the_cut_before_it_completes():
    event = OrganizedEventFactory(rounds=1, top_cut=4)
    seats(event, "alice bob carol dave")
    start(event)
    settle(pair(event))
    with pytest.raises(Conflict, match="has a top 4: start the top cut"):
        event_complete(event_id=event.pk, by=organizer_of(event), now=now())


def test_an_organizer_adds_a_co_organizer_who_can_then_run_the_event():
    event = OrganizedEventFactory()
    ListedSeatFactory.create_batch(2, event=event)
    zoe = UserFactory(username="zoe")
    organizer_add(event_id=event.pk, by=organizer_of(event), user=zoe)
    organizer_add(event_id=event.pk, by=organizer_of(event), user=zoe)
    assert event.organizers.filter(pk=zoe.pk).count() == 1
    assert event_start(event_id=event.pk, by=zoe, now=now())[0].status == EventStatus.RUNNING


def test_a_player_cannot_make_themselves_an_organizer():
    event = OrganizedEventFactory()
    alice, = seats(event, "alice")
    with pytest.raises(DomainError) as err:
        organizer_add(event_id=event.pk, by=alice.player, user=alice.player)
    assert isinstance(err.value, Forbidden)
    assert not event.organizers.filter(pk=alice.player.pk).exists()
