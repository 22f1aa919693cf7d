"""Reading seats: an event's registrations, the one a user holds, their registered lists as
the asking user may see them, deck checks, a player's seats and history, and the cards a seat
plays.

Who plays in an event is public. A registered decklist is seen only through decks'
visibility rules (`decks.selectors.visible_versions`: its owner, the organizers of an event
it is registered in, everyone once that event has published its lists).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext

from decks.models import DecklistVersion
from decks.selectors import visible_versions
from engine.clash.cards import load_catalogue
from engine.clash.rng import Rng
from tournaments.models import (
    DeckCheck,
    Event,
    EventFormat,
    EventStatus,
    Match,
    MatchBracket,
    MatchStatus,
    Registration,
    WaitlistEntry,
)
from tournaments.selectors.rounds import label_for

User = AbstractBaseUser | AnonymousUser


def registrations_for_event(event: Event) -> QuerySet[Registration]:
    return (Registration.objects.filter(event=event).select_related("player__profile")
            .order_by("created_at", "id"))


def user_registration(event: Event, user: User) -> Registration | None:
    """The seat `user` holds in the event, with its registered list (None: no seat)."""
    if not user.is_authenticated:
        return None
    return (Registration.objects.filter(event=event, player=user)
            .select_related("decklist_version__decklist").first())


def waitlist_position(event: Event, user: User) -> int | None:
    """The user's place on the event's waitlist (1: the next seat freed is theirs), or None."""
    if not user.is_authenticated:
        return None
    mine = WaitlistEntry.objects.filter(event=event, player=user).values_list("id", flat=True)
    if not mine:
        return None
    return WaitlistEntry.objects.filter(event=event, id__lte=mine[0]).count()


def waitlist_length(event: Event) -> int:
    return WaitlistEntry.objects.filter(event=event).count()


def registration_by_id(event: Event, registration_id: int) -> Registration | None:
    """The seat with this id, looked up inside its event (a seat of another event is None)."""
    return (Registration.objects.filter(event=event, pk=registration_id)
            .select_related("player__profile").first())


def seen_versions(user: User, registrations: list[Registration]) -> dict[int, DecklistVersion]:
    """The registered version of each seat that `user` may see (`visible_versions`: their
    own, the organizers', everyone's once the event publishes its lists), by seat id."""
    ids = {r.decklist_version_id: r.pk for r in registrations if r.decklist_version_id}
    if not ids:
        return {}
    seen = visible_versions(user).filter(pk__in=list(ids)).select_related("decklist")
    return {ids[v.pk]: v for v in seen}


def registrations_seen(event: Event, user: User) -> list[Registration]:
    """The event's seats in registration order, each with `seen_version`: the registered
    decklist version if `user` may see it, else None (a hidden list is never loaded into the
    answer at all)."""
    registrations = list(registrations_for_event(event))
    seen = seen_versions(user, registrations)
    for registration in registrations:
        registration.seen_version = seen.get(registration.pk)
    return registrations


def registrations_of(user: AbstractBaseUser, limit: int = 30) -> list[Registration]:
    """The player's seats in events, newest event first, each with `current`: their match of
    the event's latest round they play in while the event runs (None otherwise)."""
    seats = list(Registration.objects.filter(player=user).select_related("event__game")
                 .order_by("-event__created_at", "-event_id")[:limit])
    running = [s.event_id for s in seats
               if s.event.status in (EventStatus.RUNNING, EventStatus.TOP_CUT)]
    latest: dict[int, Match] = {}
    for match in (Match.objects.filter(round__event_id__in=running)
                  .filter(Q(player_a__player=user) | Q(player_b__player=user))
                  .select_related("round__event", "player_a__player__profile",
                                  "player_b__player__profile")
                  .order_by("round__event_id", "-round__number")):
        latest.setdefault(match.round.event_id, match)
    for seat in seats:
        seat.current = latest.get(seat.event_id)
    return seats


# Deck checks and the registered lists ----------------------------------------------------------

@dataclass(frozen=True)
class RegisteredList:
    """A seat's registered version as the organizer checks it: each card with its copies,
    the total, and what the game's rules say of it now (`problems` empty: legal)."""

    registration: Registration
    version: DecklistVersion
    copies: list[tuple[str, int]]
    total: int
    problems: list[str]
    fixed: bool


def registered_list(event: Event, registration: Registration, now) -> RegisteredList | None:  # noqa: ANN001
    """The seat's registered version with its card counts and the legality verdict of the
    decks' own checks (`decklist_problems`: the game's rules module, or Clash of Decks' rules
    C-2.3 to C-2.5), or None for a seat without a list."""
    from decks.rules import decklist_problems

    version = (DecklistVersion.objects.filter(pk=registration.decklist_version_id)
               .select_related("decklist__game", "decklist__owner", "entered_by").first())
    if version is None:
        return None
    decklist = version.decklist
    # A version entered for a walk-in guest is checked without a collection (rule C-2.5 for
    # a guest: the organizer vouched for the cards), also once its claimer owns it.
    owner = None if version.entered_for_guest else decklist.owner
    problems = decklist_problems(user=owner, kind=decklist.kind, cards=version.cards,
                                 preconstructed_deck=version.preconstructed_deck,
                                 game=decklist.game, deck_format=decklist.deck_format or None)
    return RegisteredList(registration=registration, version=version,
                          copies=copies_of(version.cards), total=len(version.cards),
                          problems=problems, fixed=event.lists_fixed(now))


