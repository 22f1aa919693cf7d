"""A solo game against the automaton at difficulty 3 (rule C-8.9), set up with its custom
options on /play/ and played to the end in the browser; the player's page then shows it.
`play_solo` takes the words of a language (helpers.Words), so the same journey runs in
Russian and Turkish too (test_journeys_in_languages.py)."""

from __future__ import annotations

import re

import pytest

from play.models import GameStatus, OnlineGame, SoloResult
from tests.browser.helpers import ENGLISH, Words, headings, screenshot
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# A solo game ends well before this (the engine's turn cap); a stuck page fails instead.
MAX_MOVES = 1500


def play_solo(open_as, words: Words = ENGLISH, shots: str = "") -> None:  # noqa: ANN001
    """The whole journey; screenshots are named `shots` + the English name."""
    w = words
    ada = UserFactory(username="ada")
    page = open_as(ada, w)
    page.get_by_role("link", name=w("Play"), exact=True).click()
    page.get_by_role("heading", name=w("Solo against the automaton")).wait_for()
    assert page.locator("html").get_attribute("lang") == w.language
    assert w.untranslated(headings(page)) == []
    solo = page.get_by_role("region", name=w("Solo against the automaton"))
    solo.get_by_label(w("Cards"), exact=True).select_option(label=w("A preconstructed deck"))
    solo.get_by_label(w("Difficulty")).select_option(label=f"3: {w('Hard')}")
    # Rule C-8.9: the options' points add up to the level; 9 fixed mana is worth 3.
    solo.get_by_label(w("Automaton's fixed mana")).select_option("9")
    screenshot(page, f"{shots}solo-setup")
    solo.get_by_role("button", name=w("Start the solo game")).click()

    page.get_by_text(w("level %(level)s", level=3)).first.wait_for()
    game = OnlineGame.objects.get(player_a=ada)
    assert game.kind == "solo" and game.level == 3 and game.options["fixed_mana"] == 9
    assert page.get_by_role("status").first.inner_text().startswith(w("Your turn"))
    assert w.untranslated(headings(page)) == []
    screenshot(page, f"{shots}game-board")

    moves = 0
    moves_region = page.locator("form.play-form")
    while page.get_by_role("link", name=w("Watch the replay")).count() == 0:
        assert moves < MAX_MOVES, "the solo game did not end"
        # Any legal move will do: the first one the page offers.
        with page.expect_navigation():
            moves_region.locator('button[name="action"]').first.click()
        assert page.locator(".errors-form").count() == 0, page.locator(".errors-form").inner_text()
        moves += 1

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.winner in ("A", "B", "draw")
    outcome = page.locator(".play-status").inner_text()
    expected = {"A": [w("You won!")],
                "B": [w("You lost: %(opponent_name)s won.").split("%(")[0]],
                "draw": [w("A draw (the turn cap)."), w(
                    "A draw: time was called and nobody won by the last turn (ruling C-7.5c).")],
                }[game.winner]
    assert any(outcome.startswith(text) for text in expected), outcome
    assert w.untranslated(headings(page)) == []
    screenshot(page, f"{shots}solo-game")
    result = SoloResult.objects.get(game=game)
    assert result.player == ada and result.level == 3

    # The player's page: the solo record counts it at its level, and the replay is listed.
    page.get_by_role("link", name=w("Play again")).click()
    record = page.get_by_role("region", name=w("My solo record"))
    row = record.get_by_role("row", name=re.compile(re.escape(f"3: {w('Hard')}")))
    assert row.get_by_role("cell").nth(1).inner_text() == "1"
    assert row.get_by_role("cell").nth(2).inner_text() == ("1" if game.winner == "A" else "0")
    finished = page.get_by_role("region", name=w("Finished games"))
    finished.get_by_role("link", name=w("%(kind)s game %(pk)s: replay", kind=w("Solo"),
                                        pk=game.pk)).wait_for()
    assert w.untranslated(headings(page)) == []


def test_a_solo_game_at_difficulty_3_is_played_to_the_end_in_the_browser(open_as):
    play_solo(open_as)
