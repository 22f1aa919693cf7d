"""Derived seeds are one-way (issue 13, part 4): a finished procedure's seed (a pair's draft,
a match's engine job, a game played online) run back through the engine's generator gives
away neither the event's seed nor the next game's; a tournament match's games replay once
the match is over."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from core.seeds import derive_seed
from engine.clash.match import game_seed
from engine.clash.rng import Rng
from tests.factories import UserFactory
from tests.factories.play import OnlineGameFactory
from tests.factories.tournaments import (
    AISeatFactory,
    EngineGameFactory,
    MatchRowFactory,
    OrganizedEventFactory,
    RoundRowFactory,
    SeatFactory,
)
from tests.tournaments.event_steps import now
from tests.tournaments.seen_integers import CATALOGUE, SEED, integers_in
from tournaments.models import (
    EventStatus,
    Match,
    MatchStatus,
)
from tournaments.services.engine_jobs import job_seed
from tournaments.services.online_games import match_seed, online_game_seed
from tournaments.services.pods import pair_seed

pytestmark = pytest.mark.django_db


MASK = 2**64 - 1
GOLDEN = 0x9E3779B97F4A7C15


def _unshift(z: int, k: int) -> int:
    x = z
    for _ in range(64 // k + 1):
        x = z ^ (x >> k)
    return x & MASK


def _unmix(z: int) -> int:
    z = _unshift(z, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 2**64)) & MASK
    z = _unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 2**64)) & MASK
    return _unshift(z, 30)


def run_back(child: int, purpose: str, dropped: int) -> set[int]:
    """The parents whose stream `purpose` starts with `child` (its top bits, `dropped` low
    bits cut off): SplitMix64 runs backwards, so a seed drawn from a parent's stream gives
    the parent away."""
    from engine.clash.rng import fnv1a64

    return {_unmix((_unmix((child << dropped) | low) - GOLDEN) & MASK) ^ fnv1a64(purpose)
            for low in range(2**dropped)}


def test_running_the_generator_back_works_on_a_stream_seed():
    # The attack the one-way seeds stop: the engine's own streams give the parent away.
    child = Rng.stream(SEED, "anything").next_u64() >> 1
    assert SEED in run_back(child, "anything", 1)
    assert SEED in run_back(game_seed(SEED, 0), "game-0", 1)


def test_a_finished_procedures_seed_gives_away_neither_the_event_seed_nor_the_next_game():
    event = OrganizedEventFactory(seed=SEED, status=EventStatus.RUNNING, rounds=3)
    a, b = AISeatFactory(event=event, ai_name="X"), AISeatFactory(event=event, ai_name="Y")
    rnd = RoundRowFactory(event=event, number=1, seed=event.seed, paired_at=now())
    match = MatchRowFactory(round=rnd, table=1, player_a=a, player_b=b, is_ai_match=True)
    # A pair's draft, shown with its record once done.
    assert SEED not in run_back(pair_seed(event, 1, 1), "draft-pod-1-pair-1", 2)
    # A match the workers play: its games replay once it is over.
    assert SEED not in run_back(job_seed(rnd, match), f"match-1-{match.table}", 1)
    # Game 1 played online replays while game 2 is to come: neither the match's seed nor,
    # through it, game 2's.
    first = online_game_seed(event, match, 1)
    parents = run_back(first, "game-0", 1)
    assert match_seed(event, match) not in parents
    assert online_game_seed(event, match, 2) not in {game_seed(p, 1) for p in parents}
    assert SEED not in {s for p in parents
                        for s in run_back(p, f"online-match-1-{match.table}", 1)}


def test_an_online_matchs_seed_comes_from_its_round_and_table_not_its_row():
    """The same event on another database (an imported file, the demo run again) plays its
    online matches' games from the same seeds: the row's id, which differs there, is not in
    them."""
    event = OrganizedEventFactory(seed=SEED, status=EventStatus.RUNNING, rounds=3)
    rnd = RoundRowFactory(event=event, number=2, seed=event.seed, paired_at=now())
    seats = [AISeatFactory(event=event, ai_name=name) for name in "WXYZ"]
    first = MatchRowFactory(round=rnd, table=1, player_a=seats[0], player_b=seats[1])
    second = MatchRowFactory(round=rnd, table=2, player_a=seats[2], player_b=seats[3])
    assert match_seed(event, first) == derive_seed(SEED, "online-match-2-1")
    assert match_seed(event, second) == derive_seed(SEED, "online-match-2-2")
    first.pk += 1000  # the same match under another id
    assert match_seed(event, first) == derive_seed(SEED, "online-match-2-1")


def test_a_tournament_matchs_games_replay_once_the_match_is_over():
    from engine.clash.ai import RandomAgent
    from engine.clash.game import play_game

    organizer = UserFactory(username="org")
    event = OrganizedEventFactory(organizers=[organizer], seed=SEED, match_length=3,
                                  status=EventStatus.RUNNING, rounds=3)
    alice = UserFactory(username="alice")
    rnd = RoundRowFactory(event=event, number=1, seed=event.seed, paired_at=now())
    match = MatchRowFactory(round=rnd, table=1, player_a=SeatFactory(
        event=event, player=alice), player_b=AISeatFactory(event=event, ai_name="Y"),
        is_ai_match=True)
    seed = online_game_seed(event, match, 1)
    _, record = play_game((CATALOGUE.deck(1), CATALOGUE.deck(2)), seed,
                          (RandomAgent(1), RandomAgent(2)))
    online = OnlineGameFactory(
        kind="duel", status="finished", match=match, game_number=1, player_a=alice,
        ai_level="random", seed=seed, decks={"A": CATALOGUE.deck(1), "B": CATALOGUE.deck(2)},
        record=record.to_json(), winner=record.result, created_at=now(),
        last_activity_at=now())
    game = EngineGameFactory(match=match, number=1, mode="online", seed=seed,
                             record=record.to_json(), winner=record.result, verified=True,
                             created_at=now())
    urls = [reverse("play:replay", args=[online.pk]),
            reverse("play:replay_engine", args=[game.pk]),
            f"/api/play/replays/online/{online.pk}/", f"/api/play/replays/engine/{game.pk}/"]
    match_page = reverse("tournaments:match", args=[event.pk, match.pk])
    for user in (alice, organizer):
        client = Client()
        client.force_login(user)
        assert [client.get(u).status_code for u in urls] == [404] * 4
        page = client.get(match_page).content.decode()
        assert "replay once the match is over" in page
        assert reverse("play:replay", args=[online.pk]) not in page
        assert seed not in integers_in(page)
    Match.objects.filter(pk=match.pk).update(status=MatchStatus.CONFIRMED, a_wins=2,
                                             b_wins=0, draws=0)
    for user in (alice, organizer):
        client = Client()
        client.force_login(user)
        assert [client.get(u).status_code for u in urls] == [200] * 4
        assert client.get(urls[3]).json()["record"]["seed"] == seed
