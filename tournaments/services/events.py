"""Events: creating one, its organizers, and the transitions registration -> running and
running/top_cut -> complete (running -> top_cut is `topcut.topcut_start`)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext, ngettext

from core.errors import Conflict, DomainError, Problem
from core.seeds import new_nonce, new_seed, seed_commitment
from core.zones import time_zone_problem
from decks.models import CardGame
from decks.rules import BERSERK, engine_plays
from decks.services.catalogue import clash_game
from tournaments.models import (
    Event,
    EventFormat,
    EventStatus,
    EventStructure,
    LatePlayerGets,
    Match,
    MatchBracket,
    MatchLength,
    Registration,
    Round,
    RoundStage,
    TopCut,
    default_tiebreakers,
)
from tournaments.selectors.starting import StartQuestions, start_questions
from tournaments.swiss import rounds_for
from tournaments.swiss.standings import METRICS

from .double_elimination import (
    double_elimination_decided,
    double_elimination_problems,
    double_elimination_rounds,
    double_elimination_seeds,
)
from .guards import lock_event, require_organizer
from .knockout import knockout_problems, knockout_rounds, knockout_seeds
from .phases import day_two_problems, phases_write
from .pods import pods_create
from .ratings import ratings_update_for_event
from .round_robin import groups_draw, round_robin_problems, round_robin_rounds
from .standings import results_version_bump, standings_freeze, standings_row_create
from .states import event_move, require_round_confirmed
from .teams import require_teams_full, team_size_problems

__all__ = [
    "DEFAULT_NO_SHOW_MINUTES",
    "DEFAULT_ROUND_MINUTES",
    "MAX_CAPACITY",
    "MAX_DESCRIPTION",
    "MAX_NAME",
    "MAX_NO_SHOW_MINUTES",
    "MAX_PICK_SECONDS",
    "MAX_ROUND_MINUTES",
    "MAX_VENUE",
    "MIN_PICK_SECONDS",
    "corrections_problems",
    "event_complete",
    "event_create",
    "event_details_problems",
    "event_problems",
    "event_start",
    "game_problems",
    "organizer_add",
    "pick_seconds_problems",
    "round_minutes_problems",
]

MAX_NAME = 120


# The round clock's length (Event.round_minutes) when the organizer does not set it, and its
# most (the check constraint's).
DEFAULT_ROUND_MINUTES = 50
MAX_ROUND_MINUTES = 600
# How far into the round clock a no-show may be given (Event.no_show_minutes), and its most
# (the check constraint's).
DEFAULT_NO_SHOW_MINUTES = 10
MAX_NO_SHOW_MINUTES = 600
# A draft event's pick timer (Event.pick_seconds), when set: the check constraint's bounds.
MIN_PICK_SECONDS = 10
MAX_PICK_SECONDS = 600
MAX_VENUE = 200
MAX_DESCRIPTION = 5000
MAX_CAPACITY = 10000


def event_details_problems(*, time_zone: str, venue: str, description: str,
                           capacity: int | None) -> list[str]:
    """Every reason the event's time zone, venue, description and capacity are refused,
    each tagged with the setting it is about (as every `*_problems` here)."""
    problems = []
    zone = time_zone_problem(time_zone)
    if zone:
        problems.append(Problem(zone, "time_zone"))
    if len(venue) > MAX_VENUE:
        problems.append(Problem(gettext("the venue is longer than %(most)d characters")
                                % {"most": MAX_VENUE}, "venue"))
    if len(description) > MAX_DESCRIPTION:
        problems.append(Problem(gettext("the description is longer than %(most)d characters")
                                % {"most": MAX_DESCRIPTION}, "description"))
    if capacity is not None and (isinstance(capacity, bool) or not isinstance(capacity, int)
                                 or not 1 <= capacity <= MAX_CAPACITY):
        problems.append(Problem(
            gettext("the capacity is 1 to %(most)d players (or none), not %(capacity)r")
            % {"most": MAX_CAPACITY, "capacity": capacity}, "capacity"))
    return problems


def corrections_problems(*, late_player_gets: str, no_show_minutes: int,
                         game: CardGame) -> list[str]:
    """Every reason the settings of the day's corrections are refused: what a player added
    after a round is paired gets (services.late_players), and how far into the round clock
    a no-show may be given (services.no_shows)."""
    problems = []
    if late_player_gets not in LatePlayerGets.values:
        problems.append(Problem(
            gettext("a late player gets a bye or an AI match (%(choices)s), not %(value)r")
            % {"choices": ", ".join(LatePlayerGets.values), "value": late_player_gets},
            "late_player_gets"))
    elif late_player_gets == LatePlayerGets.AI_MATCH and not engine_plays(game):
        problems.append(Problem(
            gettext("a late player gets a bye in %(game)s events: the game has no AI players")
            % {"game": game.name}, "late_player_gets"))
    if (isinstance(no_show_minutes, bool) or not isinstance(no_show_minutes, int)
            or not 1 <= no_show_minutes <= MAX_NO_SHOW_MINUTES):
        problems.append(Problem(
            gettext("a no-show is given 1 to %(most)d minutes into the round clock, not "
                    "%(value)r") % {"most": MAX_NO_SHOW_MINUTES, "value": no_show_minutes},
            "no_show_minutes"))
    return problems


def event_problems(*, name: str, format: str, match_length: int, rounds: int | None,
                   top_cut: int, registration_opens: datetime | None,
                   registration_closes: datetime | None, late_entry_until_round: int,
                   tiebreakers: Sequence[str], third_place: bool = False,
                   day2_points: int | None = None, day2_rounds: int | None = None,
                   fill_with_ai: bool = False, structure: str = EventStructure.SWISS,
                   groups: int | None = None, cycles: int = 1,
                   head_to_head: bool = False) -> list[str]:
    """Every reason the settings cannot make an event, all at once."""
    if structure == EventStructure.DOUBLE_ELIMINATION:
        problems = double_elimination_problems(
            structure=structure, groups=groups, cycles=cycles, head_to_head=head_to_head,
            format=format, rounds=rounds, top_cut=top_cut, third_place=third_place,
            day2_points=day2_points, fill_with_ai=fill_with_ai,
            late_entry_until_round=late_entry_until_round)
    elif structure == EventStructure.SINGLE_ELIMINATION:
        problems = knockout_problems(
            structure=structure, groups=groups, cycles=cycles, head_to_head=head_to_head,
            format=format, rounds=rounds, top_cut=top_cut, day2_points=day2_points,
            fill_with_ai=fill_with_ai, late_entry_until_round=late_entry_until_round)
    else:
        problems = round_robin_problems(
            structure=structure, groups=groups, cycles=cycles, head_to_head=head_to_head,
            format=format, rounds=rounds, top_cut=top_cut, day2_points=day2_points,
            fill_with_ai=fill_with_ai, late_entry_until_round=late_entry_until_round,
            tiebreakers=tiebreakers)
    if not name.strip():
        problems.append(Problem(gettext("the event needs a name"), "name"))
    elif len(name) > MAX_NAME:
        problems.append(Problem(gettext("the name is longer than %(most)s characters")
                                % {"most": MAX_NAME}, "name"))
    if format not in EventFormat.values:
        problems.append(Problem(gettext("format must be one of %(values)s, not %(format)s")
                                % {"values": ", ".join(EventFormat.values),
                                   "format": repr(format)}, "format"))
    if match_length not in MatchLength.values:
        problems.append(Problem(
            gettext("matches are best of 1 or best of 3, not best of %(match_length)s")
            % {"match_length": match_length}, "match_length"))
    if rounds is not None and rounds < 1:
        problems.append(Problem(
            gettext("an event needs at least one Swiss round, not %(rounds)s")
            % {"rounds": rounds}, "rounds"))
    if top_cut not in TopCut.values:
        problems.append(Problem(gettext("the top cut is none or 2, 4, 8, 16, 32 or 64 players, "
                                        "not %(top_cut)s")
                                % {"top_cut": top_cut}, "top_cut"))
    elif third_place and top_cut < TopCut.TOP_4 and structure not in (
            EventStructure.SINGLE_ELIMINATION, EventStructure.DOUBLE_ELIMINATION):
        problems.append(Problem(gettext("a match for third place needs a top cut of at least 4 "
                                        "players"), "third_place"))
    problems += day_two_problems(format=format, day2_points=day2_points,
                                  day2_rounds=day2_rounds, fill_with_ai=fill_with_ai)
    if registration_opens and registration_closes and registration_closes <= registration_opens:
        problems.append(Problem(gettext("registration must close after it opens"),
                                "registration_closes"))
    if late_entry_until_round < 0:
        problems.append(Problem(gettext("late entry is until a round number (0 for none)"),
                                "late_entry_until_round"))
    elif rounds is not None and late_entry_until_round > rounds:
        problems.append(Problem(
            gettext("late entry until round %(round)s, but the event has %(rounds)s Swiss "
                    "rounds") % {"round": late_entry_until_round, "rounds": rounds},
            "late_entry_until_round"))
    unknown = [t for t in tiebreakers if t not in METRICS]
    if not tiebreakers:
        problems.append(Problem(gettext("the standings need at least one tiebreaker"),
                                "tiebreakers"))
    for t in unknown:
        problems.append(Problem(
            gettext("unknown tiebreaker %(tiebreaker)s: known are %(known)s")
            % {"tiebreaker": repr(t), "known": ", ".join(METRICS)}, "tiebreakers"))
    if len(set(tiebreakers)) != len(tiebreakers):
        problems.append(Problem(gettext("a tiebreaker is listed twice"), "tiebreakers"))
    return problems


def game_problems(*, game: CardGame, format: str, fill_with_ai: bool,
                  check_squads: bool) -> list[str]:
    """Every reason the format and the AI and squad settings do not suit the event's game."""
    problems = []
    if not engine_plays(game):  # The Spoils, Berserk: reported results, constructed decks
        if format != EventFormat.CONSTRUCTED:
            problems.append(Problem(
                gettext("%(game)s events are constructed: players bring their lists")
                % {"game": game.name}, "format"))
        if fill_with_ai:
            problems.append(Problem(
                gettext("%(game)s has no AI players: an odd count gets a bye")
                % {"game": game.name}, "fill_with_ai"))
    if check_squads and game.slug != BERSERK:
        problems.append(Problem(
            gettext("squad checks are for Berserk events only: %(game)s has no squads to "
                    "check (rules B-4, B-5)") % {"game": game.name}, "check_squads"))
    return problems


