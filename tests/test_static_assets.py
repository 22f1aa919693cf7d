"""The site serves its own styles and scripts: every page loads Pico CSS and the project's
stylesheet from /static/, and nothing from another host (no CDN: the site must work on an
event's flaky network, and must not tell a third party who is looking at what)."""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.contrib.staticfiles import finders
from django.urls import reverse

from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import pair, seats, settle, start
from tournaments.models import Match

pytestmark = pytest.mark.django_db

PICO = "vendor/pico/pico.red.min.css"


class Assets(HTMLParser):
    """Every URL a page makes the browser fetch: stylesheets and other links, scripts,
    images, sources, frames."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "link" and found.get("href"):
            self.urls.append((tag, found["href"]))
        for name in ("src", "srcset", "poster", "data"):
            if found.get(name):
                self.urls.append((tag, found[name]))
        for name, value in attrs:
            if value and name == "style" and "url(" in value:
                self.urls.append((tag, value))


def assets_of(html: str) -> list[tuple[str, str]]:
    parser = Assets()
    parser.feed(html)
    return parser.urls


def is_local(url: str) -> bool:
    parts = urlsplit(url.strip())
    return not parts.scheme and not parts.netloc and not url.strip().startswith("//")


@pytest.fixture
def running_event():
    organizer = UserFactory(username="olga")
    event = OrganizedEventFactory(organizers=[organizer], rounds=2, top_cut=0)
    seats(event, "alice bob carol dave")
    start(event)
    settle(pair(event))
    pair(event)
    return event


def main_pages(event) -> list[tuple[str | None, str]]:
    """(who looks, URL) for the pages a player or an organizer opens at an event."""
    seat = event.registrations.get(player__username="alice")
    match = Match.objects.filter(round__event=event, player_b__isnull=False).first()
    pages = [
        (None, reverse("home")),
        (None, reverse("login")),
        (None, reverse("tournaments:events")),
        (None, reverse("tournaments:event", args=[event.pk])),
        (None, reverse("tournaments:pairings", args=[event.pk])),
        (None, reverse("tournaments:standings", args=[event.pk])),
        (None, reverse("tournaments:event_player", args=[event.pk, seat.pk])),
        (None, reverse("tournaments:ratings")),
        (None, reverse("decks:gallery")),
        ("olga", reverse("tournaments:match", args=[event.pk, match.pk])),
        ("alice", reverse("tournaments:event", args=[event.pk])),
        ("alice", reverse("decks:collection")),
        ("alice", reverse("decks:decklists")),
        ("alice", reverse("decks:decklist_new")),
        ("alice", reverse("decks:bans")),
        ("alice", reverse("tournaments:lab")),
        ("alice", reverse("play:index")),
        ("alice", reverse("me")),
        ("olga", reverse("tournaments:dashboard", args=[event.pk])),
        ("olga", reverse("tournaments:event_new")),
    ]
    return pages


def test_every_main_page_loads_only_local_assets_pico_first(client, running_event):
    pico_url = f"/static/{PICO}"
    own_url = "/static/css/clash.css"
    for who, url in main_pages(running_event):
        client.logout()
        if who:
            client.force_login(get_user_model().objects.get(username=who))
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assets = assets_of(html)
        stylesheets = [href for tag, href in assets if tag == "link"]
        assert stylesheets[:2] == [pico_url, own_url], (url, stylesheets)
        foreign = [(tag, ref) for tag, ref in assets if not is_local(ref)]
        assert foreign == [], (url, foreign)


def test_the_checker_sees_a_foreign_asset():
    html = ('<link rel="stylesheet" href="https://cdn.example.org/pico.css">'
            '<script src="//cdn.example.org/x.js"></script><img src="/static/a.png">')
    assert [ref for _, ref in assets_of(html) if not is_local(ref)] == [
        "https://cdn.example.org/pico.css", "//cdn.example.org/x.js"]


def test_the_vendored_pico_and_its_licence_are_found_by_the_staticfiles_finders():
    css = finders.find(PICO)
    assert css, "static/vendor/pico/pico.red.min.css is missing"
    with open(css, encoding="utf-8") as f:
        head = f.read(200)
    assert "Pico CSS" in head and "v2.1.1" in head
    assert finders.find("vendor/pico/LICENSE.md")
    readme = finders.find("vendor/pico/README.md")
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    assert "@picocss/pico" in text and "2.1.1" in text and "MIT" in text


def test_the_vendored_stylesheet_fetches_nothing_from_another_host():
    with open(finders.find(PICO), encoding="utf-8") as f:
        css = f.read()
    for chunk in css.split("url(")[1:]:
        target = chunk.split(")", 1)[0].strip("'\" ")
        assert target.startswith("data:"), target
    assert "@import" not in css
