"""Live pages in two browsers at once, over the ASGI server and its sockets: each move of a
game between two persons appears on the other's screen without a reload (the time it took
is printed)."""

from __future__ import annotations

import time

import pytest
from django.utils import timezone

from play.selectors import position_of
from play.selectors.positions import to_move
from play.services import invitation_create, invitation_join
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.slow]


def end_turn(page) -> None:  # noqa: ANN001
    asked = page.locator("button[name=confirm_end]")
    if asked.count():
        asked.first.click()
        page.locator("[data-confirm-yes]").click()
    else:
        page.locator("button[name=action][value=E]").first.click()


def test_each_move_appears_on_the_other_screen_without_a_reload(open_live_as):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    invitation = invitation_create(player=alice, deck=1, code="c0ffee000001",
                                   now=timezone.now())
    game = invitation_join(code=invitation.code, player=bob, deck=2, seed=1,
                           now=timezone.now())
    pages = [open_live_as(alice), open_live_as(bob)]
    for page in pages:
        page.goto(f"/play/{game.pk}/")
        page.wait_for_function("document.querySelector('[data-play-status]') !== null")
    # Both sockets are open: the waiting side says it updates by itself, not every 15 s.
    mover = to_move(position_of(game).game)
    waiting = pages[1 - mover]
    waiting.get_by_text("this page updates by itself").wait_for()
    latencies = []
    for step in range(1, 4):
        other = pages[1 - mover]
        other.get_by_text("this page updates by itself").wait_for()
        # Marks the page: a reload would lose it.
        other.evaluate("window.clashMark = 1")
        started = time.monotonic()
        end_turn(pages[mover])
        other.locator(f'#play-game[data-n="{step}"][data-waiting="0"]').wait_for(timeout=5000)
        latencies.append((time.monotonic() - started) * 1000)
        assert other.evaluate("window.clashMark") == 1
        mover = 1 - mover
    print("\nmove to the other screen (click, post, commit, hint, fetch), ms: "
          + ", ".join(f"{ms:.0f}" for ms in latencies))
    # The fallback polls every 15 s: only the socket is this quick.
    assert max(latencies) < 3000


def test_standings_change_on_a_second_screen_when_a_result_is_confirmed(open_live_as):
    from tests.factories.tournaments import OrganizedEventFactory
    from tests.tournaments.event_steps import match_of, now, organizer_of, pair, seats, start
    from tournaments.services.results import result_set

    event = OrganizedEventFactory()
    seats(event, "alice bob carol dave")
    start(event)
    rnd = pair(event)
    organizer = organizer_of(event)
    standings = open_live_as(None)
    standings.goto(f"/events/{event.pk}/standings/")
    standings.get_by_text("Updates as soon as something changes.").wait_for()
    dashboard = open_live_as(organizer)
    dashboard.goto(f"/events/{event.pk}/manage/")
    # Told only once its socket is open: on a busy machine that can take a moment.
    dashboard.locator('[data-live-notice][data-live-open="1"]').wait_for(state="attached")
    standings.evaluate("window.clashMark = 1")
    assert standings.locator("#standings").get_by_text("1-0-0").count() == 0

    match = match_of(rnd, "alice")
    started = time.monotonic()
    result_set(match_id=match.pk, by=organizer, a_wins=2, b_wins=0, now=now())
    standings.locator("#standings").get_by_text("1-0-0").first.wait_for(timeout=5000)
    shown = (time.monotonic() - started) * 1000
    assert standings.evaluate("window.clashMark") == 1  # replaced in place, not reloaded
    # The organizer's dashboard is told, and offers the page as it is now.
    dashboard.get_by_text("This page has changed since it was loaded.").wait_for(timeout=5000)
    print(f"\nconfirmed result to the standings screen, ms: {shown:.0f}")


def test_a_draft_pick_passes_to_the_next_seat_without_waiting_for_a_refresh(open_live_as):
    from tests.tournaments.pods_play import draft_event
    from tournaments.models import PodSeat

    event = draft_event(8, no_shows=3)
    first, second = (PodSeat.objects.select_related("registration__player")
                     .get(pod__event=event, number=n) for n in (1, 2))
    picking = open_live_as(first.registration.player)
    waiting = open_live_as(second.registration.player)
    picking.goto(f"/events/{event.pk}/draft/")
    waiting.goto(f"/events/{event.pk}/draft/")
    assert waiting.locator("button[name=card]").count() == 0
    # The organizer's dashboard shows each pair's progress, pick by pick.
    from tests.tournaments.event_steps import organizer_of

    dashboard = open_live_as(organizer_of(event))
    dashboard.goto(f"/events/{event.pk}/manage/")
    pair = dashboard.locator("#pods .list-row").first
    assert "0 of 16 picks" in pair.inner_text()
    dashboard.get_by_text("Updates as soon as something changes.").wait_for()
    # The socket is open once the script has run; the page's own refresh is 15 s away.
    waiting.wait_for_load_state("networkidle")
    started = time.monotonic()
    picking.locator("button[name=card]").first.click()
    waiting.locator("button[name=card]").first.wait_for(timeout=5000)
    shown = (time.monotonic() - started) * 1000
    assert "Your pick" in waiting.locator("[role=status]").first.inner_text()
    print(f"\ndraft pick to the next seat's screen, ms: {shown:.0f}")
    dashboard.locator("#pods .list-row").first.get_by_text("1 of 16 picks").wait_for(
        timeout=5000)
    assert shown < 5000
