"""Reading rounds: in order, with their labels ('Round 3', 'Semifinals') and the pairing's
explanation as stored (its statements' codes and values: presenters.explanations puts them
into words), and the champion of a final."""

from __future__ import annotations

from typing import NamedTuple

from django.db.models import Count, Prefetch, Q, QuerySet
from django.utils.translation import gettext, gettext_lazy

from tournaments.models import (
    Event,
    Match,
    MatchBracket,
    MatchStatus,
    Registration,
    Round,
    RoundStage,
)
from tournaments.selectors.double_elimination import de_placings
from tournaments.selectors.matches import matches_by_table


def rounds_for_event(event: Event) -> QuerySet[Round]:
    return Round.objects.filter(event=event).order_by("number")


def last_swiss_round(event: Event) -> int | None:
    """The number of the event's latest Swiss round (the standings are 'after' it)."""
    return (Round.objects.filter(event=event, stage=RoundStage.SWISS).order_by("-number")
            .values_list("number", flat=True).first())


def next_swiss_round(event: Event) -> int:
    """The number the next Swiss round will have."""
    return (last_swiss_round(event) or 0) + 1


# The matches of a round that count as its tables in the bracket: a third-place match beside
# the final leaves it the final (a round of one table).
IN_BRACKET = Q(matches__bracket=MatchBracket.MAIN)


def bracket_tables(rnd: Round) -> int:
    """The round's tables in its bracket (a third-place match aside)."""
    return rnd.matches.filter(bracket=MatchBracket.MAIN).count()


TOP_CUT_NAMES = {1: gettext_lazy("Final"), 2: gettext_lazy("Semifinals"),
                 4: gettext_lazy("Quarterfinals")}


def label_for(stage: str, number: int, tables: int) -> str:
    """A round's label ('Round 3', 'Semifinals', ...) from its count of tables already read.
    A top-cut round with no table in the main bracket is a double elimination's (its matches
    are in the winners and losers brackets and the grand final): named by its number."""
    if stage == RoundStage.SWISS or tables == 0:
        return gettext("Round %(round)d") % {"round": number}
    if tables in TOP_CUT_NAMES:
        return str(TOP_CUT_NAMES[tables])
    return gettext("Top %(cut)d") % {"cut": 2 * tables}


# What is said of a round, one whole sentence per kind of round: a label ("Semifinals") set
# into one sentence would need the verb to agree with it ("the semifinals are", "финал
# завершён", "полуфинале је завршено"), which no single sentence does in every language.
# Keyed by `round_kind`; "%(round)d" is a Swiss round's number, "%(players)d" the players of
# a top-cut round that has no name of its own.
ROUND_PAIRED = {
    "swiss": gettext_lazy("Round %(round)d is paired. The players find their tables on the "
                          "pairings page."),
    "final": gettext_lazy("The final is paired. The players find their table on the pairings "
                          "page."),
    "semifinals": gettext_lazy("The semifinals are paired. The players find their tables on "
                               "the pairings page."),
    "quarterfinals": gettext_lazy("The quarterfinals are paired. The players find their tables "
                                  "on the pairings page."),
    "cut": gettext_lazy("The round of the last %(players)d is paired. The players find their "
                        "tables on the pairings page."),
}
ROUND_ALREADY_PAIRED = {
    "swiss": gettext_lazy("Round %(round)d was already paired; nothing changed."),
    "final": gettext_lazy("The final was already paired; nothing changed."),
    "semifinals": gettext_lazy("The semifinals were already paired; nothing changed."),
    "quarterfinals": gettext_lazy("The quarterfinals were already paired; nothing changed."),
    "cut": gettext_lazy("The round of the last %(players)d was already paired; nothing "
                        "changed."),
}
ROUND_COMPLETE = {
    "swiss": gettext_lazy("Round %(round)d is complete."),
    "final": gettext_lazy("The final is complete."),
    "semifinals": gettext_lazy("The semifinals are complete."),
    "quarterfinals": gettext_lazy("The quarterfinals are complete."),
    "cut": gettext_lazy("The round of the last %(players)d is complete."),
}
_NAMED_CUT = {1: "final", 2: "semifinals", 4: "quarterfinals"}


def round_kind(stage: str, tables: int) -> str:
    """"swiss", "final", "semifinals", "quarterfinals", or "cut" (a larger top-cut round)."""
    if stage == RoundStage.SWISS or tables == 0:  # a double elimination's round (label_for)
        return "swiss"
    return _NAMED_CUT.get(tables, "cut")


def round_sentence(sentences: dict, stage: str, number: int, tables: int) -> str:
    """The sentence of `sentences` (ROUND_PAIRED, ...) for this round, in the active
    language."""
    return str(sentences[round_kind(stage, tables)]) % {"round": number, "players": 2 * tables}


def round_label(rnd: Round) -> str:
    """'Round 3', or for the top cut 'Quarterfinals', 'Semifinals', 'Final'."""
    if rnd.stage == RoundStage.SWISS:
        return gettext("Round %(round)d") % {"round": rnd.number}
    return label_for(rnd.stage, rnd.number, bracket_tables(rnd))


def explanation_of(round_id: int) -> dict:
    """How the round with this id was paired, as stored (`{"lines": [...], "players":
    {...}}`)."""
    return Round.objects.filter(pk=round_id).values_list("explanation", flat=True).get()


def rounds_labelled(event: Event) -> list[Round]:
    """The event's rounds in order, each with `tables` (matches, the bye included) and
    `label`, in one query."""
    rounds = list(Round.objects.filter(event=event).annotate(tables=Count("matches",
                                                                          filter=IN_BRACKET))
                  .order_by("number"))
    for rnd in rounds:
        rnd.label = label_for(rnd.stage, rnd.number, rnd.tables)
    return rounds


class RoundChoice(NamedTuple):
    id: int
    number: int
    stage: str
    status: str
    tables: int
    label: str


def round_choices(event: Event) -> list[RoundChoice]:
    """`rounds_labelled` without the rows' explanations, in one query."""
    return [RoundChoice(pk, number, stage, status, tables, label_for(stage, number, tables))
            for pk, number, stage, status, tables in (
                Round.objects.filter(event=event).order_by("number")
                .annotate(tables=Count("matches", filter=IN_BRACKET))
                .values_list("id", "number", "stage", "status", "tables"))]


def rounds_with_matches(event: Event) -> QuerySet[Round]:
    """The rounds in order, each with its matches by table (the bye last)."""
    return (Round.objects.filter(event=event).order_by("number")
            .prefetch_related(Prefetch("matches", queryset=matches_by_table())))


def round_of(event: Event, number: int) -> Round | None:
    return rounds_with_matches(event).filter(number=number).first()


def champion_of(final: Round | None) -> Registration | None:
    """The winner of a confirmed final (a top-cut round of one match in its bracket)."""
    if final is None or final.stage != RoundStage.TOP_CUT:
        return None
    if final.event.double_elimination:  # the first grand final may call for its reset
        placed = de_placings(final.event)
        return None if placed is None else Registration.objects.select_related(
            "player__profile").get(pk=placed[0][1])
    if getattr(final, "tables", None) is None:
        final.tables = bracket_tables(final)
    if final.tables != 1:
        return None
    match = (Match.objects.filter(round=final, status=MatchStatus.CONFIRMED,
                                  bracket=MatchBracket.MAIN)
             .select_related("player_a__player__profile", "player_b__player__profile").first())
    if match is None:
        return None
    return match.player_a if match.a_wins > match.b_wins else match.player_b
