"""The organizer's day (docs/organizers-day.md), lived on a phone from the home page: the
organizer signs up and confirms the e-mail, creates the event, players register (one
waits on the waitlist and moves up), a walk-in gets a guest seat with a claim code and the
organizer enters his list, the players check in, a judge is named, the organizer starts the
event and pairs round 1 (its clock starts), prints the pairings and the slips, posts an
announcement, runs the clock, seats a late player with a bye, the judge warns a player, the
players report, a no-show loses once the clock has run, the organizer enters the slips, the
judge gives a game loss, the organizer undoes a drop, swaps two players, reads the
corrections, and runs the top cut to the final standings, which the guest then claims; the
event file is downloaded and imported as a new event.

Each step is a function of the `Day` it changes, in `STEPS`, in the order of the day; each
asserts what the person sees and saves one screenshot, docs/screenshots/day-<name>.png, when
CLASH_SCREENSHOTS=1. Everyone moves by links alone after their first page (the home page, or
the login page for the players); the one address typed is the confirmation link, as it
comes by e-mail (from the test outbox here). The one minute the no-show waits for is not
spent: `no_show` starts the round's clock that much earlier. A step for a new part of the
day is one more function, put in `STEPS` where it happens."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import pytest
from django.core import mail
from django.db.models import F, Q

from tests.browser.helpers import SCREENSHOTS, screenshot
from tests.factories import UserFactory
from tests.factories.decks import starter_kit
from tournaments.models import (
    Event,
    EventStatus,
    Match,
    MatchStatus,
    Penalty,
    PenaltyKind,
    Registration,
    Round,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

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
    """Home page, Sign up, the form; then the link from the e-mail, Confirm and log in."""
    page = day.open_as(None)
    day.pages[username] = page
    page.goto("/")
    page.get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill(username)
    page.get_by_label("Display name").fill(display)
    page.get_by_label("E-mail address").fill(f"{username}@example.com")
    page.get_by_label("Password", exact=True).fill(PASSPHRASE)
    page.get_by_label("Password confirmation").fill(PASSPHRASE)
    page.get_by_role("button", name="Sign up").click()
    assert f"We sent a link to {username}@example.com" in status(page)
    if shots:
        shot(page, "sign-up")

    [message] = [m for m in mail.outbox if m.to == [f"{username}@example.com"]]
    link = re.search(r"https?://\S+/accounts/\S+", message.body).group(0)
    page.goto(link)  # the link from the e-mail
    page.get_by_role("button", name="Confirm and log in").wait_for()
    if shots:
        shot(page, "confirm")
    page.get_by_role("button", name="Confirm and log in").click()
    page.get_by_role("link", name=f"Me ({username})").wait_for()


# The steps of the day, in order.

def sign_up(day: Day) -> None:
    """Olga, who runs the store's Saturday events, signs up and confirms her address."""
    sign_up_and_confirm(day, "olga", "Olga (store)", shots=True)
    day.org.get_by_role("heading", name="olga", level=1).wait_for()


def create_event(day: Day) -> None:
    org = day.org
    org.get_by_role("link", name="Events", exact=True).first.click()
    org.get_by_role("link", name="Create an event").first.click()
    org.get_by_label("Name").fill(EVENT)
    org.get_by_label("Preconstructed", exact=True).check()
    org.get_by_label("Time zone").fill("Europe/Paris")
    org.get_by_label("Starts at").fill("2026-12-12T14:00")
    org.get_by_label("Venue").fill("The Harbour Games Café, 4 Quai Sud")
    org.get_by_label("Description").fill("Two Swiss rounds, best of 3, then a top 4. "
                                         "Decks 1 to 4 on the tables.")
    org.get_by_label("Capacity").fill("6")
    org.get_by_label("Matches").select_option(label="Best of 3")
    org.get_by_label("Swiss rounds").fill("2")
    org.get_by_label("Top cut", exact=True).select_option(label="Top 4")
    org.get_by_label("Round length (minutes)").fill("40")
    org.get_by_label("No-show after (minutes)").fill(str(NO_SHOW_MINUTES))
    org.get_by_label(re.compile("^Players must check in")).check()
    shot(org, "create-event", at=org.get_by_label("Time zone"))
    org.get_by_role("button", name="Create the event").click()
    assert "is open for registration" in status(org)
    day.event = Event.objects.get(name=EVENT)
    assert list(day.event.organizers.values_list("username", flat=True)) == ["olga"]
    assert (day.event.capacity, day.event.round_minutes, day.event.rounds) == (6, 40, 2)
    assert day.event.no_show_minutes == NO_SHOW_MINUTES


