"""The deck lab on a phone in a real browser: a player finds it by links alone from the home
page, tests their constructed list of 10 from its own page ("Test this deck"), sees the run's
progress move and then its result, whose chart text reads at 12 px or more.

Tasks run in-process, as under the local settings (`make demo`): the run plays in a thread of
the server's process, and the page follows it as it follows a run on the workers.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from decks.services.catalogue import clash_game
from tests.factories import UserFactory
from tests.factories.decklists import LIST_A
from tests.factories.decks import DecklistFactory, DecklistVersionFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The rendered size of a chart text: its font size in the SVG's units times the SVG's scale.
RENDERED_FONT = """svg => [...svg.querySelectorAll("text")].map(text =>
    parseFloat(getComputedStyle(text).fontSize)
    * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width)"""


@pytest.fixture
def shared_reads():
    """SQLite's in-memory test database, shared by the server's and the run's threads, locks
    a whole table while any connection reads it, and a writer fails at once instead of
    waiting (the file database of `make demo` waits its busy timeout): here readers read
    without those locks, on the connections there are and those the run's thread opens."""
    from django.db import connection
    from django.db.backends.signals import connection_created

    def uncommitted(sender, connection, **kwargs) -> None:  # noqa: ANN001, ANN003, ARG001
        if connection.vendor == "sqlite":
            connection.cursor().execute("PRAGMA read_uncommitted = 1")

    uncommitted(None, connection)
    connection_created.connect(uncommitted)
    yield
    connection_created.disconnect(uncommitted)


def shot(page, name: str) -> None:  # noqa: ANN001
    """A screenshot to look at, in the folder CLASH_LAB_SHOTS names (none without it)."""
    folder = os.environ.get("CLASH_LAB_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def test_a_player_finds_the_lab_tests_a_constructed_list_and_reads_the_result(
        open_as, eager_ai, shared_reads):  # noqa: ANN001
    user = UserFactory(username="alice")
    decklist = DecklistFactory(owner=user, game=clash_game(), name="Ten of mine",
                               kind="constructed")
    DecklistVersionFactory(decklist=decklist, number=1, cards=list(LIST_A))
    page = open_as(user)

    # From the home page to the Play page's link, and back: the lab is one tap from Play.
    page.goto("/")
    page.get_by_role("navigation").get_by_role("link", name="Play").click()
    page.get_by_role("link", name="Open the deck lab").click()
    expect(page.get_by_role("heading", name="Deck lab", level=1)).to_be_visible()

    # From the home page through Me and the list's own page.
    page.goto("/")
    page.get_by_role("navigation").get_by_role("link", name=re.compile("^Me")).click()
    page.get_by_role("link", name="My decks").click()
    page.get_by_role("link", name="Ten of mine").first.click()
    page.get_by_role("link", name="Test this deck").click()
    expect(page.get_by_label("Deck to test")).to_have_value(f"list-{decklist.pk}")
    shot(page, "lab-form")
    page.get_by_label("Games").fill("6000")
    page.get_by_label("AI level (both sides)").select_option("random")
    page.get_by_role("button", name="Start the run").click()

    status = page.get_by_role("status")
    expect(status).to_contain_text("games played")
    page.wait_for_function("""() => {
        const text = document.querySelector("[data-lab-text]");
        return !text || /^[1-9]/.test(text.textContent.trim());
    }""")
    shot(page, "lab-progress")
    expect(page.get_by_role("heading", name="Result")).to_be_visible(timeout=120_000)
    expect(page.get_by_text("before each game the opponent")).to_be_visible()
    assert re.search(r"Score \d+\.\d% over 6000 games", page.content())
    expect(page.locator(".lab-table tbody tr").first).to_contain_text(
        re.compile(r"\d+\.\d% to \d+\.\d%"))
    sizes = page.locator("svg.lab-chart").evaluate(RENDERED_FONT)
    assert sizes and min(sizes) >= 12, sizes
    overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert not overflow
    shot(page, "lab-result")
