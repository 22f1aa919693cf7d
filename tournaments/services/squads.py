"""Squad checks of Berserk events (rules B-4, B-5): the event option, a player's squad of each
game checked against their registered list, and who sees what.

When an event checks squads, each player of a match submits, for each game, the squad they
recruited and its placement (the squad file of docs/berserk.md with the deal given by card
name, as `decks.services.squads.squad_check_for_list` takes it). The check runs against the
decklist version the player is registered with and is stored, problems and all, one row per
match, player and game: a resubmission replaces it while the match is open.

A missing or illegal squad does not stop a report: the match is flagged "squad problems" on
its page and on the organizer's dashboard, and the organizer settles it (docs/berserk.md).

A squad is hidden information until the game: a player sees their own checks, the organizers
see all of them, and once the match is confirmed both players see both squads.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import Conflict, DomainError, Forbidden
from decks.services.squads import squad_check_for_list
from tournaments.models import (
    Event,
    EventStatus,
    Match,
    MatchStatus,
    Registration,
    SquadCheck,
)

from .guards import lock_match

__all__ = ["squad_check_submit"]


def _seat_in_match(match: Match, registration_id: int) -> Registration:
    for registration in (match.player_a, match.player_b):
        if registration is not None and registration.pk == registration_id:
            return registration
    raise Forbidden("not_in_match", gettext("registration %(registration)s does not play this "
                                            "match")
                                    % {"registration": registration_id},
                    params={"registration": registration_id})


@transaction.atomic
def squad_check_submit(*, match_id: int, registration_id: int, by: AbstractBaseUser,
                       game_number: int, data: Any, now: datetime) -> SquadCheck:  # noqa: ANN401
    """A player's squad and placement for one game of their match, checked against the list
    they are registered with and stored with the problems found. Only the match's players
    submit, each only their own squad; while the match is open a new submission for the same
    game replaces the old one. A malformed squad, or a deal with cards the list does not
    hold, is refused and nothing is stored."""
    rnd, match = lock_match(match_id)
    match = (Match.objects.select_related("player_a__player__profile", "player_b__player__profile",
                                          "player_a__decklist_version__decklist__game",
                                          "player_b__decklist_version__decklist__game")
             .get(pk=match.pk))
    event = Event.objects.select_related("game").get(pk=rnd.event_id)
    if not event.check_squads:
        raise Conflict("squad_checks_off", gettext("%(event)s does not check squads")
                                           % {"event": event.name},
                       params={"event": event.name})
    registration = _seat_in_match(match, registration_id)
    if registration.player_id is None or registration.player_id != by.pk:
        raise Forbidden("not_your_squad", gettext("each player submits only their own squad"))
    if match.bye:
        raise Conflict("bye", gettext("a bye has no games: there is no squad to check"))
    if event.status == EventStatus.COMPLETE or match.status == MatchStatus.CONFIRMED:
        raise Conflict("match_closed", gettext("table %(table)s is confirmed: its squads can no "
                                               "longer change")
                                       % {"table": match.table},
                       params={"table": match.table})
    if (not isinstance(game_number, int) or isinstance(game_number, bool)
            or not 1 <= game_number <= event.match_length):
        raise DomainError("no_such_game", gettext("the game is 1 to %(match_length)s in a best "
                                                  "of %(match_length)s, not %(game_number)s")
                                          % {"match_length": event.match_length,
                                             "game_number": repr(game_number)},
                          params={"game": game_number, "best_of": event.match_length})
    version = registration.decklist_version
    if version is None:
        raise Conflict("no_decklist", gettext("%(player)s is registered without a list")
                                      % {"player": registration.name},
                       params={"player": registration.name})
    report = squad_check_for_list(version=version, data=data)
    check, _ = SquadCheck.objects.update_or_create(
        match=match, registration=registration, game_number=game_number,
        defaults={"squad": data, "problems": [p.to_record() for p in report.problems],
                  "ok": report.valid, "created_at": now})
    return check