def event_page(day: Day) -> None:
    """The event's page shows the start in the event's time zone, named, and the venue."""
    org = day.org
    org.get_by_role("link", name="Event", exact=True).click()
    when = org.locator(".event-when").inner_text()
    assert "Saturday 12 December 2026, 14:00 CET (Europe/Paris)" in when
    assert "The Harbour Games Café" in when
    assert "6 players" in org.locator("#event-capacity").inner_text()
    shot(org, "event-page")


def players_register(day: Day) -> None:
    """Ada signs up too; she and four players with accounts register with a deck."""
    sign_up_and_confirm(day, "ada", "Ada L.", shots=False)
    for name, deck in (("ada", 2), *PLAYERS.items()):
        page = day.page_for(name)
        to_event(page)
        page.get_by_label(f"Preconstructed deck {deck}").check()
        page.get_by_role("button", name="Register").click()
        assert f"You are registered for {EVENT}" in status(page)
    ada = day.pages["ada"]
    assert "Check in when you arrive" in ada.get_by_role("region", name="You").inner_text()
    shot(ada, "register")


def walk_in(day: Day) -> None:
    """A walk-in without an account: a guest seat, and its claim code handed over."""
    org = day.org
    to_dashboard(org)
    org.get_by_label("Guest's name").fill(GUEST)
    org.get_by_role("button", name="Add the guest").click()
    text = status(org)
    assert f"{GUEST} is seated as a guest" in text
    day.claim_code = re.search(r"claim code is (\S+) \(link", text).group(1)
    row = org.get_by_role("row").filter(has=org.get_by_role("link", name=GUEST))
    assert "Guest" in row.inner_text()
    shot(org, "guest")


def guest_list(day: Day) -> None:
    """Gil cannot enter a list himself: the organizer enters the deck he plays, from his row
    of the players table."""
    org = day.org
    org.get_by_role("link", name=f"Enter the list of {GUEST}").click()
    form = org.get_by_role("region", name=f"Enter the list of {GUEST}")
    form.get_by_role("radio", name=re.compile(r"^Deck 3\b")).check()
    shot(org, "guest-list", at=form)
    form.get_by_role("button", name="Save the guest's list").click()
    assert f"The list of {GUEST} is saved: it is their registered list." in status(org)
    row = org.get_by_role("row").filter(has=org.get_by_role("link", name=GUEST))
    assert row.get_by_role("link", name="Registered list").is_visible()
    assert row.get_by_role("link", name=f"Edit the list of {GUEST}").is_visible()
    seat = Registration.objects.select_related("decklist_version").get(
        event=day.event, guest_name=GUEST)
    assert seat.decklist_version.preconstructed_deck == 3


def waitlist(day: Day) -> None:
    """Six seats taken: the next player joins the waitlist."""
    page = day.page_for(WAITING)
    to_event(page)
    page.get_by_role("heading", name="The event is full: join the waitlist").wait_for()
    page.get_by_label("Preconstructed deck 2").check()
    page.get_by_role("button", name="Join the waitlist").click()
    you = page.get_by_role("region", name="You")
    assert "You are number 1 on the waitlist." in you.inner_text()
    shot(page, "waitlist", at=you)


def waitlist_moves_up(day: Day) -> None:
    """Eve cannot come and drops before the start: the first player waiting takes her seat."""
    eve = day.pages["eve"]
    eve.get_by_role("link", name="Event", exact=True).click()
    eve.get_by_text("Drop from the event").click()
    eve.get_by_role("button", name="Drop now").click()
    assert "You have dropped" in status(eve)
    page = day.pages[WAITING]
    page.reload()
    you = page.get_by_role("region", name="You")
    assert "You are registered with preconstructed deck 2" in you.inner_text()
    shot(page, "waitlist-seated", at=you)


