"""A judge's journey on a phone (390x844), by links alone from the home page: Me, the judge
page, a match loss recorded for a player; the player then finds it on their Me page, and the
opponent's match page says only that a penalty changed the result."""

from __future__ import annotations

import pytest

from tests.browser.helpers import screenshot
from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import match_of, organizer_of, pair, seats, settle, start
from tournaments.models import Penalty, PenaltyKind
from tournaments.services.judges import judge_add

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_judge_records_a_match_loss_from_the_phone_and_only_the_player_reads_it(open_as):
    event = OrganizedEventFactory(name="Harbour Open", rounds=3, seed=7)
    alice, bob = seats(event, "alice bob")
    start(event)
    rnd = pair(event)
    settle(rnd, alice=(2, 1, 0))
    jude = UserFactory(username="jude")
    judge_add(event_id=event.pk, by=organizer_of(event), user=jude)

    page = open_as(jude)
    page.goto("/")
    page.get_by_role("link", name="Me (jude)").click()
    page.get_by_role("link", name="Harbour Open").click()
    page.get_by_role("heading", name="Record a penalty").wait_for()
    page.get_by_label("Player").select_option(label="alice")
    page.get_by_label("Match loss").check()
    page.get_by_label("What happened").fill("Marked cards NOTE-4411")
    screenshot(page, "judge-page")
    page.get_by_role("button", name="Record the penalty").click()
    page.get_by_text("A match loss for alice is recorded").wait_for()
    penalty = Penalty.objects.get()
    assert (penalty.kind, penalty.by, penalty.round_number) == (PenaltyKind.MATCH_LOSS, jude, 1)
    # Nothing of the page is wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    mine = open_as(alice.player)
    mine.goto("/")
    mine.get_by_role("link", name="Me (alice)").click()
    mine.get_by_role("heading", name="My penalties").wait_for()
    assert "NOTE-4411" in mine.content()

    theirs = open_as(bob.player)
    theirs.goto(f"/events/{event.pk}/matches/{match_of(rnd, 'alice').pk}/")
    theirs.get_by_text("result changed by a penalty").wait_for()
    assert "NOTE-4411" not in theirs.content()
