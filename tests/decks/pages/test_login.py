"""The login page, the navigation after signing in, and every decks page's assets (nothing
loaded from another site)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from decks.services.bans import ban_session_start
from decks.services.decklists import decklist_create
from tests.factories import UserFactory
from tests.factories.decklists import LIST_A, LIST_B
from tests.web import html

pytestmark = pytest.mark.django_db


def test_the_login_page_signs_in_and_returns_to_the_page_asked_for(client, kit):
    UserFactory(username="bob")
    response = client.get(reverse("decks:collection"))
    assert response.status_code == 302
    login_url = response["Location"]
    assert login_url.startswith(reverse("login"))
    page = html(client.get(login_url))
    assert 'for="id_username"' in page and 'for="id_password"' in page
    response = client.post(reverse("login"), {"username": "bob", "password": "wrong",
                                              "next": reverse("decks:collection")})
    assert response.status_code == 200 and "Please enter a correct username" in html(response)
    response = client.post(reverse("login"), {"username": "bob", "password": "pw-for-tests-1",
                                              "next": reverse("decks:collection")})
    assert response["Location"] == reverse("decks:collection")


def test_the_navigation_follows_the_sign_in(client, kit):
    page = html(client.get(reverse("decks:gallery")))
    assert "Log in" in page and "My collection" not in page
    client.force_login(UserFactory(username="carol"))
    page = html(client.get(reverse("decks:gallery")))
    nav = page[page.index('<ul class="nav-links">'):page.index("</ul>")]
    assert 'href="/me/"' in nav and "Me <span class=\"nav-user\">(carol)</span>" in nav
    assert "Log in" not in nav
    # A person's own pages are one tap away, on Me.
    page = html(client.get(reverse("me")))
    assert "My collection" in page and "My decks" in page and "Log out (carol)" in page


ASSET = re.compile(r'<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)="(https?:)?//',
                   re.IGNORECASE)


def test_no_page_loads_anything_from_another_site(client, collector):
    now = timezone.now()
    a = decklist_create(user=collector, name="Mine", kind="constructed", cards=LIST_A, now=now)
    b = decklist_create(user=collector, name="Practice", kind="constructed", cards=LIST_B,
                        now=now)
    session = ban_session_start(version_a=a.current, version_b=b.current,
                                player_a=collector, player_b=None, now=now)
    urls = [reverse("decks:gallery"), reverse("decks:collection"), reverse("decks:decklists"),
            reverse("decks:decklist_new"), reverse("decks:decklist", args=[a.pk]),
            reverse("decks:decklist_edit", args=[a.pk]), reverse("decks:bans"),
            reverse("decks:ban_session", args=[session.pk]), reverse("login"), "/"]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        page = html(response)
        assert "http://" not in page and "https://" not in page, url
        assert not ASSET.search(page), url
