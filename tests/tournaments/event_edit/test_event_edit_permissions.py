"""Only an organizer of the event edits it: an anonymous visitor, a brand-new account, a
player of the event, a judge of the event and the organizer of another event are refused on
the page and through the API (the login page, 403, 404 for a guessed id), and nothing
changes."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import organizer_of
from tests.web import client_for, signed_in
from tournaments.models import Event, EventChange

pytestmark = pytest.mark.django_db

OUTSIDERS = ["newcomer", "player", "judge", "other_organizer"]


@pytest.fixture
def scene():  # noqa: ANN201
    event = OrganizedEventFactory(name="Spring Open", venue="Hall A")
    player = UserFactory(username="player")
    SeatFactory(event=event, player=player)
    judge = UserFactory(username="judge")
    event.judges.add(judge)
    other = OrganizedEventFactory(name="Other Open")
    return {"event": event, "users": {
        "newcomer": UserFactory(username="newcomer"), "player": player, "judge": judge,
        "other_organizer": organizer_of(other), "organizer": organizer_of(event)}}


def edit_url(pk: int) -> str:
    return reverse("tournaments:event_edit", args=[pk])


def untouched(event: Event) -> None:
    assert Event.objects.get(pk=event.pk).venue == "Hall A"
    assert not EventChange.objects.filter(event=event).exists()


def test_an_anonymous_visitor_is_sent_to_log_in_and_changes_nothing(client, scene):
    event = scene["event"]
    for response in (client.get(edit_url(event.pk)),
                     client.post(edit_url(event.pk), {"name": "Mine", "venue": "X"})):
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login") + "?next=")
    assert client_for().patch(f"/api/events/{event.pk}/", {"venue": "X"},
                              format="json").status_code in (401, 403)
    untouched(event)


@pytest.mark.parametrize("who", OUTSIDERS)
def test_anyone_but_an_organizer_is_refused_on_the_page(scene, who):
    event = scene["event"]
    client = signed_in(scene["users"][who])
    get = client.get(edit_url(event.pk))
    assert get.status_code == 403
    assert "Hall A" not in get.content.decode()
    post = client.post(edit_url(event.pk), {"name": "Mine", "format": "preconstructed",
                                            "venue": "X", "tiebreakers": "match_points"})
    assert post.status_code == 403
    untouched(event)


@pytest.mark.parametrize("who", OUTSIDERS)
def test_anyone_but_an_organizer_is_refused_by_the_api_before_the_input_is_read(scene, who):
    event = scene["event"]
    api = client_for(scene["users"][who])
    for body in ({"venue": "X"}, {"round_minutes": 0}, {"game": "berserk"}):
        response = api.patch(f"/api/events/{event.pk}/", body, format="json")
        assert response.status_code == 403, (body, response.json())
        assert response.json()["error"]["code"] == "not_organizer"
    untouched(event)


def test_the_dashboard_link_is_for_organizers_only(scene):
    event = scene["event"]
    for who in OUTSIDERS:
        page = signed_in(scene["users"][who]).get(reverse("tournaments:event", args=[event.pk]))
        assert edit_url(event.pk) not in page.content.decode()


def test_a_guessed_id_is_a_404_on_the_page_and_the_api(scene):
    missing = Event.objects.order_by("-pk").first().pk + 100
    for who in ("newcomer", "organizer"):
        user = scene["users"][who]
        assert signed_in(user).get(edit_url(missing)).status_code == 404
        assert signed_in(user).post(edit_url(missing), {"venue": "X"}).status_code == 404
        assert client_for(user).patch(f"/api/events/{missing}/", {"venue": "X"},
                                      format="json").status_code == 404


def test_the_organizer_of_another_event_cannot_reach_this_one_through_their_own(scene):
    """Their own event's id in the page, this event's in the body: only theirs changes."""
    event, other_organizer = scene["event"], scene["users"]["other_organizer"]
    own = other_organizer.organized_events.get()
    response = client_for(other_organizer).patch(
        f"/api/events/{own.pk}/", {"venue": "Mine", "id": event.pk, "event": event.pk},
        format="json")
    assert response.status_code == 400  # settings that do not exist are refused by name
    untouched(event)
    response = client_for(other_organizer).patch(f"/api/events/{own.pk}/", {"venue": "Mine"},
                                                 format="json")
    assert response.status_code == 200
    assert Event.objects.get(pk=own.pk).venue == "Mine"
    untouched(event)


def test_a_second_organizer_may_edit(scene):
    event = scene["event"]
    second = UserFactory(username="second")
    event.organizers.add(second)
    response = client_for(second).patch(f"/api/events/{event.pk}/", {"venue": "Hall B"},
                                        format="json")
    assert response.status_code == 200
    assert EventChange.objects.get(event=event).by == second
