"""In a real browser at phone width: the browser's own zone reaches the server through
static/js/timezone.js (a file, under the Content-Security-Policy), and the language menu
works without any script, back on the same page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import PHONE, TIMEOUT_MS
from tests.catalogues import RUSSIAN, write_catalogue

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_browser_s_zone_is_shown_from_the_second_page_on(browser, live_server) -> None:
    context = browser.new_context(viewport=PHONE, base_url=live_server.url,
                                  timezone_id="Asia/Tokyo")
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        refused: list[str] = []
        page.on("console", lambda m: refused.append(m.text)
                if "Content Security Policy" in m.text else None)
        page.goto("/")
        page.wait_for_function("document.cookie.indexOf('clash_time_zone=Asia/Tokyo') >= 0")
        page.goto("/events/")
        assert "Times in Asia/Tokyo" in page.locator(".site-footer").inner_text()
        assert refused == []
    finally:
        context.close()


def test_the_language_menu_changes_the_page_without_a_script(browser, live_server, settings,
                                                              tmp_path) -> None:
    write_catalogue(tmp_path, "ru", RUSSIAN)
    settings.LOCALE_PATHS = [tmp_path]
    context = browser.new_context(viewport=PHONE, base_url=live_server.url,
                                  java_script_enabled=False, locale="en-GB")
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto("/events/")
        assert page.locator("html").get_attribute("lang") == "en"
        # Folded in the header until opened (a details element: no script either).
        page.locator(".language-choice summary").click()
        # Thumb-sized on a phone.
        box = page.get_by_role("button", name="Change").bounding_box()
        assert box is not None and box["height"] >= 40
        page.get_by_label("Language").select_option("ru")
        page.get_by_role("button", name="Change").click()
        page.wait_for_url("**/events/")
        assert page.locator("html").get_attribute("lang") == "ru"
        expect(page.get_by_role("link", name="Турниры")).to_be_visible()
        assert page.get_by_label("Язык").input_value() == "ru"
    finally:
        context.close()


def test_a_script_speaks_the_reader_s_language_through_the_catalogue(browser, live_server,
                                                                     settings, tmp_path) -> None:
    from tests.factories import UserFactory
    from tests.factories.tournaments import OrganizedEventFactory
    from tests.tournaments.event_steps import pair, seats, start

    write_catalogue(tmp_path, "ru", RUSSIAN)
    write_catalogue(tmp_path, "ru", {"Updates every 20 seconds.":
                                     "Обновляется каждые 20 секунд."}, domain="djangojs")
    settings.LOCALE_PATHS = [tmp_path]
    event = OrganizedEventFactory(organizers=[UserFactory()], rounds=2, top_cut=0)
    seats(event, "alice bob carol dave")
    start(event)
    pair(event)
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale="ru-RU")
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(f"/events/{event.pk}/pairings/")
        status = page.locator("[data-live-status]")
        status.filter(has_text="Обновляется каждые 20 секунд.").wait_for()
    finally:
        context.close()


def test_the_zone_is_found_by_typing_a_city_and_the_browser_s_is_the_default(
        browser, live_server) -> None:
    """On a phone the zone is a list, not a text box: with no zone saved the browser's zone
    is the one chosen, and a few letters of a city narrow the list to its zone."""
    from accounts.models import Profile
    from tests.browser.helpers import log_in
    from tests.factories import UserFactory

    user = UserFactory(username="mila")
    context = browser.new_context(viewport=PHONE, base_url=live_server.url,
                                  timezone_id="Asia/Tokyo")
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        log_in(page, live_server.url, "mila")
        page.goto("/accounts/preferences/")
        zone = page.get_by_label("Time zone", exact=True)
        assert zone.evaluate("e => e.tagName") == "SELECT"
        chosen = zone.locator("option:checked")
        expect(chosen).to_have_text("Asia/Tokyo (your browser's zone)")

        page.get_by_label("Find a zone").fill("belgr")
        assert zone.input_value() == "Europe/Belgrade"
        expect(page.get_by_text("1 zone matches.")).to_be_visible()
        # The browser's zone stays offered beside the match.
        assert zone.locator("option").all_inner_texts() == [
            "Asia/Tokyo (your browser's zone)", "Europe/Belgrade"]
        page.get_by_label("Find a zone").fill("new york")
        assert zone.input_value() == "America/New_York"
        page.get_by_label("Find a zone").fill("atlantis")
        expect(page.get_by_text("No zone has “atlantis” in its name")).to_be_visible()
        assert zone.input_value() == "America/New_York"  # still the last one found
        box = zone.bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE["width"]
        page.get_by_role("button", name="Save").click()
        page.wait_for_url("**/me/")
        assert Profile.objects.get(user=user).time_zone == "America/New_York"
    finally:
        context.close()
