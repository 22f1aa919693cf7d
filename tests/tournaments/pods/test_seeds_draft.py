"""The draft must not expose its future (issue 13, part 4): every integer a seat's player and
the organizer can see in every answer and page of the site during a draft, used as a seed
for the draft procedure (a pair's seed, or the event's from which the pairs' are derived),
predicts none of the reveals still to come; the draft record and the pair seeds wait for
the end."""

from __future__ import annotations

import dataclasses
import functools
import re
from itertools import product

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLResolver, get_resolver
from rest_framework.test import APIClient

from decks.models import BanSession, Card, CardSet, Decklist, DecklistVersion
from engine.clash.formats import DraftState
from lab.models import LabRun
from play.models import OnlineGame
from tests.tournaments.event_steps import organizer_of
from tests.tournaments.pods_play import draft_event, human_seats
from tests.tournaments.seen_integers import CATALOGUE, SEED, integers_in, shown
from tournaments.models import (
    Announcement,
    DraftPair,
    DraftStatus,
    EngineGame,
    Event,
    Match,
    Penalty,
    Pod,
    PodSeat,
    Registration,
    Round,
)
from tournaments.services.pods import pair_seed

pytestmark = pytest.mark.django_db


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


def named(event: Event) -> dict[str, list[int]]:
    """For the parameters that name a row (other than the event, its registrations, its pod
    and its seats): the ids of the rows of the scene each can name. A key is the parameter's
    name, or for a `pk` the route's prefix (the longest one that matches wins)."""
    def ids(queryset) -> list[int]:  # noqa: ANN001
        return list(queryset.values_list("pk", flat=True))

    cards, matches = ids(Card.objects.all()), ids(Match.objects.all())
    games, users = ids(OnlineGame.objects.all()), ids(User.objects.all())
    announcements = ids(Announcement.objects.all())
    penalties = ids(Penalty.objects.all())
    return {
        "api/sets/": ids(CardSet.objects.all()), "api/cards/": cards, "card_id": cards,
        "api/decklists/": ids(Decklist.objects.all()), "decks/lists/": ids(Decklist.objects.all()),
        "api/ban-sessions/": ids(BanSession.objects.all()),
        "decks/bans/": ids(BanSession.objects.all()),
        "api/matches/": matches, "api/play/matches/": matches, "match": matches,
        "match_pk": matches,
        "api/play/games/": games, "api/play/replays/online/": games, "play/": games,
        "api/play/replays/engine/": ids(EngineGame.objects.all()),
        "play/replay/engine/": ids(EngineGame.objects.all()),
        "announcement": announcements, "announcement_id": announcements,
        "penalty": penalties, "penalty_id": penalties, "user": users, "user_id": users,
        "number": list(Round.objects.filter(event=event).values_list("number", flat=True)),
        "run": ids(LabRun.objects.all()),
    }


def urls_for(event: Event) -> list[str]:
    """Every route of the site, its parameters filled with the ids of the scene's rows that
    can name one of the route's objects, and one id that names none (its 404 answer).

    A parameter is given only the scene's ids (those the seeds' rows have, and 1) that name a
    row of its own model: any other id could only be answered with the same 404 as the one
    that names nothing. A parameter not in `named` gets every id of the scene."""
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
    rows = named(event)

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
        keys = [k for k in rows if k == name or (name == "pk" and route.startswith(k))]
        if not keys:
            return sorted(anything)
        ids = rows[max(keys, key=len)]
        return sorted(anything & set(ids)) + [max([*anything, *ids]) + 1]

    urls = []
    for route in site_routes():
        params = PARAM.findall(route)
        combos = list(product(*(values(route, conv, name) for conv, name in params)))
        assert combos, route  # every route is visited
        for combo in combos:
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