def pick_seconds_problems(pick_seconds: object) -> list[str]:
    """Why the pick timer is refused (none when it is empty or MIN_PICK_SECONDS to
    MAX_PICK_SECONDS)."""
    if pick_seconds is None:
        return []
    if (isinstance(pick_seconds, bool) or not isinstance(pick_seconds, int)
            or not MIN_PICK_SECONDS <= pick_seconds <= MAX_PICK_SECONDS):
        return [Problem(gettext("the pick timer is %(least)d to %(most)d seconds, or empty for "
                                "none, not %(value)r")
                        % {"least": MIN_PICK_SECONDS, "most": MAX_PICK_SECONDS,
                           "value": pick_seconds}, "pick_seconds")]
    return []


def round_minutes_problems(round_minutes: object) -> list[str]:
    """Why the round clock's length is refused (none when it is 1 to MAX_ROUND_MINUTES)."""
    if (isinstance(round_minutes, bool) or not isinstance(round_minutes, int)
            or not 1 <= round_minutes <= MAX_ROUND_MINUTES):
        return [Problem(gettext("the round clock is 1 to %(most)d minutes, not %(value)r")
                        % {"most": MAX_ROUND_MINUTES, "value": round_minutes},
                        "round_minutes")]
    return []


@transaction.atomic
def event_create(*, by: AbstractBaseUser, name: str, format: str, now: datetime,
                 seed: int | None = None,
                 game: CardGame | None = None, match_length: int = MatchLength.BEST_OF_3,
                 rounds: int | None = None, top_cut: int = TopCut.NONE,
                 third_place: bool = False, day2_points: int | None = None,
                 day2_rounds: int | None = None, registration_opens: datetime | None = None,
                 registration_closes: datetime | None = None,
                 decklist_deadline: datetime | None = None, late_entry_until_round: int = 0,
                 check_in_required: bool = False, fill_with_ai: bool = False,
                 ai_in_top_cut: bool = False, exclude_ai_from_ratings: bool = True,
                 tiebreakers: Sequence[str] | None = None, check_squads: bool = False,
                 round_minutes: int = DEFAULT_ROUND_MINUTES,
                 clock_starts_at_pairing: bool = True, starts_at: datetime | None = None,
                 time_zone: str = "UTC", venue: str = "", description: str = "",
                 capacity: int | None = None, late_player_gets: str = LatePlayerGets.BYE,
                 no_show_minutes: int = DEFAULT_NO_SHOW_MINUTES,
                 pick_seconds: int | None = None, structure: str = EventStructure.SWISS,
                 groups: int | None = None, cycles: int = 1, head_to_head: bool = False,
                 grand_final_reset: bool = True, team_size: int = 1) -> Event:
    """A new event in registration, organized by `by`. `rounds` None: the number of Swiss
    rounds comes from the player count when the event starts. The seed that drives every
    draw (pods, drafts, pairings, engine games) is drawn here from the secure source; only
    the operator's commands (demos, benchmarks) pass `seed`, to replay an event. No page or
    API lets a user choose it."""
    order = list(tiebreakers) if tiebreakers is not None else default_tiebreakers()
    problems = event_problems(name=name, format=format, match_length=match_length,
                              rounds=rounds, top_cut=top_cut, third_place=third_place,
                              day2_points=day2_points, day2_rounds=day2_rounds,
                              fill_with_ai=fill_with_ai, structure=structure, groups=groups,
                              cycles=cycles, head_to_head=head_to_head,
                              registration_opens=registration_opens,
                              registration_closes=registration_closes,
                              late_entry_until_round=late_entry_until_round, tiebreakers=order)
    game = game or clash_game()
    problems += game_problems(game=game, format=format, fill_with_ai=fill_with_ai,
                              check_squads=check_squads)
    problems += round_minutes_problems(round_minutes)
    problems += team_size_problems(team_size=team_size, structure=structure, top_cut=top_cut,
                                   format=format, fill_with_ai=fill_with_ai,
                                   day2_points=day2_points)
    problems += pick_seconds_problems(pick_seconds)
    problems += event_details_problems(time_zone=time_zone, venue=venue,
                                       description=description, capacity=capacity)
    problems += corrections_problems(late_player_gets=late_player_gets,
                                     no_show_minutes=no_show_minutes, game=game)
    if problems:
        raise DomainError("invalid_event", "; ".join(problems), problems=problems)
    event = Event.objects.create(
        name=name.strip(), game=game, format=format, match_length=match_length,
        rounds=rounds, top_cut=top_cut, third_place=third_place, day2_points=day2_points,
        day2_rounds=day2_rounds, registration_opens=registration_opens,
        registration_closes=registration_closes, decklist_deadline=decklist_deadline,
        late_entry_until_round=late_entry_until_round, check_in_required=check_in_required,
        fill_with_ai=fill_with_ai, ai_in_top_cut=ai_in_top_cut,
        exclude_ai_from_ratings=exclude_ai_from_ratings,
        tiebreakers=order, check_squads=check_squads, round_minutes=round_minutes,
        clock_starts_at_pairing=clock_starts_at_pairing, starts_at=starts_at,
        time_zone=time_zone, venue=venue.strip(), description=description.strip(),
        capacity=capacity, late_player_gets=late_player_gets, no_show_minutes=no_show_minutes,
        pick_seconds=pick_seconds, structure=structure, groups=groups, cycles=cycles,
        head_to_head=head_to_head, grand_final_reset=grand_final_reset, team_size=team_size,
        seed=new_seed() if seed is None else seed, created_at=now)
    event.organizers.add(by)
    standings_row_create(event=event)
    return event


