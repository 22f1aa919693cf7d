"""Deleting an account that alone organizes an event that is not complete is refused, naming
the events and what to do; a complete event may keep no organizer; an event with another
organizer goes on with them. And a seat freed by a deletion before the start goes to the
waitlist."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from accounts.services.deletion import account_delete
from core.errors import Conflict
from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now
from tests.web import html, signed_in
from tournaments.models import Event, EventStatus, Registration
from tournaments.services.registrations import registration_create, waitlist_join

pytestmark = pytest.mark.django_db


def exists(user) -> bool:  # noqa: ANN001
    return get_user_model().objects.filter(pk=user.pk).exists()


def delete(user, password="pw-for-tests-1"):  # noqa: ANN001, ANN201
    return signed_in(user).post(reverse("accounts:delete"), {"password": password})


def test_the_only_organizer_of_an_open_event_is_refused_with_the_event_named():
    olga = UserFactory(username="olga")
    event = OrganizedEventFactory(name="Spring Open", organizers=[olga])
    page = html(signed_in(olga).get(reverse("accounts:delete")))
    assert ("You are the only organizer of “Spring Open”, which is not complete: add another "
            "organizer on its dashboard first, or complete the event, then delete your "
            "account.") in page
    assert reverse("tournaments:dashboard", args=[event.pk]) in page
    assert "Delete my account" not in page  # no form to fill in vain
    response = delete(olga)
    assert response.status_code == 409 and "You are the only organizer of" in html(response)
    assert exists(olga) and event.organizers.get() == olga


def test_several_events_are_all_named_running_ones_too():
    olga = UserFactory()
    OrganizedEventFactory(name="Night Clash", organizers=[olga], status=EventStatus.RUNNING)
    OrganizedEventFactory(name="Arena Cup", organizers=[olga], status=EventStatus.TOP_CUT)
    OrganizedEventFactory(name="Old One", organizers=[olga], status=EventStatus.COMPLETE)
    with pytest.raises(Conflict) as refused:
        account_delete(user=olga, now=now())
    assert refused.value.code == "account_in_use"
    assert refused.value.message == (
        "You are the only organizer of 2 events that are not complete (“Arena Cup”, "
        "“Night Clash”): add another organizer on each one's dashboard first, or complete "
        "those events, then delete your account.")
    assert "Old One" not in refused.value.message
    assert exists(olga)


def test_an_event_with_another_organizer_goes_on_with_them():
    olga, otto = UserFactory(), UserFactory()
    event = OrganizedEventFactory(name="Spring Open", organizers=[olga, otto])
    assert "Delete my account" in html(signed_in(olga).get(reverse("accounts:delete")))
    assert delete(olga).status_code == 302
    assert not exists(olga) and list(event.organizers.all()) == [otto]
    # Otto is alone now: he may not go in his turn.
    assert delete(otto).status_code == 409 and exists(otto)


def test_a_complete_event_may_keep_no_organizer():
    olga = UserFactory()
    event = OrganizedEventFactory(name="Last Year", organizers=[olga],
                                  status=EventStatus.COMPLETE)
    page = html(signed_in(olga).get(reverse("accounts:delete")))
    assert "A complete event you organize alone stays as it is" in page
    assert delete(olga).status_code == 302
    event = Event.objects.get(pk=event.pk)
    assert not event.organizers.exists()
    assert html(signed_in(UserFactory()).get(
        reverse("tournaments:event", args=[event.pk]))).count("Last Year") >= 1


def test_a_player_who_organizes_nothing_is_never_blocked_by_someone_elses_event():
    OrganizedEventFactory(name="Spring Open")  # its organizer is someone else
    ann = UserFactory()
    assert "only organizer" not in html(signed_in(ann).get(reverse("accounts:delete")))
    assert delete(ann).status_code == 302 and not exists(ann)


def test_a_seat_freed_by_a_deletion_before_the_start_goes_to_the_waitlist(
        django_capture_on_commit_callbacks):
    event = OrganizedEventFactory(name="Spring Open", capacity=1)
    ada = UserFactory(email="ada@example.com")
    bea = UserFactory(email="bea@example.com")
    registration_create(event_id=event.pk, by=ada, now=now(), preconstructed_deck=1)
    waitlist_join(event_id=event.pk, by=bea, now=now(), preconstructed_deck=1)
    with django_capture_on_commit_callbacks(execute=True):
        account_delete(user=ada, now=now())
    seat = Registration.objects.get(event=event)
    assert seat.player == bea and seat.moved_up_at is not None
    assert [m.to for m in mail.outbox] == [["bea@example.com"]]
