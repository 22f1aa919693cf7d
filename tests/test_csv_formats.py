"""CSV files (docs/csv.md): the exports keep one fixed format whatever the reader's language
(comma, UTF-8, English header names, a dot for decimals), so scripts can read them; the
imports take what spreadsheets write: comma or semicolon, UTF-8 with or without a
byte-order mark."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client

from clash.env import BASE_DIR
from core.inputs import csv_rows
from decks.models import Card, CollectionEntry
from decks.services.collections import collection_import_csv
from tests.catalogues import write_catalogue
from tests.factories import UserFactory, starter_kit
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import pair, seats, settle, start
from tests.web import html, signed_in

pytestmark = pytest.mark.django_db

BOM = "\ufeff"


def owned(user) -> dict[str, int]:  # noqa: ANN001
    return {e.card.name: e.count
            for e in CollectionEntry.objects.filter(owner=user).select_related("card")}


@pytest.mark.parametrize("text", [
    "set,card,count\nstarter-kit,OGRE,2\n",
    "set;card;count\nstarter-kit;OGRE;2\n",
    BOM + "set,card,count\r\nstarter-kit,OGRE,2\r\n",
    BOM + "set;card;count\nstarter-kit;OGRE;2\n",
    '"set";"card";"count"\n"starter-kit";"OGRE";"2"\n',
], ids=["comma", "semicolon", "comma-bom-crlf", "semicolon-bom", "semicolon-quoted"])
def test_a_collection_import_takes_comma_or_semicolon_with_or_without_a_bom(text: str) -> None:
    starter_kit()
    user = UserFactory()

    assert collection_import_csv(user=user, text=text) == 1
    assert owned(user) == {"OGRE": 2}


def test_the_byte_order_mark_never_reaches_the_first_column() -> None:
    assert csv_rows(BOM + "a;b\n1;2\n") == [["a", "b"], ["1", "2"]]


@pytest.mark.parametrize("body", [
    b"\xef\xbb\xbfset;card;count\nstarter-kit;ZOMBIE;3\n",
    b"set;card;count\nstarter-kit;ZOMBIE;3\n",
], ids=["bom", "no-bom"])
def test_the_collection_page_takes_a_semicolon_file_from_a_spreadsheet(body: bytes) -> None:
    starter_kit()
    user = UserFactory()
    upload = SimpleUploadedFile("mine.csv", body, content_type="text/csv")

    response = signed_in(user).post("/decks/collection/import/", {"file": upload}, follow=True)

    assert "Imported 1 card line from the file." in html(response)
    assert owned(user) == {"ZOMBIE": 3}


def test_the_api_takes_a_csv_body_with_a_bom_and_semicolons() -> None:
    starter_kit()
    user = UserFactory()
    client = Client()
    client.force_login(user)

    response = client.post("/api/collection/import/",
                           (BOM + "set;card;count\nstarter-kit;OGRE;1\n").encode(),
                           content_type="text/csv")

    assert response.status_code == 200, response.content
    assert owned(user) == {"OGRE": 1}


def test_a_file_that_is_not_utf8_is_refused_with_a_message() -> None:
    starter_kit()
    upload = SimpleUploadedFile("mine.csv", "set;card;count\nstarter-kit;Čarobnjak;1\n"
                                .encode("cp1250"), content_type="text/csv")

    response = signed_in(UserFactory()).post("/decks/collection/import/", {"file": upload})

    assert response.status_code == 400
    assert "not UTF-8 text" in html(response)


@pytest.fixture
def russian_reader(settings, tmp_path):
    """A reader of Russian, with a catalogue that would translate the header words if the
    exports ever asked it to."""
    write_catalogue(tmp_path, "ru", {"rank": "место", "name": "имя", "table": "стол",
                                     "set": "набор", "count": "число", "yes": "да"})
    settings.LOCALE_PATHS = [tmp_path]
    return Client(HTTP_ACCEPT_LANGUAGE="ru")


def test_the_exports_keep_english_headers_commas_and_dots_in_every_language(
        russian_reader) -> None:
    organizer = UserFactory(username="olga")
    event = OrganizedEventFactory(organizers=[organizer], rounds=2, top_cut=0)
    seats(event, "alice bob carol dave")
    start(event)
    rnd = pair(event)
    settle(rnd)
    assert '<html lang="ru"' in html(russian_reader.get("/"))  # the reader's pages are Russian

    standings = russian_reader.get(f"/events/{event.pk}/standings.csv")
    pairings = russian_reader.get(f"/events/{event.pk}/pairings.csv")

    for response in (standings, pairings):
        assert response["Content-Type"] == "text/csv; charset=utf-8"
    lines = standings.content.decode("utf-8").splitlines()
    assert lines[0].startswith("rank,name,match_points,wins,losses,draws,")
    assert all(";" not in line for line in lines)
    # Percentages with a dot, never the Russian decimal comma.
    assert any("." in cell for cell in lines[1].split(","))
    assert pairings.content.decode().splitlines()[0] == (
        "table,player_a,player_b,status,a_wins,b_wins,draws")


def test_the_collection_export_is_the_same_in_every_language(russian_reader) -> None:
    starter_kit()
    user = UserFactory()
    collection_import_csv(user=user, text="set,card,count\nstarter-kit,OGRE,2\n")
    russian_reader.force_login(user)

    response = russian_reader.get("/decks/collection/export/")

    assert response.content == b"set,card,count\nstarter-kit,OGRE,2\n"


def test_the_card_import_command_refuses_a_file_that_is_not_utf8(tmp_path) -> None:
    path = tmp_path / "cards.csv"
    path.write_bytes("name;cost\nČarobnjak;1\n".encode("cp1250"))

    with pytest.raises(CommandError, match="not UTF-8 text"):
        call_command("import_cards", "spoils", "core-1", str(path))


def test_the_card_import_command_takes_a_semicolon_file_with_a_bom(tmp_path) -> None:
    # The example has no quoted field, so every comma is a separator.
    example = (BASE_DIR / "docs" / "examples" / "spoils_cards.csv").read_text(encoding="utf-8")
    path = tmp_path / "cards.csv"
    path.write_text(BOM + example.replace(",", ";"), encoding="utf-8")

    call_command("import_cards", "spoils", "core-1", str(path))

    names = [line.split(",")[0] for line in example.splitlines()[1:] if line.strip()]
    assert sorted(Card.objects.filter(card_set__code="core-1").values_list("name", flat=True)) \
        == sorted(names)
