"""What a bracket shows, for its page (templates/tournaments/bracket.html) and its printout on
A4 landscape (templates/tournaments/print/bracket.html): its sections, each a list of
columns, each column a title and its matches.

A single elimination (a top cut, or the whole field) is one section whose columns are its
rounds. A double elimination is three: the winners bracket, the losers bracket and the grand
final, each with a column per round of that bracket (the reset is the final's second round);
a match is placed by its bracket and the bracket round the pure bracket gives it
(selectors.double_elimination: found by its bracket, its round of play and its players).
Each side carries its seed (`seed_a`, `seed_b` on the match)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext

from tournaments.models import Event, Match, MatchBracket
from tournaments.selectors.double_elimination import bracket_waves, de_state
from tournaments.selectors.placings import cut_phase, cut_seeds

__all__ = ["BracketColumn", "BracketSection", "bracket_sections"]


@dataclass
class BracketColumn:
    title: str
    rows: list = field(default_factory=list)  # (match, opens, games) as the pages show them


@dataclass
class BracketSection:
    key: str  # "" for a single elimination; "winners", "losers", "final"
    title: str
    columns: list[BracketColumn] = field(default_factory=list)


def _titles() -> dict[str, str]:
    return {MatchBracket.WINNERS: gettext("Winners bracket"),
            MatchBracket.LOSERS: gettext("Losers bracket"),
            MatchBracket.FINAL: gettext("Grand final")}


def bracket_sections(event: Event, rounds: Sequence[tuple]) -> list[BracketSection]:
    """The sections of the event's bracket from `rounds`: (round, rows) for each of its
    bracket's rounds in order, a round labelled (`label`), each row (match, opens, games)."""
    matches = [row[0] for _, rows in rounds for row in rows]
    if not event.double_elimination:
        phase = cut_phase(event) if rounds else None
        if phase is not None:
            seed = {pk: number for number, pk in enumerate(cut_seeds(phase, matches), start=1)}
            _seeds(matches, seed)
        return [BracketSection("", "", [BracketColumn(rnd.label, list(rows))
                                        for rnd, rows in rounds])] if rounds else []
    state = de_state(event)
    if state is None or not rounds:
        return []
    bracket, results = state
    _seeds(matches, {int(pk): n for n, pk in enumerate(bracket.players, start=1)})
    waves = bracket_waves(bracket)
    sides = bracket.sides(results)
    where: dict[tuple, int] = {}  # (bracket, round of play, players) -> the bracket's round
    for bm in bracket.matches:
        a, b = sides[bm.id]
        if a is not None:
            players = frozenset((int(a), None if b is None else int(b)))
            where[(bm.bracket, waves[bm.id], players)] = bm.round
    titles = _titles()
    sections = {key: BracketSection(key, title) for key, title in titles.items()}
    columns: dict[tuple[str, int], BracketColumn] = {}
    for rnd, rows in rounds:
        for row in rows:
            m: Match = row[0]
            number = where.get((m.bracket, rnd.number,
                                frozenset((m.player_a_id, m.player_b_id))), 0)
            key = (m.bracket, number)
            if key not in columns:
                columns[key] = BracketColumn(_column_title(m.bracket, number))
            columns[key].rows.append(row)
    for (key, _), column in sorted(columns.items(), key=lambda item: item[0][1]):
        if key in sections:
            sections[key].columns.append(column)
    return [section for section in sections.values() if section.columns]


def _column_title(bracket: str, number: int) -> str:
    if bracket == MatchBracket.FINAL:
        return gettext("Final") if number == 1 else gettext("Reset final")
    return gettext("Round %(round)d") % {"round": number}


def _seeds(matches: Sequence[Match], seed: dict[int, int]) -> None:
    for m in matches:
        m.seed_a, m.seed_b = seed.get(m.player_a_id), seed.get(m.player_b_id)
