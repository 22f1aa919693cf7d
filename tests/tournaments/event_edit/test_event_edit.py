"""An organizer edits their event after creating it: the details and the day's settings until
the event is complete, the rest during registration only, nothing once it is complete. Each
change is kept (`EventChange`, before and after) and bumps the results version; a refused
change names each setting and why, and writes nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.urls import reverse

from core.errors import Conflict, DomainError
from tests.factories import UserFactory
from tests.factories.tournaments import EventChangeFactory, OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import T0, now, organizer_of, pair, seats, settle, start
from tests.web import client_for, error_of, html, signed_in
from tournaments.models import Event, EventChange, EventStandings, Registration, WaitlistEntry
from tournaments.selectors.clock import clock_at
from tournaments.services.clock import round_clock_start
from tournaments.services.event_edit import BEFORE_START, event_update
from tournaments.services.events import event_complete
from tournaments.services.registrations import registration_create, waitlist_join

pytestmark = pytest.mark.django_db

MIN = timedelta(minutes=1)


def update(event: Event, at: datetime | None = None, **changes):  # noqa: ANN201
    return event_update(event_id=event.pk, by=organizer_of(event), now=at or now(),
                        changes=changes)


def version(event: Event) -> int:
    row = EventStandings.objects.filter(event=event).first()
    return row.version if row else 0


def fresh(event: Event) -> Event:
    return Event.objects.get(pk=event.pk)


def running(rounds: int = 3, **settings) -> Event:
    event = OrganizedEventFactory(rounds=rounds, **settings)
    seats(event, "alice bob carol dave")
    return start(event)


# Any time before completion ------------------------------------------------------------


def test_a_typo_in_the_venue_is_fixed_and_kept_with_what_it_was():
    event = OrganizedEventFactory(name="Spring Open", venue="Hal A")
    at = now()
    _, changed = update(event, at=at, venue="Hall A", description="Bring sleeves.")
    assert changed == {"description": ["", "Bring sleeves."], "venue": ["Hal A", "Hall A"]}
    event = fresh(event)
    assert (event.venue, event.description) == ("Hall A", "Bring sleeves.")
    change = EventChange.objects.get(event=event)
    assert change.by == organizer_of(event) and change.at == at
    assert change.changes == changed


def test_moving_the_start_and_the_time_zone_keeps_the_times_as_iso_strings():
    event = OrganizedEventFactory()
    start_at = datetime(2026, 6, 1, 14, 0, tzinfo=ZoneInfo("Europe/Paris"))
    update(event, starts_at=start_at, time_zone="Europe/Paris")
    event = fresh(event)
    assert event.starts_at == start_at and event.time_zone == "Europe/Paris"
    assert EventChange.objects.get(event=event).changes["starts_at"] == [
        None, start_at.isoformat()]


def test_a_setting_sent_with_its_present_value_is_no_change_and_writes_nothing():
    event = OrganizedEventFactory(venue="Hall A")
    before = version(event)
    _, changed = update(event, venue="  Hall A ", round_minutes=event.round_minutes)
    assert changed == {}
    assert not EventChange.objects.filter(event=event).exists()
    assert version(event) == before


def test_each_change_bumps_the_results_version_the_kept_pages_read():
    event = running()
    before = version(event)
    update(event, name="Spring Open (Saturday)")
    assert version(event) == before + 1


@pytest.mark.parametrize("changes", [
    {"name": "Renamed"}, {"description": "New text"}, {"venue": "Back room"},
    {"time_zone": "America/New_York"}, {"round_minutes": 40},
    {"clock_starts_at_pairing": False}, {"no_show_minutes": 15},
    {"late_player_gets": "ai_match"}, {"late_entry_until_round": 2},
    {"starts_at": T0 + timedelta(hours=2)},
], ids=lambda c: next(iter(c)))
def test_the_details_and_the_days_settings_change_while_the_event_runs(changes):
    event = running()
    update(event, **changes)
    field, value = next(iter(changes.items()))
    assert getattr(fresh(event), field) == value
    assert list(EventChange.objects.get(event=event).changes) == [field]


def test_a_top_cut_event_still_takes_a_new_venue():
    event = running(top_cut=4)
    event.status = "top_cut"
    event.save(update_fields=["status"])
    update(event, venue="Main stage")
    assert fresh(event).venue == "Main stage"


# During registration only --------------------------------------------------------------


REGISTRATION_ONLY = [
    ("format", "constructed"), ("match_length", 1), ("rounds", 5), ("top_cut", 8),
    ("tiebreakers", ["match_points", "gw"]), ("check_in_required", True),
    ("fill_with_ai", True), ("ai_in_top_cut", True),
    ("registration_opens", T0 - timedelta(days=2)),
    ("registration_closes", T0 + timedelta(days=2)),
    ("decklist_deadline", T0 + timedelta(days=1)), ("capacity", 100), ("pick_seconds", 60),
]


@pytest.mark.parametrize(("field", "value"), REGISTRATION_ONLY, ids=lambda v: str(v)[:20])
def test_the_rest_changes_during_registration(field, value):
    event = OrganizedEventFactory(rounds=3)
    update(event, **{field: value})
    assert getattr(fresh(event), field) == value


@pytest.mark.parametrize(("field", "value"), REGISTRATION_ONLY, ids=lambda v: str(v)[:20])
def test_after_the_start_the_rest_is_refused_by_name_and_nothing_is_written(field, value):
    event = running()
    before = version(event)
    was = getattr(fresh(event), field)
    with pytest.raises(Conflict) as refused:
        update(event, venue="Back room", **{field: value})
    assert refused.value.code == "setting_fixed"
    assert "during registration only" in refused.value.message
    assert list(refused.value.fields) == [field]
    event = fresh(event)
    assert getattr(event, field) == was and event.venue == ""  # the venue was not saved either
    assert not EventChange.objects.filter(event=event).exists() and version(event) == before


def test_after_the_start_a_fixed_setting_sent_as_it_is_is_not_a_change():
    event = running()
    update(event, venue="Back room", format=event.format, rounds=event.rounds)
    assert fresh(event).venue == "Back room"


def test_the_format_changes_only_while_nobody_holds_a_seat_or_waits():
    event = OrganizedEventFactory()
    SeatFactory(event=event)
    with pytest.raises(DomainError) as refused:
        update(event, format="draft")
    assert refused.value.fields["format"] == [
        "the format cannot change once players have registered or joined the waitlist (1): "
        "their lists were chosen for Preconstructed"]
    assert fresh(event).format == "preconstructed"


# Capacity and the waitlist -------------------------------------------------------------


@pytest.fixture
def full():  # noqa: ANN201
    """Two seats taken by Gus and Fay; Ann, then Bob, then Cy wait."""
    event = OrganizedEventFactory(name="Spring Open", capacity=2)
    for name in ("gus", "fay"):
        registration_create(event_id=event.pk, by=UserFactory(username=name), now=now(),
                            preconstructed_deck=1)
    for name in ("ann", "bob", "cy"):
        waitlist_join(event_id=event.pk, by=UserFactory(username=name,
                                                        email=f"{name}@example.com"),
                      now=now(), preconstructed_deck=2)
    return event


def test_a_capacity_below_the_seats_taken_is_refused_naming_the_number(full):
    with pytest.raises(DomainError) as refused:
        update(full, capacity=1)
    assert refused.value.fields["capacity"] == [
        "the capacity cannot be 1: 2 seats are taken (remove players first)"]
    assert fresh(full).capacity == 2
    assert WaitlistEntry.objects.filter(event=full).count() == 3


def test_a_larger_capacity_moves_the_waitlist_up_in_order_and_tells_them(
        full, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        update(full, capacity=4)
    seated = Registration.objects.filter(event=full, moved_up_at__isnull=False)
    assert sorted(s.player.username for s in seated) == ["ann", "bob"]
    assert [e.player.username for e in WaitlistEntry.objects.filter(event=full)] == ["cy"]
    assert sorted(m.to[0] for m in mail.outbox) == ["ann@example.com", "bob@example.com"]
    assert EventChange.objects.get(event=full).changes == {"capacity": [2, 4]}


def test_no_capacity_seats_everyone_waiting(full):
    update(full, capacity=None)
    assert not WaitlistEntry.objects.filter(event=full).exists()
    assert Registration.objects.filter(event=full).count() == 5


# Late entry ----------------------------------------------------------------------------


def test_late_entry_cannot_go_below_a_round_already_paired():
    event = running(late_entry_until_round=3)
    settle(pair(event))
    pair(event)  # round 2
    with pytest.raises(DomainError) as refused:
        update(event, late_entry_until_round=1)
    assert refused.value.fields["late_entry_until_round"] == [
        "late entry until round 1 is below round 2, already paired"]
    update(event, late_entry_until_round=2)
    assert fresh(event).late_entry_until_round == 2


def test_late_entry_past_the_last_swiss_round_is_refused():
    event = running()
    with pytest.raises(DomainError) as refused:
        update(event, late_entry_until_round=4)
    assert "the event has 3 Swiss rounds" in refused.value.fields[
        "late_entry_until_round"][0]


def test_fewer_rounds_than_late_entry_names_the_rounds_it_changes():
    event = OrganizedEventFactory(rounds=5, late_entry_until_round=4)
    with pytest.raises(DomainError) as refused:
        update(event, rounds=3)
    assert list(refused.value.fields) == ["rounds"]


# The round clock -----------------------------------------------------------------------


def test_a_running_clock_keeps_its_length_and_the_next_round_takes_the_new_one():
    event = running()
    rnd = pair(event)
    rnd.refresh_from_db()
    started = rnd.clock_started_at
    seen = clock_at(rnd, started + 10 * MIN).seconds_left
    update(event, round_minutes=30)
    rnd.refresh_from_db()
    assert rnd.clock_minutes == 50
    assert clock_at(rnd, started + 10 * MIN).seconds_left == seen == 40 * 60
    settle(rnd)
    nxt = pair(event)
    nxt.refresh_from_db()
    assert nxt.clock_minutes == 30


def test_a_paired_round_whose_clock_has_not_started_takes_the_new_length():
    event = running(clock_starts_at_pairing=False)
    rnd = pair(event)
    update(event, round_minutes=35)
    rnd, _ = round_clock_start(event_id=event.pk, number=rnd.number, by=organizer_of(event),
                               now=T0)
    assert clock_at(rnd, T0).seconds_left == 35 * 60


# Nothing after completion --------------------------------------------------------------


def test_nothing_changes_once_the_event_is_complete():
    event = running(rounds=1)
    settle(pair(event))
    event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    with pytest.raises(Conflict) as refused:
        update(event, venue="Elsewhere")
    assert refused.value.code == "event_complete"
    assert "is complete" in refused.value.message
    assert fresh(event).venue == ""


# Bad input, each named -----------------------------------------------------------------


BAD = [
    ("name", "   ", "the event needs a name"),
    ("name", "x" * 121, "the name is longer than 120"),
    ("round_minutes", 0, "the round clock is 1 to 600 minutes"),
    ("round_minutes", "50", "the round length must be a whole number"),
    ("no_show_minutes", 601, "a no-show is given 1 to 600 minutes"),
    ("time_zone", "Mars/Base", "the time zone must be an IANA name"),
    ("late_player_gets", "a cookie", "a late player gets a bye or an AI match"),
    ("capacity", 0, "the capacity is 1 to 10000 players"),
    ("pick_seconds", 5, "the pick timer is 10 to 600 seconds, or empty for none"),
    ("pick_seconds", 601, "the pick timer is 10 to 600 seconds, or empty for none"),
    ("pick_seconds", "60", "the pick timer must be a whole number or empty"),
    ("tiebreakers", ["luck"], "unknown tiebreaker 'luck'"),
    ("tiebreakers", [], "the standings need at least one tiebreaker"),
    ("top_cut", 6, "the top cut is none or 2, 4, 8, 16, 32 or 64 players"),
    ("match_length", 2, "matches are best of 1 or best of 3"),
    ("starts_at", datetime(2026, 6, 1, 14, 0), "the start must be a date and time with its "
                                               "time zone"),
    ("check_in_required", "yes", "check-in must be yes or no"),
    ("venue", "v" * 201, "the venue is longer than 200"),
    ("game", "berserk", "game cannot be changed after the event is created"),
    ("seed", 7, "seed cannot be changed after the event is created"),
]


@pytest.mark.parametrize(("field", "value", "says"), BAD, ids=lambda v: str(v)[:20])
def test_bad_input_is_refused_under_its_field_and_nothing_is_written(field, value, says):
    event = OrganizedEventFactory(description="As it was")
    before = version(event)
    with pytest.raises(DomainError) as refused:
        update(event, description="Changed", **{field: value})
    [problem] = refused.value.fields[field]
    assert problem.startswith(says), problem
    assert fresh(event).description == "As it was"
    assert not EventChange.objects.filter(event=event).exists() and version(event) == before


def test_every_bad_setting_is_named_at_once():
    event = OrganizedEventFactory()
    with pytest.raises(DomainError) as refused:
        update(event, round_minutes=0, time_zone="Nowhere", capacity=-1)
    assert sorted(refused.value.fields) == ["capacity", "round_minutes", "time_zone"]
    assert len(refused.value.problems) == 3


def test_registration_must_close_after_it_opens():
    event = OrganizedEventFactory(registration_opens=T0)
    with pytest.raises(DomainError) as refused:
        update(event, registration_closes=T0 - MIN)
    assert refused.value.fields == {
        "registration_closes": ["registration must close after it opens"]}


# The page ------------------------------------------------------------------------------


def test_the_dashboard_links_to_the_edit_page():
    event = OrganizedEventFactory()
    page = html(signed_in(organizer_of(event)).get(reverse("tournaments:dashboard",
                                                           args=[event.pk])))
    assert reverse("tournaments:event_edit", args=[event.pk]) in page


def _form(event: Event, **changes) -> dict:
    """What the edit page posts: the event's settings as its form shows them."""
    data = {"name": event.name, "format": event.format, "match_length": event.match_length,
            "rounds": event.rounds or "", "top_cut": event.top_cut,
            "late_entry_until_round": event.late_entry_until_round,
            "round_minutes": event.round_minutes, "late_player_gets": event.late_player_gets,
            "no_show_minutes": event.no_show_minutes, "time_zone": event.time_zone,
            "venue": event.venue, "description": event.description,
            "capacity": event.capacity or "", "tiebreakers": ", ".join(event.tiebreakers),
            "clock_starts_at_pairing": "on" if event.clock_starts_at_pairing else ""}
    data.update(changes)
    return {k: v for k, v in data.items() if v != ""} | {
        k: "" for k, v in changes.items() if v == ""}