def check_in(day: Day) -> None:
    """The players check in on their phones as they arrive; the organizer checks in the
    guest from the players table."""
    for name in ("ada", "ben", "cy", "dee", WAITING):
        page = day.pages[name]
        page.get_by_role("link", name="Event", exact=True).click()
        page.get_by_role("button", name="Check in").click()
        assert "You are checked in" in page.get_by_role("region", name="You").inner_text()
    org = day.org
    org.reload()
    org.get_by_role("button", name=f"Check in {GUEST}").click()
    assert f"{GUEST} is checked in." in status(org)
    # Eve withdrew before the start: the six others are registered and in.
    assert "6 players registered, 6 checked in" in org.get_by_role(
        "region", name="Next step").inner_text()
    shot(org, "check-in", at=org.get_by_role("heading", name=re.compile(r"^Players \(")))


def name_judge(day: Day) -> None:
    """Jude judges the event (he does not play): named on the dashboard by username; his Me
    page now links the judge page."""
    day.page_for(JUDGE)
    org = day.org
    panel = org.get_by_role("region", name="Judges and penalties")
    panel.get_by_label("Username of the judge").fill(JUDGE)
    panel.get_by_role("button", name="Name the judge").click()
    assert f"{JUDGE} is now a judge of {EVENT}" in status(org)
    panel = org.get_by_role("region", name="Judges and penalties")
    assert JUDGE in panel.get_by_role("listitem").first.inner_text()
    shot(org, "judge", at=panel)
    jude = day.pages[JUDGE]
    jude.get_by_role("link", name=f"Me ({JUDGE})").click()
    judged = jude.get_by_role("region", name="Events I judge")
    assert judged.get_by_role("link", name=EVENT).is_visible()


def start(day: Day) -> None:
    org = day.org
    org.get_by_role("button", name="Start the event").click()
    assert "has started: 2 Swiss rounds" in status(org)
    assert day.refresh().status == EventStatus.RUNNING
    shot(org, "start")


def pair_round_1(day: Day) -> None:
    """Pairing starts the round's clock: 40 minutes."""
    org = day.org
    org.get_by_role("button", name="Pair round 1").click()
    assert "Round 1 is paired" in status(org)
    clock = org.get_by_role("region", name="Round clock")
    clock.locator("[data-clock-synced]").wait_for(state="attached")
    assert re.search(r"(39|40):\d\d", clock.get_by_role("timer").inner_text())
    assert day.current_round().clock_started_at is not None
    shot(org, "pair", at=clock)


def pairings(day: Day) -> None:
    """A player finds their table from the event's page."""
    ada = day.pages["ada"]
    ada.get_by_role("link", name="Event", exact=True).click()
    ada.get_by_role("link", name="Find your table").click()
    mine = ada.locator(".your-table")
    assert "You play at table" in mine.inner_text() or "bye" in mine.inner_text()
    assert ada.get_by_role("row").count() == 1 + 3  # the heading row, three tables
    shot(ada, "pairings")


def print_pairings_by_name(day: Day) -> None:
    org = day.org
    org.get_by_role("link", name="Pairings", exact=True).click()
    org.get_by_role("link", name="Print the pairings by name").click()
    org.get_by_role("heading", name="Round 1: pairings by name").wait_for()
    for name in ("Ada L.", "ben", "cy", "dee", WAITING, GUEST):
        assert org.get_by_role("cell", name=name, exact=True).count() >= 1
    sheet(org, "print-by-name")
    org.go_back()


def print_pairings_by_table(day: Day) -> None:
    org = day.org
    org.get_by_role("link", name="Print the pairings by table").click()
    org.get_by_role("heading", name="Round 1: pairings by table").wait_for()
    sheet(org, "print-by-table")
    org.go_back()


def print_slips(day: Day) -> None:
    org = day.org
    org.get_by_role("link", name="Print the result slips").click()
    org.get_by_role("region", name="Slips, page 1").wait_for()
    assert org.locator(".slip").count() == 3  # one a table, on one sheet
    sheet(org, "print-slips")
    org.go_back()


def announcement(day: Day) -> None:
    """Posted on the dashboard, shown at the top of each player's event page."""
    org = day.org
    to_dashboard(org)
    text = "Round 1 has started: tables 1-3 by the window. Slips to the counter."
    org.get_by_label("Message").fill(text)
    org.get_by_role("button", name="Post to the players").click()
    assert "The announcement is posted" in status(org)
    ben = day.pages["ben"]
    ben.get_by_role("link", name="Event", exact=True).click()
    news = ben.get_by_role("region", name="Announcements")
    assert text in news.inner_text()
    shot(ben, "announcement")


