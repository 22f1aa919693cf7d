"""The draft and pods pages' tab titles are plain words: the live-reload mark and its scripts
had been put in the title block, so the browser tab showed `<span data-live-reload…>`."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.tournaments.pods_play import draft_event
from tournaments.models import PodSeat

pytestmark = pytest.mark.django_db


def title_of(text: str) -> str:
    (title,) = re.findall(r"<title>(.*?)</title>", text, re.S)
    return unescape(title)


@pytest.fixture
def event():
    return draft_event(8, no_shows=3)


def test_the_draft_pages_title_is_plain_text_and_its_live_mark_is_in_the_body(client, event):
    seat = PodSeat.objects.select_related("registration__player").get(pod__event=event,
                                                                      number=1)
    client.force_login(seat.registration.player)
    text = client.get(f"/events/{event.pk}/draft/").content.decode()
    assert title_of(text) == f"Draft · {event.name} · Clash"
    head, body = text.split("<body>")
    assert "data-live-reload" not in head  # a span is no part of a page's head
    assert body.count("data-live-reload") == 1
    assert text.count("js/live-reload.js") == 1


def test_the_pods_pages_title_is_plain_text(client, event):
    text = client.get(f"/events/{event.pk}/pods/").content.decode()
    assert title_of(text) == f"Pods · {event.name} · Clash"
    assert text.count("js/live-refresh.js") == 1
