"""The event's commitment to its seed (issue 13, part 4): the event publishes the SHA-256 of
its seed when it starts and reveals the seed when it ends; the revealed seed hashes to what
was published and replays the pods, the drafts and the pairings."""

from __future__ import annotations

import dataclasses
import hashlib
import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from engine.clash.formats import DraftRecord, replay_draft
from engine.clash.rng import Rng
from tests.factories import UserFactory, give_starter_kit
from tests.factories.tournaments import (
    OrganizedEventFactory,
    SeatFactory,
)
from tests.tournaments.event_steps import organizer_of, pair, settle
from tests.tournaments.pods_play import draft_all
from tests.tournaments.seen_integers import SEED
from tournaments import swiss
from tournaments.models import (
    DraftPair,
    Event,
    Pod,
    PodSeat,
    Registration,
    Round,
    RoundStatus,
)
from tournaments.selectors.bridge import swiss_id, swiss_view

pytestmark = pytest.mark.django_db


def test_the_event_publishes_its_seed_hash_at_the_start_and_reveals_the_seed_at_the_end():
    event = OrganizedEventFactory(format="draft", seed=SEED)
    for i in range(4):
        SeatFactory(event=event, player=UserFactory(username=f"drafter{i}"))
    give_starter_kit(organizer_of(event))  # the catalogue the drafted lists name
    anyone, organizer = APIClient(), APIClient()
    organizer.force_login(organizer_of(event))
    before = anyone.get(f"/api/events/{event.pk}/").json()
    assert before["seed_hash"] is None and before["seed"] is None
    assert "commitment, published at the start" not in Client().get(
        f"/events/{event.pk}/").content.decode()

    started = organizer.post(f"/api/events/{event.pk}/start/").json()
    published = started["seed_hash"]
    assert re.fullmatch(r"[0-9a-f]{64}", published)
    assert started["seed"] is None and started["seed_nonce"] is None
    assert anyone.get(f"/api/events/{event.pk}/").json()["seed_hash"] == published
    assert published in Client().get(f"/events/{event.pk}/").content.decode()

    draft_all(event)
    event.refresh_from_db()
    assert event.rounds == 2  # four drafters, one pod
    for _ in range(event.rounds):
        rnd = pair(event)
        settle(rnd, result=lambda m: (2, 1, 0) if m.player_a_id < m.player_b_id else (0, 2, 0))
    done = organizer.post(f"/api/events/{event.pk}/complete/").json()
    assert done["status"] == "complete"

    revealed = anyone.get(f"/api/events/{event.pk}/").json()
    seed, nonce = revealed["seed"], revealed["seed_nonce"]
    assert seed == SEED and revealed["seed_hash"] == published
    # The canonical encoding (docs/tournaments.md): anyone checks it with SHA-256 alone.
    assert hashlib.sha256(f"clash-event-seed:v1:{seed}:{nonce}".encode()).hexdigest() \
        == published
    page = Client().get(f"/events/{event.pk}/").content.decode()
    assert str(seed) in page and nonce in page and published in page
    assert_replays(Event.objects.get(pk=event.pk), seed)


def assert_replays(event: Event, seed: int) -> None:
    """Every draw of the draft event replays from the revealed seed alone: the seating, each
    pair's shuffle (and so its record), and every Swiss round's pairings."""
    from core.seeds import derive_seed

    [pod] = Pod.objects.filter(event=event)
    players = list(Registration.objects.filter(event=event, is_ai=False)
                   .order_by("created_at", "id"))
    Rng.stream(seed, "pods").shuffle(players)
    seated = [s.registration for s in PodSeat.objects.filter(pod=pod).order_by("number")]
    assert seated == players
    for p in DraftPair.objects.filter(pod=pod):
        assert p.seed == derive_seed(seed, f"draft-pod-{pod.number}-pair-{p.number}")
        record = DraftRecord.from_json({**p.record, "seed": derive_seed(
            seed, f"draft-pod-{pod.number}-pair-{p.number}")})
        verdict = replay_draft(record)
        assert verdict.ok
        cards = {s.side: s.cards for s in p.seats.all()}
        assert list(verdict.decks) == [cards["A"], cards["B"]]
    view = swiss_view(event, pod)
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    assert rounds and all(r.status == RoundStatus.COMPLETE for r in rounds)
    for rnd in rounds:
        # The pod's pairings draw from its own seed, derived from the event's.
        before = dataclasses.replace(view.tournament, seed=derive_seed(
            seed, f"swiss-pod-{pod.number}"), matches=[
            m for m in view.tournament.matches if m.round < rnd.number])
        drawn = swiss.pair_round(before, event.tiebreakers).pairings
        stored = [(swiss_id(m.player_a_id), swiss_id(m.player_b_id))
                  for m in rnd.matches.filter(table__isnull=False).order_by("table")]
        assert drawn == stored
