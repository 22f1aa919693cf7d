"""Teams of a team event (`Event.team_size` 2 or 3), formed by the players before the start.

A registered player makes a team (they take seat A) or joins a team of the event that has a
free seat (the first free one); each member registers their own decklist exactly as in an
individual event (services.registrations). The team's maker may take a member out and
reorder the seats until the event starts; a member may leave. Nobody puts someone else into
a team: every service here acts on the asking player's own seat, or on a team they made.

The event starts only when every player is in a team and every team is full
(`require_teams_full`, called by services.events.event_start).

Each service locks the event row first, like registrations do.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext, ngettext

from core.errors import Conflict, DomainError, Forbidden, NotFound, Problem
from tournaments.models import (
    MAX_TEAM_NAME,
    Event,
    EventFormat,
    EventStatus,
    EventStructure,
    Registration,
    Team,
)
from tournaments.structures.teams import SEATS, TEAM_SIZES

from .guards import lock_event
from .standings import results_version_bump

__all__ = ["require_teams_full", "team_create", "team_join", "team_leave",
           "team_member_remove", "team_seats_order", "team_size_problems"]


def team_size_problems(*, team_size: int, structure: str, top_cut: int, format: str,
                       fill_with_ai: bool, day2_points: int | None) -> list[Problem]:
    """Why players per team is refused with these settings (none for 1, an individual
    event). Teams play Swiss rounds only: no top cut, no day 2, no round robin or
    elimination, no draft pods and no AI seat filling an odd count."""
    if team_size == 1:
        return []
    if isinstance(team_size, bool) or team_size not in TEAM_SIZES:
        return [Problem(gettext("players per team are 1, 2 or 3, not %(value)r")
                        % {"value": team_size}, "team_size")]
    problems = []
    if structure != EventStructure.SWISS or day2_points is not None:
        problems.append(Problem(gettext("a team event plays Swiss rounds only: choose Swiss "
                                        "or 1 player per team"), "team_size"))
    if top_cut:
        problems.append(Problem(gettext("a team event has no top cut: choose no top cut or 1 "
                                        "player per team"), "top_cut"))
    if format == EventFormat.DRAFT:
        problems.append(Problem(gettext("a draft seats players in pods, not teams: choose "
                                        "another format or 1 player per team"), "format"))
    if fill_with_ai:
        problems.append(Problem(gettext("AI seats do not play in teams: a team event gives "
                                        "the odd team a bye"), "fill_with_ai"))
    return problems


def _team_event(event_id: int) -> Event:
    """The event, locked, when it is a team event still taking its teams."""
    event = lock_event(event_id)
    if not event.teams_play:
        raise Conflict("not_team_event", gettext("%(event)s is not a team event")
                       % {"event": event.name}, params={"event": event.name})
    if event.status != EventStatus.REGISTRATION:
        raise Conflict("teams_fixed", gettext("%(event)s has started: its teams are fixed")
                       % {"event": event.name}, params={"event": event.name})
    return event


def _own_seat(event: Event, by: AbstractBaseUser) -> Registration:
    seat = (Registration.objects.select_for_update()
            .filter(event=event, player_id=by.pk, dropped=False).first())
    if seat is None:
        raise Conflict("not_registered", gettext("Register for %(event)s first: each member "
                                                 "of a team registers their own list")
                       % {"event": event.name}, params={"event": event.name})
    return seat


def _not_in_team(seat: Registration) -> None:
    if seat.team_id is not None:
        raise Conflict("in_a_team", gettext("You are in team %(team)s already: leave it first")
                       % {"team": seat.team.name}, params={"team": seat.team.name})


def _team_of(event: Event, team_id: int) -> Team:
    """The event's team `team_id`, locked; another event's team reads as a missing one."""
    team = Team.objects.select_for_update().filter(pk=team_id, event=event).first()
    if team is None:
        raise NotFound("no_team", gettext("%(event)s has no team %(team)s")
                       % {"event": event.name, "team": team_id},
                       params={"event": event.name, "team": team_id})
    return team


@transaction.atomic
def team_create(*, event_id: int, by: AbstractBaseUser, now: datetime, name: str) -> Team:
    """`by`, registered in the event and in no team, makes team `name` and takes seat A."""
    event = _team_event(event_id)
    seat = _own_seat(event, by)
    _not_in_team(seat)
    name = " ".join(str(name).split())
    if not name or len(name) > MAX_TEAM_NAME:
        raise DomainError("team_name", gettext("A team's name is 1 to %(most)d characters")
                          % {"most": MAX_TEAM_NAME}, params={"most": MAX_TEAM_NAME},
                          field="name")
    if Team.objects.filter(event=event, name__iexact=name).exists():
        raise Conflict("team_name_taken", gettext("%(event)s has a team named %(team)s "
                                                  "already: choose another name")
                       % {"event": event.name, "team": name},
                       params={"event": event.name, "team": name})
    team = Team.objects.create(event=event, name=name, created_by=by, created_at=now)
    seat.team, seat.seat = team, SEATS[0]
    seat.save(update_fields=["team", "seat"])
    results_version_bump(event_id=event.pk)
    return team


@transaction.atomic
def team_join(*, event_id: int, by: AbstractBaseUser, team_id: int) -> Registration:
    """`by`, registered in the event and in no team, takes the first free seat of team
    `team_id` of the same event."""
    event = _team_event(event_id)
    seat = _own_seat(event, by)
    _not_in_team(seat)
    team = _team_of(event, team_id)
    taken = set(team.members.values_list("seat", flat=True))
    free = [s for s in SEATS[:event.team_size] if s not in taken]
    if not free:
        raise Conflict("team_full", gettext("Team %(team)s is full") % {"team": team.name},
                       params={"team": team.name})
    seat.team, seat.seat = team, free[0]
    seat.save(update_fields=["team", "seat"])
    results_version_bump(event_id=event.pk)
    return seat


@transaction.atomic
def team_leave(*, event_id: int, by: AbstractBaseUser) -> None:
    """`by` leaves their team (kept registered); a team left empty goes."""
    event = _team_event(event_id)
    seat = _own_seat(event, by)
    if seat.team_id is None:
        return
    _out_of_team(seat)
    results_version_bump(event_id=event.pk)


def _out_of_team(seat: Registration) -> None:
    team = seat.team
    seat.team, seat.seat = None, ""
    seat.save(update_fields=["team", "seat"])
    if not team.members.exists():
        team.delete()


def _made_by(event: Event, team_id: int, by: AbstractBaseUser) -> Team:
    team = _team_of(event, team_id)
    if team.created_by_id != by.pk:
        raise Forbidden("not_team_maker", gettext("Only the player who made team %(team)s can "
                                                  "change it") % {"team": team.name},
                        params={"team": team.name})
    return team


@transaction.atomic
def team_member_remove(*, event_id: int, by: AbstractBaseUser, team_id: int,
                       registration_id: int) -> None:
    """The team's maker takes a member out of it (they stay registered)."""
    event = _team_event(event_id)
    team = _made_by(event, team_id, by)
    seat = (Registration.objects.select_for_update()
            .filter(pk=registration_id, team=team).first())
    if seat is None:
        raise NotFound("not_in_team", gettext("Team %(team)s has no such member")
                       % {"team": team.name}, params={"team": team.name})
    _out_of_team(seat)
    results_version_bump(event_id=event.pk)