@transaction.atomic
def organizer_add(*, event_id: int, by: AbstractBaseUser, user: AbstractBaseUser) -> Event:
    """An organizer of the event makes `user` an organizer too (adding one twice is a no-op)."""
    event = lock_event(event_id)
    require_organizer(event, by)
    event.organizers.add(user)
    return event


@transaction.atomic
def event_start(*, event_id: int, by: AbstractBaseUser, now: datetime,
                drop_without_list: Collection[int] | None = None,
                ai_in_empty_seats: int | None = None, ask: bool = True) -> tuple[Event, bool]:
    """registration -> running. With check-in required, players who have not checked in are
    dropped now (they are never paired). The number of Swiss rounds is fixed here from the
    players left, unless the organizer set it. Starting a running event again is a no-op.
    Returns the event and whether this call started it.

    The start asks first (selectors.starting): a Conflict names the seats without a list
    unless `drop_without_list` names exactly those seats (they are dropped, and the event
    starts without them), and in a draft the pods' empty places unless `ai_in_empty_seats`
    is their number (AI seats take them). Only the operator's commands pass `ask=False` (a
    benchmark's bulk seats have no lists)."""
    event = lock_event(event_id)
    require_organizer(event, by)
    if event.status == EventStatus.RUNNING:
        return event, False
    event_move(event, EventStatus.RUNNING)
    if ask:
        dropped = _answered(event, start_questions(event), drop_without_list=drop_without_list,
                            ai_in_empty_seats=ai_in_empty_seats)
        Registration.objects.filter(pk__in=dropped).update(dropped=True, dropped_at=now)
    seats = Registration.objects.filter(event=event, is_ai=False, dropped=False)
    require_teams_full(event)
    places = seats.count()  # a draft pod keeps a no-show's place for an AI seat
    if event.check_in_required:
        seats.filter(checked_in=False).update(dropped=True, dropped_at=now)
    # AI seats the organizer added play every round like the players do.
    players = seats.count() + Registration.objects.filter(event=event, is_ai=True,
                                                          dropped=False).count()
    if players < 2:
        raise Conflict("too_few_players",
                       (ngettext("%(event)s needs at least 2 players to start, it has "
                                 "%(count)d checked in",
                                 "%(event)s needs at least 2 players to start, it has "
                                 "%(count)d checked in", players)
                        if event.check_in_required else
                        ngettext("%(event)s needs at least 2 players to start, it has %(count)d",
                                 "%(event)s needs at least 2 players to start, it has %(count)d",
                                 players))
                       % {"event": event.name, "count": players},
                       params={"event": event.name, "count": players})
    if event.format == EventFormat.DRAFT:
        # Each pod plays its own Swiss rounds: as many as its seats need.
        pods = pods_create(event=event, places=places, now=now)
        players = max(pod.seats.count() for pod in pods)
    if event.double_elimination:
        # Seeded now (and written with the phases below): the rounds up to the grand final.
        event.rounds = double_elimination_rounds(len(double_elimination_seeds(event)))
    elif event.single_elimination:
        # The players are seeded now (and written with the phases below): the bracket's
        # rounds come from how many they are.
        event.rounds = knockout_rounds(len(knockout_seeds(event)))
    elif event.round_robin:
        # The groups are drawn now (and written with the phases below): their largest
        # plays every round of the phase.
        event.rounds = round_robin_rounds(groups_draw(event), event.cycles)
    elif event.rounds is None:
        event.rounds = rounds_for(players)
    if event.late_entry_until_round > event.rounds:
        event.late_entry_until_round = event.rounds
    event.started_at = now
    # The commitment to the seed, published from now on and checked against the seed the
    # event reveals when it ends (core.seeds).
    event.seed_nonce = event.seed_nonce or new_nonce()
    event.seed_hash = seed_commitment(event.seed, event.seed_nonce)
    event.save(update_fields=["status", "rounds", "late_entry_until_round", "started_at",
                              "seed_nonce", "seed_hash"])
    # The plan is fixed from now on: its phases are written (services.phases).
    phases_write(event=event)
    results_version_bump(event_id=event.pk)
    return event, True


