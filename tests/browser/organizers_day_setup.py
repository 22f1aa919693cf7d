"""The organizer's day (test_organizers_day.py), its first part: from signing up to the
printed pairings and slips of round 1, each step a function of the `Day` it changes."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.helpers import choose_shape
from tests.browser.organizers_day_steps import (
    EVENT,
    GUEST,
    JUDGE,
    NO_SHOW_MINUTES,
    PLAYERS,
    WAITING,
    Day,
    sheet,
    shot,
    sign_up_and_confirm,
    status,
    to_dashboard,
    to_event,
)
from tournaments.models import Event, EventStatus, Registration


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
    choose_shape(org, "swiss_top_cut")
    org.get_by_label("Swiss rounds", exact=True).fill("2")
    org.get_by_label("Top cut", exact=True).select_option(label="Top 4")
    org.get_by_label("Round length (minutes)").fill("40")
    org.get_by_label("No-show after (minutes)").fill(str(NO_SHOW_MINUTES))
    org.get_by_label(re.compile("^Players must check in")).check()
    shot(org, "create-event", at=org.locator("#event-phases-editor"))
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
    expect(row.get_by_role("link", name="Registered list")).to_be_visible()
    expect(row.get_by_role("link", name=f"Edit the list of {GUEST}")).to_be_visible()
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
    expect(judged.get_by_role("link", name=EVENT)).to_be_visible()


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
    expect(ada.get_by_role("row")).to_have_count(1 + 3)  # the heading row, three tables
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
    expect(org.locator(".slip")).to_have_count(3)  # one a table, on one sheet
    sheet(org, "print-slips")
    org.go_back()