def test_the_page_saves_a_change_and_lists_it_below_the_form():
    event = OrganizedEventFactory(venue="Hal A", time_zone="Europe/Paris")
    client = signed_in(organizer_of(event))
    url = reverse("tournaments:event_edit", args=[event.pk])
    page = html(client.get(url))
    assert 'value="Hal A"' in page and "No change since the event was created." in page
    response = client.post(url, _form(event, venue="Hall A", starts_at="2026-06-01T14:00"))
    assert response.status_code == 302
    event = fresh(event)
    assert event.venue == "Hall A"
    assert event.starts_at == datetime(2026, 6, 1, 12, 0, tzinfo=UTC)  # 14:00 in Paris
    page = html(client.get(url))
    assert "Saved: the venue, the start changed." in page
    assert "the venue: Hal A &rarr; Hall A" in page
    assert "1 Jun 2026, 14:00 (Europe/Paris)" in page
    assert 'value="2026-06-01T14:00"' in page


def test_the_page_shows_each_refusal_next_to_its_field_and_saves_nothing():
    event = OrganizedEventFactory(venue="Hall A", rounds=3)
    SeatFactory(event=event)
    SeatFactory(event=event)
    client = signed_in(organizer_of(event))
    url = reverse("tournaments:event_edit", args=[event.pk])
    response = client.post(url, _form(event, venue="Hall B", capacity=1,
                                      late_entry_until_round=5))
    assert response.status_code == 400
    form = response.context["form"]
    assert form.errors["capacity"] == [
        "the capacity cannot be 1: 2 seats are taken (remove players first)"]
    assert form.errors["late_entry_until_round"] == [
        "late entry until round 5, but the event has 3 Swiss rounds"]
    assert fresh(event).venue == "Hall A"
    # What the form itself refuses, as on the creation page.
    response = client.post(url, _form(event, time_zone="Mars/Base", round_minutes=0))
    assert response.status_code == 400
    form = response.context["form"]
    assert form.errors["time_zone"][0].startswith("the time zone must be an IANA name")
    assert "round_minutes" in form.errors
    assert 'id="id_time_zone-errors"' in html(response)


