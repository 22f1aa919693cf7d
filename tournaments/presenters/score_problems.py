"""Why game counts cannot be a match's score (rule C-7.5b), in the reader's language.

The engine's `MatchFormat.score_problems` is the one check: it gives each reason as a code
and its values. Here each code has its sentence, for the result forms and API, the result
writer's refusal, a failed job's reason and the event file's checks alike.
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from engine.clash.match_rules import MatchFormat, problem_text


def score_problem(code: str, values: dict) -> str:
    """One reason of `MatchFormat.score_problems` as a sentence of the active language."""
    if code == "not_a_count":
        return gettext("%(count)s must be a whole number of games (0 or more), not "
                       "%(value)s") % {"count": values["count"], "value": repr(values["value"])}
    if code == "wins_past_needed":
        return ngettext(
            "a best-of-%(best_of)d match ends when a player has won %(needed)d game: nobody "
            "wins more",
            "a best-of-%(best_of)d match ends when a player has won %(needed)d games: nobody "
            "wins more", values["needed"]) % values
    if code == "both_at_needed":
        return ngettext(
            "a best-of-%(best_of)d match ends when a player has won %(needed)d game: only one "
            "player can have %(needed)d",
            "a best-of-%(best_of)d match ends when a player has won %(needed)d games: only one "
            "player can have %(needed)d", values["needed"]) % values
    if code == "too_many_games":
        return gettext("a best-of-%(best_of)d match has at most %(most)d games, drawn "
                       "games included (rule C-7.5b), not %(games)d") % values
    if code == "no_games":
        return gettext("a match has at least one game")
    if code == "top_cut_draw":
        return gettext("a top-cut match needs a winner: it cannot end in a draw (rule "
                       "C-7.5b: play on until a player has more game wins)")
    return problem_text(code, values)


def score_problems(fmt: MatchFormat, a_wins: object, b_wins: object,
                   draws: object) -> list[str]:
    """Every reason these counts cannot be a score of `fmt`, in the active language."""
    return [score_problem(code, values)
            for code, values in fmt.score_problems(a_wins, b_wins, draws)]
