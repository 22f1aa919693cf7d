"""Changing an event's settings after it was created: what the organizers may change, and when.

- Until the event is complete: its name, description, venue, start, time zone, round length
  (a round whose clock already runs keeps its length: the length is copied onto the round when
  its clock starts, services.clock), whether pairing starts the clock, the no-show
  minutes, what a late player gets, and late entry (never below a round already paired).
- During registration only: the format (and only while nobody holds a seat or waits for one,
  since their lists were chosen for it), match length, the first phase (Swiss or a round
  robin, its groups, once or twice, head-to-head first), Swiss rounds, top cut, tiebreakers,
  check-in, AI seats, the registration window, the decklist deadline, the capacity and the
  draft's pick timer (the pairs of a pod draft with the same time for every pick). A
  capacity below the seats taken is refused; a larger one (or none) seats the waitlisted
  players in order, each told (services.registrations.seat_from_waitlist).
- Nothing once it is complete.

One transaction under the event's lock; a refused change writes nothing. Each save that
changes anything leaves an `EventChange` with every setting before and after, and bumps the
results version, so the pages kept per version show the new settings.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext, gettext_lazy, ngettext

from core.errors import Conflict, DomainError, Problem, field_of
from tournaments.models import (
    Event,
    EventChange,
    EventStatus,
    EventStructure,
    KeptApart,
    Registration,
    Round,
    RoundStage,
    WaitlistEntry,
)
from tournaments.rules import DRAFT_SEAT

from .events import (
    corrections_problems,
    event_details_problems,
    event_problems,
    game_problems,
    pick_seconds_problems,
    round_minutes_problems,
)
from .guards import lock_event, require_organizer
from .registrations import seat_from_waitlist, seats_taken
from .standings import results_version_bump

__all__ = ["BEFORE_START", "EDITABLE", "TIMES", "event_update", "label"]

# What may change until the event is complete, and what during registration only, in the
# order the form and the audit trail show them.
_ANY_TIME = ("name", "description", "venue", "starts_at", "time_zone", "round_minutes",
            "clock_starts_at_pairing", "no_show_minutes", "late_player_gets",
            "late_entry_until_round")
BEFORE_START = ("format", "match_length", "structure", "groups", "cycles", "head_to_head",
                "rounds", "day2_points", "day2_rounds", "top_cut",
                "third_place", "tiebreakers",
                "check_in_required", "fill_with_ai", "ai_in_top_cut", "registration_opens",
                "registration_closes", "decklist_deadline", "capacity", "pick_seconds")
EDITABLE = _ANY_TIME + BEFORE_START

_LABELS = {
    "name": gettext_lazy("the name"), "description": gettext_lazy("the description"),
    "venue": gettext_lazy("the venue"), "starts_at": gettext_lazy("the start"),
    "time_zone": gettext_lazy("the time zone"),
    "round_minutes": gettext_lazy("the round length"),
    "clock_starts_at_pairing": gettext_lazy("whether pairing starts the clock"),
    "no_show_minutes": gettext_lazy("the no-show minutes"),
    "late_player_gets": gettext_lazy("what a late player gets"),
    "late_entry_until_round": gettext_lazy("late entry"),
    "format": gettext_lazy("the format"), "match_length": gettext_lazy("the match length"),
    "rounds": gettext_lazy("the number of Swiss rounds"),
    "structure": gettext_lazy("the first phase"),
    "groups": gettext_lazy("the number of groups"),
    "cycles": gettext_lazy("how many times each pair of a group meets"),
    "head_to_head": gettext_lazy("head-to-head first"),
    "top_cut": gettext_lazy("the top cut"),
    "third_place": gettext_lazy("the match for third place"),
    "day2_points": gettext_lazy("the match points for day 2"),
    "day2_rounds": gettext_lazy("the Swiss rounds of day 2"),
    "tiebreakers": gettext_lazy("the tiebreakers"),
    "check_in_required": gettext_lazy("check-in"),
    "fill_with_ai": gettext_lazy("filling with AI seats"),
    "ai_in_top_cut": gettext_lazy("AI seats in the top cut"),
    "registration_opens": gettext_lazy("the registration opening"),
    "registration_closes": gettext_lazy("the registration closing"),
    "decklist_deadline": gettext_lazy("the decklist deadline"),
    "capacity": gettext_lazy("the capacity"),
    "pick_seconds": gettext_lazy("the pick timer"),
    # The pairing constraints (services.constraints) share the event's audit trail.
    "awarded_byes": gettext_lazy("the awarded byes"),
    "fixed_table": gettext_lazy("the fixed table"),
    "kept_apart": gettext_lazy("a pairing that must not happen"),
}

_TEXT = ("name", "description", "venue", "time_zone", "format", "late_player_gets",
         "structure")
_WHOLE = ("round_minutes", "no_show_minutes", "late_entry_until_round", "match_length",
         "top_cut", "cycles")
_WHOLE_OR_NONE = ("rounds", "capacity", "day2_points", "day2_rounds", "pick_seconds", "groups")
_YES_NO = ("clock_starts_at_pairing", "check_in_required", "fill_with_ai", "ai_in_top_cut",
           "third_place", "head_to_head")
TIMES = ("starts_at", "registration_opens", "registration_closes", "decklist_deadline")


def label(field: str) -> str:
    if field.startswith(DRAFT_SEAT):  # an organizer handed a draft seat over (services.pods)
        pod, seat = field.removeprefix(DRAFT_SEAT).split(":")
        return gettext("who picks for pod %(pod)s, seat %(seat)s") % {"pod": pod, "seat": seat}
    return str(_LABELS.get(field, field))


def _type_problem(field: str, value: object) -> str | None:
    """Why `value` is not of the kind `field` holds, or None."""
    if field in _TEXT:
        ok, kind = isinstance(value, str), gettext("text")
    elif field in _WHOLE:
        ok, kind = isinstance(value, int) and not isinstance(value, bool), gettext(
            "a whole number")
    elif field in _WHOLE_OR_NONE:
        ok = value is None or (isinstance(value, int) and not isinstance(value, bool))
        kind = gettext("a whole number or empty")
    elif field in _YES_NO:
        ok, kind = isinstance(value, bool), gettext("yes or no")
    elif field in TIMES:
        ok = value is None or (isinstance(value, datetime) and value.tzinfo is not None)
        kind = gettext("a date and time with its time zone, or empty")
    else:  # tiebreakers
        ok = isinstance(value, list) and all(isinstance(t, str) for t in value)
        kind = gettext("a list of tiebreaker names")
    if ok:
        return None
    return gettext("%(field)s must be %(kind)s, not %(value)r") % {
        "field": label(field), "kind": kind, "value": value}


def _shown(value: object) -> object:
    """A setting's value as the audit trail keeps it (JSON)."""
    return value.isoformat() if isinstance(value, datetime) else value


