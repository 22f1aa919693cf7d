"""The pages that run scripts work under the Content-Security-Policy (clash/settings/base.py):
the browser reports no violation, and each page's script does its work (Swagger UI draws the
API, the deck builder counts the cards chosen, a game page shows the board)."""

from __future__ import annotations

import pytest
from django.utils import timezone

from decks.services.collections import collection_add_set
from play.services import duel_start
from tests.factories import UserFactory, starter_kit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def violations(page) -> list[str]:  # noqa: ANN001
    found: list[str] = []
    page.on("console", lambda message: found.append(message.text)
            if "Content Security Policy" in message.text else None)
    return found


def test_the_swagger_page_draws_the_api_under_the_policy(open_as, accessibility_audit) -> None:
    page = open_as(None)
    refused = violations(page)

    response = page.goto("/api/docs/")

    assert "default-src 'self'" in response.headers["content-security-policy"]
    page.get_by_text("Clash API").first.wait_for()
    page.locator(".opblock").first.wait_for()
    assert refused == []
    # Swagger UI draws the operations after the page loads: they are checked as drawn too.
    page.locator(".opblock").first.click()
    page.locator(".opblock-body").first.wait_for()
    accessibility_audit.check_again(page)


def test_the_deck_builder_and_a_game_page_run_their_scripts_under_the_policy(open_as) -> None:
    ada = UserFactory(username="ada")
    collection_add_set(user=ada, card_set=starter_kit(), copies=1)
    game = duel_start(player=ada, deck=1, ai_level="random", seed=3, now=timezone.now())
    page = open_as(ada)
    refused = violations(page)

    page.goto("/decks/lists/new/")
    page.locator("[data-submitted], main form").first.wait_for()
    page.goto(f"/play/{game.pk}/")
    page.get_by_role("status").first.wait_for()

    assert refused == []
