"""Starting asks first: the seats that would play without a list (a deck drawn for them),
and in a draft the pod places AI seats would take. Nothing starts until the request answers
what is true at the start."""

import pytest
from django.urls import reverse

from core.errors import Conflict
from tests.factories import UserFactory
from tests.factories.decklists import LIST_A
from tests.factories.decks import DecklistVersionFactory
from tests.factories.tournaments import (
    GuestSeatFactory,
    ListedSeatFactory,
    OrganizedEventFactory,
    SeatFactory,
)
from tests.tournaments.event_steps import now, organizer_of, seats
from tests.web import client_for, error_of, html, signed_in
from tournaments.models import Event, EventStatus, Pod, Registration
from tournaments.services.events import event_start

pytestmark = pytest.mark.django_db


def with_list(event: Event, name: str) -> Registration:
    return ListedSeatFactory(event=event, player=UserFactory(username=name))


def begin(event: Event, **answers) -> Event:  # noqa: ANN003
    return event_start(event_id=event.pk, by=organizer_of(event), now=now(), **answers)[0]


def test_a_start_with_seats_without_a_list_names_them_and_changes_nothing():
    event = OrganizedEventFactory(format="constructed")
    with_list(event, "ann")
    bob, cy = seats(event, "bob cy")
    with pytest.raises(Conflict) as err:
        begin(event)
    assert err.value.code == "seats_without_list"
    assert err.value.message == (f"{event.name} has 2 seats without a list: drop them and "
                                 "start, or wait for their lists")
    assert err.value.problems == ["bob has no list", "cy has no list"]
    assert [p.params for p in err.value.problems] == [
        {"registration": bob.pk, "name": "bob"}, {"registration": cy.pk, "name": "cy"}]
    event.refresh_from_db()
    assert event.status == EventStatus.REGISTRATION
    assert not Registration.objects.filter(event=event, dropped=True).exists()


def test_dropping_exactly_the_seats_without_a_list_starts_without_them():
    event = OrganizedEventFactory(format="preconstructed")
    with_list(event, "ann"), with_list(event, "dan")
    bob, cy = seats(event, "bob cy")
    event = begin(event, drop_without_list=[cy.pk, bob.pk])
    assert event.status == EventStatus.RUNNING
    assert set(Registration.objects.filter(event=event, dropped=True)
               .values_list("player__username", flat=True)) == {"bob", "cy"}
    assert event.rounds == 1  # two players left


def test_an_answer_that_is_not_exactly_those_seats_is_asked_again():
    event = OrganizedEventFactory(format="constructed")
    with_list(event, "ann"), with_list(event, "dan")
    bob, cy = seats(event, "bob cy")
    other = SeatFactory()  # a seat of another event: never dropped from here
    for answer in ([bob.pk], [bob.pk, cy.pk, other.pk], []):
        with pytest.raises(Conflict, match="2 seats without a list"):
            begin(event, drop_without_list=answer)
    assert not Registration.objects.filter(dropped=True).exists()


def test_a_guest_whose_list_the_organizer_entered_has_one_and_one_without_is_asked_about():
    event = OrganizedEventFactory(format="constructed")
    with_list(event, "ann")
    GuestSeatFactory(event=event, guest_name="Walk-in With List",
                     decklist_version=DecklistVersionFactory(decklist__owner=None,
                                                             cards=list(LIST_A)))
    bare = GuestSeatFactory(event=event, guest_name="Walk-in")
    with pytest.raises(Conflict) as err:
        begin(event)
    assert err.value.problems == ["Walk-in has no list"]
    assert begin(event, drop_without_list=[bare.pk]).status == EventStatus.RUNNING


def test_only_the_seats_still_in_at_the_start_are_asked_about():
    event = OrganizedEventFactory(format="constructed", check_in_required=True)
    with_list(event, "ann"), with_list(event, "dan")
    absent = SeatFactory(event=event, checked_in=False)  # dropped at the start anyway
    SeatFactory(event=event, dropped=True)  # withdrew
    assert begin(event).status == EventStatus.RUNNING
    assert Registration.objects.get(pk=absent.pk).dropped


def test_dropping_the_seats_may_leave_too_few_players_and_nothing_changes():
    event = OrganizedEventFactory(format="constructed")
    with_list(event, "ann")
    (bob,) = seats(event, "bob")
    with pytest.raises(Conflict, match="needs at least 2 players"):
        begin(event, drop_without_list=[bob.pk])
    assert not Registration.objects.get(pk=bob.pk).dropped


def test_a_draft_takes_no_list_so_its_seats_are_never_asked_about():
    event = OrganizedEventFactory(format="draft")
    seats(event, "ann bob cy dan")
    assert begin(event).status == EventStatus.RUNNING


def test_a_draft_with_an_empty_pod_seat_asks_before_an_ai_player_takes_it():
    event = OrganizedEventFactory(format="draft", check_in_required=True)
    seats(event, "ann bob cy dan eve")
    SeatFactory(event=event, checked_in=False)  # a no-show keeps a place
    with pytest.raises(Conflict) as err:
        begin(event)
    assert err.value.code == "pods_empty_seats"
    assert err.value.problems == ["pod 1: 1 empty seat of 6"]
    assert err.value.problems[0].params == {"pod": 1, "seats": 6, "players": 5, "empty": 1}
    with pytest.raises(Conflict, match="1 empty seat in its pods"):
        begin(event, ai_in_empty_seats=2)
    assert not Pod.objects.filter(event=event).exists()
    event = begin(event, ai_in_empty_seats=1)
    assert event.status == EventStatus.RUNNING
    assert Registration.objects.filter(event=event, is_ai=True).count() == 1


