"""A registered list keeps the name it was registered under: the name is part of each version,
so a list renamed after its event fixed the lists shows the organizers and judges (the
registrations API, the seat's list page, the printout, the event's pages) the name that goes
with the registered cards, never the new one. The migration that made the name part of the
version gave every existing version its list's name."""

from __future__ import annotations

import html

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.utils import timezone

from decks.models import DecklistVersion
from decks.services.decklists import decklist_create, decklist_update
from tests.factories import UserFactory, give_starter_kit
from tests.factories.decklists import LIST_A
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import start
from tournaments.services.judges import judge_add

REGISTERED = "Ann's tempo list"
RENAMED = "Renamed after the lock"


def signed_in(user) -> Client:  # noqa: ANN001
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def renamed():  # noqa: ANN201
    """An event started with ann's list (so fixed), which ann renamed afterwards."""
    olga, ann, judge = (UserFactory(username=name) for name in ("olga", "ann", "jude"))
    give_starter_kit(ann)
    decklist = decklist_create(user=ann, name=REGISTERED, kind="constructed", cards=LIST_A,
                               now=timezone.now())
    event = OrganizedEventFactory(format="constructed", organizers=[olga], rounds=3)
    seat = SeatFactory(event=event, player=ann, decklist_version=decklist.versions.get())
    SeatFactory.create_batch(3, event=event)
    judge_add(event_id=event.pk, by=olga, user=judge)
    start(event)
    decklist_update(decklist=decklist, user=ann, now=timezone.now(), name=RENAMED)
    return event, seat, olga, judge


pytestmark = pytest.mark.django_db


def test_a_new_version_carries_the_name_it_was_saved_under(renamed) -> None:
    event, seat, _, _ = renamed
    seat.refresh_from_db()

    assert seat.decklist_version.name == REGISTERED
    assert seat.decklist_version.decklist.current.name == RENAMED


def test_the_registrations_api_shows_the_registered_name(renamed) -> None:
    event, seat, olga, _ = renamed

    body = signed_in(olga).get(f"/api/events/{event.pk}/registrations/").json()

    names = [r["decklist"]["name"] for r in body if r["decklist"]]
    assert names == [REGISTERED]


@pytest.mark.parametrize("url", ["/events/{pk}/manage/players/{seat}/list/",
                                 "/events/{pk}/print/players/{seat}/list/"])
def test_the_seat_page_and_the_printout_show_the_registered_name(renamed, url) -> None:
    event, seat, olga, judge = renamed
    for reader in (olga, judge):
        response = signed_in(reader).get(url.format(pk=event.pk, seat=seat.pk))
        if response.status_code == 403:
            continue  # the printouts are the organizers'
        text = html.unescape(response.content.decode())
        assert response.status_code == 200
        assert REGISTERED in text
        assert RENAMED not in text


def test_the_event_pages_show_the_registered_name(renamed) -> None:
    event, seat, olga, _ = renamed
    client = signed_in(olga)

    for url in (f"/events/{event.pk}/", f"/events/{event.pk}/players/{seat.pk}/"):
        text = html.unescape(client.get(url).content.decode())
        assert RENAMED not in text, url


# The migration -----------------------------------------------------------------------------


def migrate(targets):  # noqa: ANN001, ANN201
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_each_existing_version_its_lists_current_name() -> None:
    old = migrate([("decks", "0004_guestlists_guest_decklists")])
    user = old.get_model("auth", "User").objects.create(username="before")
    game = old.get_model("decks", "Game").objects.create(slug="old-game", name="Old game")
    decklist = old.get_model("decks", "Decklist").objects.create(
        owner_id=user.pk, game_id=game.pk, name="Named before", kind="constructed",
        created_at=timezone.now())
    Version = old.get_model("decks", "DecklistVersion")
    for number in (1, 2):
        Version.objects.create(decklist_id=decklist.pk, number=number, cards=["OGRE"],
                               created_at=timezone.now())

    executor = MigrationExecutor(connection)
    migrate(executor.loader.graph.leaf_nodes())

    assert sorted(DecklistVersion.objects.filter(decklist_id=decklist.pk)
                  .values_list("number", "name")) == [(1, "Named before"), (2, "Named before")]
