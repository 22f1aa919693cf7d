"""A draft pick on a phone (390x844) against another person: once the player has picked and
waits for the other seat, the cards keep their numbers (cost, attack and health or damage,
abilities) beside their names: the picked cards, the cards left on the table and the other
seat's picks, also after the page reloads itself at the other seat's pick."""

from __future__ import annotations

import pytest

from tests.browser.helpers import PHONE
from tests.tournaments.event_steps import now
from tests.tournaments.pods_play import draft_event
from tournaments.models import PodSeat
from tournaments.selectors.pods import draft_seat_view
from tournaments.services.pods import draft_pick

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def lines(region) -> list[tuple[str, str]]:  # noqa: ANN001
    """(name, numbers) of each card listed in `region`, as the phone shows them: the name,
    and the numbers on the line under it."""
    shown = [text.split("\n", 1) for text in region.get_by_role("listitem").all_inner_texts()]
    return [(name.strip(), rest[0].strip() if rest else "") for name, *rest in shown]


def test_the_picked_cards_keep_their_numbers_while_the_other_seat_picks(open_live_as):
    event = draft_event(8, no_shows=3)
    first, second = (PodSeat.objects.select_related("registration__player")
                     .get(pod__event=event, number=n) for n in (1, 2))
    page = open_live_as(first.registration.player)
    page.goto(f"/events/{event.pk}/draft/")
    table = page.get_by_role("region", name="on the table")
    # The numbers each card shows on its button while it is the player's pick.
    buttons = table.get_by_role("button").all()
    shown = {b.get_attribute("value"): b.locator(".ban-stats").inner_text() for b in buttons}
    assert all(shown.values()) and len(shown) == 4
    picked = buttons[0].get_attribute("value")
    with page.expect_navigation():
        buttons[0].click()
    page.get_by_text("Waiting for").wait_for()

    mine = page.get_by_role("region", name="Your cards (1 of 8)")
    assert lines(mine) == [(picked, shown[picked])]
    assert lines(table) == [(name, shown[name]) for name in shown if name != picked]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # The other seat picks: the page reloads (its socket) and still shows every number.
    page.wait_for_load_state("networkidle")
    taken = draft_seat_view(second).revealed[0]
    draft_pick(seat_id=second.pk, by=second.registration.player, card=taken, now=now())
    partner = page.get_by_role("region", name=f"{second.registration.name}'s cards (1 of 8)")
    partner.wait_for(timeout=5000)
    assert lines(partner) == [(taken, shown[taken])]
    assert lines(page.get_by_role("region", name="Your cards (1 of 8)")) == [
        (picked, shown[picked])]
