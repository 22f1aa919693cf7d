"""The draft must not expose its future (issue 13, part 4): nothing a player or an organizer
can read or choose while a draft, a game or a round is running lets them compute or steer a
hidden or random outcome.

- Every integer a seat's player and the organizer can see in every answer and page of the
  site during a draft, used as a seed for the draft procedure (a pair's seed, or the event's
  from which the pairs' are derived), predicts none of the reveals still to come.
- The event's seed is drawn by the server (62 bits from the secure source), and neither the
  new-event form nor the API lets anyone choose it; nobody reads it while the event runs.
- The event publishes the SHA-256 of its seed when it starts and reveals the seed when it
  ends: the revealed seed hashes to what was published and replays the pods, the drafts and
  the pairings.
- A finished procedure's seed (a pair's draft, a match's engine job, a game played online)
  run back through the engine's generator gives away neither the event's seed nor the next
  game's; a tournament match's games replay once the match is over.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import re
from itertools import product

import pytest
from django.test import Client
from django.urls import URLResolver, get_resolver, reverse
from rest_framework.test import APIClient

from decks.models import BanSession, Decklist, DecklistVersion
from decks.services.decklists import decklist_create
from engine.clash.cards import load_catalogue
from engine.clash.formats import DraftRecord, DraftState, replay_draft
from engine.clash.match import game_seed
from engine.clash.rng import Rng
from tests.factories import UserFactory, give_starter_kit
from tests.factories.play import OnlineGameFactory
from tests.factories.tournaments import (
    AISeatFactory,
    EngineGameFactory,
    MatchRowFactory,
    OrganizedEventFactory,
    RoundRowFactory,
    SeatFactory,
)
from tests.tournaments.event_steps import now, organizer_of, pair, settle
from tests.tournaments.pods_play import draft_all, draft_event, human_seats
from tournaments import swiss
from tournaments.models import (
    DraftPair,
    DraftStatus,
    Event,
    EventStatus,
    Match,
    MatchStatus,
    Pod,
    PodSeat,
    Registration,
    Round,
    RoundStatus,
)
from tournaments.selectors.bridge import swiss_id, swiss_view
from tournaments.services.engine_jobs import job_seed
from tournaments.services.online_games import match_seed, online_game_seed
from tournaments.services.pods import pair_seed

pytestmark = pytest.mark.django_db

SEED = 0x2A5F_1C3D_9E7B_4461  # 62 bits, like the seeds the server draws
CATALOGUE = load_catalogue()


# What a draft deals -----------------------------------------------------------------------


@functools.cache
def deal(seed: int) -> tuple[tuple[str, ...], ...]:
    """The four reveals a draft with this seed deals, in order (the pile's order does not
    depend on which cards are picked, so taking the first revealed card is enough)."""
    state = DraftState(seed, CATALOGUE)
    reveals = []
    while not state.done:
        if len(state.picks) % 4 == 0:
            reveals.append(state.revealed)
        state.pick(state.to_pick, state.revealed[0])
    return tuple(reveals)


@dataclasses.dataclass(frozen=True)
class OpenPair:
    pod: int
    number: int
    reveals: tuple[tuple[str, ...], ...]
    current: int  # 0-based: the reveal on the table now

    def predicted_by(self, reveals: tuple[tuple[str, ...], ...]) -> bool:
        """Whether a deal agrees with the table now and tells the next reveal."""
        return reveals[self.current:self.current + 2] == \
            self.reveals[self.current:self.current + 2]


def open_pairs(event: Event) -> list[OpenPair]:
    pairs = DraftPair.objects.filter(pod__event=event, status=DraftStatus.PICKING)
    return [OpenPair(p.pod.number, p.number, deal(p.seed), len(p.record["picks"]) // 4)
            for p in pairs.select_related("pod") if len(p.record["picks"]) < 12]


def predicting(candidates: set[int], pairs: list[OpenPair]) -> list[tuple[int, str]]:
    """The candidates that, as a pair's seed or as the event's seed the pair seeds derive
    from, predict an open pair's next reveal."""
    found = []
    for n in sorted(candidates):
        for p in pairs:
            as_event = pair_seed(Event(seed=n), p.pod, p.number)
            if p.predicted_by(deal(n)):
                found.append((n, f"pod {p.pod} pair {p.number}'s seed"))
            if p.predicted_by(deal(as_event)):
                found.append((n, f"the event seed of pod {p.pod} pair {p.number}"))
    return found


