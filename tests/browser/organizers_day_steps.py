"""What the steps of the organizer's day (test_organizers_day.py, docs/organizers-day.md)
share: its people and its event, the `Day` they change, and the moves and screenshots every
part of it makes. The steps themselves are in organizers_day_setup.py (from signing up to
round 1's printouts) and organizers_day_rounds.py (from the first announcement to the
imported event file)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from django.core import mail

from tests.browser.helpers import SCREENSHOTS, screenshot, tasks_in_process
from tests.factories import UserFactory
from tournaments.models import Event, Round

EVENT = "Harbour Saturday"
PASSPHRASE = "a-long-Passphrase-41"
# Players with an account already, and the deck each registers with (preconstructed 1-4).
PLAYERS = {"ben": 1, "cy": 3, "dee": 4, "eve": 1}
GUEST = "Gil Walker"
WAITING = "fay"  # registers once the event is full: the waitlist
LATE = "hal"  # arrives after round 1 is paired
JUDGE = "jude"
IMPORTER = "lena"  # keeps the league's archive: imports the event file
NO_SHOW_MINUTES = 1  # low, so that the day's no-show comes within the run


@dataclass
class Day:
    """What the steps share: a page (a phone) per person, by username, and the event."""

    open_as: Callable
    pages: dict = field(default_factory=dict)
    event: Event | None = None
    claim_code: str = ""
    folder: Path | None = None  # where the downloads go
    reported: int | None = None  # the pk of round 1's match the players reported
    event_file: Path | None = None

    @property
    def org(self):  # noqa: ANN201
        return self.pages["olga"]

    def page_for(self, name: str):  # noqa: ANN201
        """The phone of a player with an account, logged in on first use (their first page
        is the login page; from there they click)."""
        if name not in self.pages:
            self.pages[name] = self.open_as(UserFactory(username=name))
        return self.pages[name]

    def refresh(self) -> Event:
        self.event = Event.objects.get(pk=self.event.pk)
        return self.event

    def current_round(self) -> Round:
        return Round.objects.filter(event=self.event).latest("number")


def shot(page, name: str, at=None) -> None:  # noqa: ANN001
    """The step's screenshot, scrolled to `at` (a locator) when the part is below the fold."""
    if at is not None:
        at.first.evaluate("e => e.scrollIntoView({block: 'start'})")
    screenshot(page, f"day-{name}")


def sheet(page, name: str) -> None:  # noqa: ANN001
    """A printout's screenshot: the first page of the sheet as Chromium prints it (A4, the
    print stylesheet), small, as docs/printouts.md shows them (Debian's pdftoppm)."""
    if os.environ.get("CLASH_SCREENSHOTS") != "1" or shutil.which("pdftoppm") is None:
        return
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "sheet.pdf"
        source.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-png", "-r", "56", "-f", "1", "-l", "1", "-singlefile",
                        str(source), str(SCREENSHOTS / f"day-{name}")], check=True)


def status(page) -> str:  # noqa: ANN001
    return page.get_by_role("status").first.inner_text()


def to_event(page) -> None:  # noqa: ANN001
    """From any page: the Events list, then the event's page."""
    page.get_by_role("link", name="Events", exact=True).first.click()
    page.get_by_role("link", name=re.compile(EVENT)).first.click()
    page.get_by_role("heading", name=EVENT, level=1).wait_for()


def to_dashboard(page) -> None:  # noqa: ANN001
    if not page.get_by_role("heading", name=EVENT, level=1).is_visible():
        to_event(page)
    page.get_by_role("link", name="Manage", exact=True).click()
    page.get_by_role("heading", name="Next step").wait_for()


def sign_up_and_confirm(day: Day, username: str, display: str, *, shots: bool) -> None:
    """Home page, Sign up, the form; then the link from the e-mail, Confirm my address, and
    the login it leads to."""
    page = day.open_as(None)
    day.pages[username] = page
    page.goto("/")
    page.get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill(username)
    page.get_by_label("Display name").fill(display)
    page.get_by_label("E-mail address").fill(f"{username}@example.com")
    page.get_by_label("Password", exact=True).fill(PASSPHRASE)
    page.get_by_label("Password confirmation").fill(PASSPHRASE)
    with tasks_in_process():
        page.get_by_role("button", name="Sign up").click()
        assert f"We sent a link to {username}@example.com" in status(page)
    if shots:
        shot(page, "sign-up")

    [message] = [m for m in mail.outbox if m.to == [f"{username}@example.com"]]
    link = re.search(r"https?://\S+/accounts/\S+", message.body).group(0)
    page.goto(link)  # the link from the e-mail
    page.get_by_role("button", name="Confirm my address").wait_for()
    if shots:
        shot(page, "confirm")
    page.get_by_role("button", name="Confirm my address").click()
    assert "Your e-mail address is confirmed" in status(page)
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSPHRASE)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name=f"Me ({username})").click()
    page.get_by_role("heading", name=username, level=1).wait_for()
