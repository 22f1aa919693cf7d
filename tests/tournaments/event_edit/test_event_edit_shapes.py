"""The edit page's shape (tournaments/forms/shapes.py): during registration it shows the
event's shape and may change it, checked as on the new-event page; once the event has
started the shape is shown locked, with the sentence saying why, and a forged post of another
shape changes nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import organizer_of, seats, start
from tests.web import html, signed_in
from tournaments.forms.shapes import SHAPES
from tournaments.models import Event

pytestmark = pytest.mark.django_db

LOCKED = ("Fixed since the event started: its phases were written from this shape at the "
          "start, and its rounds follow them.")


def form_of(event: Event, **changes) -> dict:
    data = {"name": event.name, "format": event.format, "match_length": event.match_length,
            "late_entry_until_round": event.late_entry_until_round,
            "round_minutes": event.round_minutes, "late_player_gets": event.late_player_gets,
            "no_show_minutes": event.no_show_minutes, "time_zone": event.time_zone,
            "tiebreakers": ", ".join(event.tiebreakers), "clock_starts_at_pairing": "on"}
    return data | changes


def url(event: Event) -> str:
    return reverse("tournaments:event_edit", args=[event.pk])


@pytest.mark.parametrize(("settings", "shape"), [
    ({}, "swiss"), ({"top_cut": 8}, "swiss_top_cut"),
    ({"day2_points": 9, "day2_rounds": 2}, "two_day"),
    ({"structure": "round_robin", "groups": 2, "top_cut": 4}, "round_robin_top_cut"),
    ({"structure": "round_robin", "groups": 2}, "round_robin"),
    ({"structure": "single_elimination"}, "single_elimination"),
])
def test_the_edit_page_shows_the_events_shape_chosen(settings, shape):
    event = OrganizedEventFactory(**settings)
    form = signed_in(organizer_of(event)).get(url(event)).context["form"]
    assert form["shape"].value() == shape
    assert not form.fields["shape"].disabled


def test_during_registration_the_shape_changes_with_its_settings():
    event = OrganizedEventFactory(rounds=4)
    client = signed_in(organizer_of(event))
    response = client.post(url(event), form_of(event, shape="swiss_top_cut", rounds="4",
                                               top_cut="8", third_place="on"))
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.structure, event.rounds, event.top_cut, event.third_place) == (
        "swiss", 4, 8, True)
    # And to a round robin: the Swiss rounds it does not use are left out by the script.
    response = client.post(url(event), form_of(event, shape="round_robin", groups="2"))
    assert response.status_code == 302, response.context["form"].errors
    event.refresh_from_db()
    assert (event.structure, event.groups, event.rounds, event.top_cut, event.third_place) == (
        "round_robin", 2, None, 0, False)


def test_during_registration_a_setting_against_the_shape_is_refused_and_nothing_changes():
    event = OrganizedEventFactory(rounds=4)
    response = signed_in(organizer_of(event)).post(
        url(event), form_of(event, shape="swiss", rounds="4", top_cut="8", venue="Hall B"))
    assert response.status_code == 400
    assert response.context["form"].errors["top_cut"] == [
        "“Swiss” has no top cut: choose “No top cut”, or a shape with a top cut."]
    event.refresh_from_db()
    assert (event.top_cut, event.venue) == (0, "")


def test_once_started_the_shape_is_shown_locked_with_why():
    event = OrganizedEventFactory(rounds=3, top_cut=4)
    seats(event, "alice bob carol dave")
    start(event)
    response = signed_in(organizer_of(event)).get(url(event))
    form = response.context["form"]
    assert form.fields["shape"].disabled and form["shape"].value() == "swiss_top_cut"
    page = html(response)
    assert LOCKED.replace("'", "&#x27;") in page
    assert page.count('name="shape"') == page.count('name="shape" value') == len(SHAPES)
    assert page.count("disabled") >= len(SHAPES)


def test_once_started_a_forged_shape_changes_nothing_but_what_may_change():
    event = OrganizedEventFactory(rounds=3, top_cut=4)
    seats(event, "alice bob carol dave")
    start(event)
    response = signed_in(organizer_of(event)).post(url(event), form_of(
        event, shape="round_robin", structure="round_robin", groups="2", top_cut="0",
        venue="Back room"))
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.structure, event.groups, event.top_cut, event.venue) == (
        "swiss", None, 4, "Back room")
