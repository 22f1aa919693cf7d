"""A person signed in on two devices changes their language (or zone) on one: the other takes
it on its next request, not at its next login. A visitor's cookie and Accept-Language still
choose as docs/languages.md says when the person leaves it to the browser."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from accounts.services.preferences import preferences_update
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    translation.activate("en")


def device(user, accept_language: str | None = None) -> Client:  # noqa: ANN001
    client = Client(HTTP_ACCEPT_LANGUAGE=accept_language) if accept_language else Client()
    client.force_login(user)
    return client


def language_of(client: Client, path: str = "/") -> str:
    page = client.get(path).content.decode()
    return re.search(r'<html lang="([^"]+)"', page).group(1)


def zone_of(client: Client) -> str:
    page = client.get("/me/").content.decode()
    return re.search(r'<p class="footer-zone">[^<]*<a [^>]*>([^<]+)</a>', page).group(1)


def test_a_language_chosen_on_one_device_reaches_the_other_on_its_next_request(
        django_capture_on_commit_callbacks):
    mila = UserFactory(username="mila")
    phone, laptop = device(mila), device(mila, accept_language="cs")
    assert (language_of(phone), language_of(laptop)) == ("en", "cs")
    with django_capture_on_commit_callbacks(execute=True):
        phone.post("/i18n/setlang/", {"language": "ru", "next": "/"})
    assert language_of(phone) == "ru"
    assert language_of(laptop) == "ru"  # no new login
    # Changed again on the laptop's preferences page: the phone follows.
    with django_capture_on_commit_callbacks(execute=True):
        assert laptop.post("/accounts/preferences/", {"language": "tr", "time_zone": ""}
                           ).status_code == 302
    assert (language_of(laptop), language_of(phone)) == ("tr", "tr")


def test_left_to_the_browser_each_device_goes_back_to_its_cookie_or_accept_language(
        django_capture_on_commit_callbacks):
    mila = UserFactory(username="mila")
    phone, laptop = device(mila), device(mila, accept_language="cs")
    with django_capture_on_commit_callbacks(execute=True):
        phone.post("/i18n/setlang/", {"language": "ru", "next": "/"})  # the phone's cookie: ru
    assert language_of(laptop) == "ru"
    with django_capture_on_commit_callbacks(execute=True):
        preferences_update(user=mila, language="")
    assert language_of(phone) == "ru"  # its cookie
    assert language_of(laptop) == "cs"  # its browser's Accept-Language
    # A visitor's cookie still wins over their Accept-Language.
    visitor = Client(HTTP_ACCEPT_LANGUAGE="cs")
    visitor.post("/i18n/setlang/", {"language": "eo", "next": "/"})
    assert language_of(visitor) == "eo"
    assert language_of(Client(HTTP_ACCEPT_LANGUAGE="tr")) == "tr"


def test_the_time_zone_follows_the_same_way(django_capture_on_commit_callbacks):
    mila = UserFactory(username="mila")
    phone, laptop = device(mila), device(mila)
    assert zone_of(laptop) == "UTC"
    with django_capture_on_commit_callbacks(execute=True):
        phone.post("/accounts/preferences/", {"language": "", "time_zone": "Europe/Belgrade"})
    assert zone_of(laptop) == "Europe/Belgrade"


def test_a_new_login_takes_the_account_s_language_and_another_person_is_untouched(
        django_capture_on_commit_callbacks):
    mila, nina = UserFactory(username="mila"), UserFactory(username="nina")
    with django_capture_on_commit_callbacks(execute=True):
        preferences_update(user=mila, language="sr")
    assert language_of(device(mila)) == "sr"
    assert language_of(device(nina, accept_language="cs")) == "cs"