@transaction.atomic
def team_seats_order(*, event_id: int, by: AbstractBaseUser, team_id: int,
                     order: Sequence[int]) -> None:
    """The team's maker seats its members in `order` (registration ids): the first in seat
    A, the next in B, ... `order` names every member once."""
    event = _team_event(event_id)
    team = _made_by(event, team_id, by)
    members = {r.pk: r for r in Registration.objects.select_for_update().filter(team=team)}
    if sorted(order) != sorted(members) or len(set(order)) != len(order):
        raise DomainError("team_order", gettext("Name each member of team %(team)s once to "
                                                "order its seats") % {"team": team.name},
                          params={"team": team.name})
    # Clear first: (team, seat) is unique, and the seats change hands.
    Registration.objects.filter(team=team).update(seat="", team=None)
    for seat, pk in zip(SEATS, order, strict=False):
        Registration.objects.filter(pk=pk).update(team=team, seat=seat)
    results_version_bump(event_id=event.pk)


def require_teams_full(event: Event) -> None:
    """A team event starts with every player in a team and every team full, else a Conflict
    naming the teams that are not full and counting the players in no team."""
    if not event.teams_play:
        return
    active = Registration.objects.filter(event=event, dropped=False, is_ai=False)
    counts: dict[str, int] = {}
    for team in Team.objects.filter(event=event).order_by("name", "id"):
        counts[team.name] = active.filter(team=team).count()
    short = [name for name, count in counts.items() if count < event.team_size]
    alone = active.filter(team__isnull=True).count()
    problems = []
    if short:
        problems.append(Problem(ngettext(
            "Team %(teams)s needs %(size)d players", "Teams %(teams)s need %(size)d players each",
            len(short)) % {"teams": ", ".join(short), "size": event.team_size}))
    if alone:
        problems.append(Problem(ngettext(
            "%(count)d player is in no team", "%(count)d players are in no team", alone)
            % {"count": alone}))
    if len(counts) - len(short) < 2 and not problems:
        problems.append(Problem(gettext("A team event needs at least 2 full teams")))
    if problems:
        raise Conflict("teams_not_full", gettext("%(event)s cannot start: %(problems)s")
                       % {"event": event.name, "problems": "; ".join(problems)},
                       params={"event": event.name, "teams": short, "alone": alone},
                       problems=problems)
