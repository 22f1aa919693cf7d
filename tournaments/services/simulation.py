"""Simulating a whole event, for organizers to rehearse one and for the demo.

Demo accounts register with real decklists (built from their collections through the decks
services), AI seats join, and every match is played by the engine standing in for the players
(`MatchJob`s run in-process), so each result is engine-verified and replayable. The event goes
through its Swiss rounds and top cut with the same services the pages and the API use.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext

from core.errors import DomainError
from decks.models import CardSet
from decks.services.catalogue import catalogue_load
from decks.services.collections import collection_add_set
from decks.services.decklists import decklist_create
from engine.clash.cards import load_catalogue
from engine.clash.rng import Rng
from tournaments.models import (
    Event,
    EventFormat,
    EventStatus,
    EventStructure,
    JobStatus,
    MatchJob,
    MatchStatus,
    Round,
    TopCut,
)
from tournaments.selectors.rounds import bracket_tables, round_label

from .ai_seats import ai_seat_add
from .decklists import event_lists_publish
from .double_elimination import double_elimination_decided
from .engine_jobs import job_seed, match_job_run
from .events import event_complete, event_create, event_start
from .registrations import registration_create
from .rounds import round_pair
from .states import match_jobs_move
from .teams import team_create, team_join
from .topcut import topcut_advance, topcut_start

__all__ = ["Accounts", "Progress", "demo_event_open", "event_simulate"]

Progress = Callable[[str, int, int], None]


@dataclass
class Accounts:
    organizer: str
    players: list[str]
    password: str


def _demo_accounts(*, players: int, password: str, prefix: str = "player") -> Accounts:
    """The organizer and `players` player accounts (created once, reused afterwards)."""
    users = get_user_model()
    names = ["organizer"] + [f"{prefix}{i}" for i in range(1, players + 1)]
    for name in names:
        user, created = users.objects.get_or_create(username=name)
        if created or not user.check_password(password):
            user.set_password(password)
            user.save()
    return Accounts(organizer="organizer", players=names[1:], password=password)


def _decklist(user, fmt: str, seed: int, now: datetime):  # noqa: ANN001, ANN202
    """A player's list for the format: a constructed 10 from their collection, or a deck."""
    catalogue = load_catalogue()
    rng = Rng.stream(seed, f"demo-list-{user.username}")
    if fmt == EventFormat.CONSTRUCTED:
        names = [c.name for c in catalogue.cards]
        rng.shuffle(names)
        return decklist_create(user=user, name=f"{user.username}'s list", kind="constructed",
                               cards=sorted(names[:10]), now=now)
    deck = catalogue.deck_numbers[rng.below(len(catalogue.deck_numbers))]
    return decklist_create(user=user, name=f"{user.username}'s deck {deck}",
                           kind="preconstructed", preconstructed_deck=deck, now=now)


def _play_round(rnd: Round, clock: Callable[[], datetime], progress: Progress | None) -> None:
    """Every open match of the round played by the engine (a job each, run here)."""
    matches = list(rnd.matches.exclude(status=MatchStatus.CONFIRMED).order_by("table"))
    done = rnd.matches.filter(status=MatchStatus.CONFIRMED, player_b__isnull=False).count()
    total = done + len(matches)
    for match in matches:
        match.refresh_from_db()
        if match.status != MatchStatus.CONFIRMED:
            job, _ = MatchJob.objects.get_or_create(
                match=match, defaults={"seed": job_seed(rnd, match), "queued_at": clock()})
            for attempt in range(10):
                if match_job_run(job_id=job.pk, clock=clock) or not MatchJob.objects.filter(
                        pk=job.pk, status=JobStatus.FAILED).exists():
                    break
                # Refused (a top-cut match level at the cap on games needs a winner): the
                # stand-in players play it again from another seed.
                match_jobs_move({job.pk: JobStatus.FAILED}, JobStatus.QUEUED, error="",
                                error_code="", error_params={},
                                seed=Rng.stream(job.seed, f"again-{attempt}").next_u64() >> 1)
        done += 1
        if progress is not None:
            progress(round_label(rnd), done, total)