def round_clock(day: Day) -> None:
    """Pause the clock (a fire alarm, a long ruling), resume it, add five minutes."""
    org = day.org
    clock = org.get_by_role("region", name="Round clock")
    clock.get_by_role("button", name="Pause the clock").click()
    clock = org.get_by_role("region", name="Round clock")
    clock.get_by_role("button", name="Resume the clock").wait_for()
    assert "Paused." in clock.inner_text()
    shot(org, "clock-paused", at=clock)
    clock.get_by_role("button", name="Resume the clock").click()
    clock = org.get_by_role("region", name="Round clock")
    clock.get_by_label("Minutes").fill("5")
    clock.get_by_role("button", name="Add to the clock").click()
    assert "5 minutes added to the clock of round 1." in status(org)
    assert day.current_round().clock_added_minutes == 5


def extra_time(day: Day) -> None:
    """A judge call at table 2: three extra minutes for that table alone."""
    org = day.org
    org.get_by_role("link", name=re.compile(r"^Table 2: ")).click()
    org.get_by_role("heading", name="Round 1, table 2").wait_for()
    org.get_by_label("Minutes").fill("3")
    org.get_by_label("Why").fill("judge call")
    org.get_by_role("button", name="Give this table extra time").click()
    assert "Table 2 has 3 extra minutes." in status(org)
    clock = org.get_by_role("region", name="Clock")
    assert "This table has 3 extra minutes." in clock.inner_text()
    assert "judge call" in clock.inner_text()
    shot(org, "extra-time", at=clock)


def late_player(day: Day) -> None:
    """Hal comes in after round 1 is paired: the organizer adds him to the round by
    username, and he gets a bye for it (the event's setting); he plays from round 2."""
    hal = day.page_for(LATE)
    org = day.org
    to_dashboard(org)
    panel = org.get_by_role("region", name="Round 1: late players and no-shows")
    assert "The event gives them a bye for it." in panel.inner_text()
    late = panel.get_by_role("form", name="Add a late player")
    late.get_by_label("Or a player's username").fill(LATE)
    shot(org, "late-player", at=panel)
    late.get_by_role("button", name="Add the late player").click()
    assert f"{LATE} is in round 1 with a bye." in status(org)
    to_event(hal)
    hal.get_by_role("link", name="Pairings", exact=True).click()
    assert "You have a bye this round: a 2-0 win." in hal.locator(".your-table").inner_text()


def judge_page(day: Day, *, player: str, penalty: str, note: str, name: str) -> None:
    """The judge records a penalty from his phone: Me, Events I judge, the event's judge
    page."""
    jude = day.pages[JUDGE]
    jude.get_by_role("link", name=f"Me ({JUDGE})").click()
    jude.get_by_role("region", name="Events I judge").get_by_role("link", name=EVENT).click()
    form = jude.get_by_role("region", name="Record a penalty")
    form.get_by_label("Player").select_option(label=player)
    form.get_by_label(penalty, exact=True).check()
    form.get_by_label("What happened").fill(note)
    form.get_by_role("button", name="Record the penalty").click()
    assert f"A {penalty.lower()} for {player} is recorded" in status(jude)
    recorded = jude.get_by_role("region", name="Penalties of the event")
    assert note in recorded.inner_text()
    shot(jude, name, at=jude.get_by_role("region", name="Penalties of the event"))


def warning(day: Day) -> None:
    """A slow-play call at a table: the judge gives dee a warning, on the record only."""
    judge_page(day, player="dee", penalty="Warning", note="Slow play, reminded twice",
               name="penalty-warning")
    [penalty] = Penalty.objects.filter(event=day.event)
    assert (penalty.kind, penalty.by.username, penalty.round_number) == (
        PenaltyKind.WARNING, JUDGE, 1)
    # A warning changes no result: every table of the round is still playing.
    assert not day.current_round().matches.filter(player_b__isnull=False).exclude(
        status=MatchStatus.PENDING).exists()