def _refuse(code: str, kind: type[DomainError], problems: dict[str, list[str]]) -> None:
    # Each problem tagged with its setting: the page shows it beside that field, the API
    # lists it under `fields`.
    every = [Problem(p, field) for field, found in problems.items() for p in found]
    raise kind(code, "; ".join(every), problems=every)


@transaction.atomic
def event_update(*, event_id: int, by: AbstractBaseUser, now: datetime,
                 changes: Mapping[str, object]) -> tuple[Event, dict[str, list]]:
    """Set the event's settings named in `changes` (a setting given with its present value is
    no change). Returns the event and what changed, {field: [before, after]}; nothing
    changed: {} and nothing written."""
    event = lock_event(event_id)
    require_organizer(event, by)
    if event.status == EventStatus.COMPLETE:
        raise Conflict("event_complete",
                       gettext("%(event)s is complete: its settings no longer change")
                       % {"event": event.name}, params={"event": event.name})
    problems: dict[str, list[str]] = {}
    for field, value in changes.items():
        if field not in EDITABLE:
            problems[field] = [gettext("%(field)s cannot be changed after the event is "
                                       "created") % {"field": field}]
        elif problem := _type_problem(field, value):
            problems[field] = [problem]
    if problems:
        _refuse("invalid_event", DomainError, problems)
    given = {f: (changes[f].strip() if f in ("name", "venue", "description") else changes[f])
             for f in EDITABLE if f in changes}
    wanted = {f: v for f, v in given.items() if v != getattr(event, f)}
    if not wanted:
        return event, {}
    if event.status != EventStatus.REGISTRATION:
        fixed = {f: [gettext("%(field)s changes during registration only: %(event)s has "
                             "started") % {"field": label(f), "event": event.name}]
                 for f in wanted if f in BEFORE_START}
        if fixed:
            _refuse("setting_fixed", Conflict, fixed)
    problems = _value_problems(event, wanted)
    if problems:
        _refuse("invalid_event", DomainError, problems)
    before = {f: getattr(event, f) for f in wanted}
    for field, value in wanted.items():
        setattr(event, field, value)
    event.save(update_fields=list(wanted))
    changed = {f: [_shown(before[f]), _shown(wanted[f])] for f in wanted}
    EventChange.objects.create(event=event, by=by, at=now, changes=changed)
    if "capacity" in wanted:
        # A larger capacity (or none): the waitlisted players move up in order.
        seat_from_waitlist(event, now)
    results_version_bump(event_id=event.pk)
    return event, changed


