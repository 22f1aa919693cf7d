"""AI seats through the dashboard and the API: an organizer of the event adds them; a player,
an organizer of another event and guessed ids change nothing."""

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import organizer_of, seats, start
from tests.web import client_for, error_of, html, signed_in
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


def ai_seats(event) -> list[tuple[str, str, bool]]:  # noqa: ANN001
    return list(Registration.objects.filter(event=event, is_ai=True).order_by("id")
                .values_list("ai_name", "ai_level", "late_entry"))


def test_the_dashboard_adds_ai_seats_and_comes_back_to_its_form():
    event = OrganizedEventFactory()
    page = signed_in(organizer_of(event))
    shown = html(page.get(reverse("tournaments:dashboard", args=[event.pk])))
    assert 'id="ai-heading"' in shown and 'value="greedy" selected' in shown
    answer = page.post(reverse("tournaments:ai_seats_add", args=[event.pk]),
                       {"count": 2, "level": "search"})
    assert answer.status_code == 302
    assert answer["Location"].endswith(f"/events/{event.pk}/manage/#ai-heading")
    assert ai_seats(event) == [("AI 1", "search", False), ("AI 2", "search", False)]
    bad = page.post(reverse("tournaments:ai_seats_add", args=[event.pk]),
                    {"count": 500, "level": "godlike"})
    assert bad.status_code == 400 and len(ai_seats(event)) == 2


def test_the_dashboard_adds_a_late_ai_seat_while_late_entry_is_open():
    event = OrganizedEventFactory(late_entry_until_round=1)
    seats(event, "ann bob cy")
    start(event)
    page = signed_in(organizer_of(event))
    page.post(reverse("tournaments:ai_seats_add", args=[event.pk]),
              {"count": 1, "level": "greedy"})
    assert ai_seats(event) == [("AI 1", "greedy", True)]


def test_a_draft_dashboard_offers_no_ai_seats():
    event = OrganizedEventFactory(format="draft")
    shown = html(signed_in(organizer_of(event)).get(
        reverse("tournaments:dashboard", args=[event.pk])))
    assert 'id="ai-heading"' not in shown


def test_the_api_adds_ai_seats_at_the_level_asked_or_the_servers(settings):
    settings.CLASH_AI_SEAT_LEVEL = "scripted"
    event = OrganizedEventFactory()
    api = client_for(organizer_of(event))
    url = f"/api/events/{event.pk}/ai-seats/"
    added = api.post(url, {"count": 2, "ai_level": "expert"}, format="json")
    assert added.status_code == 201
    assert [(s["name"], s["is_ai"]) for s in added.json()] == [("AI 1", True), ("AI 2", True)]
    assert api.post(url, {}, format="json").status_code == 201
    assert ai_seats(event)[-1] == ("AI 3", "scripted", False)
    refused = api.post(url, {"count": 0, "ai_level": "godlike"}, format="json")
    assert refused.status_code == 400
    assert error_of(refused)["message"] == "invalid input in count, ai_level"


def test_nobody_but_the_events_organizers_adds_ai_seats_and_guessed_ids_find_nothing():
    event = OrganizedEventFactory()
    (ann,) = seats(event, "ann")
    outsiders = {"player": ann.player, "stranger": UserFactory(),
                 "other organizer": organizer_of(OrganizedEventFactory())}
    for who, user in outsiders.items():
        api = client_for(user).post(f"/api/events/{event.pk}/ai-seats/",
                                    {"count": 3, "ai_level": "expert"}, format="json")
        assert api.status_code == 403, who
        page = signed_in(user).post(reverse("tournaments:ai_seats_add", args=[event.pk]),
                                    {"count": 3, "level": "expert"})
        assert page.status_code == 403, who
    anonymous = client_for(None).post(f"/api/events/{event.pk}/ai-seats/", {"count": 1},
                                      format="json")
    assert anonymous.status_code in (401, 403)
    guessed = event.pk + 1000
    assert client_for(organizer_of(event)).post(f"/api/events/{guessed}/ai-seats/",
                                                {"count": 1}, format="json").status_code == 404
    assert signed_in(organizer_of(event)).post(
        reverse("tournaments:ai_seats_add", args=[guessed]), {"count": 1}).status_code == 404
    assert ai_seats(event) == []
