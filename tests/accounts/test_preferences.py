"""A person's language and time zone page (accounts/views/preferences.py), linked from Me:
the zone is an IANA name or nothing (the browser's), the language one the menu offers; both
are kept on the account and follow the person to another browser."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.conf import settings as django_settings
from django.test import Client

from accounts.models import Profile
from accounts.selectors.data import account_data
from accounts.services.preferences import preferences_update
from core.errors import DomainError
from core.zones import zone_names
from tests.catalogues import RUSSIAN, write_catalogue
from tests.factories import UserFactory
from tests.factories.accounts import ProfileFactory
from tests.web import html, signed_in

pytestmark = pytest.mark.django_db

URL = "/accounts/preferences/"


def selected_zone(page: str) -> tuple[str, str]:
    """The value and text of the zone option chosen on the page."""
    zone_field = re.search(r'<select name="time_zone"[^>]*>(.*?)</select>', page, re.S)
    assert zone_field is not None
    [(value, text)] = re.findall(r'<option value="([^"]*)" selected>([^<]*)</option>',
                                 zone_field.group(1))
    return value, unescape(text)


def field_errors(response, name: str) -> list[str]:  # noqa: ANN001
    found = re.search(rf'data-errors-for="{name}">(.*?)</ul>', html(response), re.S)
    assert found is not None
    return [unescape(e) for e in re.findall(r"<li>(.*?)</li>", found.group(1))]


@pytest.fixture
def russian(settings, tmp_path):
    write_catalogue(tmp_path, "ru", RUSSIAN)
    settings.LOCALE_PATHS = [tmp_path]


def test_the_me_page_links_the_preferences_naming_the_zone_in_use() -> None:
    user = UserFactory(username="mila")
    ProfileFactory(user=user, time_zone="Europe/Belgrade")

    page = html(signed_in(user).get("/me/"))

    assert f'href="{URL}">Language and time zone</a>' in page
    assert "Europe/Belgrade" in page


def test_the_page_is_for_signed_in_people_only() -> None:
    response = Client().get(URL)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_a_zone_is_saved_and_every_later_page_names_it() -> None:
    user = UserFactory(username="mila")
    client = signed_in(user)

    response = client.post(URL, {"language": "", "time_zone": " Europe/Istanbul "},
                           follow=True)

    assert response.redirect_chain == [("/me/", 302)]
    assert "Your language and time zone are saved." in html(response)
    assert Profile.objects.get(user=user).time_zone == "Europe/Istanbul"
    assert f'Times in <a href="{URL}">Europe/Istanbul</a>' in html(client.get("/events/"))


def test_the_account_s_zone_follows_the_person_to_another_browser() -> None:
    user = UserFactory(username="mila")
    ProfileFactory(user=user, time_zone="America/Chicago")
    elsewhere = Client()
    elsewhere.cookies[django_settings.CLASH_TIME_ZONE_COOKIE] = "Europe/Paris"
    elsewhere.force_login(user)

    assert "America/Chicago" in html(elsewhere.get("/"))


def test_a_bad_zone_is_refused_with_a_message_and_nothing_is_saved() -> None:
    user = UserFactory(username="mila")
    ProfileFactory(user=user, time_zone="Europe/Prague")
    client = signed_in(user)

    for zone in ("Mars/Olympus", "../../etc/passwd", "Europe/paris", "localtime"):
        response = client.post(URL, {"language": "", "time_zone": zone})

        assert response.status_code == 400
        errors = field_errors(response, "time_zone")
        assert errors == [f"There is no time zone “{zone}”: choose one from the list, such "
                          f"as Europe/Paris, or your browser's zone."]
        assert Profile.objects.get(user=user).time_zone == "Europe/Prague"


def test_the_zone_is_a_choice_of_the_zones_offered_not_free_text() -> None:
    client = signed_in(UserFactory(username="mila"))

    page = html(client.get(URL))

    zone_field = re.search(r'<select name="time_zone"[^>]*>(.*?)</select>', page, re.S)
    assert zone_field is not None and 'name="time_zone" type' not in page
    offered = re.findall(r'<option value="([^"]*)"', zone_field.group(1))
    assert offered == ["", *zone_names()]
    assert {"Europe/Belgrade", "America/New_York", "UTC"} <= set(offered)
    assert "localtime" not in offered and "Factory" not in offered
    # The box that narrows the list is the page's script's, hidden without it.
    assert 'data-zone-filter-box hidden' in page and "js/zone-filter.js" in page


def test_without_a_zone_saved_the_browser_s_zone_is_chosen_and_named() -> None:
    client = signed_in(UserFactory(username="mila"))
    client.cookies[django_settings.CLASH_TIME_ZONE_COOKIE] = "Asia/Tokyo"

    page = html(client.get(URL))

    assert selected_zone(page) == ("", "Asia/Tokyo (your browser's zone)")


def test_a_saved_zone_is_the_one_chosen_on_the_page() -> None:
    user = UserFactory(username="mila")
    ProfileFactory(user=user, time_zone="Europe/Istanbul")
    client = signed_in(user)
    client.cookies[django_settings.CLASH_TIME_ZONE_COOKIE] = "Asia/Tokyo"

    page = html(client.get(URL))

    assert selected_zone(page) == ("Europe/Istanbul", "Europe/Istanbul")


def test_an_empty_zone_goes_back_to_the_browser_s() -> None:
    user = UserFactory(username="mila")
    ProfileFactory(user=user, time_zone="Asia/Tokyo")
    client = signed_in(user)
    client.cookies[django_settings.CLASH_TIME_ZONE_COOKIE] = "Europe/Moscow"

    client.post(URL, {"language": "", "time_zone": ""})

    assert Profile.objects.get(user=user).time_zone == ""
    assert "Europe/Moscow" in html(client.get("/"))


def test_a_language_not_offered_is_refused_on_the_page(settings, tmp_path) -> None:
    settings.LOCALE_PATHS = [tmp_path]  # no catalogue at all
    user = UserFactory(username="mila")
    client = signed_in(user)

    response = client.post(URL, {"language": "ru", "time_zone": ""})

    assert response.status_code == 400
    assert not Profile.objects.filter(user=user, language="ru").exists()
    with pytest.raises(DomainError) as refused:
        preferences_update(user=user, language="ru")
    assert refused.value.code == "bad_language"


def test_an_offered_language_is_saved_and_set_in_the_cookie(russian) -> None:
    user = UserFactory(username="mila")
    client = signed_in(user)

    page = html(client.get(URL))
    assert '<option value="ru">Русский</option>' in page

    response = client.post(URL, {"language": "ru", "time_zone": ""})

    assert response.status_code == 302
    assert response.cookies[django_settings.LANGUAGE_COOKIE_NAME].value == "ru"
    assert Profile.objects.get(user=user).language == "ru"
    assert '<html lang="ru"' in html(client.get("/"))


def test_the_service_refuses_a_bad_zone_with_its_code() -> None:
    user = UserFactory()
    with pytest.raises(DomainError) as refused:
        preferences_update(user=user, time_zone="Nowhere/Land")
    assert refused.value.code == "bad_time_zone"
    assert refused.value.params == {"zone": "Nowhere/Land"}
    assert refused.value.message.startswith("There is no time zone “Nowhere/Land”: choose")


def test_the_data_download_holds_the_language_and_zone() -> None:
    user = UserFactory()
    ProfileFactory(user=user, time_zone="Europe/Belgrade", language="sr")

    profile = account_data(user)["profile"]

    assert profile["time_zone"] == "Europe/Belgrade" and profile["language"] == "sr"
