"""A solo game against the automaton at difficulty 3 (rule C-8.9), set up with its custom
options on /play/ and played to the end in the browser; the player's page then shows it."""

from __future__ import annotations

import re

import pytest

from play.models import GameStatus, OnlineGame, SoloResult
from tests.browser.helpers import screenshot
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# A solo game ends well before this (the engine's turn cap); a stuck page fails instead.
MAX_MOVES = 1500


def test_a_solo_game_at_difficulty_3_is_played_to_the_end_in_the_browser(open_as):
    ada = UserFactory(username="ada")
    page = open_as(ada)
    page.get_by_role("link", name="Play").click()
    page.get_by_role("heading", name="Solo against the automaton").wait_for()
    solo = page.get_by_role("region", name="Solo against the automaton")
    solo.get_by_label("Cards").select_option(label="A preconstructed deck")
    solo.get_by_label("Difficulty").select_option(label="3: Hard")
    # Rule C-8.9: the options' points add up to the level; 9 fixed mana is worth 3.
    solo.get_by_label("Automaton's fixed mana").select_option("9")
    screenshot(page, "solo-setup")
    solo.get_by_role("button", name="Start the solo game").click()

    page.get_by_text("level 3").first.wait_for()
    game = OnlineGame.objects.get(player_a=ada)
    assert game.kind == "solo" and game.level == 3 and game.options["fixed_mana"] == 9
    assert page.get_by_role("status").first.inner_text().startswith("Your turn")
    screenshot(page, "game-board")

    moves = 0
    moves_region = page.locator("form.play-form")
    while page.get_by_role("link", name="Watch the replay").count() == 0:
        assert moves < MAX_MOVES, "the solo game did not end"
        # Any legal move will do: the first one the page offers.
        with page.expect_navigation():
            moves_region.locator('button[name="action"]').first.click()
        assert page.locator(".errors-form").count() == 0, page.locator(".errors-form").inner_text()
        moves += 1

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.winner in ("A", "B", "draw")
    outcome = page.locator(".play-status").inner_text()
    expected = {"A": "You won!", "B": "You lost", "draw": "A draw"}[game.winner]
    assert outcome.startswith(expected)
    screenshot(page, "solo-game")
    result = SoloResult.objects.get(game=game)
    assert result.player == ada and result.level == 3

    # The player's page: the solo record counts it at its level, and the replay is listed.
    page.get_by_role("link", name="Play again").click()
    record = page.get_by_role("region", name="My solo record")
    row = record.get_by_role("row", name=re.compile(r"3: Hard"))
    assert row.get_by_role("cell").nth(1).inner_text() == "1"
    assert row.get_by_role("cell").nth(2).inner_text() == ("1" if game.winner == "A" else "0")
    finished = page.get_by_role("region", name="Finished games")
    finished.get_by_role("link", name=f"Solo game {game.pk}: replay").wait_for()
