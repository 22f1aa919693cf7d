"""The ban-two step of a constructed match game (rule C-2.5) on a phone (390x844): what has
been banned, by either player, is said at the top of the page, where the player looks first,
not only under each list of ten cards further down."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from decks.services.decklists import decklist_create
from engine.clash.cards import load_catalogue
from play.selectors import ban_state
from play.services import online_game_ban
from tests.browser.helpers import PHONE
from tests.factories import UserFactory, give_starter_kit
from tests.factories.decklists import LIST_A
from tests.factories.tournaments import (
    MatchRowFactory,
    OrganizedEventFactory,
    RoundRowFactory,
    SeatFactory,
)
from tournaments.models import EventStatus, RoundStatus
from tournaments.services.online_games import match_online_game_start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def seat_with_list(event, username: str, cards: list[str]):  # noqa: ANN001, ANN201
    user = UserFactory(username=username)
    give_starter_kit(user)
    version = decklist_create(user=user, name="Mine", kind="constructed", cards=cards,
                              now=timezone.now()).versions.get()
    return SeatFactory(event=event, player=user, decklist_version=version)


def test_the_bans_so_far_are_said_at_the_top_of_the_ban_step(open_as):
    event = OrganizedEventFactory(format="constructed", status=EventStatus.RUNNING, rounds=3)
    list_b = [c.name for c in load_catalogue().cards if c.name not in LIST_A][:10]
    ana, ben = seat_with_list(event, "ana", LIST_A), seat_with_list(event, "ben", list_b)
    rnd = RoundRowFactory(event=event, number=1, status=RoundStatus.PLAYING, seed=1,
                          paired_at=timezone.now())
    match = MatchRowFactory(round=rnd, table=1, player_a=ana, player_b=ben)
    game = match_online_game_start(match_id=match.pk, user=ana.player, now=timezone.now())
    # Step 1 is B's (ban order B, A, A, B): ben bans the first card of ana's list.
    online_game_ban(game_id=game.pk, user=ben.player, card=LIST_A[0], seen=0,
                    now=timezone.now())

    page = open_as(ana.player)
    page.goto(reverse("play:game", args=[game.pk]))
    top = page.locator("#bans-so-far")
    expect(top).to_have_text(f"ben banned {LIST_A[0]} from your list.")
    on_screen(page, top)

    target = ban_state(game).remaining("B")[0]
    with page.expect_navigation():
        page.get_by_role("button", name=f"Ban {target}").click()
    expect(top).to_have_text(f"You banned {target} from ben's list. "
                             f"ben banned {LIST_A[0]} from your list.")
    on_screen(page, top)


def on_screen(page, top) -> None:  # noqa: ANN001
    """`top` is in the first screen, above the opponent's list and its ten cards."""
    page.evaluate("window.scrollTo(0, 0)")
    box = top.bounding_box()
    heading = page.get_by_role("heading", name="ben's list (B)").bounding_box()
    assert box is not None and heading is not None
    assert box["y"] + box["height"] <= min(heading["y"], PHONE["height"]), (box, heading)