def _value_problems(event: Event, wanted: dict[str, object]) -> dict[str, list[str]]:
    """Every reason the event with `wanted` set is refused, by the field it is about: the
    rules of `event_create`, on the settings as they would be, and the rules of a change."""
    merged = {f: getattr(event, f) for f in EDITABLE} | wanted
    if event.status != EventStatus.REGISTRATION and (event.round_robin or event.elimination):
        merged["rounds"] = None  # the start set them from the groups (or the bracket)
    found = event_problems(
        name=merged["name"], format=merged["format"], match_length=merged["match_length"],
        rounds=merged["rounds"], top_cut=merged["top_cut"], third_place=merged["third_place"],
        day2_points=merged["day2_points"], day2_rounds=merged["day2_rounds"],
        fill_with_ai=merged["fill_with_ai"], structure=merged["structure"],
        groups=merged["groups"], cycles=merged["cycles"],
        head_to_head=merged["head_to_head"],
        registration_opens=merged["registration_opens"],
        registration_closes=merged["registration_closes"],
        late_entry_until_round=merged["late_entry_until_round"],
        tiebreakers=merged["tiebreakers"])
    found += game_problems(game=event.game, format=merged["format"],
                           fill_with_ai=merged["fill_with_ai"], check_squads=event.check_squads)
    found += round_minutes_problems(merged["round_minutes"])
    found += pick_seconds_problems(merged["pick_seconds"])
    found += event_details_problems(time_zone=merged["time_zone"], venue=merged["venue"],
                                    description=merged["description"],
                                    capacity=merged["capacity"])
    found += corrections_problems(late_player_gets=merged["late_player_gets"],
                                  no_show_minutes=merged["no_show_minutes"], game=event.game)
    problems: dict[str, list[str]] = {}
    for problem in found:
        problems.setdefault(_field_of(problem, wanted), []).append(problem)
    if "late_entry_until_round" in wanted:
        paired = (Round.objects.filter(event=event, stage=RoundStage.SWISS)
                  .aggregate(last=Max("number"))["last"])
        if paired and wanted["late_entry_until_round"] < paired:
            problems.setdefault("late_entry_until_round", []).append(
                gettext("late entry until round %(value)d is below round %(paired)d, already "
                        "paired") % {"value": wanted["late_entry_until_round"],
                                     "paired": paired})
    capacity = wanted.get("capacity")
    if capacity is not None and "capacity" not in problems:
        taken = seats_taken(event)
        if capacity < taken:
            problems["capacity"] = [ngettext(
                "the capacity cannot be %(capacity)d: %(taken)d seat is taken (remove players "
                "first)",
                "the capacity cannot be %(capacity)d: %(taken)d seats are taken (remove "
                "players first)", taken) % {"capacity": capacity, "taken": taken}]
    if wanted.get("structure") == EventStructure.ROUND_ROBIN and (
            Registration.objects.filter(event=event, awarded_byes__gt=0).exists()
            or KeptApart.objects.filter(event=event).exists()):
        problems.setdefault("structure", []).append(
            gettext("a round robin awards no byes and keeps no pairing apart: remove the "
                    "awarded byes and the pairs kept apart first"))
    if wanted.get("structure") == EventStructure.DOUBLE_ELIMINATION and (
            Registration.objects.filter(event=event, awarded_byes__gt=0).exists()
            or KeptApart.objects.filter(event=event).exists()):
        problems.setdefault("structure", []).append(
            gettext("a double elimination awards no byes and keeps no pairing apart: remove "
                    "the awarded byes and the pairs kept apart first"))
    if wanted.get("structure") == EventStructure.SINGLE_ELIMINATION and (
            Registration.objects.filter(event=event, awarded_byes__gt=0).exists()
            or KeptApart.objects.filter(event=event).exists()):
        problems.setdefault("structure", []).append(
            gettext("a single elimination awards no byes and keeps no pairing apart: remove "
                    "the awarded byes and the pairs kept apart first"))
    if "format" in wanted:
        seats = Registration.objects.filter(event=event, is_ai=False).count()
        waiting = WaitlistEntry.objects.filter(event=event).count()
        if seats or waiting:
            problems.setdefault("format", []).append(
                gettext("the format cannot change once players have registered or joined the "
                        "waitlist (%(count)d): their lists were chosen for %(format)s")
                % {"count": seats + waiting, "format": event.get_format_display()})
    return problems


def _field_of(problem: str, wanted: dict[str, object]) -> str:
    """The setting a problem of `event_create`'s checks is about (its tag); one about late
    entry is about the rounds when only the rounds changed."""
    field = field_of(problem)
    if field == "late_entry_until_round" and "late_entry_until_round" not in wanted and (
            "rounds" in wanted):
        return "rounds"  # fewer rounds than late entry: the rounds are what changed
    return field or next(iter(wanted))