def copies_of(cards: list[str]) -> list[tuple[str, int]]:
    """Each card of a list with its copies, in the list's order of first appearance."""
    counts: dict[str, int] = {}
    for name in cards:
        counts[name] = counts.get(name, 0) + 1
    return list(counts.items())


@dataclass(frozen=True)
class ListSheet:
    """A seat's registered list as its registration sheet prints it: each card with its
    copies and the total. No verdict: legality is the organizers' deck check
    (`registered_list`), not the sheet's."""

    registration: Registration
    version: DecklistVersion
    copies: list[tuple[str, int]]
    total: int


def list_sheet(event: Event, registration_id: int, user: User) -> ListSheet | None:
    """A seat's registered list as its registration sheet prints it, or None when the seat
    is not in the event, has no list, or `user` may not see the list (`seen_versions`: the
    player, the event's organizers, everyone once the lists are published): the sheet of a
    hidden list is a 404 like the list itself."""
    registration = registration_by_id(event, registration_id)
    if registration is None:
        return None
    version = seen_versions(user, [registration]).get(registration.pk)
    if version is None:
        return None
    return ListSheet(registration=registration, version=version,
                     copies=copies_of(version.cards), total=len(version.cards))


def deck_checks_of(event: Event, registration: Registration | None = None) -> QuerySet[DeckCheck]:
    """The event's deck checks, newest first, for whom `access.may_read_deck_checks` lets
    read them (the organizers only)."""
    checks = DeckCheck.objects.filter(event=event).select_related(
        "registration__player__profile", "decklist_version", "by").order_by("-at", "-id")
    return checks.filter(registration=registration) if registration is not None else checks


# A player's history --------------------------------------------------------------------------

@dataclass(frozen=True)
class HistoryRow:
    match: Match
    round_label: str
    table: int | None
    opponent: Registration | None  # None: a bye
    outcome: str  # "Win", "Loss", "Draw", "Bye", "Not confirmed yet"
    score: str  # games from the player's side, "2-1" or "1-1-1"; "" until confirmed


def history_of(registration: Registration) -> list[HistoryRow]:
    """Every match of the seat in its event, from its side, in round order."""
    matches = list(
        Match.objects.filter(Q(player_a=registration) | Q(player_b=registration))
        .select_related("round", "player_a__player__profile", "player_b__player__profile")
        .annotate(round_tables=Count("round__matches",
                                     filter=Q(round__matches__bracket=MatchBracket.MAIN)))
        .order_by("round__number"))
    rows = []
    for m in matches:
        mine_a = m.player_a_id == registration.pk
        opponent = m.player_b if mine_a else m.player_a
        label = label_for(m.round.stage, m.round.number, m.round_tables)
        if m.bye:
            outcome, score = gettext("Bye"), "2-0"
        elif m.status != MatchStatus.CONFIRMED:
            outcome, score = gettext("Not confirmed yet"), ""
        else:
            won, lost = (m.a_wins, m.b_wins) if mine_a else (m.b_wins, m.a_wins)
            outcome = (gettext("Win") if won > lost else gettext("Loss") if won < lost
                       else gettext("Draw"))
            score = f"{won}-{lost}" + (f"-{m.draws}" if m.draws else "")
        rows.append(HistoryRow(match=m, round_label=label, table=m.table, opponent=opponent,
                               outcome=outcome, score=score))
    return rows


def other_events_of(registration: Registration) -> list[Registration]:
    """The player's seats in other events (none for an AI seat)."""
    if registration.player_id is None:
        return []
    return list(Registration.objects.filter(player_id=registration.player_id)
                .exclude(pk=registration.pk).select_related("event")
                .order_by("-event__created_at"))


# The cards a seat plays ----------------------------------------------------------------------

def deck_for(registration: Registration, event: Event) -> list[str]:
    """The cards a seat plays: its decklist version's cards (a constructed list of 10 goes
    through the ban-two procedure against the opponent first, see
    `services.engine_jobs.decks_for_match`), an AI seat's 8 drafted cards in a draft pod,
    else a preconstructed deck chosen from the event's seed."""
    version = registration.decklist_version
    seat = getattr(registration, "pod_seat", None)
    return deck_from(registration.pk, event, version_cards=version and version.cards,
                     seat_cards=seat and seat.cards)


def deck_from(registration_id: int, event: Event, *, version_cards: list[str] | None,
              seat_cards: list[str] | None) -> list[str]:
    """`deck_for` from the values alone (batches read them without loading the rows as
    models): the decklist version's cards when it has one (`version_cards`), else the pod
    seat's drafted cards, else a list or deck chosen from the event's seed."""
    if version_cards is not None:
        return list(version_cards)
    if seat_cards:
        return list(seat_cards)
    catalogue = load_catalogue()
    if event.format == EventFormat.CONSTRUCTED:  # a list of 10 different cards (C-2.5)
        names = [card.name for card in catalogue.cards]
        Rng.stream(event.seed, f"ai-list-{registration_id}").shuffle(names)
        return sorted(names[:10])
    numbers = catalogue.deck_numbers
    pick = Rng.stream(event.seed, f"ai-deck-{registration_id}").below(len(numbers))
    return catalogue.deck(numbers[pick])