# What a viewer sees -----------------------------------------------------------------------

NUMBER = re.compile(r"\d+(?:[,._'\u00a0\u202f ]\d+)*")
HEX = re.compile(r"[0-9a-fA-F]{8,}")


def integers_in(text: str) -> set[int]:
    """Every integer the text shows: each run of digits, runs joined by thousands
    separators, and long hexadecimal runs (whole and in 16-digit pieces)."""
    found = set()
    for match in NUMBER.finditer(text):
        parts = re.split(r"\D", match.group())
        found.update(int(p) for p in parts)
        found.add(int("".join(parts)))
    for match in HEX.finditer(text):
        run = match.group()
        found.add(int(run, 16))
        found.update(int(run[i:i + 16], 16) for i in range(0, len(run), 16))
    return found


def shown(response) -> str:  # noqa: ANN001
    headers = "\n".join(f"{k}: {v}" for k, v in response.items())
    return headers + "\n" + response.content.decode("utf-8", "replace")


def site_routes() -> list[str]:
    routes = []

    def walk(patterns, prefix: str) -> None:  # noqa: ANN001
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, prefix + str(p.pattern))
            else:
                routes.append(prefix + str(p.pattern))

    walk(get_resolver().url_patterns, "")
    # The admin is the operator's; logging out would end the viewer's session.
    return [r for r in routes if not r.startswith(("admin/", "accounts/logout"))]


PARAM = re.compile(r"<(?:(\w+):)?(\w+)>")


def urls_for(event: Event) -> list[str]:
    """Every route of the site, its parameters filled with the ids of the scene's rows."""
    regs = list(Registration.objects.filter(event=event).values_list("pk", flat=True))
    pods = list(Pod.objects.filter(event=event).values_list("pk", flat=True))
    seats = list(PodSeat.objects.filter(pod__event=event).values_list("pk", flat=True))
    anything = {event.pk, *regs, *pods, *seats,
                *DraftPair.objects.filter(pod__event=event).values_list("pk", flat=True),
                *Registration.objects.filter(event=event, player__isnull=False)
                .values_list("player_id", flat=True),
                *Decklist.objects.values_list("pk", flat=True),
                *DecklistVersion.objects.values_list("pk", flat=True),
                *BanSession.objects.values_list("pk", flat=True),
                *Match.objects.values_list("pk", flat=True), 1}

    def values(route: str, conv: str, name: str) -> list:
        if conv != "int":
            return ["x"]
        if name in ("pk", "event_id") and route.startswith(("events/<", "api/events/<")):
            return [event.pk]
        if name in ("registration", "registration_id"):
            return regs
        if route.startswith("api/pods/"):
            return pods
        if route.startswith("api/pod-seats/"):
            return seats
        return sorted(anything)

    urls = []
    for route in site_routes():
        params = PARAM.findall(route)
        for combo in product(*(values(route, conv, name) for conv, name in params)):
            parts = PARAM.split(route)  # text, conv, name, text, conv, name, ..., text
            filled = "".join(part + (str(combo[i]) if i < len(combo) else "")
                             for i, part in enumerate(parts[::3]))
            urls.append("/" + filled)
    return urls


def everything_seen(client: Client, event: Event) -> tuple[set[int], dict[str, int]]:
    """The integers in every answer (whatever its status) and the status of each URL."""
    seen: set[int] = set()
    statuses = {}
    for url in urls_for(event):
        response = client.get(url)
        statuses[url] = response.status_code
        seen |= integers_in(url + "\n" + shown(response))
    return seen, statuses


# The draft ------------------------------------------------------------------------------


