"""A no-show's match loss (issue 16) once the round clock has run the event's minutes: through
the result writer, the clock's pauses, the refusals, and the dashboard and API saying how long
to wait."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from core.errors import Conflict, DomainError
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import match_of, now, organizer_of, pair
from tests.tournaments.late_noshow_steps import late, no_show, running
from tournaments.models import (
    Correction,
    CorrectionAction,
    LatePlayerGets,
    MatchStatus,
    ResultAction,
    ResultChange,
    RoundStatus,
)
from tournaments.selectors.clock import clock_run_seconds
from tournaments.services.clock import round_clock_pause, round_clock_resume
from tournaments.services.results import result_report

pytestmark = pytest.mark.django_db



def test_a_no_show_before_the_minutes_is_refused_saying_how_many_are_left():
    event, _ = running(no_show_minutes=10)
    rnd = pair(event)
    match = match_of(rnd, "alice")
    start_at = rnd.clock_started_at
    with pytest.raises(Conflict) as err:
        no_show(match, match.player_a, start_at + timedelta(minutes=7, seconds=30))
    assert err.value.code == "too_early"
    assert "3 minutes left" in err.value.message and err.value.params["left"] == 3
    with pytest.raises(Conflict) as err:
        no_show(match, match.player_a, start_at + timedelta(minutes=9, seconds=1))
    assert "1 minute left" in err.value.message
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING and not Correction.objects.exists()


def test_a_no_show_gives_the_opponent_the_match_through_the_result_writer():
    event, _ = running(no_show_minutes=10)
    rnd = pair(event)
    match = match_of(rnd, "alice")
    absent = match.player_b
    done, given = no_show(match, absent, rnd.clock_started_at + timedelta(minutes=10))
    assert given
    done.refresh_from_db()
    assert (done.status, done.a_wins, done.b_wins, done.draws, done.engine_verified) == (
        MatchStatus.CONFIRMED, 2, 0, 0, False)
    change = ResultChange.objects.filter(match=match).latest("id")
    assert change.action == ResultAction.NO_SHOW and change.by == organizer_of(event)
    assert absent.name in change.note
    row = Correction.objects.get(event=event, action=CorrectionAction.NO_SHOW)
    assert (row.registration, row.round_number, row.details["table"]) == (
        absent, 1, match.table)
    # A second click changes nothing.
    again, given = no_show(match, absent, rnd.clock_started_at + timedelta(minutes=11))
    assert not given and Correction.objects.filter(action=CorrectionAction.NO_SHOW).count() == 1
    # The other player was not absent: their "no-show" is a result to correct, not a second.
    with pytest.raises(Conflict) as err:
        no_show(match, match.player_a, rnd.clock_started_at + timedelta(minutes=12))
    assert err.value.code == "already_confirmed"


def test_a_best_of_one_no_show_is_won_one_game_to_none():
    event, _ = running(match_length=1)
    rnd = pair(event)
    match = match_of(rnd, "alice")
    no_show(match, match.player_a, rnd.clock_started_at + timedelta(minutes=10))
    match.refresh_from_db()
    assert (match.a_wins, match.b_wins) == (0, 1)


def test_the_pauses_of_the_clock_do_not_count_toward_a_no_show():
    event, _ = running(no_show_minutes=10)
    rnd = pair(event)
    organizer = organizer_of(event)
    s = rnd.clock_started_at
    round_clock_pause(event_id=event.pk, number=1, by=organizer, now=s + timedelta(minutes=4))
    round_clock_resume(event_id=event.pk, number=1, by=organizer,
                       now=s + timedelta(minutes=9))
    rnd.refresh_from_db()
    assert clock_run_seconds(rnd, s + timedelta(minutes=12)) == 7 * 60
    match = match_of(rnd, "alice")
    with pytest.raises(Conflict) as err:
        no_show(match, match.player_a, s + timedelta(minutes=12))
    assert "3 minutes left" in err.value.message
    no_show(match, match.player_a, s + timedelta(minutes=15))


def test_a_no_show_waits_for_the_clock_to_start():
    event, _ = running(clock_starts_at_pairing=False)
    rnd = pair(event)
    match = match_of(rnd, "alice")
    with pytest.raises(Conflict) as err:
        no_show(match, match.player_a, now() + timedelta(hours=1))
    assert err.value.code == "clock_not_started"


def test_a_no_show_is_refused_for_a_bye_an_ai_seat_a_stranger_and_a_match_with_games():
    event, players = running("alice bob carol")  # a bye
    rnd = pair(event)
    later = rnd.clock_started_at + timedelta(minutes=30)
    bye = rnd.matches.get(player_b__isnull=True)
    with pytest.raises(Conflict) as err:
        no_show(bye, bye.player_a, later)
    assert err.value.code == "bye"
    match = rnd.matches.get(player_b__isnull=False)
    stranger = SeatFactory(event=OrganizedEventFactory())
    with pytest.raises(DomainError) as err:
        no_show(match, stranger, later)
    assert err.value.code == "not_in_match" and stranger.name not in err.value.message
    event_ai, _ = running(gets=LatePlayerGets.AI_MATCH)
    rnd_ai = pair(event_ai)
    ai_match = late(event_ai, guest_name="Late").match
    with pytest.raises(DomainError) as err:
        no_show(ai_match, ai_match.player_b, rnd_ai.clock_started_at + timedelta(minutes=30))
    assert err.value.code == "ai_seat"
    assert not Correction.objects.filter(action=CorrectionAction.NO_SHOW).exists()


def test_a_reported_match_may_still_be_a_no_show_but_not_after_its_result():
    event, _ = running()
    rnd = pair(event)
    match = match_of(rnd, "alice")
    present = match.player_a
    result_report(match_id=match.pk, by=present.player, a_wins=2, b_wins=0, now=now())
    no_show(match, match.player_b, rnd.clock_started_at + timedelta(minutes=10))
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED and (match.a_wins, match.b_wins) == (2, 0)


def test_the_last_no_show_of_a_round_completes_it():
    event, _ = running("alice bob")
    rnd = pair(event)
    (match,) = rnd.matches.all()
    no_show(match, match.player_a, rnd.clock_started_at + timedelta(minutes=10))
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.COMPLETE


def test_the_dashboard_gives_a_no_show_after_the_minutes(client):
    event, _ = running(no_show_minutes=1)
    rnd = pair(event)
    # The clock started at pairing (the test clock's time, long past): the minute has run.
    match = match_of(rnd, "alice")
    client.force_login(organizer_of(event))
    page = client.get(reverse("tournaments:dashboard", args=[event.pk])).content.decode()
    assert "No-show" in page and "A no-show can be given now." in page
    url = reverse("tournaments:match_no_show", args=[event.pk])
    response = client.post(url, {"number": 1, "absent": match.player_b_id})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED and match.a_wins == 2
    assert client.post(url, {"number": 1, "absent": 999999}).status_code == 409
    page = client.get(reverse("tournaments:corrections", args=[event.pk])).content.decode()
    assert "No-show match loss" in page and "a match loss as a no-show" in page


def test_the_dashboard_says_how_long_to_wait_for_a_no_show(client):
    event, _ = running(no_show_minutes=10)
    rnd = pair(event)
    rnd.clock_started_at = timezone.now() - timedelta(minutes=2, seconds=30)
    rnd.save(update_fields=["clock_started_at"])
    client.force_login(organizer_of(event))
    page = client.get(reverse("tournaments:dashboard", args=[event.pk])).content.decode()
    assert "8 minutes left before a no-show can be given" in page
    response = client.post(reverse("tournaments:match_no_show", args=[event.pk]),
                           {"number": 1, "absent": match_of(rnd, "alice").player_a_id})
    assert response.status_code == 409 and "8 minutes left" in response.content.decode()
    assert not Correction.objects.exists()


def test_the_api_says_how_long_to_wait(client):
    event, _ = running(no_show_minutes=600, round_minutes=600)
    rnd = pair(event)
    rnd.clock_started_at = rnd.clock_started_at.replace(year=2100)
    rnd.save(update_fields=["clock_started_at"])
    match = match_of(rnd, "alice")
    client.force_login(organizer_of(event))
    response = client.post(f"/api/matches/{match.pk}/no-show/",
                           {"absent": match.player_a_id}, content_type="application/json")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "too_early"
