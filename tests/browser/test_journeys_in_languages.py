"""The browser journeys in Russian and in Turkish (issue 17): the same steps as the English
ones (test_event_journey.py, test_solo_journey.py), with every label, heading and message
read from the project's real catalogues (helpers.Words). The browser asks for the language
(its locale sends Accept-Language), as on a first visit; no English heading may be left.
With CLASH_SCREENSHOTS=1 they take docs/screenshots/ru-*.png and tr-*.png."""

from __future__ import annotations

import pytest

from tests.browser.helpers import Words, headings, screenshot
from tests.browser.test_event_journey import run_event
from tests.browser.test_solo_journey import play_solo

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ["ru", "tr"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_solo_game_in_the_reader_s_language(open_as, language) -> None:  # noqa: ANN001
    play_solo(open_as, Words(language), shots=f"{language}-")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_constructed_event_to_its_top_cut_in_the_reader_s_language(open_as,  # noqa: ANN001
                                                                      language) -> None:
    run_event(open_as, Words(language), shots=f"{language}-")


@pytest.mark.parametrize("language", ["sr", "cs"])
def test_the_pairings_page_in_serbian_cyrillic_and_in_czech(open_as, language) -> None:  # noqa: ANN001
    """One page each for docs/screenshots.md: round 1's pairings of a running event."""
    from tests.factories import UserFactory
    from tests.factories.tournaments import OrganizedEventFactory
    from tests.tournaments.event_steps import pair, seats, start

    w = Words(language)
    event = OrganizedEventFactory(organizers=[UserFactory()], rounds=3, top_cut=0,
                                  name="Harbour Open")
    seats(event, "ada ben cy dee eve fay")
    start(event)
    pair(event)
    page = open_as(None, w)
    page.goto(f"/events/{event.pk}/pairings/")
    page.get_by_role("heading", name=w("Round %(round)d", round=1)).first.wait_for()
    assert page.locator("html").get_attribute("lang") == language
    assert w.untranslated(headings(page)) == []
    screenshot(page, f"{language}-pairings")
