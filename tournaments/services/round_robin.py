"""A round robin in groups as an event's first phase: the bridge from the rows to the pure
`tournaments.structures.round_robin`.

- At the start the players still in are drawn into the event's `groups` groups by snake
  order (`groups_draw`): by rating (the game and format's ordinal, best first) when players
  have one, the others after them in an order drawn from the event's seed. The groups are
  written on the phase (`Phase.group_members`) and never change.
- Pairing a round pairs every group's round of that number at once (`round_robin_pairs`):
  the group's Berger tables. A player without an opponent in an odd group gets the bye; a
  dropped player's matches are not paired, their opponent gets a bye for the round. A group
  whose tables are played (a smaller group) sits the round out.
- Its settings (`round_robin_problems`, for event_create and event_update): 1 to 32 groups,
  no Swiss rounds, day 2, AI seats or late entry, and a cut that takes as many from each
  group.
- The top cut takes the best `top_cut / groups` of each group by its standings, seeded
  group winners first (among them by their records), then the seconds, and so on
  (`round_robin_cut_seeds`).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, ngettext

from core.errors import Conflict, Problem
from tournaments.models import (
    Event,
    EventFormat,
    EventStructure,
    Registration,
    TopCut,
)
from tournaments.selectors.bridge import SwissView, registration_id, swiss_id
from tournaments.selectors.seeding import seeded_seats
from tournaments.structures.round_robin import (
    LARGEST_GROUP,
    SMALLEST_GROUP,
    group_standings,
    schedule,
    snake_groups,
)
from tournaments.swiss.explain import statement
from tournaments.swiss.model import Match as SwissMatch
from tournaments.swiss.standings import Standing

__all__ = ["MAX_GROUPS", "cut_sizes_for", "groups_draw", "round_robin_cut_seeds",
           "round_robin_pairs", "round_robin_problems", "round_robin_rounds"]

MAX_GROUPS = 32


def cut_sizes_for(groups: int) -> list[int]:
    """The top cuts a round robin of `groups` groups can have: those that take the same
    number of players from each group."""
    return [size for size in TopCut.values if size and size % groups == 0]


def round_robin_problems(*, structure: str, groups: int | None, cycles: int,
                          head_to_head: bool, format: str, rounds: int | None, top_cut: int,
                          day2_points: int | None, fill_with_ai: bool,
                          late_entry_until_round: int, tiebreakers: Sequence[str],
                          ) -> list[str]:
    """Why the first phase cannot be as asked. A round robin's groups are drawn at the start
    and every pair of a group meets, so its rounds come from its groups, nobody enters late,
    and an odd group gives byes; its top cut takes the same number from each group."""
    if structure not in EventStructure.values:
        return [Problem(gettext("the first phase is Swiss or a round robin, not %(value)r")
                        % {"value": structure}, "structure")]
    if cycles not in (1, 2):
        return [Problem(gettext("each pair of a group meets once or twice, not %(value)r "
                                "times") % {"value": cycles}, "cycles")]
    if structure == EventStructure.SWISS:
        problems = []
        if groups is not None:
            problems.append(Problem(gettext("groups are for a round robin: leave them empty "
                                            "for Swiss rounds"), "groups"))
        if cycles != 1 or head_to_head:
            problems.append(Problem(gettext("playing each pair twice and head-to-head are "
                                            "for a round robin"), "cycles"))
        return problems
    problems = []
    if groups is None or not 1 <= groups <= MAX_GROUPS:
        problems.append(Problem(gettext("a round robin plays in 1 to %(most)d groups: say how "
                                        "many") % {"most": MAX_GROUPS}, "groups"))
    elif top_cut and top_cut % groups:
        sizes = cut_sizes_for(groups)
        problems.append(Problem(
            (gettext("a top %(cut)d cannot take the same number of players from each of "
                     "%(groups)d groups: choose a top %(sizes)s, or another number of groups")
             if sizes else
             gettext("a top %(cut)d cannot take the same number of players from each of "
                     "%(groups)d groups: no top cut can, so choose another number of groups"))
            % {"cut": top_cut, "groups": groups,
               "sizes": ", ".join(str(size) for size in sizes)}, "top_cut"))
    if rounds is not None:
        problems.append(Problem(gettext("a round robin's rounds come from its groups: leave "
                                        "the Swiss rounds empty"), "rounds"))
    if format == EventFormat.DRAFT:
        problems.append(Problem(gettext("a draft event plays in its pods: its first phase is "
                                        "Swiss"), "structure"))
    if day2_points is not None:
        problems.append(Problem(gettext("a round robin has no day 2: leave its match points "
                                        "empty"), "day2_points"))
    if fill_with_ai:
        problems.append(Problem(gettext("an odd group of a round robin gives each player one "
                                        "bye: leave filling with AI seats off"),
                                "fill_with_ai"))
    if late_entry_until_round:
        problems.append(Problem(gettext("a round robin's groups are drawn at the start: late "
                                        "entry must be 0"), "late_entry_until_round"))
    if head_to_head and "match_points" not in tiebreakers:
        problems.append(Problem(gettext("head-to-head breaks ties on match points: put match "
                                        "points in the tiebreakers"), "head_to_head"))
    return problems


def _group_counts(players: int) -> tuple[int, int] | None:
    """The fewest and most groups `players` players fill with 3 to 16 each, or None."""
    fits = [g for g in range(1, players + 1)
            if players // g >= SMALLEST_GROUP and -(-players // g) <= LARGEST_GROUP]
    return (fits[0], fits[-1]) if fits else None


def groups_draw(event: Event) -> list[list[int]]:
    """The event's players still in (AI seats too) in its `groups` groups by snake order,
    each group's registration ids in seed order. A Conflict the organizer can act on when a
    group would have fewer than 3 or more than 16 players."""
    order = seeded_seats(event, "round-robin-group-draw")
    count, groups = len(order), event.groups or 1
    smallest, largest = count // groups, -(-count // groups)
    if smallest < SMALLEST_GROUP or largest > LARGEST_GROUP:
        size = smallest if smallest < SMALLEST_GROUP else largest
        fits = _group_counts(count)
        text = ngettext("%(count)d players in %(groups)d group make a group of %(size)d: a "
                        "group has 3 to 16 players.",
                        "%(count)d players in %(groups)d groups make a group of %(size)d: a "
                        "group has 3 to 16 players.", groups)
        if fits is None:
            text += " " + gettext("A round robin needs at least 3 players.")
        else:
            text += " " + gettext("Set the groups to %(fewest)d to %(most)d in the event's "
                                  "settings, or change the players.")
        raise Conflict("group_size", text % {
            "count": count, "groups": groups, "size": size,
            "fewest": fits[0] if fits else 0, "most": fits[1] if fits else 0},
            params={"players": count, "groups": groups, "size": size}, field="groups")
    names = snake_groups([swiss_id(pk) for pk in order], groups)
    return [[registration_id(name) for name in group] for group in names]


def round_robin_rounds(members: list[list[int]], cycles: int) -> int:
    """The rounds of the phase: the largest group's Berger tables, once or twice."""
    largest = max(len(group) for group in members)
    return (largest + largest % 2 - 1) * cycles


