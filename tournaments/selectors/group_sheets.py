"""Reading a round robin's group tables as they are printed (the group tables printout,
templates/tournaments/print/group_tables.html): for each group its players in seed order,
its cross table, its standings and its rounds' pairings.

- The cross table: a cell per pair of players, the row player's result against the column
  player in games won-lost (won-lost-drawn with draws), both results of a double round
  robin one after the other; empty until the match is confirmed, so the organizer can fill
  it in by hand. A player's byes are their own column: the round of each.
- The standings: the group's rows of the event's standings (selectors.standings: the event's
  tiebreakers, head-to-head first when the event asks).
- The rounds: each round's tables of the group as paired, and for a round not paired yet the
  group's Berger tables (`tournaments.structures.round_robin.schedule`) without a table
  number: the sheet can be printed blank at the start and filled in as the rounds come.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.models import Event, Match, MatchStatus, Registration, RoundStage
from tournaments.selectors.bridge import registration_id, seat_names, swiss_id
from tournaments.selectors.groups import round_robin_groups
from tournaments.selectors.standings import StandingRow, standings_for_event
from tournaments.structures.round_robin import schedule

__all__ = ["GroupPlayer", "GroupRound", "GroupSheet", "GroupTable", "group_sheets"]


@dataclass(frozen=True)
class GroupPlayer:
    registration_id: int
    name: str
    is_ai: bool
    dropped: bool


@dataclass(frozen=True)
class GroupTable:
    """A table of a group's round: `table` "" when not paired yet; `b` None for a bye;
    `score` the confirmed result from A's side ("2-1"), "" until then."""
    table: str
    a: str
    b: str | None
    score: str = ""


@dataclass(frozen=True)
class GroupRound:
    number: int
    paired: bool
    tables: list[GroupTable]


@dataclass
class GroupSheet:
    number: int
    players: list[GroupPlayer]
    # cells[i][j]: player i's results against player j ("" until played); None: i is j.
    cells: list[list[str | None]]
    byes: list[str]  # each player's bye rounds as text ("3", "3, 6"), "" without one
    standings: list[StandingRow]
    rounds: list[GroupRound] = field(default_factory=list)

    @property
    def table_rows(self) -> list[tuple[GroupPlayer, list[str | None], str]]:
        """The cross table's rows: each player with their cells and their byes."""
        return list(zip(self.players, self.cells, self.byes, strict=True))


def _score(a_wins: int, b_wins: int, draws: int) -> str:
    return f"{a_wins}-{b_wins}" + (f"-{draws}" if draws else "")


def group_sheets(event: Event) -> list[GroupSheet]:
    """The groups of a round-robin event as printed, group 1 first; [] before the groups
    are drawn (the start) or for another structure. Four queries (the standings kept)."""
    groups = round_robin_groups(event)
    if not groups:
        return []
    names = seat_names(event.pk)
    seats = {pk: (is_ai, dropped) for pk, is_ai, dropped in Registration.objects.filter(
        event=event).values_list("id", "is_ai", "dropped")}
    standings = standings_for_event(event)
    matches = list(Match.objects.filter(round__event=event, round__stage=RoundStage.SWISS)
                   .order_by("round__number", "table", "id")
                   .values_list("round__number", "table", "player_a_id", "player_b_id",
                                "status", "a_wins", "b_wins", "draws"))
    sheets = [_sheet(event, number, members, names, seats, standings, matches)
              for number, members in enumerate(groups, start=1)]
    return sheets


def _sheet(event: Event, number: int, members: list[int], names: dict[int, str],
           seats: dict[int, tuple[bool, bool]], standings: list[StandingRow],
           matches: list[tuple]) -> GroupSheet:
    place = {pk: i for i, pk in enumerate(members)}
    players = [GroupPlayer(pk, names.get(pk, ""), *seats.get(pk, (False, False)))
               for pk in members]
    cells: list[list[str | None]] = [["" if i != j else None for j in members]
                                     for i in members]
    byes: list[list[int]] = [[] for _ in members]
    paired: dict[int, list[GroupTable]] = {}
    for rnd, table, a, b, status, a_wins, b_wins, draws in matches:
        if a not in place:
            continue
        confirmed = status == MatchStatus.CONFIRMED
        score = _score(a_wins, b_wins, draws) if confirmed and b is not None else ""
        paired.setdefault(rnd, []).append(GroupTable(
            "" if table is None else str(table), names.get(a, ""),
            None if b is None else names.get(b, ""), score))
        if b is None:
            byes[place[a]].append(rnd)
        elif confirmed and b in place:
            for me, other, mine, theirs in ((a, b, a_wins, b_wins), (b, a, b_wins, a_wins)):
                cell = cells[place[me]][place[other]]
                cells[place[me]][place[other]] = (f"{cell} / " if cell else "") + _score(
                    mine, theirs, draws)
    rounds = []
    for index, pairs in enumerate(schedule([swiss_id(pk) for pk in members], event.cycles),
                                  start=1):
        if index in paired:
            rounds.append(GroupRound(index, True, paired[index]))
            continue
        tables = [GroupTable("", names.get(registration_id(a), ""),
                             None if b is None else names.get(registration_id(b), ""))
                  for a, b in pairs]
        rounds.append(GroupRound(index, False, tables))
        # A bye still to come is known from the group's Berger tables.
        for a, b in pairs:
            if b is None:
                byes[place[registration_id(a)]].append(index)
    return GroupSheet(
        number=number, players=players, cells=cells,
        byes=[", ".join(str(r) for r in sorted(rounds_)) for rounds_ in byes],
        standings=[row for row in standings if row.group == number],
        rounds=rounds)