def _answered(event: Event, questions: StartQuestions, *,
              drop_without_list: Collection[int] | None,
              ai_in_empty_seats: int | None) -> list[int]:
    """The seats to drop as the start begins, once the request has answered every question
    of `questions` as it stands now; else a Conflict naming each seat (or pod) asked about,
    with its id (number) and name in the problem's params, so the caller can answer."""
    missing = [seat.pk for seat in questions.without_list]
    if missing and set(drop_without_list or ()) != set(missing):
        count = len(missing)
        raise Conflict(
            "seats_without_list",
            ngettext("%(event)s has %(count)d seat without a list: drop it and start, or wait "
                     "for its list",
                     "%(event)s has %(count)d seats without a list: drop them and start, or "
                     "wait for their lists", count) % {"event": event.name, "count": count},
            problems=[Problem(gettext("%(name)s has no list") % {"name": seat.name},
                              code="no_list", params={"registration": seat.pk,
                                                      "name": seat.name})
                      for seat in questions.without_list],
            params={"event": event.name, "count": count, "registrations": missing})
    empty = questions.empty_seats
    if empty and ai_in_empty_seats != empty:
        raise Conflict(
            "pods_empty_seats",
            ngettext("%(event)s has %(count)d empty seat in its pods: start with an AI player "
                     "in it, or wait for more players",
                     "%(event)s has %(count)d empty seats in its pods: start with AI players "
                     "in them, or wait for more players", empty)
            % {"event": event.name, "count": empty},
            problems=[Problem(ngettext("pod %(pod)d: %(count)d empty seat of %(seats)d",
                                       "pod %(pod)d: %(count)d empty seats of %(seats)d",
                                       pod.empty)
                              % {"pod": pod.number, "count": pod.empty, "seats": pod.seats},
                              code="empty_seats",
                              params={"pod": pod.number, "seats": pod.seats,
                                      "players": pod.players, "empty": pod.empty})
                      for pod in questions.pods],
            params={"event": event.name, "count": empty})
    return missing