def event_simulate(*, players: int, ai_seats: int, fmt: str, seed: int,
                   clock: Callable[[], datetime], password: str = "clash-demo",
                   top_cut: int | None = None, name: str | None = None,
                   progress: Progress | None = None,
                   publish_lists: bool = True, third_place: bool = False,
                   rounds: int | None = None, day2_points: int | None = None,
                   day2_rounds: int | None = None, structure: str = EventStructure.SWISS,
                   groups: int | None = None, cycles: int = 1,
                   grand_final_reset: bool = True, team_size: int = 1) -> tuple[Event, Accounts]:
    """Create and run a whole event: `players` demo accounts and `ai_seats` AI seats; once
    complete, its lists are published unless `publish_lists` is False. `top_cut` None: 8
    from 16 seats, 4 from 8, else none; with `day2_points` and `day2_rounds`, a two-day
    event (day 1 plays `rounds`, or as many as the seats need); with `structure`
    round_robin, a round robin in `groups` groups (`cycles` 2: each pair meets twice), and a
    top cut only when `top_cut` is given; with single_elimination, a bracket of every seat
    (2 to 128) and no top cut; with double_elimination, a double elimination of every seat
    (3 to 64), its grand final reset as `grand_final_reset` says. With `team_size` 2 or 3, the
    players form teams in order ("Team 1" of the first ones, ...) and play a team Swiss (no AI
    seats, no top cut)."""
    if fmt not in (EventFormat.PRECONSTRUCTED, EventFormat.CONSTRUCTED):
        raise DomainError("bad_format", gettext("Simulate a preconstructed or constructed "
                                                "event."))
    if players < 2 or ai_seats < 0 or players + ai_seats > 512:
        raise DomainError("bad_size", gettext("At least 2 players, at most 512 seats in all."))
    size = players + ai_seats
    # AI seats never make the cut (topcut_start): the players alone must fill it.
    if team_size > 1 and (ai_seats or players % team_size):
        raise DomainError("bad_teams", gettext(
            "Teams of %(size)d need a number of players that %(size)d divides, and no AI "
            "seats.") % {"size": team_size}, params={"size": team_size})
    if top_cut is None and (team_size > 1 or structure in (
            EventStructure.ROUND_ROBIN, EventStructure.SINGLE_ELIMINATION,
            EventStructure.DOUBLE_ELIMINATION)):
        top_cut = 0
    elif top_cut is None:
        top_cut = next((n for n in (8, 4) if size >= 2 * n and players >= n), 0)
    elif top_cut > players:
        fits = next((n for n in sorted(TopCut.values, reverse=True) if 0 < n <= players), 0)
        raise DomainError("bad_top_cut", (gettext(
            "A top %(top_cut)d needs %(top_cut)d players, and AI seats do not make the cut: "
            "%(players)d players allow a top cut of %(fits)d.") if fits else gettext(
            "A top %(top_cut)d needs %(top_cut)d players, and AI seats do not make the cut: "
            "%(players)d players allow no top cut.")) % {"top_cut": top_cut, "players": players,
                                                          "fits": fits},
                          params={"top_cut": top_cut, "players": players, "fits": fits})
    catalogue_load(now=clock())
    kit = CardSet.objects.get(code="starter-kit")
    accounts = _demo_accounts(players=players, password=password)
    users = get_user_model()
    organizer = users.objects.get(username=accounts.organizer)
    event = event_create(by=organizer, name=name or f"Demo {fmt} event", format=fmt,
                         seed=seed, now=clock(), top_cut=top_cut, third_place=third_place,
                         rounds=rounds, day2_points=day2_points, day2_rounds=day2_rounds,
                         structure=structure, groups=groups, cycles=cycles,
                         grand_final_reset=grand_final_reset, team_size=team_size)
    for username in accounts.players:
        user = users.objects.get(username=username)
        if fmt == EventFormat.CONSTRUCTED and not user.collection.exists():
            collection_add_set(user=user, card_set=kit)
        decklist = _decklist(user, fmt, seed, clock())
        registration_create(event_id=event.pk, by=user, now=clock(),
                            decklist_version_id=decklist.versions.get().pk)
    for i in range(ai_seats):
        ai_seat_add(event_id=event.pk, by=organizer, name=f"AI {i + 1}", now=clock())
    for start in range(0, players if team_size > 1 else 0, team_size):
        members = [users.objects.get(username=u)
                   for u in accounts.players[start:start + team_size]]
        team = team_create(event_id=event.pk, by=members[0], now=clock(),
                           name=f"Team {start // team_size + 1}")
        for member in members[1:]:
            team_join(event_id=event.pk, by=member, team_id=team.pk)
    event, _ = event_start(event_id=event.pk, by=organizer, now=clock())
    if event.double_elimination:  # round 1, then each round its results decide
        rnd, _ = round_pair(event_id=event.pk, by=organizer, now=clock(), number=1)
        _play_round(rnd, clock, progress)
        while not double_elimination_decided(event):
            rnd, _ = topcut_advance(event_id=event.pk, by=organizer, now=clock(),
                                    number=rnd.number + 1)
            _play_round(rnd, clock, progress)
    elif event.single_elimination:  # round 1 of the bracket, then a round at a time
        rnd, _ = round_pair(event_id=event.pk, by=organizer, now=clock(), number=1)
        _play_round(rnd, clock, progress)
        while rnd.number < event.rounds:
            rnd, _ = topcut_advance(event_id=event.pk, by=organizer, now=clock(),
                                    number=rnd.number + 1)
            _play_round(rnd, clock, progress)
    else:
        for number in range(1, event.swiss_rounds + 1):
            rnd, _ = round_pair(event_id=event.pk, by=organizer, now=clock(), number=number)
            _play_round(rnd, clock, progress)
    if event.top_cut:
        rnd, _ = topcut_start(event_id=event.pk, by=organizer, now=clock())
        _play_round(rnd, clock, progress)
        while bracket_tables(rnd) > 1:
            rnd, _ = topcut_advance(event_id=event.pk, by=organizer, now=clock(),
                                 number=rnd.number + 1)
            _play_round(rnd, clock, progress)
    event, _ = event_complete(event_id=event.pk, by=organizer, now=clock())
    if publish_lists:
        # As organizers do once an event is over: its lists, and so the records of its games
        # (which hold them), are then anyone's to see.
        event = event_lists_publish(event_id=event.pk, by=organizer, now=clock())
    return event, accounts


