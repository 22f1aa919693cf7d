"""What the events do when a person leaves or asks for their data, and when the name shown
for them changes (the hooks of accounts/hooks.py, connected in TournamentsConfig.ready).

Leaving: a seat in an event still taking registrations is withdrawn (nothing was played) and
goes to the first player on its waitlist; a
running event's seat is dropped first (`registration_drop`, so a draft hands the seat to the
automaton); then every seat left keeps its results under an anonymised name ("Former player
17", numbered by the seat: `Registration.name`) and lets go of the person's decklist, whose
deck checks go with it. An event in its top cut keeps the seat as it is, anonymised: the
organizer settles its match as for any player who does not show up.

Before any of that, an account that is the only organizer of an event that is not complete
may not go (`organizer_blocking`): nobody could run the event any more. A complete event
may keep no organizer: its pages and results stay as they are.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Q
from django.urls import reverse
from django.utils.translation import ngettext

from accounts.hooks import Blocker
from tournaments.models import DeckCheck, Event, EventStatus, Match, Registration

from .guards import lock_event
from .registrations import registration_drop, seat_from_waitlist
from .standings import results_version_bump

__all__ = ["names_changed", "organizer_blocking", "player_data", "player_leave"]


def organizer_blocking(*, user: AbstractBaseUser, blockers: list[Blocker],
                       lock: bool = False) -> None:
    """`account_blocking`: the events not complete that `user` alone organizes. With `lock`,
    each event `user` organizes is locked first, so a fellow organizer deleting their account
    at the same time waits and then counts again. The events of `user`'s seats are locked in
    the same pass, all in id order: `player_leave` locks them next, and taking them after
    the organized ones could deadlock two deletions."""
    mine = Event.objects.filter(organizers=user).exclude(status=EventStatus.COMPLETE)
    if lock:
        seated = Registration.objects.filter(player=user).values_list("event_id", flat=True)
        for event_id in sorted({*mine.values_list("id", flat=True), *seated}):
            lock_event(event_id)
    alone = list(Event.objects.filter(pk__in=mine.values("pk"))
                 .annotate(organizer_count=Count("organizers"))
                 .filter(organizer_count=1).order_by("name", "id"))
    if not alone:
        return
    names = ", ".join(f"“{event.name}”" for event in alone)
    message = ngettext(
        "You are the only organizer of %(events)s, which is not complete: add another "
        "organizer on its dashboard first, or complete the event, then delete your account.",
        "You are the only organizer of %(count)d events that are not complete (%(events)s): "
        "add another organizer on each one's dashboard first, or complete those events, "
        "then delete your account.", len(alone)) % {"events": names, "count": len(alone)}
    blockers.append(Blocker(
        code="only_organizer", message=message,
        links=[(event.name, reverse("tournaments:dashboard", args=[event.pk]))
               for event in alone]))


def player_leave(*, user: AbstractBaseUser, now: datetime) -> None:
    """`account_leaving`: inside the deletion's transaction."""
    seats = list(Registration.objects.filter(player=user).order_by("event_id")
                 .values_list("id", "event_id"))
    for registration_id, event_id in seats:
        event = lock_event(event_id)
        if event.status == EventStatus.REGISTRATION:
            Registration.objects.filter(pk=registration_id).delete()
            seat_from_waitlist(event, now)
            results_version_bump(event_id=event_id)
            continue
        if event.status == EventStatus.RUNNING:
            registration_drop(registration_id=registration_id, by=user, now=now)
        DeckCheck.objects.filter(registration_id=registration_id).delete()
        Registration.objects.filter(pk=registration_id).update(
            player=None, former_player=True, decklist_version=None)
        results_version_bump(event_id=event_id)
    # Seats no account holds whose list is the person's (an event they imported from an
    # event file keeps its lists as the importer's) let go of it: the lists go with the
    # account, and a registered version cannot be deleted from under its seat.
    Registration.objects.filter(player__isnull=True,
                                decklist_version__decklist__owner=user).update(
        decklist_version=None)


def names_changed(*, user: AbstractBaseUser) -> None:
    """`display_name_changed`: the standings and pairings kept for each of the person's
    events (keyed by its results version) show names, so each event moves on to a new
    version and the next page shows the new name."""
    for event_id in (Registration.objects.filter(player=user).order_by("event_id")
                     .values_list("event_id", flat=True)):
        results_version_bump(event_id=event_id)


def player_data(*, user: AbstractBaseUser, data: dict[str, Any]) -> None:
    """`account_data`: the person's seats with their results, match by match. Of the
    opponents only their names as the pairings show them."""
    seats = (Registration.objects.filter(player=user)
             .select_related("event__game", "decklist_version__decklist")
             .order_by("event__created_at", "id"))
    rows = []
    for seat in seats:
        matches = (Match.objects.filter(Q(player_a=seat) | Q(player_b=seat))
                   .select_related("round", "player_a__player__profile",
                                   "player_b__player__profile")
                   .order_by("round__number", "id"))
        version = seat.decklist_version
        rows.append({
            "event": {"id": seat.event_id, "name": seat.event.name,
                      "game": seat.event.game.name, "format": seat.event.format,
                      "status": seat.event.status},
            "registered_at": seat.created_at.isoformat(),
            "moved_up_from_waitlist_at": (seat.moved_up_at.isoformat()
                                          if seat.moved_up_at else None),
            "decklist": ({"name": version.name, "version": version.number}
                         if version else None),
            "checked_in": seat.checked_in,
            "dropped": seat.dropped,
            "matches": [_match(match, mine_a=match.player_a_id == seat.pk)
                        for match in matches],
        })
    data["registrations"] = rows


def _match(match: Match, *, mine_a: bool) -> dict[str, Any]:
    other = match.player_b if mine_a else match.player_a
    confirmed = match.a_wins is not None
    wins, losses = (match.a_wins, match.b_wins) if mine_a else (match.b_wins, match.a_wins)
    return {"round": match.round.number, "stage": match.round.stage, "table": match.table,
            "opponent": other.name if other is not None else None,
            "bye": match.player_b_id is None, "status": match.status,
            "wins": wins if confirmed else None, "losses": losses if confirmed else None,
            "draws": match.draws if confirmed else None}
