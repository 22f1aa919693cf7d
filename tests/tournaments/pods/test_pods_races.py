"""Picks racing against a real PostgreSQL: the pair's row lock makes concurrent picks of one
draft happen one after another, so a double click picks once and two different cards sent
at once give one pick and one refusal.

SQLite has no row locks to test, so these run only in the PostgreSQL run of the suite.
"""

from __future__ import annotations

import pytest

from core.errors import Conflict
from engine.clash.formats import DraftRecord, replay_draft
from tests.tournaments.event_steps import now
from tests.tournaments.pods_play import draft_event
from tests.tournaments.results.test_races import at_once
from tournaments.models import DraftPair, PodSeat
from tournaments.selectors.pods import draft_seat_view
from tournaments.services.pods import draft_pick

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def first_seat(number: int = 1) -> PodSeat:
    event = draft_event(8, no_shows=3)
    return (PodSeat.objects.select_related("registration__player", "pair")
            .get(pod__event=event, number=number))


def pick(seat: PodSeat, card: str):  # noqa: ANN201
    return lambda: draft_pick(seat_id=seat.pk, by=seat.registration.player, card=card,
                              now=now())


def test_the_same_pick_sent_four_times_at_once_picks_once():
    seat = first_seat()
    card = draft_seat_view(seat).revealed[0]
    _, errors = at_once([pick(seat, card)] * 4)
    assert errors == [None] * 4
    assert DraftPair.objects.get(pk=seat.pair_id).record["picks"] == [card]


def test_two_cards_sent_at_once_give_one_pick_and_one_409():
    seat = first_seat()
    one, two = draft_seat_view(seat).revealed[:2]
    _, errors = at_once([pick(seat, one), pick(seat, two)])
    refused = [e for e in errors if e is not None]
    assert len(refused) == 1 and isinstance(refused[0], Conflict)
    assert refused[0].code == "not_your_pick"
    picks = DraftPair.objects.get(pk=seat.pair_id).record["picks"]
    assert len(picks) == 1 and picks[0] in (one, two)


def test_both_players_of_a_pair_picking_at_once_keep_a_legal_record():
    a = first_seat()
    b = PodSeat.objects.select_related("registration__player").get(pair_id=a.pair_id, side="B")
    revealed = draft_seat_view(a).revealed
    # A may take its card; B's is out of turn unless it is made after A's.
    at_once([pick(a, revealed[0]), pick(b, revealed[1])])
    record = DraftRecord.from_json(DraftPair.objects.get(pk=a.pair_id).record)
    assert replay_draft(record).ok and record.picks[0] == revealed[0]
    assert record.picks in ([revealed[0]], [revealed[0], revealed[1]])