@transaction.atomic
def event_complete(*, event_id: int, by: AbstractBaseUser, now: datetime,
                   ) -> tuple[Event, bool]:
    """running -> complete when every Swiss round is played and there is no top cut;
    top_cut -> complete when the final is decided. Completing it again is a no-op.
    Returns the event and whether this call completed it."""
    event = lock_event(event_id)
    require_organizer(event, by)
    if event.status == EventStatus.COMPLETE:
        return event, False
    if event.status == EventStatus.RUNNING and event.top_cut:
        raise Conflict("top_cut_first", gettext("%(event)s has a top %(top_cut)s: start the top "
                                                "cut when the Swiss rounds are over")
                                        % {"event": event.name, "top_cut": event.top_cut},
                       params={"event": event.name, "top_cut": event.top_cut})
    event_move(event, EventStatus.COMPLETE)
    last = Round.objects.filter(event=event).order_by("-number").first()
    if last is None:
        raise Conflict("rounds_to_play", gettext("%(event)s has not paired any round yet")
                                         % {"event": event.name},
                       params={"event": event.name, "played": 0})
    if last.stage == RoundStage.SWISS and last.number < event.swiss_rounds:
        raise Conflict("rounds_to_play", gettext("%(event)s has played %(number)s of its "
                                                 "%(rounds)s Swiss rounds")
                                         % {"event": event.name, "number": last.number,
                                            "rounds": event.swiss_rounds},
                       params={"event": event.name, "played": last.number,
                               "rounds": event.swiss_rounds})
    require_round_confirmed(last)
    if last.stage == RoundStage.TOP_CUT and (Match.objects.filter(
            round=last, bracket=MatchBracket.MAIN).count() > 1 or (
            event.single_elimination and last.number < event.rounds) or (
            event.double_elimination and not double_elimination_decided(event))):
        raise Conflict("bracket_open", gettext("Round %(number)s is not the final: pair the next"
                                               " top-cut round")
                                       % {"number": last.number},
                       params={"round": last.number})
    event.completed_at = now
    event.save(update_fields=["status", "completed_at"])
    ratings_update_for_event(event_id=event.pk, now=now)
    # The final standings, kept as they are now (a later change to the tiebreakers' code
    # never reorders a finished event).
    standings_freeze(event=event, now=now)
    results_version_bump(event_id=event.pk)
    return event, True
