"""What `make demo` leaves for a newcomer, clicked through at phone width: a brand-new account
finds the open demo event from the home page and registers in it with a preconstructed deck,
and a visitor goes from the finished demo event's pairings, bracket and player pages to a
game's replay, whose headings are words (not the record's move codes)."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from django.core import mail
from django.core.management import call_command

from tests.browser.helpers import PASSWORD, tasks_in_process
from tournaments.models import Event, EventStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSPHRASE = "a newcomer's own passphrase 7"
# Where the pages are photographed at phone size to look at them (CLASH_DEMO_SHOTS=<folder>).
SHOTS = os.environ.get("CLASH_DEMO_SHOTS")


def shot(page, name: str) -> None:  # noqa: ANN001
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def demo() -> tuple[Event, Event]:
    """The demo's command, smaller: a finished event with a top 4, and the open event."""
    call_command("simulate_event", "--players", "6", "--ai", "2", "--format",
                 "preconstructed", "--top-cut", "4", "--seed", "2", "--password", PASSWORD,
                 "--open-event", stdout=io.StringIO())
    return (Event.objects.get(status=EventStatus.COMPLETE),
            Event.objects.get(status=EventStatus.REGISTRATION))


def test_a_new_account_finds_the_open_demo_event_and_registers(open_as):
    _, opened = demo()
    page = open_as(None)
    page.goto("/")
    page.get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill("newcomer")
    page.get_by_label("Display name").fill("Newcomer")
    page.get_by_label("E-mail address").fill("newcomer@example.com")
    page.get_by_label("Password", exact=True).fill(PASSPHRASE)
    page.get_by_label("Password confirmation").fill(PASSPHRASE)
    with tasks_in_process():
        page.get_by_role("button", name="Sign up").click()
        assert "We sent a link to newcomer@example.com" in page.get_by_role(
            "status").first.inner_text()
    [message] = [m for m in mail.outbox if m.to == ["newcomer@example.com"]]
    page.goto(re.search(r"https?://\S+/accounts/\S+", message.body).group(0))
    page.get_by_role("button", name="Confirm my address").click()
    page.get_by_label("Username").fill("newcomer")
    page.get_by_label("Password").fill(PASSPHRASE)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Me (newcomer)").wait_for()

    page.goto("/")
    page.get_by_role("link", name="Find an event").click()
    page.get_by_role("link", name=re.compile(opened.name)).first.click()
    shot(page, "open-event")
    page.get_by_text("Preconstructed deck 2").click()
    page.get_by_role("button", name="Register").click()
    assert f"You are registered for {opened.name}." in page.get_by_role(
        "status").first.inner_text()
    assert opened.registrations.filter(player__username="newcomer").exists()


def test_a_visitor_goes_from_the_pairings_bracket_and_player_pages_to_a_replay(open_as):
    event, _ = demo()
    page = open_as(None)
    page.goto(f"/events/{event.pk}/pairings/?round=1")
    shot(page, "pairings")
    page.get_by_role("link", name="Game 1").first.click()
    page.get_by_role("heading", name=re.compile(rf"^Replay: {re.escape(event.name)}")).wait_for()
    page.get_by_role("link", name=re.compile("Next")).first.click()
    heading = page.locator("#log-heading").inner_text()
    assert heading == "What happened in this turn"
    shot(page, "replay")

    page.goto(f"/events/{event.pk}/bracket/")
    shot(page, "bracket")
    page.locator(".bracket-match").first.get_by_role("link", name="Game 1").click()
    page.get_by_role("heading", name=re.compile("^Replay: ")).wait_for()

    seat = event.registrations.filter(is_ai=False).order_by("pk").first()
    page.goto(f"/events/{event.pk}/players/{seat.pk}/")
    shot(page, "player")
    page.get_by_role("link", name="Game 1").first.click()
    page.get_by_role("heading", name=re.compile("^Replay: ")).wait_for()
    # The match pages are the players' and the organizers': a visitor is given no link.
    for url in (f"/events/{event.pk}/pairings/?round=1", f"/events/{event.pk}/bracket/"):
        page.goto(url)
        assert page.locator(f'a[href^="/events/{event.pk}/matches/"]').count() == 0
