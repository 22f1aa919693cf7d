"""A late player added to the round already paired (issue 16): a bye or a match against a new
AI seat, per the event's setting; the refusals, undoing the pairing, and the dashboard's form."""


import pytest
from django.test import Client
from django.urls import reverse

from core.errors import Conflict, DomainError, NotFound
from decks.rules import SPOILS
from decks.services.catalogue import other_game
from tests.factories import UserFactory
from tests.factories.tournaments import AISeatFactory, OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start
from tests.tournaments.late_noshow_steps import late, running
from tournaments.models import (
    Correction,
    CorrectionAction,
    LatePlayerGets,
    Match,
    MatchJob,
    MatchStatus,
    Registration,
    ResultAction,
    ResultChange,
    RoundStatus,
)
from tournaments.selectors.online import online_play_problem
from tournaments.services.corrections import round_unpair
from tournaments.services.events import event_create
from tournaments.services.late_players import round_late_player_add
from tournaments.services.registrations import registration_create, registration_drop

pytestmark = pytest.mark.django_db


def test_a_late_player_gets_a_confirmed_bye_for_the_round_and_is_paired_from_the_next():
    event, _ = running()
    rnd = pair(event)
    zed = UserFactory(username="zed")
    added = late(event, player=zed)
    seat = added.registration
    assert seat.player == zed and seat.late_entry and seat.checked_in
    bye = added.match
    assert bye.bye and (bye.status, bye.a_wins, bye.b_wins, bye.draws) == (
        MatchStatus.CONFIRMED, 2, 0, 0)
    assert bye.round_id == rnd.pk and bye.table is None
    (change,) = ResultChange.objects.filter(match=bye)
    assert change.action == ResultAction.BYE and change.by == organizer_of(event)
    (row,) = Correction.objects.filter(event=event)
    assert (row.action, row.registration, row.round_number, row.by) == (
        CorrectionAction.LATE, seat, 1, organizer_of(event))
    assert row.details["gets"] == "bye" and row.details["new_seat"] is True
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PLAYING  # the other tables still play
    settle(rnd)
    second = pair(event)
    assert second.matches.filter(player_a=seat).exists() or second.matches.filter(
        player_b=seat).exists()


def test_a_late_player_gets_a_match_against_a_new_ai_seat_played_like_other_ai_matches():
    event, _ = running(gets=LatePlayerGets.AI_MATCH)
    rnd = pair(event)
    tables = rnd.matches.count()
    added = late(event, guest_name="  Walk   In ")
    seat, match = added.registration, added.match
    assert seat.is_guest and seat.name == "Walk In" and added.claim_code
    assert match.table == tables + 1 and match.player_a == seat and match.is_ai_match
    ai = match.player_b
    assert ai.is_ai and ai.ai_name == "Late AI 1" and ai.late_entry and ai.dropped
    assert match.status == MatchStatus.PENDING
    # Like any match of a person against an AI seat: played online against the engine (no
    # worker job, which is for two AI seats), or settled by the organizer.
    event.refresh_from_db()
    assert online_play_problem(match, event) == ""
    assert not MatchJob.objects.filter(match=match).exists()
    # The round completes once it is settled; the AI seat is never paired again.
    settle(rnd)
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.COMPLETE
    second = pair(event)
    assert not second.matches.filter(player_b=ai).exists()
    assert not second.matches.filter(player_a=ai).exists()
    row = Correction.objects.get(event=event, action=CorrectionAction.LATE)
    assert row.details["ai_seat"] == ai.pk and row.details["table"] == match.table


def test_a_second_late_ai_seat_gets_its_own_name():
    event, _ = running(gets=LatePlayerGets.AI_MATCH)
    pair(event)
    late(event, guest_name="First")
    second = late(event, guest_name="Second")
    assert second.match.player_b.ai_name == "Late AI 2"


def test_a_late_entry_made_after_the_pairing_is_added_by_its_seat():
    event, _ = running(late_entry_until_round=2)
    pair(event)  # round 1 is paired: late entries are open until round 2 is
    zed = UserFactory(username="zed")
    seat = registration_create(event_id=event.pk, by=zed, now=now(), preconstructed_deck=1)
    added = late(event, registration_id=seat.pk)
    assert added.registration == seat and added.bye
    # The same by username: the seat is theirs already, and it plays now.
    with pytest.raises(Conflict) as err:
        late(event, player=zed)
    assert err.value.code == "already_in_round" and "with a bye" in err.value.message


def test_the_last_swiss_round_still_takes_a_late_player():
    event = OrganizedEventFactory(rounds=1, seed=3)
    seats(event, "alice bob")
    start(event)
    pair(event)
    added = late(event, guest_name="Latecomer")
    assert added.bye


@pytest.mark.parametrize("who", ["seated", "dropped", "ai", "other_event", "none", "two"])
def test_a_late_player_is_refused_clearly(who):
    event, players = running("alice bob carol dave eve")  # odd: eve or another has the bye
    rnd = pair(event)
    organizer = organizer_of(event)
    if who == "seated":
        args, error, code = {"registration_id": players[0].pk}, Conflict, "already_in_round"
    elif who == "dropped":
        zed = SeatFactory(event=event, player=UserFactory(username="zed"), late_entry=True)
        registration_drop(registration_id=zed.pk, by=organizer, now=now())
        args, error, code = {"registration_id": zed.pk}, Conflict, "dropped"
    elif who == "ai":
        ai = AISeatFactory(event=event, ai_name="Bot")
        args, error, code = {"registration_id": ai.pk}, DomainError, "ai_seat"
    elif who == "other_event":
        other = SeatFactory(event=OrganizedEventFactory())
        args, error, code = {"registration_id": other.pk}, NotFound, "no_such_registration"
    elif who == "none":
        args, error, code = {}, DomainError, "one_late_player"
    else:
        args, error, code = ({"guest_name": "A", "player": UserFactory()}, DomainError,
                             "one_late_player")
    before = list(Match.objects.filter(round=rnd).values())
    seats_before = Registration.objects.count()
    with pytest.raises(error) as err:
        late(event, **args)
    assert err.value.code == code
    assert list(Match.objects.filter(round=rnd).values()) == before
    assert Registration.objects.count() == seats_before
    assert not Correction.objects.filter(action=CorrectionAction.LATE).exists()


