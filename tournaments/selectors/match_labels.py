"""What a match is, said on the printed pairings and result slips beside its table: its group
in a round robin ("Group 2"), "Third place" for the match between the semifinals' losers,
and the bracket round's name ("Quarterfinal", "Semifinal", "Final", "Round of 16") in a
single elimination (the whole field's, or a top cut); a double elimination's match says its
bracket ("Winners bracket", "Losers bracket", "Grand final"). A Swiss round's matches need none:
the round's label says it all."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from tournaments.models import Event, Match, MatchBracket, RoundStage
from tournaments.selectors.groups import round_robin_groups
from tournaments.selectors.matches import TableRow
from tournaments.selectors.rounds import RoundChoice

__all__ = ["LABEL_GROUP", "LABEL_MATCH", "match_labels", "seat_labels"]

# A bracket match's name by the tables of its round in the bracket (the bye counted).
BRACKET_MATCH_NAMES = {1: gettext_lazy("Final"), 2: gettext_lazy("Semifinal"),
                       4: gettext_lazy("Quarterfinal")}

LABEL_GROUP = "group"  # the labels are groups: the column is headed "Group"
LABEL_MATCH = "match"  # the labels name bracket matches: the column is headed "Match"


def _bracket_name(tables: int) -> str:
    if tables in BRACKET_MATCH_NAMES:
        return str(BRACKET_MATCH_NAMES[tables])
    return gettext("Round of %(players)d") % {"players": 2 * tables}


def match_labels(event: Event, rnd: RoundChoice) -> tuple[str, dict[int, str]]:
    """The kind of labels (LABEL_GROUP, LABEL_MATCH, or "" when the round needs none) and
    each match's label by match id: a round robin's bye says its group too; a bracket's
    bye has none (it shows as a bye, as in any round)."""
    if rnd.stage == RoundStage.SWISS:
        groups = round_robin_groups(event)
        if not groups:
            return "", {}
        group_of = {pk: number for number, members in enumerate(groups, start=1)
                    for pk in members}
        return LABEL_GROUP, {
            pk: gettext("Group %(group)d") % {"group": group_of[a]}
            for pk, a in Match.objects.filter(round_id=rnd.id).values_list("id", "player_a_id")
            if a in group_of}
    name = _bracket_name(rnd.tables)
    named = {b.value: str(b.label) for b in (MatchBracket.THIRD_PLACE, MatchBracket.WINNERS,
                                             MatchBracket.LOSERS, MatchBracket.FINAL)}
    return LABEL_MATCH, {
        pk: named.get(bracket, name)
        for pk, bracket in Match.objects.filter(round_id=rnd.id, player_b__isnull=False)
        .values_list("id", "bracket")}


def seat_labels(tables: list[TableRow], labels: dict[int, str]) -> dict[int, str]:
    """The labels of `labels` (by match id) by the registration id of each player of the
    round's `tables`."""
    return {seat.registration_id: labels[m.pk] for m in tables if m.pk in labels
            for seat in (m.player_a, m.player_b) if seat is not None}
