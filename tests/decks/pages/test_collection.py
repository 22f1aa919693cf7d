"""My collection: adding the Starter Kit, setting counts, and CSV import and export through
the page, with each bad input shown where it was made."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.decks.pages.conftest import owned
from tests.web import html

pytestmark = pytest.mark.django_db


def test_an_empty_collection_says_what_to_do_next(client, player):
    response = client.get(reverse("decks:collection"))
    assert response.status_code == 200
    assert "You do not own any cards yet" in html(response)
    assert "Add the Starter Kit" in html(response)


def test_the_whole_starter_kit_is_added_in_one_step(client, player):
    response = client.post(reverse("decks:collection_starter_kit"), {"copies": "2"},
                           follow=True)
    assert response.status_code == 200
    assert "Added 2 of each of the 32 cards of the Starter Kit." in html(response)
    assert len(owned(player)) == 32 and set(owned(player).values()) == {2}
    assert "32 different cards, 64 in all." in html(response)


def test_a_bad_number_of_copies_is_shown_next_to_the_field_and_adds_nothing(client, player):
    response = client.post(reverse("decks:collection_starter_kit"), {"copies": "0"})
    assert response.status_code == 400
    page = html(response)
    assert 'id="id_copies-errors"' in page
    assert "Ensure this value is greater than or equal to 1." in page
    assert owned(player) == {}


def test_setting_a_count_changes_it_and_zero_removes_the_card(client, collector, kit):
    ogre = kit.cards.get(name="OGRE")
    response = client.post(reverse("decks:collection_count"),
                           {"card": ogre.pk, "count": "3", "panel": "row"}, follow=True)
    assert "You now own 3 × OGRE." in html(response)
    assert owned(collector)["OGRE"] == 3
    response = client.post(reverse("decks:collection_count"),
                           {"add-card": ogre.pk, "add-count": "0", "add-panel": "add"},
                           follow=True)
    assert "OGRE removed from your collection." in html(response)
    assert "OGRE" not in owned(collector)


def test_a_bad_count_is_shown_in_its_row_and_changes_nothing(client, collector, kit):
    ogre = kit.cards.get(name="OGRE")
    before = owned(collector)
    response = client.post(reverse("decks:collection_count"),
                           {"card": ogre.pk, "count": "100", "panel": "row"})
    assert response.status_code == 400
    page = html(response)
    row = page[page.index(f'id="count-{ogre.pk}"'):]
    row = row[:row.index("</form>")]
    assert "Ensure this value is less than or equal to 99." in row
    assert owned(collector) == before


def test_a_bad_count_in_the_add_panel_is_shown_there(client, player):
    response = client.post(reverse("decks:collection_count"),
                           {"add-card": "", "add-count": "-1", "add-panel": "add"})
    assert response.status_code == 400
    page = html(response)
    assert "This field is required." in page and "greater than or equal to 0" in page
    assert 'id="id_add-card-errors"' in page
    assert owned(player) == {}


def test_csv_import_and_export_through_the_page(client, player):
    upload = SimpleUploadedFile("mine.csv", b"\xef\xbb\xbfset,card,count\n"
                                            b"starter-kit,OGRE,2\nstarter-kit,ZOMBIE,1\n",
                                content_type="text/csv")
    response = client.post(reverse("decks:collection_import"), {"file": upload}, follow=True)
    assert "Imported 2 card lines from the file." in html(response)
    assert owned(player) == {"OGRE": 2, "ZOMBIE": 1}
    response = client.get(reverse("decks:collection_export"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    assert response.content.decode() == (
        "set,card,count\nstarter-kit,OGRE,2\nstarter-kit,ZOMBIE,1\n")


def test_a_bad_csv_reports_every_bad_line_and_imports_nothing(client, player):
    bad = (b"set,card,count\nstarter-kit,BRUTE,1\nstarter-kit,DRAGON,1\nnope,OGRE,1\n"
           b"starter-kit,BARON,two\n")
    response = client.post(reverse("decks:collection_import"),
                           {"file": SimpleUploadedFile("bad.csv", bad)})
    assert response.status_code == 400
    page = html(response)
    errors = page[page.index('id="id_file-errors"'):]
    errors = errors[:errors.index("</ul>")]
    for line in ("line 3: &#x27;DRAGON&#x27; is not a card of starter-kit",
                 "line 4: unknown set &#x27;nope&#x27;",
                 "line 5: count &#x27;two&#x27; is not a whole number"):
        assert line in errors
    assert "3 bad lines; nothing was imported." in page
    assert owned(player) == {}  # BRUTE, the good line, was not imported either


def test_a_semicolon_separated_csv_was_refused_by_its_header_and_now_imports(client, player):
    """What a spreadsheet program saves in many European locales (the comma is the decimal
    mark there): the header line says which separator the file uses."""
    upload = SimpleUploadedFile("tabelle.csv", b"\xef\xbb\xbfset;card;count\r\n"
                                               b"starter-kit;OGRE;2\r\nstarter-kit;ZOMBIE;1\r\n",
                                content_type="text/csv")
    response = client.post(reverse("decks:collection_import"), {"file": upload}, follow=True)
    assert "Imported 2 card lines from the file." in html(response)
    assert owned(player) == {"OGRE": 2, "ZOMBIE": 1}


def test_a_bad_csvs_line_errors_were_only_at_the_foot_of_the_page_not_by_the_summary(
        client, collector):
    """A phone shows the top of the page first: the summary (the messages) and every bad
    line come before the page's own content, not only under the import form at its foot."""
    bad = b"set;card;count\nstarter-kit;DRAGON;1\nstarter-kit;OGRE;two\n"
    response = client.post(reverse("decks:collection_import"),
                           {"file": SimpleUploadedFile("bad.csv", bad)})
    assert response.status_code == 400
    page = html(response)
    top = page[:page.index('<header class="page-header">')]
    assert "2 bad lines; nothing was imported." in top
    assert top.index("2 bad lines") < top.index("What to fix in the file")
    for line in ("line 2: &#x27;DRAGON&#x27; is not a card of starter-kit",
                 "line 3: count &#x27;two&#x27; is not a whole number"):
        assert line in top
    assert '<a href="#csv-heading">To the import form</a>' in top
    assert owned(collector)["OGRE"] == 1  # the Starter Kit's, unchanged


@pytest.mark.parametrize(("content", "message"), [
    (b"\xff\xfe\x00n\x00o", "The file is not UTF-8 text"),
    (b"", "The submitted file is empty."),
    (b"name,qty\nOGRE,1\n", "line 1: the header must be set,card,count"),
])
def test_an_unreadable_csv_is_refused_next_to_the_file_field(client, player, content, message):
    response = client.post(reverse("decks:collection_import"),
                           {"file": SimpleUploadedFile("x.csv", content)})
    assert response.status_code == 400
    assert message in html(response)
    assert owned(player) == {}


def test_importing_with_replace_removes_the_cards_not_in_the_file(client, collector):
    upload = SimpleUploadedFile("mine.csv", b"set,card,count\nstarter-kit,OGRE,4\n")
    client.post(reverse("decks:collection_import"), {"file": upload, "replace": "on"})
    assert owned(collector) == {"OGRE": 4}
