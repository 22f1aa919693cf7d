"""The game page on a phone (390x844) and a desktop (1280x800) in a real browser: the moves
bar never covers a button of the hand at any scroll position, the hand is in sight on a phone
without scrolling past the board, and "End the turn" asks first while cards are still
playable (with the page's script, and as a server step without it)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from core.errors import DomainError
from play.models import GameStatus, OnlineGame
from play.selectors import position_of
from play.services import online_game_act, solo_start
from tests.browser.helpers import PHONE, TIMEOUT_MS, log_in
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "desktop": DESKTOP}

# Every 40 px from the top to the bottom of the page: where does the bar overlap a hand
# button that is on the screen? (rectangles relative to the viewport)
OVERLAPS = """() => {
  const bar = document.querySelector('.play-moves');
  const found = [];
  const end = document.documentElement.scrollHeight - window.innerHeight;
  for (let y = 0; y <= end + 40; y += 40) {
    window.scrollTo({top: Math.min(y, end), behavior: 'instant'});
    const b = bar.getBoundingClientRect();
    for (const button of document.querySelectorAll('.play-hand button')) {
      const r = button.getBoundingClientRect();
      const onScreen = r.bottom > 0 && r.top < window.innerHeight;
      if (onScreen && r.left < b.right && r.right > b.left && r.top < b.bottom
          && r.bottom > b.top) {
        found.push({scroll: window.scrollY, button: button.textContent, top: r.top,
                    bar: b.top});
      }
    }
  }
  window.scrollTo({top: 0, behavior: 'instant'});
  return found;
}"""


@pytest.fixture
def open_sized(browser, live_server) -> Iterator[Callable]:  # noqa: ANN001
    """open_sized(user, viewport, javascript=True) -> a logged-in page of that size."""
    contexts = []

    def open_page(user, viewport, *, javascript: bool = True):  # noqa: ANN001, ANN202
        context = browser.new_context(viewport=viewport, base_url=live_server.url,
                                      java_script_enabled=javascript)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        log_in(page, live_server.url, user.get_username())
        return page

    yield open_page
    for context in contexts:
        context.close()


def first_turn(user) -> OnlineGame:  # noqa: ANN001
    """Solo: the player moves first with 6 mana and playable creatures (C-8.1, C-2.6)."""
    return solo_start(player=user, fmt="solo-preconstructed", deck=1, level=0, options={},
                      seed=2, now=timezone.now())


def a_full_board(user) -> OnlineGame:  # noqa: ANN001
    """A later turn with creatures on both sides: each turn the player plays the leftmost
    card to the top lane when the rules allow it, then ends the turn, until six creatures are
    on the board (a long page: on main the hand was far down it)."""
    game = solo_start(player=user, fmt="solo-preconstructed", deck=1, level=0, options={},
                      seed=11, now=timezone.now())
    for _ in range(12):
        state = position_of(game).game
        if sum(len(lane) for p in state.players for lane in p.lanes) >= 6:
            return game
        for token in ("P0t", "E"):
            # P0t may be refused (an incantation, too dear): then the turn just ends.
            with contextlib.suppress(DomainError):
                online_game_act(game_id=game.pk, user=user, token=token,
                                seen=len(game.actions), now=timezone.now())
            game.refresh_from_db()
            assert game.status != GameStatus.FINISHED, "the game ended before the board filled"
    pytest.fail("the board did not fill")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("setup", [first_turn, a_full_board], ids=["first-turn", "full-board"])
def test_the_sticky_moves_bar_covered_the_hands_buttons_when_scrolled(open_sized, size,
                                                                     setup):
    user = UserFactory(username="hana")
    game = setup(user)
    page = open_sized(user, SIZES[size])
    page.goto(reverse("play:game", args=[game.pk]))
    assert page.locator(".play-hand button").count() > 0  # Play buttons to check
    assert page.evaluate(OVERLAPS) == []


@pytest.mark.parametrize("setup", [first_turn, a_full_board], ids=["first-turn", "full-board"])
def test_the_hand_was_below_the_board_on_a_phone_out_of_the_first_screen(open_sized, setup):
    user = UserFactory(username="hana")
    game = setup(user)
    page = open_sized(user, PHONE)
    page.goto(reverse("play:game", args=[game.pk]))
    assert page.evaluate("window.scrollY") == 0
    hand = page.get_by_role("list", name="Your hand, left to right").bounding_box()
    assert 0 <= hand["y"] < PHONE["height"], hand
    play = page.locator(".play-hand button").first.bounding_box()  # a whole Play button
    assert play["y"] >= 0 and play["y"] + play["height"] <= PHONE["height"], play
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("size", SIZES)
def test_ending_the_turn_with_playable_cards_and_mana_left_did_not_ask_first(open_sized, size):
    user = UserFactory(username="hana")
    game = first_turn(user)
    page = open_sized(user, SIZES[size])
    page.goto(reverse("play:game", args=[game.pk]))
    question = page.get_by_role("group", name="End the turn now?")
    expect(question).to_be_hidden()

    page.get_by_role("button", name="End the turn").click()
    question.wait_for()
    assert "You can still play" in question.inner_text()
    assert "6 mana left" in question.inner_text()
    game.refresh_from_db()
    assert game.actions == []  # nothing was sent
    page.get_by_role("link", name="Keep playing").click()
    question.wait_for(state="hidden")
    assert page.url.endswith(reverse("play:game", args=[game.pk]))

    page.get_by_role("button", name="End the turn").click()
    with page.expect_navigation():
        page.get_by_role("button", name="Yes, end the turn").click()
    game.refresh_from_db()
    assert game.actions == ["E"]
    assert page.locator(".errors-form").count() == 0


def test_without_script_ending_the_turn_with_cards_left_is_a_confirmation_step(open_sized):
    user = UserFactory(username="hana")
    game = first_turn(user)
    page = open_sized(user, PHONE, javascript=False)
    page.goto(reverse("play:game", args=[game.pk]))
    with page.expect_navigation():
        page.get_by_role("button", name="End the turn").click()
    question = page.get_by_role("group", name="End the turn now?")
    assert question.is_visible() and "You can still play" in question.inner_text()
    game.refresh_from_db()
    assert game.actions == []
    with page.expect_navigation():
        page.get_by_role("button", name="Yes, end the turn").click()
    game.refresh_from_db()
    assert game.actions == ["E"]
