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

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


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
