"""A seat waiting for its partner's pick, on a server without the draft's socket (issue 33):
the page asks for itself and reloads once the pick is made, not on a timer (a timed reload
takes a reader, or a screen reader, back to the top of a page where nothing changed)."""

from __future__ import annotations

import pytest

from tournaments.models import PodSeat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_waiting_draft_page_reloads_only_once_the_partner_picked(open_as, monkeypatch):  # noqa: ANN001
    from tests.tournaments.pods_play import draft_event

    monkeypatch.setattr("tournaments.views.pods.REFRESH_SECONDS", 1)
    event = draft_event(8, no_shows=3)
    first, second = (PodSeat.objects.select_related("registration__player")
                     .get(pod__event=event, number=n) for n in (1, 2))
    picking = open_as(first.registration.player)
    waiting = open_as(second.registration.player)
    waiting.goto(f"/events/{event.pk}/draft/")
    assert waiting.locator("button[name=card]").count() == 0
    waiting.evaluate("window.clashMark = 1")  # a reload would lose it
    waiting.wait_for_timeout(2500)  # more than two rounds of asking
    assert waiting.evaluate("window.clashMark") == 1

    picking.goto(f"/events/{event.pk}/draft/")
    picking.locator("button[name=card]").first.click()
    waiting.locator("button[name=card]").first.wait_for(timeout=5000)
    assert waiting.evaluate("window.clashMark") is None
