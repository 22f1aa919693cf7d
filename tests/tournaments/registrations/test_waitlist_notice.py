"""A player who moves up from a full event's waitlist into a seat is mailed (once the seat's
transaction commits) and told on their Me page and the event page, until the event starts;
nobody else is told, and a rolled-back drop mails no one."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import transaction
from django.urls import reverse

from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now, start
from tests.web import html, signed_in
from tournaments.models import Registration
from tournaments.services.registrations import (
    registration_create,
    registration_drop,
    registration_remove,
    waitlist_join,
)
from tournaments.services.waitlist_notices import moved_up_mail_send

pytestmark = pytest.mark.django_db

NOTICE = "You moved up from the waitlist into Spring Open."


@pytest.fixture
def full():  # noqa: ANN201
    """Spring Open, two seats, taken by Gus and Fay; Ann then Bob wait."""
    event = OrganizedEventFactory(name="Spring Open", format="preconstructed", capacity=2)
    registration_create(event_id=event.pk, by=UserFactory(username="gus"), now=now(),
                        preconstructed_deck=2)
    fay = UserFactory(username="fay", email="fay@example.com")
    ann = UserFactory(username="ann", email="ann@example.com")
    bob = UserFactory(username="bob", email="bob@example.com")
    seat = registration_create(event_id=event.pk, by=fay, now=now(), preconstructed_deck=1)
    for user in (ann, bob):
        waitlist_join(event_id=event.pk, by=user, now=now(), preconstructed_deck=1)
    return {"event": event, "fay": fay, "ann": ann, "bob": bob, "seat": seat}


def test_moving_up_mails_the_player_once_the_drop_commits(full, django_capture_on_commit_callbacks):
    at = now()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        registration_drop(registration_id=full["seat"].pk, by=full["fay"], now=at)
    assert len(callbacks) == 1
    [message] = mail.outbox
    assert message.to == ["ann@example.com"]
    assert message.subject == "You moved up from the waitlist into Spring Open"
    assert "you are registered now, with the list you joined the waitlist with" in message.body
    seat = Registration.objects.get(event=full["event"], player=full["ann"])
    assert seat.moved_up_at == at and seat.decklist_version_id is not None


def test_a_seat_freed_by_the_organizer_mails_the_next_player(full,
                                                              django_capture_on_commit_callbacks):
    organizer = full["event"].organizers.get()
    with django_capture_on_commit_callbacks(execute=True):
        registration_remove(registration_id=full["seat"].pk, by=organizer, now=now())
    assert [m.to for m in mail.outbox] == [["ann@example.com"]]
    mail.outbox.clear()
    ann_seat = Registration.objects.get(event=full["event"], player=full["ann"])
    with django_capture_on_commit_callbacks(execute=True):
        registration_drop(registration_id=ann_seat.pk, by=full["ann"], now=now())
    assert [m.to for m in mail.outbox] == [["bob@example.com"]]


def test_a_rolled_back_drop_mails_no_one(full, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        try:
            with transaction.atomic():
                registration_drop(registration_id=full["seat"].pk, by=full["fay"], now=now())
                raise RuntimeError("the request failed after the drop")
        except RuntimeError:
            pass
    assert callbacks == [] and mail.outbox == []
    assert not Registration.objects.filter(player=full["ann"]).exists()


def test_a_seat_not_from_the_waitlist_is_never_mailed(full):
    assert moved_up_mail_send(registration_id=full["seat"].pk) is False
    assert moved_up_mail_send(registration_id=999999) is False
    assert mail.outbox == []


def test_the_me_page_and_the_event_page_tell_the_player_until_the_start(full):
    registration_drop(registration_id=full["seat"].pk, by=full["fay"], now=now())
    ann = signed_in(full["ann"])
    event_url = reverse("tournaments:event", args=[full["event"].pk])
    assert NOTICE in html(ann.get(reverse("me")))
    assert NOTICE in html(ann.get(event_url))
    # Nobody else is told: the player still waiting, the one who dropped, a stranger.
    for other in (full["bob"], full["fay"], UserFactory()):
        client = signed_in(other)
        assert NOTICE not in html(client.get(reverse("me")))
        assert NOTICE not in html(client.get(event_url))
    start(full["event"])
    assert NOTICE not in html(ann.get(reverse("me")))
    assert NOTICE not in html(ann.get(event_url))


def test_a_player_who_registered_directly_sees_no_notice(full):
    page = html(signed_in(full["fay"]).get(reverse("me")))
    assert "Spring Open" in page and "moved up from the waitlist" not in page


def test_the_data_download_says_when_the_seat_came_from_the_waitlist(full):
    at = now()
    registration_drop(registration_id=full["seat"].pk, by=full["fay"], now=at)
    data = signed_in(full["ann"]).get(reverse("accounts:data")).json()
    [seat] = data["registrations"]
    assert seat["moved_up_from_waitlist_at"] == at.isoformat()
    fay = signed_in(full["fay"]).get(reverse("accounts:data")).json()
    assert [r["moved_up_from_waitlist_at"] for r in fay["registrations"]] == [None]
