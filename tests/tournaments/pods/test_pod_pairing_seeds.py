"""Draft pods pair their Swiss rounds each from a seed of its own, derived one-way from the
event seed (issue 14: every pod drew its tie-breaks from the same stream), and top-first:
two undefeated players of a pod who have not met meet."""

from __future__ import annotations

import dataclasses

import pytest

from core.seeds import derive_seed
from tests.tournaments.event_steps import pair, settle
from tests.tournaments.pods_play import draft_all, draft_event
from tournaments import swiss
from tournaments.models import Pod, Round
from tournaments.selectors.bridge import swiss_view

pytestmark = pytest.mark.django_db


def shape(pairing: swiss.Pairing, players: list[str]) -> list[tuple[int, int]]:
    """The pairs as places in the pod's sorted player list: what two pods of the same size
    have in common when their draws are alike."""
    place = {pid: i for i, pid in enumerate(sorted(players))}
    return sorted(tuple(sorted((place[a], place[b]))) for a, b in pairing.pairings)


def test_every_draft_pod_draws_its_swiss_tie_breaks_from_its_own_seed():
    """Two pods of eight from one event seed: today both drew from the event seed's stream,
    so their first rounds were paired alike place for place."""
    event = draft_event(16, seed=20260501)
    views = [swiss_view(event, pod) for pod in Pod.objects.filter(event=event).order_by("number")]
    assert len(views) == 2 and all(len(v.tournament.players) == 8 for v in views)
    for number, view in enumerate(views, start=1):
        assert view.tournament.seed == derive_seed(event.seed, f"swiss-pod-{number}")
    assert views[0].tournament.seed != views[1].tournament.seed != event.seed
    # The same seed, the same draw: replaying a pod needs the event seed alone.
    again = swiss_view(event, Pod.objects.get(event=event, number=2))
    assert swiss.pair_round(again.tournament).pairings == \
        swiss.pair_round(views[1].tournament).pairings
    shapes = [shape(swiss.pair_round(v.tournament), v.tournament.players) for v in views]
    assert shapes[0] != shapes[1]
    # Today's draw: the event seed's stream for both pods, alike place for place.
    alike = [shape(swiss.pair_round(dataclasses.replace(v.tournament, seed=event.seed)),
                   v.tournament.players) for v in views]
    assert alike[0] == alike[1]


def test_two_undefeated_players_of_a_draft_pod_who_have_not_met_meet():
    event = draft_event(8, rounds=3, seed=7)
    draft_all(event)
    settle(pair(event))  # A wins 2-0 at every table
    second = pair(event)
    first = Round.objects.get(event=event, number=1)
    winners = {m.player_a_id for m in first.matches.all()}
    assert len(winners) == 4
    for match in second.matches.all():
        # An undefeated player meets another undefeated one (rule: top-first Swiss): none
        # is paired down while another stands free.
        assert (match.player_a_id in winners) == (match.player_b_id in winners), match
    assert Pod.objects.filter(event=event).count() == 1