def test_once_started_the_page_shows_the_fixed_settings_disabled():
    event = running(capacity=10)
    client = signed_in(organizer_of(event))
    url = reverse("tournaments:event_edit", args=[event.pk])
    response = client.get(url)
    form = response.context["form"]
    assert form.fields["capacity"].disabled and form.fields["format"].disabled
    # Every fixed setting says so, but the first phase: the shape shows it, locked with its
    # own sentence.
    assert html(response).count("Fixed since the event started.") == len(BEFORE_START) - 1
    assert "Fixed since the event started: its phases were written" in html(response)
    assert not form.fields["venue"].disabled and not form.fields["round_minutes"].disabled
    # A forged post of a fixed setting is ignored by the form: the field is disabled.
    response = client.post(url, _form(event, venue="Back room", capacity=99))
    assert response.status_code == 302
    event = fresh(event)
    assert (event.venue, event.capacity) == ("Back room", 10)


def test_a_complete_event_shows_its_changes_without_a_form():
    event = running(rounds=1)
    EventChangeFactory(event=event)
    settle(pair(event))
    event_complete(event_id=event.pk, by=organizer_of(event), now=now())
    client = signed_in(organizer_of(event))
    url = reverse("tournaments:event_edit", args=[event.pk])
    page = html(client.get(url))
    assert "its settings no longer change" in page and "event-edit-form" not in page
    assert "the venue: Hall A &rarr; Hall B" in page
    response = client.post(url, _form(event, venue="Elsewhere"))
    assert response.status_code == 409
    assert fresh(event).venue == ""


