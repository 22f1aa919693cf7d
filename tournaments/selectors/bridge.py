"""The one bridge between the rows and the pure Swiss code in `tournaments.swiss`.

A registration is the Swiss player `R<id>`; only confirmed Swiss matches count (top-cut
matches never change the standings). Late entries simply have no match for the rounds they
missed, so they get no points for them (MTR: no loss is recorded either).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from accounts.selectors.profiles import shown_name_of
from core.seeds import derive_seed
from tournaments import swiss
from tournaments.models import (
    Event,
    KeptApart,
    Match,
    MatchStatus,
    Pod,
    Registration,
    RoundStage,
)
from tournaments.models.registrations import registration_shown_name

_ID = re.compile(r"\bR(\d+)\b")


def swiss_id(registration_id: int) -> str:
    return f"R{registration_id}"


def registration_id(swiss_player: str) -> int:
    return int(swiss_player[1:])


@dataclass
class SwissView:
    """The event as `tournaments.swiss` sees it, with the rows it came from."""

    tournament: swiss.Tournament
    registrations: dict[str, Registration]  # by Swiss id
    matches: list[Match]  # the confirmed Swiss matches, in round and table order

    def names(self) -> dict[str, str]:
        return {pid: r.name for pid, r in self.registrations.items()}


def pod_swiss_seed(event_seed: int, pod_number: int) -> int:
    """The seed of a draft pod's Swiss pairings, derived one-way from the event seed
    (`core.seeds.derive_seed`): each pod draws its tie-breaks from a stream of its own, so
    two pods of the same shape are not paired alike, and the event still replays from its
    seed alone."""
    return derive_seed(event_seed, f"swiss-pod-{pod_number}")


def swiss_view(event: Event, pod: Pod | None = None, *,
               pairing: bool = False) -> SwissView:
    """Every registration of `event` (in registration order) and its confirmed Swiss
    results, as a `swiss.Tournament`; with `pod`, only that draft pod's seats and matches
    (a pod plays its Swiss rounds within itself), with the pod's own seed
    (`pod_swiss_seed`). The seats' awarded byes come along, and with `pairing` (one more
    query, for the pairing alone) the organizer's pairs kept apart."""
    registrations = Registration.objects.filter(event=event)
    rows = Match.objects.filter(round__event=event, round__stage=RoundStage.SWISS,
                                status=MatchStatus.CONFIRMED)
    if pod is not None:
        registrations = registrations.filter(pod_seat__pod=pod)
        rows = rows.filter(player_a__pod_seat__pod=pod)
    registrations = list(registrations.select_related("player__profile")
                         .order_by("created_at", "id"))
    by_id = {swiss_id(r.pk): r for r in registrations}
    rows = list(rows.select_related("round").order_by("round__number", "table", "id"))
    matches = [swiss.Match(round=m.round.number, a=swiss_id(m.player_a_id),
                           b=swiss_id(m.player_b_id) if m.player_b_id else None,
                           a_wins=m.a_wins, b_wins=m.b_wins, draws=m.draws)
               for m in rows]
    apart = {frozenset((swiss_id(first), swiss_id(second)))
             for first, second in KeptApart.objects.filter(event=event)
             .values_list("first_id", "second_id")} if pairing else set()
    tournament = swiss.Tournament(
        seed=event.seed if pod is None else pod_swiss_seed(event.seed, pod.number),
        players=list(by_id),
        dropped={pid for pid, r in by_id.items() if r.dropped}, matches=matches,
        apart={pair for pair in apart if pair <= by_id.keys()},
        awarded_byes={pid: r.awarded_byes for pid, r in by_id.items() if r.awarded_byes})
    return SwissView(tournament, by_id, rows)


@dataclass(frozen=True, slots=True)
class Seat:
    """What the standings show of a registration, read as values (no model instances)."""

    id: int
    name: str
    is_ai: bool


def standings_view(event: Event) -> tuple[swiss.Tournament, dict[str, Seat]]:
    """The rows `swiss_view` reads, as plain values in two queries: the seats in
    registration order and the confirmed Swiss results in round and table order. Reading
    model instances (and decoding every match's reports and its round's explanation) cost
    twenty times the computation on a 512-player event."""
    seats: dict[str, Seat] = {}
    dropped: set[str] = set()
    for pk, is_ai, ai_name, shown, guest, gone in (
            Registration.objects.filter(event=event).order_by("created_at", "id")
            .values_list("id", "is_ai", "ai_name", shown_name_of("player"), "guest_name",
                         "dropped")):
        pid = swiss_id(pk)
        seats[pid] = Seat(pk, registration_shown_name(pk, is_ai, ai_name, shown, guest), is_ai)
        if gone:
            dropped.add(pid)
    matches = [swiss.Match(round=number, a=swiss_id(a), b=swiss_id(b) if b else None,
                           a_wins=a_wins, b_wins=b_wins, draws=draws)
               for number, a, b, a_wins, b_wins, draws in (
                   Match.objects.filter(round__event=event, round__stage=RoundStage.SWISS,
                                        status=MatchStatus.CONFIRMED)
                   .order_by("round__number", "table", "id")
                   .values_list("round__number", "player_a_id", "player_b_id", "a_wins",
                                "b_wins", "draws"))]
    return swiss.Tournament(seed=event.seed, players=list(seats), dropped=dropped,
                            matches=matches), seats


def named(line: str, names: dict[str, str]) -> str:
    """A pairing explanation line with the Swiss ids replaced by the players' names."""
    return _ID.sub(lambda m: names.get(m.group(0), m.group(0)), line)


def seat_names(event_id: int) -> dict[int, str]:
    """Each seat's name as shown now, by registration id (one query)."""
    return {pk: registration_shown_name(pk, is_ai, ai_name, shown, guest)
            for pk, is_ai, ai_name, shown, guest in
            Registration.objects.filter(event_id=event_id)
            .values_list("id", "is_ai", "ai_name", shown_name_of("player"), "guest_name")}
