"""Reading a round robin's groups: who is in each (as drawn at the start, on the phase), each
group's table, and one order across the groups.

Each group's table is `tournaments.structures.round_robin.group_standings` over the group's
confirmed results: the event's tiebreakers, with head-to-head right after match points when
the event asks. One order across the groups (`across_groups`) is the top cut's seeding
order, group winners first by their records, then the seconds, and so on; the final places
of those outside the cut (or of everyone, without one) follow it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from tournaments import swiss
from tournaments.models import Event, Phase, PhaseStructure
from tournaments.selectors.bridge import swiss_id
from tournaments.structures.round_robin import group_standings
from tournaments.swiss.standings import Standing


def round_robin_groups(event: Event) -> list[list[int]]:
    """A round-robin event's groups (registration ids, each in its seed order) as drawn at
    the start; [] for a Swiss event or before the start."""
    if not event.round_robin:
        return []
    return (Phase.objects.filter(event=event, number=1, structure=PhaseStructure.ROUND_ROBIN)
            .values_list("group_members", flat=True).first()) or []


def group_tables(event: Event, groups: list[list[int]],
                 tournament: swiss.Tournament) -> list[tuple[int, Standing]]:
    """Each group's table, group 1 first, as (group number, standing), each group by rank
    in it; `tournament` is the event's confirmed results (bridge.standings_view)."""
    ranked = []
    for number, group in enumerate(groups, start=1):
        ids = [swiss_id(pk) for pk in group]
        members = set(ids)
        results = [m for m in tournament.matches if m.a in members]
        ranked += [(number, replace(s, dropped=s.id in tournament.dropped))
                   for s in group_standings(ids, results, head_to_head_first=event.head_to_head,
                                            order=event.tiebreakers)]
    return ranked


def across_groups(order: Sequence[str], rows: Sequence[Any]) -> list[Any]:
    """A round robin's standings rows (each with `rank` in its `group` and the metrics of
    `order`) in one order across the groups: the group winners by their records, then the
    seconds, and so on, equal records by group number. Rows without a group keep their
    order."""
    if not any(row.group for row in rows):
        return list(rows)
    return sorted(rows, key=lambda row: (row.rank, *(-getattr(row, key) for key in order),
                                         row.group))