def report_match(page, *, a: int, b: int) -> None:  # noqa: ANN001
    """On the player's match page (from the pairings): the games each won, then send."""
    page.get_by_role("link", name="Pairings", exact=True).click()
    page.get_by_role("link", name="Report the result").click()
    form = page.get_by_role("region", name="Report the result")
    form.locator("select").nth(0).select_option(str(a))
    form.locator("select").nth(1).select_option(str(b))
    form.get_by_label("Drawn games").select_option("0")
    form.get_by_role("button", name="Send my report").click()
    page.get_by_role("heading", name="History").wait_for()


def reports(day: Day) -> None:
    """Both players of a table without the guest report from their phones: the two reports
    agree, so the result is confirmed."""
    rnd = day.current_round()
    match = next(m for m in rnd.matches.select_related("player_a__player", "player_b__player")
                 .order_by("table") if not m.bye and m.player_a.player and m.player_b.player)
    first = day.pages[match.player_a.player.username]
    second = day.pages[match.player_b.player.username]
    report_match(first, a=2, b=1)
    assert "the result is confirmed when your opponent reports the same" in status(first)
    report_match(second, a=2, b=1)
    assert "Result confirmed: 2-1" in status(second)
    assert Match.objects.get(pk=match.pk).status == MatchStatus.CONFIRMED
    day.reported = match.pk
    shot(second, "report")


def no_show(day: Day) -> None:
    """A player has not come to their table: once the round clock has run the event's
    no-show minutes, the absent player loses the match and the opponent wins it 2-0.

    The dashboard first says how long to wait. The organizer would wait that minute; the
    day does not spend it, but starts the round's clock a minute earlier (the time it has
    run is computed from that start, so the dashboard then reads as after the wait)."""
    org = day.org
    to_dashboard(org)
    panel = org.get_by_role("region", name="Round 1: late players and no-shows")
    if "A no-show can be given now." not in panel.inner_text():  # (a slow machine: it is)
        assert "1 minute left before a no-show can be given." in panel.inner_text()
        Round.objects.filter(pk=day.current_round().pk).update(
            clock_started_at=F("clock_started_at") - timedelta(minutes=NO_SHOW_MINUTES))
        org.reload()
        panel = org.get_by_role("region", name="Round 1: late players and no-shows")
    assert "A no-show can be given now." in panel.inner_text()
    form = panel.get_by_role("form", name="No-show")
    absent = form.get_by_label("Absent player")
    choice = absent.locator("option").first.inner_text()
    absent.select_option(label=choice)
    form.get_by_text("Give the match loss").click()
    shot(org, "no-show", at=panel.get_by_role("heading", name="No-show", exact=True))
    form.get_by_role("button", name="Give the no-show's match loss").click()
    assert "the no-show's match loss is recorded, their opponent wins the match." in status(org)
    table = int(re.search(r"\(table (\d+),", choice).group(1))
    match = day.current_round().matches.get(table=table)
    assert match.status == MatchStatus.CONFIRMED
    assert sorted((match.a_wins, match.b_wins)) == [0, 2]


def enter_slips(day: Day, *, shots: bool = True) -> None:
    """The organizer enters the other tables from their slips: each from the dashboard's
    "Results to confirm", player A winning 2-0."""
    org = day.org
    to_dashboard(org)
    while (rows := org.get_by_role("region", name=re.compile("^Results to confirm"))
           .get_by_role("link")).count() > 1:  # the slips' print link, then the tables
        rows.nth(1).click()
        form = org.get_by_role("region", name=re.compile(r"^(Set|Correct) the result"))
        form.locator("select").nth(0).select_option("2")
        form.locator("select").nth(1).select_option("0")
        form.get_by_label("Note for the record").fill("from the result slip")
        if shots:
            shot(org, "enter-slip", at=form)
            shots = False
        form.get_by_role("button", name="Confirm this result").click()
        assert "set: " in status(org)
        org.get_by_role("heading", name="Next step").wait_for()
    rnd = day.current_round()
    assert not rnd.matches.exclude(status=MatchStatus.CONFIRMED).exists()


