"""The play pages on a phone (390x844) in a real browser: what a player must read is readable."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from play.models import GameStatus
from play.selectors import position_of
from play.services import online_game_act, solo_start
from tests.browser.helpers import PHONE
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def phone(open_as):  # noqa: ANN001, ANN201
    user = UserFactory(username="alice")
    return open_as(user), user


def rgb(colour: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", colour)[:3])


def luminance(colour: tuple[int, ...]) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_solo_drafts_cards_show_their_names_and_values(phone):
    page, user = phone
    game = solo_start(player=user, fmt="solo-draft", level=0, options={}, seed=5,
                      now=timezone.now())
    page.goto(reverse("play:game", args=[game.pk]))
    card = page.locator("button[name=pick]").first
    for part in (".play-card-name", ".play-card-stats"):
        text, background = card.evaluate(
            """(button, part) => [getComputedStyle(button.querySelector(part)).color,
                                  getComputedStyle(button).backgroundColor]""", part)
        assert contrast(rgb(text), rgb(background)) >= 4.5, (part, text, background)
    expect(card.locator(".play-card-name")).to_be_visible()


def test_mana_stays_in_sight_with_the_moves_on_a_phone(phone):
    page, user = phone
    # Solo: the player takes the first turn (C-8.1), with no worker needed.
    game = solo_start(player=user, fmt="solo-preconstructed", deck=1, level=0, options={},
                      seed=2, now=timezone.now())
    page.goto(reverse("play:game", args=[game.pk]))
    page.locator(".play-hand").scroll_into_view_if_needed()
    bar = page.locator(".play-moves")
    box = bar.bounding_box()
    assert box["y"] + box["height"] <= PHONE["height"] + 1  # the bar is on the screen
    assert re.search(r"\d+ mana left", bar.inner_text())


def a_crowded_solo_game(user):
    """A solo game whose automaton has at least three creatures in its top lane: the player
    only ends turns, so the automaton's creatures pile up (C-8.3)."""
    game = solo_start(player=user, fmt="solo-preconstructed", deck=1, level=0, options={},
                      seed=11, now=timezone.now())
    while True:
        lanes = position_of(game).game.players[1].lanes
        if len(lanes[0]) >= 3 or game.status == GameStatus.FINISHED:
            break
        online_game_act(game_id=game.pk, user=user, token="E", seen=len(game.actions),
                        now=timezone.now())
        game.refresh_from_db()
    assert len(lanes[0]) >= 3
    return game


def test_a_crowded_lane_scrolls_inside_itself_not_the_whole_page(phone):
    page, user = phone
    game = a_crowded_solo_game(user)
    page.goto(reverse("play:game", args=[game.pk]))
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    line = page.locator(".play-line-opponent").first
    assert line.evaluate("el => el.scrollWidth > el.clientWidth")  # it scrolls sideways


def test_the_signed_in_navigation_is_one_row_on_a_phone(open_as):
    page = open_as(UserFactory(username="a-rather-long-player-name-from-the-league"))
    page.goto(reverse("me"))
    tops = page.locator(".nav-links > li").evaluate_all(
        "items => items.map(li => Math.round(li.getBoundingClientRect().top))")
    assert len(tops) == 6 and len(set(tops)) == 1, tops  # with Log out
    expect(page.get_by_role("button", name="Log out", exact=True)).to_be_visible()
    page.get_by_role("link", name=re.compile(r"^Me \(")).click()
    page.get_by_role("link", name="My decks").click()
    page.get_by_role("heading", name="My decks").wait_for()
