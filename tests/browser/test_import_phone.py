"""A collection CSV imported on a phone (390x844): a semicolon-separated file, as spreadsheet
programs save it in many European locales, and its bad lines shown at the top of the page with
the summary, not only under the import form at the foot of a long collection."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser.helpers import PHONE
from tests.factories import UserFactory, give_starter_kit, starter_kit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_bad_csvs_line_errors_were_below_the_fold_on_a_phone_not_by_the_summary(open_as):
    starter_kit()
    user = UserFactory(username="lotte")
    give_starter_kit(user)  # 32 cards: the import form is far down the page
    page = open_as(user)
    page.goto(reverse("decks:collection"))
    page.get_by_label("CSV file").set_input_files(files=[{
        "name": "sammlung.csv", "mimeType": "text/csv",
        "buffer": b"set;card;count\r\nstarter-kit;DRAGON;1\r\nstarter-kit;OGRE;zwei\r\n"}])
    with page.expect_navigation():
        page.get_by_role("button", name="Import CSV").click()

    assert page.evaluate("window.scrollY") == 0
    summary = page.get_by_text("2 bad lines; nothing was imported.")
    lines = [page.get_by_text("line 2: 'DRAGON' is not a card of starter-kit").first,
             page.get_by_text("line 3: count 'zwei' is not a whole number").first]
    for shown in (summary, *lines):
        box = shown.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
    # Next to the summary: the first bad line follows it within a few lines of text.
    assert lines[0].bounding_box()["y"] - summary.bounding_box()["y"] < 200