# The API -------------------------------------------------------------------------------


def test_patch_changes_the_settings_sent():
    event = OrganizedEventFactory()
    response = client_for(organizer_of(event)).patch(
        f"/api/events/{event.pk}/", {"venue": "Hall B", "capacity": 16,
                                     "starts_at": "2026-06-01T14:00:00+02:00"}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["venue"] == "Hall B" and body["capacity"] == 16
    assert fresh(event).starts_at == datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


def test_patch_of_a_fixed_setting_is_a_409_naming_it():
    event = running()
    response = client_for(organizer_of(event)).patch(
        f"/api/events/{event.pk}/", {"capacity": 16, "venue": "Hall B"}, format="json")
    assert response.status_code == 409
    error = error_of(response)
    assert error["code"] == "setting_fixed"
    assert error["problems"] == [f"the capacity changes during registration only: "
                                 f"{event.name} has started"]
    assert fresh(event).venue == ""


@pytest.mark.parametrize(("body", "field"), [
    ({"game": "berserk"}, "game"), ({"seed": 1}, "seed"), ({"round_minutes": 0}, "round_minutes"),
    ({"time_zone": "Mars/Base"}, None), ({}, None),
])
def test_patch_of_bad_input_is_a_400_and_writes_nothing(body, field):
    event = OrganizedEventFactory()
    response = client_for(organizer_of(event)).patch(f"/api/events/{event.pk}/", body,
                                                     format="json")
    assert response.status_code == 400
    if field:
        assert field in str(response.json())
    assert not EventChange.objects.filter(event=event).exists()
