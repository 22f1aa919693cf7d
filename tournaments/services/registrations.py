"""Registrations: entering an event with the decklist its format needs, late entry, check-in,
drops, and the organizer adding or removing players.

The decklist a format needs (issue: registration):
- preconstructed: one of the player's preconstructed lists, or a deck number (a preconstructed
  list is then made for the player, or their existing one for that deck reused);
- constructed: one of the player's own constructed lists of the event's game, valid now: for
  Clash of Decks cards they own (rule C-2.5); for The Spoils and Berserk a legal deck by the
  game's rules module in the event's format (S-8 Constructed, B-6);
- draft: none; the pod builds the decks later.

A person's list enters an event only with that person's consent: they register with it
themselves, or an organizer adds them by username WITHOUT a list and they attach their own
(`registration_decklist_attach`). No service takes a list for someone else, and every refusal
reads the same whether the list or version is missing or someone else's. A walk-in guest has
no account: its seat is named and claimed later (services/walkins.py).

Capacity: a full event refuses a further registration; before the start the player may join
its waitlist instead (`waitlist_join`), and each seat freed before the start (a drop, an
organizer removing a player, an account deleted) goes at once to the earliest waiting player
with their list; the seat is marked as moved up and its player mailed once the transaction
commits (services/waitlist_notices.py). A person given a seat any way leaves the waitlist.

A judge of the event takes no seat and no waitlist place in it, by any of these ways nor by
claiming a guest seat (`guards.require_not_judge`).

Every service here locks the event row first, like pairing does, so a registration or a drop
is either before a round's pairing or after it, never half-way through.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from core.errors import Conflict, DomainError, Forbidden
from decks.models import Decklist, DecklistKind, DecklistVersion
from decks.rules import decklist_problems, has_rules_module
from decks.services.decklists import decklist_create
from tournaments.models import Event, EventFormat, EventStatus, Registration, WaitlistEntry
from tournaments.selectors.access import is_organizer
from tournaments.selectors.rounds import next_swiss_round

from .guards import lock_event, lock_registration, require_not_judge, require_organizer
from .pods import draft_take_over
from .standings import results_version_bump
from .waitlist_notices import moved_up_notify

__all__ = [
    "check_late_entry",
    "check_organizer_entry",
    "is_full",
    "organizer_seat",
    "registration_add",
    "registration_check_in",
    "registration_create",
    "registration_decklist_attach",
    "registration_drop",
    "registration_remove",
    "seat_drop",
    "seat_from_waitlist",
    "seats_taken",
    "waitlist_join",
    "waitlist_leave",
]


@transaction.atomic
def registration_create(*, event_id: int, by: AbstractBaseUser, now: datetime,
                        decklist_version_id: int | None = None,
                        preconstructed_deck: int | None = None) -> Registration:
    """`by` enters the event: inside the registration window, or while the event runs until
    the late-entry round is paired."""
    event = lock_event(event_id)
    if event.status == EventStatus.REGISTRATION:
        if event.registration_opens and now < event.registration_opens:
            raise Conflict("registration_not_open",
                           gettext("Registration for %(event)s opens at %(opens)s")
                           % {"event": event.name,
                              "opens": f"{event.registration_opens:%c}"},
                           params={"event": event.name, "opens": event.registration_opens})
        if event.registration_closes and now >= event.registration_closes:
            raise Conflict("registration_closed",
                           gettext("Registration for %(event)s closed at %(closes)s")
                           % {"event": event.name,
                              "closes": f"{event.registration_closes:%c}"},
                           params={"event": event.name, "closes": event.registration_closes})
    elif event.status == EventStatus.RUNNING:
        check_late_entry(event)
    else:
        raise Conflict("registration_over", gettext("%(event)s is past its Swiss rounds: no more"
                                                    " entries")
                                            % {"event": event.name},
                       params={"event": event.name})
    _check_not_registered(event, by)
    if is_full(event):
        raise Conflict("event_full", _full_message(event), params={"event": event.name,
                                                                   "capacity": event.capacity})
    version = _decklist_for(event=event, player=by, now=now,
                            decklist_version_id=decklist_version_id,
                            preconstructed_deck=preconstructed_deck)
    return _register(event=event, player=by, now=now, version=version)


@transaction.atomic
def waitlist_join(*, event_id: int, by: AbstractBaseUser, now: datetime,
                  decklist_version_id: int | None = None,
                  preconstructed_deck: int | None = None) -> WaitlistEntry:
    """`by` waits for a seat in a full event, inside its registration window, with the list
    they would register with (checked now, like a registration's)."""
    event = lock_event(event_id)
    if event.status != EventStatus.REGISTRATION:
        raise Conflict("waitlist_closed",
                       gettext("%(event)s has started: its waitlist is closed")
                       % {"event": event.name}, params={"event": event.name})
    if ((event.registration_opens and now < event.registration_opens)
            or (event.registration_closes and now >= event.registration_closes)):
        raise Conflict("waitlist_closed",
                       gettext("Registration for %(event)s is not open: neither is its "
                               "waitlist") % {"event": event.name},
                       params={"event": event.name})
    _check_not_registered(event, by)
    if WaitlistEntry.objects.filter(event=event, player=by).exists():
        raise Conflict("already_waiting",
                       gettext("%(player)s is already on the waitlist of %(event)s")
                       % {"player": by.get_username(), "event": event.name},
                       params={"player": by.get_username(), "event": event.name})
    if not is_full(event):
        raise Conflict("not_full", gettext("%(event)s has free seats: register instead")
                       % {"event": event.name}, params={"event": event.name})
    version = _decklist_for(event=event, player=by, now=now,
                            decklist_version_id=decklist_version_id,
                            preconstructed_deck=preconstructed_deck)
    return WaitlistEntry.objects.create(event=event, player=by, decklist_version=version,
                                        created_at=now)


@transaction.atomic
def waitlist_leave(*, event_id: int, by: AbstractBaseUser) -> None:
    """`by` leaves the waitlist (not being on it is a no-op)."""
    event = lock_event(event_id)
    WaitlistEntry.objects.filter(event=event, player=by).delete()


def seats_taken(event: Event) -> int:
    """The seats that count against the capacity: players who have not dropped."""
    return Registration.objects.filter(event=event, is_ai=False, dropped=False).count()


def is_full(event: Event) -> bool:
    return event.capacity is not None and seats_taken(event) >= event.capacity


def _full_message(event: Event) -> str:
    if event.status == EventStatus.REGISTRATION:
        return ngettext("%(event)s is full (%(capacity)d seat): join the waitlist to take the "
                        "next seat freed before the start",
                        "%(event)s is full (%(capacity)d seats): join the waitlist to take "
                        "the next seat freed before the start",
                        event.capacity) % {"event": event.name, "capacity": event.capacity}
    return ngettext("%(event)s is full (%(capacity)d seat): it takes no late entry",
                    "%(event)s is full (%(capacity)d seats): it takes no late entry",
                    event.capacity) % {"event": event.name, "capacity": event.capacity}


def seat_from_waitlist(event: Event, now: datetime) -> None:
    """Before the start, each freed seat goes to the earliest waiting player, first come
    first served, with the list they waited with; a place of someone who holds a seat in the
    event already, or judges it, is taken off and skipped. The caller holds the event's
    lock."""
    if event.status != EventStatus.REGISTRATION:
        return
    while not is_full(event):
        entry = (WaitlistEntry.objects.filter(event=event).select_related("player")
                 .order_by("id").first())
        if entry is None:
            return
        if (Registration.objects.filter(event=event, player=entry.player_id).exists()
                or event.judges.filter(pk=entry.player_id).exists()):
            # Seated another way meanwhile (a claimed guest seat), or a judge of the event:
            # the place goes, and the seat to the next person waiting.
            entry.delete()
            continue
        registration = _register(event=event, player=entry.player, now=now,
                                 version=entry.decklist_version, moved_up=True)
        moved_up_notify(registration_id=registration.pk)


@transaction.atomic
def registration_add(*, event_id: int, by: AbstractBaseUser, player: AbstractBaseUser,
                     now: datetime, decklist_version_id: int | None = None,
                     preconstructed_deck: int | None = None) -> Registration:
    """An organizer enters `player`, outside the registration window too and, while the event
    runs, until its last Swiss round is paired. The seat has no list: the player attaches
    their own (`registration_decklist_attach`). A list or deck number given here is refused
    before anything is looked up, so the answer never tells whether it exists. An organizer
    may seat a player past the capacity (their call at the venue)."""
    event = lock_event(event_id)
    require_organizer(event, by)
    if decklist_version_id is not None or preconstructed_deck is not None:
        raise DomainError("list_by_player", gettext("An organizer adds a player without a list: "
                                                    "the player attaches their own, on the "
                                                    "event's page or through the API"))
    check_organizer_entry(event)
    return organizer_seat(event=event, player=player, now=now)


def organizer_seat(*, event: Event, player: AbstractBaseUser, now: datetime) -> Registration:
    """The seat an organizer gives `player`, without a list (`event` locked; the caller
    checked that the event still takes them: `check_organizer_entry`, or a late player
    added to the round being played, services.late_players)."""
    return _register(event=event, player=player, now=now, version=None)


def check_organizer_entry(event: Event) -> None:
    """An organizer may still seat someone: outside the registration window too and, while
    the event runs, until its last Swiss round is paired (`event` locked)."""
    if event.status == EventStatus.RUNNING:
        if next_swiss_round(event) > event.rounds:
            raise Conflict("registration_over",
                           ngettext("The %(rounds)d Swiss round of %(event)s is paired",
                                    "All %(rounds)d Swiss rounds of %(event)s are paired",
                                    event.rounds) % {"rounds": event.rounds, "event": event},
                           params={"event": event.name, "rounds": event.rounds})
    elif event.status != EventStatus.REGISTRATION:
        raise Conflict("registration_over", gettext("%(event)s is past its Swiss rounds: no more"
                                                    " entries")
                                            % {"event": event.name},
                       params={"event": event.name})


@transaction.atomic
def registration_decklist_attach(*, registration_id: int, by: AbstractBaseUser, now: datetime,
                                 decklist_version_id: int | None = None,
                                 preconstructed_deck: int | None = None) -> Registration:
    """The player attaches their own list to their seat, by the same decklist rules as
    registering: to a seat without one (an organizer added them) while the event takes
    entries or runs, or in place of the one they registered until the event fixes its lists
    (`Event.lists_fixed`). Only the seat's player may: not an organizer."""
    event, registration = lock_registration(registration_id)
    if registration.player_id is None or registration.player_id != by.pk:
        raise Forbidden("not_your_registration", gettext("Only the player attaches a list to "
                                                         "their seat"))
    if registration.dropped:
        raise Conflict("dropped", gettext("%(player)s has dropped from %(event)s")
                                  % {"player": registration.name, "event": event.name},
                       params={"player": registration.name, "event": event.name})
    if event.status not in (EventStatus.REGISTRATION, EventStatus.RUNNING):
        raise Conflict("registration_over", gettext("%(event)s is past its Swiss rounds: its "
                                                    "lists are fixed")
                                            % {"event": event.name},
                       params={"event": event.name})
    if registration.decklist_version_id is not None and event.lists_fixed(now):
        raise Conflict("lists_fixed", gettext("The lists of %(event)s are fixed (it has started "
                                              "or its decklist deadline has passed): you play "
                                              "the version you registered")
                                      % {"event": event.name},
                       params={"event": event.name})
    version = _decklist_for(event=event, player=by, now=now,
                            decklist_version_id=decklist_version_id,
                            preconstructed_deck=preconstructed_deck)
    if version is None:  # a draft: the pod builds the deck
        raise DomainError("no_decklist_for_draft", gettext("A draft event takes no decklist: the"
                                                           " pods build the decks"))
    registration.decklist_version = version
    registration.save(update_fields=["decklist_version"])
    return registration


@transaction.atomic
def registration_remove(*, registration_id: int, by: AbstractBaseUser,
                        now: datetime | None = None) -> None:
    """An organizer takes a player out before the event starts. Once it runs, players are
    dropped instead, so their results stay. The freed seat goes to the waitlist."""
    event, registration = lock_registration(registration_id)
    require_organizer(event, by)
    if event.status != EventStatus.REGISTRATION:
        raise Conflict("event_started", gettext("%(event)s has started: drop %(player)s instead,"
                                                " so their results stay")
                                        % {"event": event.name, "player": registration.name},
                       params={"event": event.name, "player": registration.name})
    registration.delete()
    seat_from_waitlist(event, now or timezone.now())
    results_version_bump(event_id=event.pk)


@transaction.atomic
def registration_drop(*, registration_id: int, by: AbstractBaseUser,
                      now: datetime) -> Registration:
    """The player (or an organizer) drops: they are never paired again and keep their
    results; a match they are playing now still needs its result. Dropping twice is a
    no-op."""
    event, registration = lock_registration(registration_id)
    _require_player_or_organizer(event, registration, by)
    if registration.is_ai:
        raise DomainError("ai_seat", gettext("The AI seat joins and leaves with the player "
                                             "count; it cannot be dropped by hand"))
    if registration.dropped:
        return registration
    if event.status not in (EventStatus.REGISTRATION, EventStatus.RUNNING):
        raise Conflict("no_drops_now", gettext("%(event)s is %(status)s: a top-cut player "
                                               "concedes their match instead")
                                       % {"event": event.name,
                                          "status": EventStatus(event.status).label.lower()},
                       params={"event": event.name, "status": event.status})
    seat_drop(event, registration, now)
    return registration


def seat_drop(event: Event, registration: Registration, now: datetime) -> None:
    """Drop a seat the caller holds under the event's lock, having checked who asks and that
    the event allows it (`registration_drop`; a disqualification, services.penalties)."""
    registration.dropped = True
    registration.dropped_at = now
    if event.status == EventStatus.REGISTRATION:  # a team's seat is freed before the start
        registration.team, registration.seat = None, ""
    registration.save(update_fields=["dropped", "dropped_at", "team", "seat"])
    if event.format == EventFormat.DRAFT and event.status == EventStatus.RUNNING:
        draft_take_over(registration=registration, now=now)
    seat_from_waitlist(event, now)
    results_version_bump(event_id=event.pk)


@transaction.atomic
def registration_check_in(*, registration_id: int, by: AbstractBaseUser,
                          now: datetime) -> Registration:
    """The player (or an organizer) checks in before the event starts. Checking in twice is a
    no-op."""
    event, registration = lock_registration(registration_id)
    _require_player_or_organizer(event, registration, by)
    if registration.checked_in:
        return registration
    if event.status != EventStatus.REGISTRATION:
        raise Conflict("check_in_over", gettext("%(event)s has started: check-in is over")
                                        % {"event": event.name},
                       params={"event": event.name})
    if registration.dropped:
        raise Conflict("dropped", gettext("%(player)s has dropped from %(event)s")
                                  % {"player": registration.name, "event": event.name},
                       params={"player": registration.name, "event": event.name})
    registration.checked_in = True
    registration.checked_in_at = now
    registration.save(update_fields=["checked_in", "checked_in_at"])
    return registration


def _require_player_or_organizer(event: Event, registration: Registration,
                                 user: AbstractBaseUser) -> None:
    mine = registration.player_id is not None and registration.player_id == user.pk
    if not mine and not is_organizer(event, user):
        raise Forbidden("not_your_registration", gettext("Only the player or an organizer of "
                                                         "%(event)s can do this")
                                                 % {"event": event.name},
                        params={"event": event.name})


def check_late_entry(event: Event) -> None:
    if event.teams_play:  # services.teams: the teams are fixed at the start
        raise Conflict("late_entry_closed", gettext("%(event)s is a team event: its teams were "
                                                    "fixed when it started, so it takes no "
                                                    "late entries") % {"event": event.name},
                       params={"event": event.name})
    if event.format == EventFormat.DRAFT:
        # Rule C-2.4: the pods are seated and drafted when the event starts.
        raise Conflict("late_entry_closed", gettext("%(event)s is a draft: its pods were seated "
                                                    "when it started, so it takes no late "
                                                    "entries")
                                            % {"event": event.name},
                       params={"event": event.name})
    upcoming = next_swiss_round(event)
    if upcoming > min(event.late_entry_until_round, event.rounds):
        if event.late_entry_until_round == 0:
            raise Conflict("late_entry_closed", gettext("%(event)s has started and takes no late"
                                                        " entries")
                                                % {"event": event.name},
                           params={"event": event.name})
        raise Conflict("late_entry_closed",
                       gettext("Late entry to %(event)s was open until round "
                               "%(round)s was paired")
                       % {"event": event.name,
                          "round": event.late_entry_until_round},
                       params={"event": event.name, "round": event.late_entry_until_round})


def _check_not_registered(event: Event, player: AbstractBaseUser) -> None:
    require_not_judge(event, player)
    existing = Registration.objects.filter(event=event, player=player).first()
    if existing is not None:
        if existing.dropped:
            raise Conflict("dropped", gettext("%(player)s dropped from %(event)s and cannot "
                                              "enter it again")
                                      % {"player": player.get_username(), "event": event.name},
                           params={"player": player.get_username(), "event": event.name})
        raise Conflict("already_registered", gettext("%(player)s is already registered for "
                                                     "%(event)s")
                                             % {"player": player.get_username(),
                                                "event": event.name},
                       params={"player": player.get_username(), "event": event.name})


def _register(*, event: Event, player: AbstractBaseUser, now: datetime,
              version: DecklistVersion | None, moved_up: bool = False) -> Registration:
    """The seat, with `version` already checked to be `player`'s own (or None)."""
    _check_not_registered(event, player)
    late = event.status == EventStatus.RUNNING
    # A late entry arrives in person, so it counts as checked in.
    registration = Registration.objects.create(
        event=event, player=player, decklist_version=version, late_entry=late,
        checked_in=late, checked_in_at=now if late else None, created_at=now,
        moved_up_at=now if moved_up else None)
    WaitlistEntry.objects.filter(event=event, player=player).delete()  # seated now
    results_version_bump(event_id=event.pk)
    return registration


def _decklist_for(*, event: Event, player: AbstractBaseUser, now: datetime,
                  decklist_version_id: int | None,
                  preconstructed_deck: int | None) -> DecklistVersion | None:
    if has_rules_module(event.game) and event.format != EventFormat.CONSTRUCTED:
        # The Spoils and Berserk have only constructed lists here (no pods, no precons).
        raise DomainError("format_not_for_game", gettext("%(event)s is %(format)s: %(game)s "
                                                         "events take constructed lists only")
                                                 % {"event": event.name, "format": event.format,
                                                    "game": str(event.game)},
                          params={"event": event.name, "format": event.format,
                                  "game": str(event.game)})
    if event.format == EventFormat.DRAFT:
        if decklist_version_id is not None or preconstructed_deck is not None:
            raise DomainError("no_decklist_for_draft", gettext("A draft event takes no decklist "
                                                               "at registration: the pods build "
                                                               "the decks"))
        return None
    if decklist_version_id is not None and preconstructed_deck is not None:
        raise DomainError("two_decklists", gettext("Give a decklist or a deck number, not both"))
    if event.format == EventFormat.PRECONSTRUCTED and preconstructed_deck is not None:
        return _preconstructed(event=event, player=player, deck=preconstructed_deck, now=now)
    if decklist_version_id is None:
        text = (gettext("%(event)s is %(format)s: register with a preconstructed list or a "
                        "deck number")
                if event.format == EventFormat.PRECONSTRUCTED else
                gettext("%(event)s is %(format)s: register with a constructed list"))
        raise DomainError("decklist_required", text % {"event": event.name,
                                                       "format": event.format},
                          params={"event": event.name, "format": event.format})
    version = (DecklistVersion.objects.select_related("decklist")
               .filter(pk=decklist_version_id, decklist__owner=player).first())
    if version is None:
        raise DomainError("unknown_decklist", gettext("%(player)s has no decklist version "
                                                      "%(version)s")
                                              % {"player": player.get_username(),
                                                 "version": decklist_version_id},
                          params={"player": player.get_username(), "version": decklist_version_id})
    wanted = (DecklistKind.PRECONSTRUCTED if event.format == EventFormat.PRECONSTRUCTED
              else DecklistKind.CONSTRUCTED)
    problems = []
    if version.decklist.kind != wanted:
        problems.append(gettext("%(decklist)s is a %(kind)s list; %(event)s needs a %(wanted)s "
                                "list")
                        % {"decklist": version.decklist, "kind": version.decklist.kind,
                           "event": event.name, "wanted": wanted})
    if version.decklist.game_id != event.game_id:
        problems.append(gettext("%(decklist)s is a list for another game")
                        % {"decklist": version.decklist})
    if not problems:
        problems = decklist_problems(user=player, kind=wanted, cards=version.cards,
                                     preconstructed_deck=version.preconstructed_deck,
                                     game=event.game)
    if problems:
        raise DomainError("invalid_decklist", "; ".join(problems), problems=problems)
    return version


def _preconstructed(*, event: Event, player: AbstractBaseUser, deck: int,
                    now: datetime) -> DecklistVersion:
    """The player's preconstructed list for `deck`, made if they have none."""
    for decklist in Decklist.objects.filter(owner=player, kind=DecklistKind.PRECONSTRUCTED,
                                            game=event.game):
        current = decklist.current
        if current is not None and current.preconstructed_deck == deck:
            return current
    decklist = decklist_create(user=player, name=f"Preconstructed deck {deck}",
                               kind=DecklistKind.PRECONSTRUCTED, preconstructed_deck=deck,
                               now=now, game=event.game)
    return decklist.versions.get()