def round_robin_pairs(*, members: list[list[int]], cycles: int, view: SwissView,
                      number: int) -> tuple[list[tuple[Registration, Registration]],
                                            list[Registration], list[dict]]:
    """Round `number` of every group: the pairs (group 1's first, each group's tables in
    the Berger order), the byes, and the explanation's statements (a statement per table
    and bye naming its group and the round of its group's tables). `view`: the event's
    rows (services.rounds)."""
    pairs: list[tuple[Registration, Registration]] = []
    byes: list[Registration] = []
    lines: list[dict] = []
    dropped = view.tournament.dropped
    for index, group in enumerate(members, start=1):
        rounds = schedule([swiss_id(pk) for pk in group], cycles)
        if number > len(rounds):
            lines.append(statement("group_done", group=index, rounds=len(rounds)))
            continue
        for a, b in rounds[number - 1]:
            if b is None:
                if a not in dropped:
                    byes.append(view.registrations[a])
                    lines.append(statement("group_bye", group=index, round=number,
                                           player=a))
            elif a in dropped or b in dropped:
                stays = [p for p in (a, b) if p not in dropped]
                for gone in (p for p in (a, b) if p in dropped):
                    if stays:
                        byes.append(view.registrations[stays[0]])
                        lines.append(statement("group_dropped", group=index, round=number,
                                               player=stays[0], opponent=gone))
            else:
                pairs.append((view.registrations[a], view.registrations[b]))
                lines.append(statement("group_table", group=index, round=number,
                                       player=a, opponent=b))
    return pairs, byes, lines


def _group_results(group: list[str], matches: list[SwissMatch]) -> list[SwissMatch]:
    members = set(group)
    return [m for m in matches if m.a in members]


def round_robin_cut_seeds(*, members: list[list[int]], head_to_head: bool,
                          order: list[str], view: SwissView, size: int,
                          excluded: set[str]) -> list[str]:
    """The cut's seeds (Swiss ids), best first: the best `size / groups` of each group not
    `excluded` (the next in the group takes an excluded player's place), group winners
    first, then the seconds, ...; within a place, by their records (the tiebreakers of
    `order` in their group), then by group number. A Conflict when a group has too few."""
    per_group = size // len(members)
    places: list[list[tuple[Standing, int]]] = [[] for _ in range(per_group)]
    for index, group in enumerate(members, start=1):
        ids = [swiss_id(pk) for pk in group]
        table = group_standings(ids, _group_results(ids, view.tournament.matches),
                                head_to_head_first=head_to_head, order=order)
        chosen = [row for row in table if row.id not in excluded][:per_group]
        if len(chosen) < per_group:
            raise Conflict("too_few_for_cut", ngettext(
                "The cut takes %(per)d player from each group, and group %(group)d has only "
                "%(count)d who may take a place in it",
                "The cut takes %(per)d players from each group, and group %(group)d has only "
                "%(count)d who may take a place in it", per_group)
                % {"per": per_group, "group": index, "count": len(chosen)},
                params={"group": index, "per_group": per_group, "eligible": len(chosen)})
        for place, row in enumerate(chosen):
            places[place].append((row, index))

    def record(entry: tuple[Standing, int]) -> tuple:
        row, index = entry
        values = {"match_points": row.match_points, "omw": row.omw, "gw": row.gw,
                  "ogw": row.ogw}
        return (*(-round(values.get(key, 0), 9) for key in order), index)

    return [row.id for place in places for row, _ in sorted(place, key=record)]
