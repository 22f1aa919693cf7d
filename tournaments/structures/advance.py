"""Who advances from one phase of an event to the next, from the rankings the phase ended with.

- `top`: the first N of a ranking (a top cut);
- `at_least`: everyone with at least X match points (a day-2 cut), whoever they are;
- `top_of_each_group`: the first K of each group's ranking (round robin groups), listed by
  place in the group first, then by group: every group's winner, then every group's second...,
  the seed order of the next phase.

Each takes `excluded` (players who dropped, or who may not advance): an excluded player takes
no place, so the next one advances instead. Each returns names in the order it advances them
and refuses, with a StructureError naming the problem, a ranking that lists a player twice, a
count below 1 and a count larger than the players who can advance.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .model import StructureError


def _whole(value: object, what: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise StructureError(f"{what} must be a whole number of at least {minimum}, "
                             f"not {value!r}")
    return value


def _distinct(players: Sequence[str], what: str) -> None:
    seen: set[str] = set()
    for player in players:
        if player in seen:
            raise StructureError(f"{what} lists {player!r} twice")
        seen.add(player)


def _eligible(ranking: Sequence[str], excluded: Collection[str]) -> list[str]:
    return [player for player in ranking if player not in excluded]


def top(ranking: Sequence[str], count: int, excluded: Collection[str] = ()) -> list[str]:
    """The first `count` players of `ranking` (best first) who are not `excluded`."""
    _whole(count, "the number of players who advance", 1)
    _distinct(ranking, "the ranking")
    eligible = _eligible(ranking, excluded)
    if count > len(eligible):
        raise StructureError(f"a top {count} needs {count} players, the ranking has "
                             f"{len(eligible)} who can advance")
    return eligible[:count]


def at_least(ranking: Sequence[tuple[str, int]], threshold: int,
             excluded: Collection[str] = ()) -> list[str]:
    """Every player of `ranking` ((name, match points), best first) with at least `threshold`
    match points who is not `excluded`, in the ranking's order. Nobody reaching it is an empty
    list: the next phase says whether it can start without players."""
    _whole(threshold, "the match points to advance", 0)
    _distinct([player for player, _ in ranking], "the ranking")
    for player, points in ranking:
        _whole(points, f"{player!r}'s match points", 0)
    return [player for player, points in ranking
            if points >= threshold and player not in excluded]


def top_of_each_group(groups: Sequence[Sequence[str]], count: int,
                      excluded: Collection[str] = ()) -> list[str]:
    """The first `count` players of each group's ranking (best first) who are not `excluded`:
    the groups' winners in group order, then their seconds, and so on."""
    _whole(count, "the number of players who advance from each group", 1)
    if not groups:
        raise StructureError("there are no groups to advance from")
    _distinct([player for group in groups for player in group], "the groups")
    chosen = []
    for number, group in enumerate(groups, start=1):
        eligible = _eligible(group, excluded)
        if count > len(eligible):
            raise StructureError(f"the top {count} of each group: group {number} has "
                                 f"{len(eligible)} who can advance")
        chosen.append(eligible[:count])
    return [group[place] for place in range(count) for group in chosen]
