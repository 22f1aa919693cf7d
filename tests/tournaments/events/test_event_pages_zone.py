"""Every page of an event shows its times in the event's own zone and names it (issue 16):
the pages that show the event's header are rendered in it, not in the reader's zone."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.urls import reverse

from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import organizer_of, pair, seats, start
from tests.web import html, signed_in

pytestmark = pytest.mark.django_db


def test_the_player_pods_records_and_list_pages_speak_the_events_zone():
    event = OrganizedEventFactory(time_zone="Europe/Paris",
                                  starts_at=datetime(2026, 12, 12, 13, 0, tzinfo=UTC))
    ann, _ = seats(event, "ann bob")
    start(event)
    match = pair(event).matches.get()
    client = signed_in(organizer_of(event))
    for url in (reverse("tournaments:event_player", args=[event.pk, ann.pk]),
                reverse("tournaments:pods", args=[event.pk]),
                reverse("tournaments:match_records", args=[event.pk, match.pk]),
                reverse("tournaments:seat_list", args=[event.pk, ann.pk])):
        page = " ".join(html(client.get(url)).split())
        starts = re.search(r"Starts [^<]*", page).group(0)
        assert starts == "Starts Saturday 12 December 2026, 14:00 CET (Europe/Paris)", url
