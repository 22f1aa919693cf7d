"""Nobody chooses or reads a seed (issue 13, part 4): the event's seed is drawn by the server
(62 bits from the secure source), and neither the new-event form nor the API lets anyone
choose it; a practice ban session is seeded the same way; nobody reads the event's seed
while the event runs, not even its organizer."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from decks.models import BanSession
from decks.services.decklists import decklist_create
from tests.factories import UserFactory, give_starter_kit
from tests.factories.tournaments import (
    ListedSeatFactory,
    OrganizedEventFactory,
)
from tests.tournaments.event_steps import now, organizer_of
from tests.tournaments.seen_integers import SEED, integers_in, shown
from tournaments.models import (
    Event,
)

pytestmark = pytest.mark.django_db


def test_the_api_refuses_a_chosen_seed_and_makes_nothing():
    api = APIClient()
    api.force_login(UserFactory())
    for field in ("seed", "seed_nonce", "seed_hash"):
        response = api.post("/api/events/", {"name": "Rigged", "format": "draft", field: 7},
                            format="json")
        assert response.status_code == 400
        error = response.json()["error"]
        assert error["message"] == f"invalid input in {field}"
        assert "drawn by the server and cannot be chosen" in error["problems"][0]
    assert not Event.objects.exists()


def test_the_new_event_form_takes_no_seed_and_the_server_draws_62_bits():
    client = Client()
    client.force_login(UserFactory())
    for name in ("One", "Two", "Three"):
        response = client.post(reverse("tournaments:event_new"), {
            "name": name, "format": "preconstructed", "match_length": 3, "top_cut": 0,
            "late_entry_until_round": 0, "seed": "7", "seed_nonce": "0" * 32})
        assert response.status_code == 302
    from_form = list(Event.objects.values_list("seed", flat=True))
    api = APIClient()
    api.force_login(UserFactory())
    for name in ("Four", "Five"):
        assert api.post("/api/events/", {"name": name, "format": "draft"},
                        format="json").status_code == 201
    from_api = list(Event.objects.exclude(seed__in=from_form).values_list("seed", flat=True))
    assert 7 not in from_form and len(set(from_form + from_api)) == 5
    assert all(0 <= s < 2**62 for s in from_form + from_api)
    # Too many to try one by one: 2**31 seeds were a few minutes' search from a draft's
    # first reveal. Three draws of 62 bits all below 2**40 would happen once in 2**66.
    assert any(s >= 2**40 for s in from_form) and any(s >= 2**40 for s in from_api)


def test_a_practice_ban_session_is_seeded_with_62_bits():
    user = UserFactory()
    give_starter_kit(user)
    client = Client()
    client.force_login(user)
    cards = ["ANNIHILATION", "BARON", "BOOM!", "BRUTE", "CARAPACE", "PARTISAN", "REVENANT",
             "TROLL", "OGRE", "ALPHA"]
    lists = [decklist_create(user=user, name=f"Mine {i}", kind="constructed", cards=cards,
                             now=now()) for i in range(3)]
    assert len(lists) == 3
    for a, b in ((0, 1), (1, 2), (0, 2)):
        response = client.post(reverse("decks:ban_start"), {"list_a": lists[a].pk,
                                                            "list_b": lists[b].pk})
        assert response.status_code == 302, response.content
    seeds = list(BanSession.objects.values_list("seed", flat=True))
    assert len(seeds) == 3 and any(s >= 2**40 for s in seeds)


def test_nobody_reads_the_seed_while_the_event_runs_not_even_its_organizer():
    event = OrganizedEventFactory(seed=SEED)
    ListedSeatFactory.create_batch(4, event=event)
    organizer = APIClient()
    organizer.force_login(organizer_of(event))
    page = Client()
    page.force_login(organizer_of(event))
    for status in ("registration", "running"):
        if status == "running":
            assert organizer.post(f"/api/events/{event.pk}/start/").status_code == 200
        body = organizer.get(f"/api/events/{event.pk}/").json()
        assert body["status"] == status and body["seed"] is None
        assert body["seed_nonce"] is None
        for url in (f"/events/{event.pk}/", f"/events/{event.pk}/manage/"):
            assert SEED not in integers_in(shown(page.get(url)))