def test_a_late_player_is_refused_once_the_round_results_are_all_in_or_for_an_old_round():
    event, _ = running()
    rnd = pair(event)
    settle(rnd)
    with pytest.raises(Conflict) as err:
        late(event, guest_name="Too Late")
    assert err.value.code == "round_complete" and "all in" in err.value.message
    assert not Registration.objects.filter(guest_name="Too Late").exists()
    pair(event)
    with pytest.raises(Conflict) as err:
        late(event, number=1, guest_name="Too Late")
    assert err.value.code == "not_latest_round"


def test_a_late_player_is_refused_in_a_draft_and_when_the_game_has_no_ai():
    draft = OrganizedEventFactory(format="draft")
    with pytest.raises(Conflict) as err:
        round_late_player_add(event_id=draft.pk, by=organizer_of(draft), now=now(), number=1,
                              guest_name="X")
    assert err.value.code == "draft_no_late_player"
    spoils = other_game(SPOILS)
    with pytest.raises(DomainError) as err:
        event_create(by=UserFactory(), name="Spoils cup", format="constructed", now=now(),
                     game=spoils, late_player_gets=LatePlayerGets.AI_MATCH)
    assert "has no AI players" in err.value.message
    # An event set so before the check (an old row): the action itself refuses.
    event, _ = running(gets=LatePlayerGets.AI_MATCH, game=spoils, format="constructed")
    pair(event)
    with pytest.raises(Conflict) as err:
        late(event, guest_name="X")
    assert err.value.code == "no_ai"
    assert not Registration.objects.filter(guest_name="X").exists()


def test_undoing_the_pairing_takes_the_late_bye_with_it_and_the_seat_is_paired_again():
    event, _ = running("alice bob carol dave eve")
    pair(event)
    added = late(event, guest_name="Latecomer")
    round_unpair(event_id=event.pk, by=organizer_of(event), now=now(), number=1)
    assert not Match.objects.filter(pk=added.match.pk).exists()
    again = pair(event)
    seat = added.registration
    assert again.matches.filter(player_a=seat).exists() or again.matches.filter(
        player_b=seat).exists()


def test_the_dashboard_adds_a_late_player_and_shows_the_guest_code_once(client):
    event, _ = running(gets=LatePlayerGets.AI_MATCH)
    pair(event)
    client.force_login(organizer_of(event))
    page = client.get(reverse("tournaments:dashboard", args=[event.pk])).content.decode()
    assert "Add a late player" in page and "gives them a match against a new AI seat" in page
    assert reverse("tournaments:corrections", args=[event.pk]) in page
    response = client.post(reverse("tournaments:round_late_player", args=[event.pk]),
                           {"late-number": 1, "late-guest_name": "Walk In"}, follow=True)
    text = response.content.decode()
    assert "Walk In plays round 1 at table 3, against Late AI 1" in text
    assert "claim code is" in text
    # Refusals come back on the dashboard with the reason and nothing made.
    response = client.post(reverse("tournaments:round_late_player", args=[event.pk]),
                           {"late-number": 1, "late-guest_name": "Walk In"})
    assert response.status_code == 409 and "already has a guest called" in (
        response.content.decode())
    response = client.post(reverse("tournaments:round_late_player", args=[event.pk]),
                           {"late-number": 1})
    assert response.status_code == 400 and "Give one late player" in response.content.decode()
    response = client.post(reverse("tournaments:round_late_player", args=[event.pk]),
                           {"late-number": 1, "late-player": "nobody-here"})
    assert response.status_code == 400 and "no player called" in response.content.decode()
    assert Registration.objects.filter(event=event, guest_name="Walk In").count() == 1
    assert Correction.objects.filter(action=CorrectionAction.LATE).count() == 1


def test_undoing_the_pairing_takes_a_late_players_ai_seat_with_its_match():
    event, _ = running("alice bob carol dave", gets=LatePlayerGets.AI_MATCH)
    pair(event)
    added = late(event, guest_name="Latecomer")
    ai_seat = added.match.player_b
    round_unpair(event_id=event.pk, by=organizer_of(event), now=now(), number=1)
    assert not Registration.objects.filter(pk=ai_seat.pk).exists()
    assert Registration.objects.filter(pk=added.registration.pk).exists()
    again = pair(event)
    assert again.matches.filter(player_b__is_ai=True).count() == 0


@pytest.mark.django_db
def test_the_dashboard_shows_the_late_player_form_when_no_table_has_a_person_to_be_absent():
    """A Swiss round whose open tables all seat AI players offers the late-player form and no
    no-show form: the heading still names the round (it used to fail on the missing no-show)."""
    from tests.tournaments.engine_scene import ai_round

    rnd = ai_round()
    client = Client()
    client.force_login(rnd.event.organizers.first())
    response = client.get(reverse("tournaments:dashboard", args=[rnd.event.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Round 1: late players and no-shows" in page and 'id="no-show-heading"' not in page
