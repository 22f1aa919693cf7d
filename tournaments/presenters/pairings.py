"""What the pairings page shows (templates/tournaments/pairings.html): its rounds' labels, a
round's tables and the changing part of the page (`pairings_part`), kept per results version
and language for each way it can look (the round, the reader's own table, an organizer's
links)."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from tournaments.models import Event, MatchStatus, RoundStage
from tournaments.presenters.explanations import explanation_lines
from tournaments.presenters.standings import around_id
from tournaments.selectors.cache import remembered
from tournaments.selectors.groups import round_robin_groups
from tournaments.selectors.match_games import MatchSeen, replays_seen
from tournaments.selectors.matches import TableRow, round_tables
from tournaments.selectors.rounds import RoundChoice, explanation_of, round_choices
from tournaments.selectors.teams import round_team_matches


def pairing_rounds(event: Event, version: int) -> list[RoundChoice]:
    # The labels and the fragments are words: kept per language as well.
    return remembered(("rounds", event.pk, version, get_language()),
                      lambda: round_choices(event))


def tables_kept(event: Event, version: int, rnd: RoundChoice) -> list[TableRow]:
    return remembered(("tables", event.pk, version, rnd.number), lambda: round_tables(rnd.id))


def my_table(event: Event, version: int, rnd: RoundChoice | None,
             user: Any) -> TableRow | None:
    """The signed-in `user`'s own table in round `rnd`, if they play in it."""
    if rnd is None or not user.is_authenticated:
        return None
    return next((m for m in tables_kept(event, version, rnd) if user.pk in (
        m.player_a.player_id, m.player_b.player_id if m.player_b else None)), None)


def pairings_part(event: Event, version: int, rnd: RoundChoice | None, *, user: Any,
                  organizes: bool, mine: TableRow | None, judges: bool = False) -> SafeString:
    """The tables of round `rnd` and its explanation, with the links the reader follows
    (`organizes`, the reader's own table `mine`; a judge of the event who plays in it not,
    `judges`, opens every match page as the organizers do, without setting results)."""

    def fragment() -> str:
        matches = tables_kept(event, version, rnd) if rnd is not None else []
        # The match pages are its players' and the organizers'; the replays follow
        # selectors.match_games (a person's list stays hidden until the lists are published).
        opens = {m.pk for m in matches if organizes or judges or m == mine}
        replays = replays_seen(
            (MatchSeen(m.pk, m.status == MatchStatus.CONFIRMED,
                       m.player_a.is_ai and m.player_b.is_ai, m.pk in opens)
             for m in matches if not m.bye), lists_published=event.lists_published)
        # A round robin's tables each say their group (the first phase's rounds).
        group = ({pk: number for number, members in enumerate(round_robin_groups(event), 1)
                  for pk in members} if rnd is not None and rnd.stage == RoundStage.SWISS
                 else {})
        heads, seats = (round_team_matches(rnd.id) if rnd is not None and event.teams_play
                        else ({}, {}))
        return render_to_string("tournaments/_pairings.html", {
            "teams": bool(heads),
            "event": event, "round": rnd, "mine": mine, "user": user,
            "is_organizer": organizes, "groups": bool(group),
            "match_url": around_id("tournaments:match", event),
            "rows": [(m, m.pk in opens, replays.get(m.pk, ()),
                      group.get(m.player_a.registration_id), heads.get(m.pk), seats.get(m.pk))
                     for m in matches],
            "explanation": explanation_lines(explanation_of(rnd.id)) if rnd is not None
            else []})

    return mark_safe(remembered(
        ("pairings-part", event.pk, version, get_language(), rnd.number if rnd else 0,
         organizes, mine.pk if mine else None, judges), fragment))