def game_loss(day: Day) -> None:
    """After the round the judge finds a marked sleeve: a game loss for the winner of a
    table entered from its slip. 2-0 becomes 2-1, and the match page says a penalty changed
    the result (the opponent reads no more than that)."""
    rnd = day.current_round()
    match = (rnd.matches.filter(player_b__isnull=False, a_wins=2, b_wins=0).exclude(pk=day.reported)
             .exclude(changes__action="no_show")
             .select_related("player_a__player__profile", "player_b__player").first())
    judge_page(day, player=match.player_a.name, penalty="Game loss",
               note=f"Marked sleeves, table {match.table}", name="penalty-game-loss")
    match.refresh_from_db()
    assert (match.a_wins, match.b_wins) == (2, 1)
    # The opponent's match page (the penalised player's when the opponent is the guest).
    viewer = match.player_b.player or match.player_a.player
    page = day.pages[viewer.username]
    page.get_by_role("link", name="Pairings", exact=True).click()
    page.get_by_role("link", name="See the result").click()
    facts = page.locator("dl").first.inner_text()
    assert "result changed by a penalty" in facts, facts
    assert "Marked sleeves" not in page.content() or viewer == match.player_a.player
    shot(page, "penalty-match")


def undo_drop(day: Day) -> None:
    """Cy drops by mistake after round 1 and asks to play on: the organizer undoes the drop,
    and he is paired again from round 2."""
    cy = day.pages["cy"]
    cy.get_by_role("link", name="Event", exact=True).click()
    cy.get_by_text("Drop from the event").click()
    cy.get_by_role("button", name="Drop now").click()
    assert "You have dropped" in status(cy)
    org = day.org
    org.reload()
    org.get_by_role("button", name="Undo the drop of cy").click()
    assert "cy is back: they are paired again from the next round on." in status(org)
    assert not Registration.objects.get(event=day.event, player__username="cy").dropped
    shot(org, "undo-drop")


def pair_round_2_and_swap(day: Day) -> None:
    """Round 2 paired, then two players swapped between tables before any result is in."""
    org = day.org
    org.get_by_role("button", name="Pair round 2").click()
    assert "Round 2 is paired" in status(org)
    one, two = day.current_round().matches.filter(
        player_b__isnull=False).select_related("player_a__player__profile").order_by("table")[:2]
    corrections = org.get_by_role("region", name="Corrections")
    corrections.get_by_label("Player").select_option(
        label=f"{one.player_a.name} (table {one.table})")
    corrections.get_by_label("Swap with").select_option(
        label=f"{two.player_a.name} (table {two.table})")
    corrections.get_by_role("button", name="Swap the two players").click()
    assert f"Tables {one.table} and {two.table} have swapped players." in status(org)
    assert Match.objects.get(pk=one.pk).player_a_id == two.player_a_id
    shot(org, "swap")


def corrections_list(day: Day) -> None:
    """The dashboard's "Corrections made so far": the day's fixes, newest first."""
    org = day.org
    org.get_by_role("link", name="Corrections made so far").click()
    trail = org.get_by_role("list", name="Corrections").inner_text()
    for label in ("Players swapped", "Drop undone", "No-show match loss", "Late player added"):
        assert label in trail, trail
    assert trail.index("Players swapped") < trail.index("Late player added")
    shot(org, "corrections")
    org.get_by_role("link", name="Back to the dashboard").click()


def round_2_results(day: Day) -> None:
    enter_slips(day, shots=False)
    assert "Start the top 4" in day.org.get_by_role("region", name="Next step").inner_text()


def standings(day: Day) -> None:
    """After the Swiss rounds: points, tiebreakers, and the line under the top 4."""
    ada = day.pages["ada"]
    ada.get_by_role("link", name="Standings", exact=True).click()
    ada.get_by_role("heading", name="Standings after round 2").wait_for()
    assert ada.get_by_role("row").count() == 1 + 7  # with the late player
    shot(ada, "standings")


def top_cut(day: Day) -> None:
    """The top 4: semifinals, then the final, then the event is complete."""
    org = day.org
    org.get_by_role("link", name="Manage", exact=True).click()
    org.get_by_role("button", name="Start the top 4").click()
    assert "Semifinals is paired" in status(org)
    enter_slips(day, shots=False)
    org.get_by_role("button", name="Pair the next bracket round").click()
    assert "Final is paired" in status(org)
    enter_slips(day, shots=False)
    final = day.current_round().matches.select_related("player_a__player__profile").get()
    champion = final.player_a.name
    assert f"{champion} won the final" in org.get_by_role("region", name="Next step") \
        .inner_text()
    org.get_by_role("button", name="Complete the event").click()
    assert "is complete" in status(org)
    assert day.refresh().status == EventStatus.COMPLETE
    org.get_by_role("link", name="Top cut", exact=True).click()
    assert f"Champion: {champion}" in org.get_by_role("status").last.inner_text()
    shot(org, "top-cut")


