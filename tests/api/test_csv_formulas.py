"""Formula injection (OWASP's "CSV injection"): a text cell of a CSV the site writes that
begins with `=`, `+`, `-`, `@`, a tab or a carriage return is opened by a spreadsheet as a
formula. A display name `=HYPERLINK(...)` went unescaped into the public standings and
pairings; such a cell now starts with an apostrophe, numbers written as numbers stay as they
are, and the collection export still imports back as it was (docs/csv.md)."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from core.csv_cells import csv_cell, csv_uncell
from decks.models import Card, CollectionEntry
from decks.selectors.collections import collection_export_csv
from decks.services.collections import collection_import_csv
from tests.factories import UserFactory, starter_kit
from tests.factories.accounts import ProfileFactory
from tests.factories.decks import CollectionEntryFactory
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import pair, settle, start

pytestmark = pytest.mark.django_db

FORMULA = '=HYPERLINK("http://evil/","x")'
ATTACKS = [FORMULA, "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def no_cell_is_a_formula(text: str) -> bool:
    return not any(cell[:1] in ("=", "+", "-", "@", "\t", "\r")
                   for row in rows(text) for cell in row)


@pytest.fixture
def event():  # noqa: ANN201
    event = OrganizedEventFactory(rounds=3, seed=7)
    for name in ATTACKS:
        SeatFactory(event=event, player=ProfileFactory(display_name=name).user)
    start(event)
    rnd = pair(event)
    settle(rnd)
    return event


@pytest.mark.parametrize("url", [
    "/events/{pk}/standings.csv", "/api/events/{pk}/standings/csv/",
    "/events/{pk}/pairings.csv", "/api/events/{pk}/rounds/1/pairings/csv/",
])
def test_no_name_in_the_standings_or_pairings_csv_is_a_formula(event, url) -> None:
    response = Client().get(url.format(pk=event.pk))

    assert response.status_code == 200
    text = response.content.decode()
    assert no_cell_is_a_formula(text)
    names = {cell for row in rows(text)[1:] for cell in row}
    assert "'" + FORMULA in names


def test_numbers_written_as_numbers_stay_numbers() -> None:
    assert [csv_cell(value) for value in (-3, -0.5, 0, 12)] == [-3, -0.5, 0, 12]
    assert csv_cell("-3") == "'-3"  # a text that reads as a number is still text


@pytest.mark.parametrize("text", [*ATTACKS, "'=x", "''-1", "'Tis", "plain", "", "O'Brien"])
def test_a_cell_reads_back_as_it_was_written(text) -> None:
    assert csv_uncell(csv_cell(text)) == text


def test_an_exported_collection_with_formula_like_names_imports_back_as_it_was() -> None:
    kit = starter_kit()
    for card, name in zip(kit.cards.order_by("pk"), ("-Spike", "=Sum", "'=Quoted"),
                          strict=False):
        Card.objects.filter(pk=card.pk).update(name=name)
    owner, other = UserFactory(), UserFactory()
    for count, card in enumerate(Card.objects.filter(card_set=kit), start=1):
        CollectionEntryFactory(owner=owner, card=card, count=count % 99 + 1)

    exported = collection_export_csv(user=owner)
    collection_import_csv(user=other, text=exported)

    assert no_cell_is_a_formula(exported)
    assert "'-Spike" in exported and "''=Quoted" in exported
    mine = sorted(CollectionEntry.objects.filter(owner=owner).values_list("card", "count"))
    theirs = sorted(CollectionEntry.objects.filter(owner=other).values_list("card", "count"))
    assert theirs == mine
