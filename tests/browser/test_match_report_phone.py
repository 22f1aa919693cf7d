"""A player reports their match's result on a phone (390x844): the three game counts are a
tidy grid however long the players' names, each label on the left of its box, the boxes one
above the other in one column, nothing wider than the screen."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser.helpers import PHONE
from tests.factories.accounts import ProfileFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import match_of, pair, seats, start
from tournaments.models import Match, MatchStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIELDS = ("a_wins", "b_wins", "draws")


def test_the_report_boxes_line_up_in_one_column_on_a_phone(open_as):
    event = OrganizedEventFactory(name="Friday Clash", format="preconstructed", rounds=3)
    long_name, bo = seats(event, "aleksandra bo")
    ProfileFactory(user=long_name.player, display_name="Aleksandra Petrović-Jovanović")
    start(event)
    match = match_of(pair(event), "bo")
    page = open_as(bo.player)
    page.goto(reverse("tournaments:match", args=[event.pk, match.pk]))
    form = page.get_by_role("region", name="Report the result")
    form.scroll_into_view_if_needed()

    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    boxes = [page.locator(f"#id_report-{name}").bounding_box() for name in FIELDS]
    labels = [page.locator(f"label[for='id_report-{name}']").bounding_box() for name in FIELDS]
    # One column: the same left edge and width for every box, each below the one before.
    assert len({round(b["x"]) for b in boxes}) == 1, boxes
    assert len({round(b["width"]) for b in boxes}) == 1, boxes
    for above, below in zip(boxes, boxes[1:], strict=False):
        assert above["y"] + above["height"] <= below["y"], boxes
    for label, box in zip(labels, boxes, strict=True):
        # The label on the left of its box, level with it, however many lines it takes.
        assert label["x"] + label["width"] <= box["x"], (label, box)
        middle = box["y"] + box["height"] / 2
        assert label["y"] <= middle <= label["y"] + label["height"], (label, box)
        assert box["x"] + box["width"] <= PHONE["width"]
        assert box["height"] >= 40  # thumb-sized

    # The boxes still send the report.
    form.get_by_label("Games won by bo").select_option("2")
    with page.expect_navigation():
        form.get_by_role("button", name="Send my report").click()
    match = Match.objects.get(pk=match.pk)
    bo_is_a = match.player_a_id == bo.pk
    report = match.report_a if bo_is_a else match.report_b
    assert match.status == MatchStatus.REPORTED
    assert report["a_wins" if bo_is_a else "b_wins"] == 2
