"""Only an organizer of the event sees or changes its pairing constraints: an anonymous
visitor, a brand-new account, a player of the event, a judge of the event and the organizer of
another event are refused on the page and through the API (the login page, 403), a guessed or
borrowed id is a 404, and nothing changes."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.factories.tournaments import KeptApartFactory, OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import organizer_of, seats
from tests.web import client_for, error_of, signed_in
from tournaments.models import Event, EventChange, KeptApart, Registration

pytestmark = pytest.mark.django_db

OUTSIDERS = ["newcomer", "player", "judge", "other_organizer"]


@pytest.fixture
def scene():  # noqa: ANN201
    event = OrganizedEventFactory(name="Spring Open")
    alice, bob, carol = seats(event, "alice bob carol")
    judge = UserFactory(username="judge")
    event.judges.add(judge)
    pair = KeptApartFactory(first=alice, second=bob, note="siblings")
    other = OrganizedEventFactory(name="Other Open")
    stranger = SeatFactory(event=other, player=UserFactory(username="stranger"))
    return {"event": event, "seats": (alice, bob, carol), "pair": pair, "other": other,
            "stranger": stranger, "users": {
                "newcomer": UserFactory(username="newcomer"), "player": alice.player,
                "judge": judge, "other_organizer": organizer_of(other)}}


def untouched(scene) -> None:  # noqa: ANN001
    event = scene["event"]
    assert not Registration.objects.filter(event=event, awarded_byes__gt=0).exists()
    assert not Registration.objects.filter(event=event, fixed_table__isnull=False).exists()
    assert list(KeptApart.objects.filter(event=event)) == [scene["pair"]]
    assert not EventChange.objects.exists()
    assert Registration.objects.get(pk=scene["stranger"].pk).fixed_table is None


def page_posts(scene) -> list[tuple[str, dict]]:  # noqa: ANN001
    event, (alice, bob, carol) = scene["event"], scene["seats"]
    return [
        (reverse("tournaments:seat_constraints", args=[event.pk]),
         {"seat-registration": alice.pk, "seat-awarded_byes": 1, "seat-fixed_table": 2}),
        (reverse("tournaments:kept_apart_add", args=[event.pk]),
         {"apart-first": bob.pk, "apart-second": carol.pk}),
        (reverse("tournaments:kept_apart_remove", args=[event.pk, scene["pair"].pk]), {}),
    ]


def api_calls(api, scene) -> list:  # noqa: ANN001
    event, (alice, bob, carol) = scene["event"], scene["seats"]
    base = f"/api/events/{event.pk}/"
    return [
        api.get(base + "constraints/"),
        api.patch(base + f"registrations/{alice.pk}/constraints/", {"fixed_table": 2},
                  format="json"),
        api.patch(base + f"registrations/{alice.pk}/constraints/", {"fixed_table": "x"},
                  format="json"),
        api.post(base + "constraints/apart/", {"first_id": bob.pk, "second_id": carol.pk},
                 format="json"),
        api.delete(base + f"constraints/apart/{scene['pair'].pk}/"),
    ]


def test_an_anonymous_visitor_is_sent_to_log_in_and_changes_nothing(client, scene):
    page = reverse("tournaments:constraints", args=[scene["event"].pk])
    for response in [client.get(page)] + [client.post(url, data)
                                          for url, data in page_posts(scene)]:
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login") + "?next=")
    for response in api_calls(client_for(), scene):
        assert response.status_code in (401, 403)
    untouched(scene)


@pytest.mark.parametrize("who", OUTSIDERS)
def test_anyone_but_an_organizer_is_refused_on_the_page(scene, who):
    client = signed_in(scene["users"][who])
    page = client.get(reverse("tournaments:constraints", args=[scene["event"].pk]))
    assert page.status_code == 403 and "siblings" not in page.content.decode()
    for url, data in page_posts(scene):
        assert client.post(url, data).status_code == 403
    untouched(scene)


@pytest.mark.parametrize("who", OUTSIDERS)
def test_anyone_but_an_organizer_is_refused_by_the_api_before_the_input_is_read(scene, who):
    for response in api_calls(client_for(scene["users"][who]), scene):
        assert response.status_code == 403, response.content
        assert error_of(response)["code"] == "not_organizer"
    untouched(scene)


def test_the_dashboard_link_is_the_organizers_only(scene):
    event = scene["event"]
    link = reverse("tournaments:constraints", args=[event.pk])
    for who in OUTSIDERS:
        page = signed_in(scene["users"][who]).get(reverse("tournaments:event", args=[event.pk]))
        assert link not in page.content.decode()


def test_another_events_organizer_cannot_reach_this_event_through_their_own(scene):
    """Their own event's id in the URL, this event's seats and pair: a 404 like a missing
    one, and nothing here changes."""
    other, (alice, bob, _) = scene["other"], scene["seats"]
    api = client_for(organizer_of(other))
    base = f"/api/events/{other.pk}/"
    response = api.patch(base + f"registrations/{alice.pk}/constraints/", {"fixed_table": 2},
                         format="json")
    assert response.status_code == 404
    response = api.post(base + "constraints/apart/",
                        {"first_id": scene["stranger"].pk, "second_id": alice.pk},
                        format="json")
    assert response.status_code == 404
    assert api.delete(base + f"constraints/apart/{scene['pair'].pk}/").status_code == 404
    page = signed_in(organizer_of(other))
    response = page.post(reverse("tournaments:kept_apart_remove",
                                 args=[other.pk, scene["pair"].pk]))
    assert response.status_code == 404
    response = page.post(reverse("tournaments:seat_constraints", args=[other.pk]),
                         {"seat-registration": bob.pk, "seat-awarded_byes": 1})
    assert response.status_code == 400  # not a seat of theirs: not among the choices
    untouched(scene)


def test_guessed_ids_are_404s(scene):
    event = scene["event"]
    missing = Event.objects.order_by("-pk").first().pk + 100
    seat = Registration.objects.order_by("-pk").first().pk + 100
    pair = KeptApart.objects.order_by("-pk").first().pk + 100
    for who in ("newcomer", "organizer"):
        user = scene["users"].get(who) or organizer_of(event)
        api = client_for(user)
        assert api.get(f"/api/events/{missing}/constraints/").status_code == 404
        assert signed_in(user).get(reverse("tournaments:constraints",
                                           args=[missing])).status_code == 404
    api = client_for(organizer_of(event))
    assert api.patch(f"/api/events/{event.pk}/registrations/{seat}/constraints/",
                     {"awarded_byes": 1}, format="json").status_code == 404
    assert api.delete(f"/api/events/{event.pk}/constraints/apart/{pair}/").status_code == 404
    untouched(scene)