def test_an_ai_seat_the_organizer_added_needs_no_list():
    from tournaments.services.ai_seats import ai_seat_add

    event = OrganizedEventFactory(format="constructed")
    with_list(event, "ann")
    ai_seat_add(event_id=event.pk, by=organizer_of(event), name="Ada", now=now())
    assert begin(event).status == EventStatus.RUNNING


# Through the dashboard and the API -------------------------------------------------------


def test_the_dashboard_asks_first_and_names_the_seats_without_a_list():
    event = OrganizedEventFactory(format="constructed")
    with_list(event, "ann"), with_list(event, "dan")
    bob, cy = seats(event, "bob cy")
    page = signed_in(organizer_of(event))
    shown = html(page.get(reverse("tournaments:dashboard", args=[event.pk])))
    start = shown.index('id="start-confirm"')
    question = shown[start:shown.index("</details>", start)]
    assert "bob" in question and "cy" in question and "ann" not in question
    assert "Drop these 2 players and start" in question and "Don't start yet" in question
    # A start posted without the answer (a stale page) asks, with the question open.
    refused = page.post(reverse("tournaments:event_start", args=[event.pk]))
    assert refused.status_code == 409
    assert 'id="start-confirm" open' in html(refused)
    assert Event.objects.get(pk=event.pk).status == EventStatus.REGISTRATION
    started = page.post(reverse("tournaments:event_start", args=[event.pk]),
                        {"drop": [bob.pk, cy.pk]})
    assert started.status_code == 302
    assert Event.objects.get(pk=event.pk).status == EventStatus.RUNNING
    assert Registration.objects.filter(event=event, dropped=True).count() == 2


def test_the_dashboard_asks_before_a_draft_seats_an_ai_player_in_an_empty_seat():
    event = OrganizedEventFactory(format="draft")
    seats(event, "ann bob cy")
    page = signed_in(organizer_of(event))
    shown = html(page.get(reverse("tournaments:dashboard", args=[event.pk])))
    assert "Pod 1: 1 empty seat of 4" in shown
    assert page.post(reverse("tournaments:event_start", args=[event.pk]),
                     {"ai_in_empty_seats": 1}).status_code == 302
    assert Event.objects.get(pk=event.pk).status == EventStatus.RUNNING


def test_the_api_answers_409_with_the_seats_and_starts_when_told_to_drop_them():
    event = OrganizedEventFactory(format="constructed")
    with_list(event, "ann"), with_list(event, "dan")
    bob, cy = seats(event, "bob cy")
    api = client_for(organizer_of(event))
    url = f"/api/events/{event.pk}/start/"
    asked = api.post(url, {}, format="json")
    assert asked.status_code == 409
    error = error_of(asked)
    assert error["code"] == "seats_without_list"
    assert [d["params"] for d in error["details"]] == [
        {"registration": bob.pk, "name": "bob"}, {"registration": cy.pk, "name": "cy"}]
    assert all(d["code"] == "no_list" for d in error["details"])
    assert api.post(url, {"drop_without_list": [bob.pk]}, format="json").status_code == 409
    assert api.post(url, {"drop_without_list": ["bob"]}, format="json").status_code == 400
    started = api.post(url, {"drop_without_list": [bob.pk, cy.pk]}, format="json")
    assert started.status_code == 200 and started.json()["status"] == "running"


def test_nobody_but_an_organizer_learns_who_has_no_list_or_drops_them():
    event = OrganizedEventFactory(format="constructed")
    with_list(event, "ann")
    (bob,) = seats(event, "bob")
    for user in (bob.player, UserFactory(), OrganizedEventFactory().organizers.first()):
        answer = client_for(user).post(f"/api/events/{event.pk}/start/",
                                       {"drop_without_list": [bob.pk]}, format="json")
        assert answer.status_code == 403
        assert "bob" not in answer.content.decode()
        page = signed_in(user).post(reverse("tournaments:event_start", args=[event.pk]),
                                    {"drop": [bob.pk]})
        assert page.status_code == 403
    assert not Registration.objects.get(pk=bob.pk).dropped
    assert Event.objects.get(pk=event.pk).status == EventStatus.REGISTRATION


def test_the_api_names_a_drafts_empty_pod_seats_and_starts_when_told_to_seat_ai_players():
    event = OrganizedEventFactory(format="draft")
    seats(event, "ann bob cy")
    api = client_for(organizer_of(event))
    url = f"/api/events/{event.pk}/start/"
    asked = api.post(url, {}, format="json")
    assert asked.status_code == 409
    error = error_of(asked)
    assert error["code"] == "pods_empty_seats"
    assert error["details"] == [{"message": "pod 1: 1 empty seat of 4", "code": "empty_seats",
                                 "params": {"pod": 1, "seats": 4, "players": 3, "empty": 1}}]
    assert api.post(url, {"ai_in_empty_seats": 1}, format="json").json()["status"] == "running"
