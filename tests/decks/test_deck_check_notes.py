"""Who reads an event's deck checks (the outcome and the organizer's note about a player's
deck): its organizers only, on the seat's list page and in the API alike, as
docs/tournaments.md says. A judge reads the registered list for a deck check, but not the
notes; a judge who learned the API refuses them found them on the page."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.utils import timezone

from decks.services.decklists import decklist_create
from tests.factories import UserFactory, give_starter_kit
from tests.factories.decklists import LIST_A
from tests.factories.tournaments import DeckCheckFactory, OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import pair, start
from tournaments.services.judges import judge_add

pytestmark = pytest.mark.django_db

NOTE = "Marked sleeves on the two Ogres"


@pytest.fixture
def checked():  # noqa: ANN201
    """A running event whose organizer noted a deck check of ann's list; jude judges it."""
    olga, ann, jude = (UserFactory(username=name) for name in ("olga", "ann", "jude"))
    give_starter_kit(ann)
    version = decklist_create(user=ann, name="Ann's list", kind="constructed", cards=LIST_A,
                              now=timezone.now()).versions.get()
    event = OrganizedEventFactory(format="constructed", organizers=[olga], rounds=3)
    seat = SeatFactory(event=event, player=ann, decklist_version=version)
    SeatFactory.create_batch(3, event=event)
    judge_add(event_id=event.pk, by=olga, user=jude)
    start(event)
    pair(event)
    DeckCheckFactory(registration=seat, by=olga, note=NOTE)
    return event, seat, olga, jude, ann


def signed_in(user) -> Client:  # noqa: ANN001
    client = Client()
    client.force_login(user)
    return client


def test_a_judge_reads_the_list_but_not_the_deck_check_notes(checked) -> None:
    event, seat, _, jude, _ = checked

    page = signed_in(jude).get(f"/events/{event.pk}/manage/players/{seat.pk}/list/")
    api = signed_in(jude).get(f"/api/events/{event.pk}/deck-checks/")

    assert page.status_code == 200
    text = html.unescape(page.content.decode())
    assert "Ann's list" in text  # the registered list, for the judge's own deck check
    assert NOTE not in text
    assert "Deck checks of" not in text
    assert api.status_code == 403


def test_the_organizers_read_the_notes_on_the_page_and_in_the_api(checked) -> None:
    event, seat, olga, _, _ = checked

    page = signed_in(olga).get(f"/events/{event.pk}/manage/players/{seat.pk}/list/")
    api = signed_in(olga).get(f"/api/events/{event.pk}/deck-checks/")

    assert NOTE in html.unescape(page.content.decode())
    assert [check["note"] for check in api.json()] == [NOTE]


@pytest.mark.parametrize("who", ["ann", "stranger", "anonymous"])
def test_no_one_else_reads_the_notes_anywhere(checked, who) -> None:
    event, seat, _, _, ann = checked
    client = {"ann": lambda: signed_in(ann), "stranger": lambda: signed_in(UserFactory()),
              "anonymous": Client}[who]()

    for url in (f"/events/{event.pk}/manage/players/{seat.pk}/list/",
                f"/api/events/{event.pk}/deck-checks/",
                f"/events/{event.pk}/players/{seat.pk}/", f"/events/{event.pk}/"):
        response = client.get(url)
        assert NOTE not in html.unescape(response.content.decode()), url