@pytest.fixture
def drafting():
    """A draft pod mid-draft: 5 players and 3 AI seats (no-shows), pair 1 one pick in,
    pair 3 (a player against an AI seat) in its second reveal, pair 4 (two AI seats) done."""
    event = draft_event(8, no_shows=3, seed=SEED)
    seats = {s.number: s for s in human_seats(event)}
    api = APIClient()
    api.force_login(seats[1].registration.player)
    card = api.get(f"/api/events/{event.pk}/draft/").json()["revealed"][0]
    assert api.post(f"/api/pod-seats/{seats[1].pk}/pick/", {"card": card},
                    format="json").status_code == 200
    return event, seats


@pytest.mark.parametrize("viewer", ["player", "organizer"])
def test_no_integer_a_viewer_sees_during_a_draft_predicts_the_next_reveal(drafting, viewer):
    event, seats = drafting
    user = seats[5].registration.player if viewer == "player" else organizer_of(event)
    client = Client()
    client.force_login(user)
    seen: set[int] = set()
    if viewer == "player":
        # The answers to the player's own picks, on the page (with the messages it shows
        # after the redirect) and over the API, count too.
        for _ in range(2):
            card = client.get(f"/events/{event.pk}/draft/").context["view"].revealed[0]
            seen |= integers_in(shown(client.post(f"/events/{event.pk}/draft/",
                                                  {"card": card}, follow=True)))
    pairs = open_pairs(event)
    assert [(p.number, p.current) for p in pairs] == (
        [(1, 0), (2, 0), (3, 1)] if viewer == "player" else [(1, 0), (2, 0), (3, 0)])

    crawled, statuses = everything_seen(client, event)
    seen |= crawled
    mine = seats[5] if viewer == "player" else seats[1]
    for url in (f"/events/{event.pk}/", f"/events/{event.pk}/pods/", f"/api/events/{event.pk}/",
                f"/api/events/{event.pk}/pods/", f"/api/pod-seats/{mine.pk}/draft/",
                f"/api/events/{event.pk}/registrations/", f"/events/{event.pk}/manage/"
                if viewer == "organizer" else f"/events/{event.pk}/draft/",
                f"/api/events/{event.pk}/draft/" if viewer == "player" else "/api/schema/"):
        assert statuses[url] == 200, url

    # The harness would catch a leak: the pair's seed and the event's seed predict.
    real = DraftPair.objects.get(pod__event=event, number=3).seed
    assert set(predicting({real, SEED}, pairs)) == {
        (real, "pod 1 pair 3's seed"), (SEED, "the event seed of pod 1 pair 1"),
        (SEED, "the event seed of pod 1 pair 2"), (SEED, "the event seed of pod 1 pair 3")}
    assert len(seen) > 100  # the crawl saw the site: ids, counts, times, card stats
    assert predicting(seen, pairs) == []


def test_the_draft_record_and_the_pair_seeds_wait_for_the_end(drafting):
    event, seats = drafting
    anonymous = APIClient()
    pods = anonymous.get(f"/api/events/{event.pk}/pods/").json()
    assert {p["number"]: p["seed"] for p in pods[0]["pairs"]} == {1: None, 2: None, 3: None,
                                                                   4: None}
    organizer = APIClient()
    organizer.force_login(organizer_of(event))
    assert organizer.get(f"/api/pod-seats/{seats[1].pk}/draft/").json()["record"] is None
    ai_pair = PodSeat.objects.get(pod__event=event, number=7)  # pair 4: two AI seats, done
    done = organizer.get(f"/api/pod-seats/{ai_pair.pk}/draft/").json()
    assert done["status"] == "done" and done["record"]["seed"] == ai_pair.pair.seed


# Choosing and reading the event's seed ----------------------------------------------------


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
    SeatFactory.create_batch(4, event=event)
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


# The commitment -------------------------------------------------------------------------


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


# Derived seeds --------------------------------------------------------------------------

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
    assert SEED not in {s for p in parents for s in run_back(p, f"online-match-{match.pk}", 1)}


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