def final_standings_printout(day: Day) -> None:
    org = day.org
    org.get_by_role("link", name="Standings", exact=True).click()
    org.get_by_role("link", name="Print the standings").click()
    org.get_by_role("heading", name="Standings after round 2").wait_for()
    sheet(org, "print-standings")


def guest_claims(day: Day) -> None:
    """After the event Gil makes an account and claims his seat with the code: his results
    are his."""
    sign_up_and_confirm(day, "gil", "Gil W.", shots=False)
    gil = day.pages["gil"]
    gil.get_by_role("link", name="Claim a seat").click()
    gil.get_by_role("textbox", name="Claim code").fill(day.claim_code)
    gil.get_by_role("button", name="Claim the seat").click()
    assert f"The seat in {EVENT} is yours, with its results." in status(gil)
    seat = Registration.objects.get(event=day.event, player__username="gil")
    assert Match.objects.filter(Q(player_a=seat) | Q(player_b=seat)).count() >= 2
    shot(gil, "claim")
    gil.get_by_role("link", name="Standings", exact=True).click()
    gil.get_by_role("heading", name="Standings after round 2").wait_for()
    table = gil.get_by_role("table").first.inner_text()
    assert "Gil W." in table and GUEST not in table, table  # his name now


def download_event_file(day: Day) -> None:
    """The event file from the dashboard's Downloads: the whole event in one JSON file."""
    org = day.org
    org.go_back()  # from the printout, which has no navigation
    to_dashboard(org)
    downloads = org.get_by_role("region", name="Downloads")
    with org.expect_download() as download:
        downloads.get_by_role("link", name="The event file (JSON)").click()
    day.event_file = day.folder / download.value.suggested_filename
    download.value.save_as(day.event_file)
    assert day.event_file.name.endswith(".clash-event.json")
    data = json.loads(day.event_file.read_text())
    assert data["event"]["name"] == EVENT and data["event"]["status"] == "complete"
    assert len(data["players"]) == 8  # eve's seat too, dropped before the start
    assert data["corrections"] and data["penalties"]
    shot(org, "event-file", at=downloads)


def import_event_file(day: Day) -> None:
    """Lena keeps the league's archive: from the event list she imports the file, and it
    is a new event, marked imported, with its results."""
    lena = day.page_for(IMPORTER)
    lena.get_by_role("link", name="Events", exact=True).first.click()
    lena.get_by_role("link", name="Import an event").click()
    lena.get_by_label("Event file (JSON)").set_input_files(str(day.event_file))
    lena.get_by_role("button", name="Import the event").click()
    assert f"“{EVENT}” is imported from" in status(lena)
    assert "Imported from" in lena.locator("#event-imported").inner_text()
    imported = Event.objects.exclude(pk=day.event.pk).get(name=EVENT)
    assert lena.url.endswith(f"/events/{imported.pk}/")
    assert imported.imported_at is not None and imported.status == EventStatus.COMPLETE
    assert list(imported.organizers.values_list("username", flat=True)) == [IMPORTER]
    shot(lena, "import")


STEPS: list[Callable[[Day], None]] = [
    sign_up, create_event, event_page, players_register, walk_in, guest_list, waitlist,
    waitlist_moves_up, check_in, name_judge, start, pair_round_1, pairings,
    print_pairings_by_name, print_pairings_by_table, print_slips, announcement, round_clock,
    extra_time, late_player, warning, reports, no_show, enter_slips, game_loss, undo_drop,
    pair_round_2_and_swap, corrections_list, round_2_results, standings, top_cut,
    final_standings_printout, guest_claims, download_event_file, import_event_file,
]


def test_an_organizers_day_from_sign_up_to_the_final_standings(open_as, tmp_path):
    starter_kit()  # the card catalogue, as the site's set-up loads it (README)
    day = Day(open_as=open_as, folder=tmp_path)
    for step in STEPS:
        step(day)
