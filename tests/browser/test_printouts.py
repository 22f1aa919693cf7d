"""Printing: each printout is reached by its Print link, printed to PDF with Chromium's own
print (A4), and checked for its page count and that no navigation reaches the paper: the
navigation is display:none under print emulation and none of its words are in the PDF.

With CLASH_SCREENSHOTS=1 the first page of each PDF goes to docs/screenshots/print-*.png
(Debian's pdftoppm), the pictures docs/printouts.md shows."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect
from pypdf import PdfReader

from decks.services.decklists import decklist_create
from tests.browser.helpers import SCREENSHOTS
from tests.factories import UserFactory, give_starter_kit, starter_kit
from tests.factories.decklists import LIST_A
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import pair, seats, settle, start
from tests.tournaments.pods_play import draft_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Words of the site's navigation and of the printouts' screen toolbar: none is on paper.
NAVIGATION = ("Skip to the content", "Ratings", "Log in", "Back to the", "Print this page",
              "Manage")
SIXTEEN = " ".join(f"player{n:02d}" for n in range(1, 17))


def printed(page, shot: str | None = None) -> tuple[int, str]:  # noqa: ANN001
    """The page printed as Chromium prints it: its number of pages and its text. First the
    page is checked to fit the phone's screen across, and its navigation not to be laid out
    under print emulation (display:none, or inside what is)."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), \
        "the page is wider than the phone"
    page.emulate_media(media="print")
    shown = page.locator("nav, .site-header, .site-footer, .print-toolbar").evaluate_all(
        "els => els.filter(e => e.getClientRects().length > 0).length")  # laid out at all
    assert shown == 0, "navigation is on the paper"
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    page.emulate_media(media="screen")
    if shot is not None:
        _first_page_png(pdf, shot)
    reader = PdfReader(io.BytesIO(pdf))
    words = "\n".join(p.extract_text() for p in reader.pages)
    for word in NAVIGATION:
        assert word not in words, f"{word!r} is on the paper"
    return len(reader.pages), words


def _first_page_png(pdf: bytes, name: str) -> None:
    """docs/screenshots/<name>.png: the first page, small, when CLASH_SCREENSHOTS=1."""
    if os.environ.get("CLASH_SCREENSHOTS") != "1" or shutil.which("pdftoppm") is None:
        return
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "sheet.pdf"
        source.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-png", "-r", "56", "-f", "1", "-l", "1", "-singlefile",
                        str(source), str(SCREENSHOTS / name)], check=True)


@pytest.fixture
def sixteen():  # noqa: ANN201
    """Sixteen players after round 1 (confirmed), round 2 paired: eight tables."""
    starter_kit()
    olga = UserFactory(username="olga")
    event = OrganizedEventFactory(name="Harbour Open", organizers=[olga], rounds=4)
    seats(event, SIXTEEN)
    start(event)
    settle(pair(event))
    pair(event)
    return event, olga


def test_the_pairings_slips_and_standings_of_sixteen_players_print_on_their_pages(
        open_as, sixteen):
    event, olga = sixteen
    page = open_as(olga)
    page.goto(f"/events/{event.pk}/pairings/")

    page.get_by_role("link", name="Print the pairings by name").click()
    page.get_by_role("heading", name="Round 2: pairings by name").wait_for()
    pages, words = printed(page, "print-pairings-by-name")
    assert pages == 1
    assert all(name in words for name in SIXTEEN.split())

    page.go_back()
    page.get_by_role("link", name="Print the pairings by table").click()
    page.get_by_role("heading", name="Round 2: pairings by table").wait_for()
    pages, _ = printed(page, "print-pairings-by-table")
    assert pages == 1

    page.go_back()
    page.get_by_role("link", name="Print the result slips").click()
    expect(page.locator(".slip")).to_have_count(8)
    pages, words = printed(page, "print-slips")
    assert pages == 2  # four slips a page
    assert all(f"Table {n}" in words for n in range(1, 9))

    page.goto(f"/events/{event.pk}/standings/")
    page.get_by_role("link", name="Print the standings").click()
    page.get_by_role("heading", name="Standings after round 1").wait_for()
    pages, words = printed(page, "print-standings")
    assert pages == 1 and all(name in words for name in SIXTEEN.split())

    # Any other page prints without the site's navigation too (base.html's print sheet).
    page.goto(f"/events/{event.pk}/pairings/")
    pages, words = printed(page)
    assert "player01" in words


def test_a_players_decklist_sheet_prints_on_one_page_to_sign(open_as):
    starter_kit()
    olga, ann = UserFactory(username="olga"), UserFactory(username="ann")
    event = OrganizedEventFactory(name="List Night", format="constructed", organizers=[olga])
    give_starter_kit(ann)
    version = decklist_create(user=ann, name="Ann's list", kind="constructed", cards=LIST_A,
                              now=timezone.now()).versions.get()
    seat = SeatFactory(event=event, player=ann, decklist_version=version)

    page = open_as(ann)
    page.goto(f"/events/{event.pk}/players/{seat.pk}/")
    page.get_by_role("link", name="Print the registration sheet").click()
    page.get_by_role("heading", name="Decklist registration").wait_for()
    pages, words = printed(page, "print-decklist")
    assert pages == 1
    assert "Ann's list" in words and "List Night" in words and "signature" in words
    assert all(card in words for card in LIST_A)


def test_a_draft_pods_seating_prints_a_pod_a_page(open_as):
    event = draft_event(8, name="Pod Night")
    page = open_as(None)
    page.goto(f"/events/{event.pk}/pods/")
    page.get_by_role("link", name="Print the seating").click()
    page.get_by_role("heading", name="Pod 1: seating").wait_for()
    pages, words = printed(page, "print-pod-seating")
    assert pages == 1 and "Seat" in words