_OPEN_EVENT_NAME = "Open demo event"
_OPEN_EVENT_DESCRIPTION = (
    "Open for registration: sign up, pick a preconstructed deck and register. Three AI seats "
    "have joined already. Once the organizer account starts the event, a match against an "
    "AI seat is played online from its match page.")


@transaction.atomic
def demo_event_open(*, organizer: str, seed: int, now: datetime,
                    ai_seats: int = 3) -> Event:
    """A preconstructed event taking entries, for a newcomer to register in with nothing of
    their own (a deck is picked by number, rule C-2.3): `ai_seats` AI seats have joined, so
    the newcomer's matches are against them and can be played online. The open one of an
    earlier run is kept rather than another made."""
    by = get_user_model().objects.get(username=organizer)
    kept = (Event.objects.filter(organizers=by, name=_OPEN_EVENT_NAME,
                                 status=EventStatus.REGISTRATION).order_by("pk").first())
    if kept is not None:
        return kept
    event = event_create(by=by, name=_OPEN_EVENT_NAME, format=EventFormat.PRECONSTRUCTED,
                         seed=seed, now=now,
                         description=_OPEN_EVENT_DESCRIPTION)
    for i in range(ai_seats):
        ai_seat_add(event_id=event.pk, by=by, name=f"AI {i + 1}", now=now)
    return event
