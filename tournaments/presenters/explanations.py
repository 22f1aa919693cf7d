"""A round's explanation in words, in the reader's language.

The pairing (tournaments.swiss.explain and pairing), the pods and AI seats
(services.rounds) and the top cut (services.topcut) store statements: a stable code and its
parameters (counts, points, Swiss player ids), `{"code": "group", "params": {...}}`, with
`"pod": 2` on the lines of a draft pod. Each is put into one whole sentence here, when it is
read, with the players' names in it. Rounds paired before the statements stored their lines
as English text: such a line is shown as it is, with the names put in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext, ngettext

from tournaments.models import Round
from tournaments.selectors.bridge import named

Params = dict[str, Any]


def _points(count: int) -> str:
    return ngettext("%(count)d point", "%(count)d points", count) % {"count": count}


def _players(count: int) -> str:
    return ngettext("%(count)d player", "%(count)d players", count) % {"count": count}


def _round(p: Params, name: Callable[[str], str]) -> str:
    players = _players(p["players"])
    if not p["dropped"]:
        return gettext("round %(round)d: %(players)s to pair") % {"round": p["round"],
                                                                   "players": players}
    return ngettext("round %(round)d: %(players)s to pair (%(dropped)d dropped, never paired "
                    "again)",
                    "round %(round)d: %(players)s to pair (%(dropped)d dropped, never paired "
                    "again)", p["dropped"]) % {"round": p["round"], "players": players,
                                               "dropped": p["dropped"]}


def _group(p: Params, name: Callable[[str], str]) -> str:
    values = {
        "points": _points(p["points"]), "players": _players(p["players"]),
        "pairings": ngettext("%(count)d pairing within the group",
                             "%(count)d pairings within the group", p["within"])
        % {"count": p["within"]},
        "incoming": ngettext("%(count)d paired down into the group",
                             "%(count)d paired down into the group", p["incoming"])
        % {"count": p["incoming"]},
        "leaving": ngettext("%(count)d paired down from it", "%(count)d paired down from it",
                            p["leaving"]) % {"count": p["leaving"]}}
    if p["incoming"] and p["leaving"]:
        text = gettext("%(points)s: %(players)s and %(incoming)s; %(pairings)s, %(leaving)s")
    elif p["incoming"]:
        text = gettext("%(points)s: %(players)s and %(incoming)s; %(pairings)s")
    elif p["leaving"]:
        text = gettext("%(points)s: %(players)s; %(pairings)s, %(leaving)s")
    else:
        text = gettext("%(points)s: %(players)s; %(pairings)s")
    return text % values


def _played_everyone(p: Params, name: Callable[[str], str]) -> str:
    return ngettext("%(player)s has already played everyone else on %(points)d point",
                    "%(player)s has already played everyone else on %(points)d points",
                    p["points"]) % {"player": name(p["player"]), "points": p["points"]}


def _odd_group(p: Params, name: Callable[[str], str]) -> str:
    if p["with_incoming"]:
        text = ngettext("the %(points)d-point group had an odd number of players with those "
                        "paired down into it",
                        "the %(points)d-point group had an odd number of players with those "
                        "paired down into it", p["points"])
    else:
        text = ngettext("the %(points)d-point group had an odd number of players",
                        "the %(points)d-point group had an odd number of players", p["points"])
    return text % {"points": p["points"]}


def _cannot_pair_all(p: Params, name: Callable[[str], str]) -> str:
    return ngettext("the other players on %(points)d point could not all be paired with "
                    "opponents they had not met",
                    "the other players on %(points)d points could not all be paired with "
                    "opponents they had not met", p["points"]) % {"points": p["points"]}


def _keeping_more(p: Params, name: Callable[[str], str]) -> str:
    return ngettext("keeping more players on %(points)d point would have meant a rematch or "
                    "more players paired down from higher groups",
                    "keeping more players on %(points)d points would have meant a rematch or "
                    "more players paired down from higher groups",
                    p["points"]) % {"points": p["points"]}


def _paired_down(p: Params, name: Callable[[str], str]) -> str:
    first, *passed = p["reasons"]
    text = gettext("%(player)s (%(points)s) is paired down against %(opponent)s "
                   "(%(opponent_points)s): %(reason)s") % {
        "player": name(p["player"]), "points": _points(p["points"]),
        "opponent": name(p["opponent"]), "opponent_points": _points(p["opponent_points"]),
        "reason": _sentence(first, name)}
    for reason in passed:
        points = reason["params"]["points"]
        text += "; " + ngettext("on %(points)d point too: %(reason)s",
                                "on %(points)d points too: %(reason)s", points) % {
            "points": points, "reason": _sentence(reason, name)}
    return text


def _rematch(p: Params, name: Callable[[str], str]) -> str:
    return gettext("%(player)s and %(opponent)s meet again: no pairing with fewer rematches "
                   "exists") % {"player": name(p["player"]), "opponent": name(p["opponent"])}


def _bye(p: Params, name: Callable[[str], str]) -> str:
    return ngettext("bye: %(player)s (%(points)d points), the lowest-ranked player who has not "
                    "had a bye; it counts as a 2-0 win",
                    "bye: %(player)s (%(points)d points), the lowest-ranked player who has not "
                    "had a bye; it counts as a 2-0 win",
                    p["points"]) % {"player": name(p["player"]), "points": p["points"]}


def _bye_again(p: Params, name: Callable[[str], str]) -> str:
    return gettext("bye: %(player)s, the lowest-ranked player (everyone has had a bye)") % {
        "player": name(p["player"])}


def _first_round(p: Params, name: Callable[[str], str]) -> str:
    return gettext("round 1: the pairings are drawn at random from the event's seed")


def _proof_first_round(p: Params, name: Callable[[str], str]) -> str:
    return gettext("optimal: nobody has points or opponents yet, so every pairing is equally "
                   "good")


def _proof_exact(p: Params, name: Callable[[str], str]) -> str:
    return ngettext("proven optimal: an exact matching over all %(players)d players",
                    "proven optimal: an exact matching over all %(players)d players",
                    p["players"]) % {"players": p["players"]}


def _proof_rematch_too_many(p: Params, name: Callable[[str], str]) -> str:
    return ngettext("not proven optimal: a rematch was left and the %(players)d players are "
                    "too many to solve exactly (at most %(limit)d)",
                    "not proven optimal: a rematch was left and the %(players)d players are "
                    "too many to solve exactly (at most %(limit)d)",
                    p["players"]) % {"players": p["players"], "limit": p["limit"]}


def _proof_window_too_many(p: Params, name: Callable[[str], str]) -> str:
    return ngettext("not proven optimal: from %(points)d points down pairing group by group "
                    "missed a lower bound, and the %(players)d players there are too many to "
                    "solve exactly (at most %(limit)d)",
                    "not proven optimal: from %(points)d points down pairing group by group "
                    "missed a lower bound, and the %(players)d players there are too many to "
                    "solve exactly (at most %(limit)d)",
                    p["players"]) % {"points": p["points"], "players": p["players"],
                                     "limit": p["limit"]}


def _proof_bounds(p: Params, name: Callable[[str], str]) -> str:
    if not p["solved"]:
        if p["rematch_bound"]:
            return gettext("proven optimal by the lower bound: no rematch, each boundary "
                           "between score groups crossed only by as many pairs as its parity, "
                           "or the players above it who cannot all be paired without a "
                           "rematch forces, and each of those pairs crosses one boundary only")
        return gettext("proven optimal by the lower bound: no rematch, each boundary between "
                       "score groups crossed only by as many pairs as its parity forces, and "
                       "each of those pairs crosses one boundary only")
    segments = "; ".join(
        ngettext("the %(players)d players from %(high)d to %(low)d points",
                 "the %(players)d players from %(high)d to %(low)d points",
                 segment["players"]) % segment for segment in p["solved"])
    if p["rematch_bound"]:
        text = gettext("proven optimal by the lower bound: no rematch, each boundary between "
                       "score groups crossed only by as many pairs as its parity, or the "
                       "players above it who cannot all be paired without a rematch forces, "
                       "and each of those pairs crosses one boundary only, except where an "
                       "exact matching paired %(segments)s (a segment between boundaries no "
                       "pair crosses, whose own bounds it meets)")
    else:
        text = gettext("proven optimal by the lower bound: no rematch, each boundary between "
                       "score groups crossed only by as many pairs as its parity forces, and "
                       "each of those pairs crosses one boundary only, except where an exact "
                       "matching paired %(segments)s (a segment between boundaries no pair "
                       "crosses, whose own bounds it meets)")
    return text % {"segments": segments}


def _awarded_bye(p: Params, name: Callable[[str], str]) -> str:
    return ngettext("bye: %(player)s, awarded a bye by the organizer for the first round; it "
                    "counts as a 2-0 win",
                    "bye: %(player)s, awarded byes by the organizer for the first %(byes)d "
                    "rounds; it counts as a 2-0 win",
                    p["byes"]) % {"player": name(p["player"]), "byes": p["byes"]}


def _kept_apart(p: Params, name: Callable[[str], str]) -> str:
    return gettext("%(player)s and %(opponent)s were kept apart: the organizer listed them as "
                   "a pairing that must not happen") % {
        "player": name(p["player"]), "opponent": name(p["opponent"])}


def _apart_paired(p: Params, name: Callable[[str], str]) -> str:
    if not p.get("proven", True):  # the proof line says why it is not proven
        return gettext("%(player)s and %(opponent)s play each other although the organizer "
                       "listed them as a pairing that must not happen: no pairing with fewer "
                       "listed pairs was found") % {"player": name(p["player"]),
                                                    "opponent": name(p["opponent"])}
    return ngettext("%(player)s and %(opponent)s play each other although the organizer listed "
                    "them as a pairing that must not happen: every pairing of this round "
                    "without more rematches pairs at least %(count)d listed pair",
                    "%(player)s and %(opponent)s play each other although the organizer listed "
                    "them as a pairing that must not happen: every pairing of this round "
                    "without more rematches pairs at least %(count)d listed pairs",
                    p["count"]) % {"player": name(p["player"]),
                                   "opponent": name(p["opponent"]), "count": p["count"]}


def _proof_apart_too_many(p: Params, name: Callable[[str], str]) -> str:
    return ngettext("not proven optimal: a listed pair was paired and the %(players)d players "
                    "are too many to solve exactly (at most %(limit)d)",
                    "not proven optimal: a listed pair was paired and the %(players)d players "
                    "are too many to solve exactly (at most %(limit)d)",
                    p["players"]) % {"players": p["players"], "limit": p["limit"]}


def _fixed_table(p: Params, name: Callable[[str], str]) -> str:
    return gettext("table %(table)d: %(player)s, whose table is fixed by the organizer; the "
                   "other matches are numbered around it") % {
        "table": p["table"], "player": name(p["player"])}


def _fixed_tables_met(p: Params, name: Callable[[str], str]) -> str:
    return gettext("table %(table)d: %(player)s and %(opponent)s both have a fixed table "
                   "(%(table)d and %(other)d); they play at table %(table)d, that of the "
                   "higher-ranked player") % {
        "table": p["table"], "other": p["other"], "player": name(p["player"]),
        "opponent": name(p["opponent"])}


def _pod_alone(p: Params, name: Callable[[str], str]) -> str:
    return gettext("%(player)s is the only player left in the pod: a bye") % {
        "player": name(p["player"])}


def _ai_seat(p: Params, name: Callable[[str], str]) -> str:
    return ngettext("%(players)d players: %(ai)s fills the odd seat instead of a bye (the "
                    "event fills odd seats with an AI player)",
                    "%(players)d players: %(ai)s fills the odd seat instead of a bye (the "
                    "event fills odd seats with an AI player)",
                    p["players"]) % {"players": p["players"], "ai": p["ai"]}


def _cut_seeded(p: Params, name: Callable[[str], str]) -> str:
    if p["ai_allowed"]:
        text = gettext("top %(size)d seeded from the Swiss standings after round %(round)d "
                       "(dropped players do not make the cut)")
    else:
        text = gettext("top %(size)d seeded from the Swiss standings after round %(round)d "
                       "(dropped players and AI seats do not make the cut)")
    return text % {"size": p["size"], "round": p["round"]}


def _cut_table(p: Params, name: Callable[[str], str]) -> str:
    return gettext("table %(table)d: %(player)s (seed %(seed)d) against %(opponent)s (seed "
                   "%(opponent_seed)d)") % {
        "table": p["table"], "player": name(p["player"]), "seed": p["seed"],
        "opponent": name(p["opponent"]), "opponent_seed": p["opponent_seed"]}


def _cut_next(p: Params, name: Callable[[str], str]) -> str:
    if p["players"] == 2:
        text = gettext("the final: the winners of tables %(first)d and %(second)d meet at "
                       "table %(table)d")
    elif p["players"] == 4:
        text = gettext("the semifinals: the winners of tables %(first)d and %(second)d meet "
                       "at table %(table)d")
    else:
        text = gettext("the last %(players)d: the winners of tables %(first)d and %(second)d "
                       "meet at table %(table)d")
    return text % p


def _day_two(p: Params, name: Callable[[str], str]) -> str:
    rounds = ngettext("day 2: the %(players)d players with at least %(points)d match points "
                      "play %(rounds)d more Swiss round",
                      "day 2: the %(players)d players with at least %(points)d match points "
                      "play %(rounds)d more Swiss rounds", p["rounds"])
    return rounds % {"players": p["players"], "points": p["points"], "rounds": p["rounds"]}


def _cut_third_place(p: Params, name: Callable[[str], str]) -> str:
    return gettext("third place: the losers of the semifinals meet at table %(table)d") % p


def _group_table(p: Params, name: Callable[[str], str]) -> str:
    return gettext("table %(table)d: group %(group)d, round %(round)d of its round robin: "
                   "%(player)s against %(opponent)s") % {
        "table": p["table"], "group": p["group"], "round": p["round"],
        "player": name(p["player"]), "opponent": name(p["opponent"])}


def _group_bye(p: Params, name: Callable[[str], str]) -> str:
    return gettext("group %(group)d, round %(round)d: %(player)s has the bye of the odd group "
                   "(each player of the group has one)") % {
        "group": p["group"], "round": p["round"], "player": name(p["player"])}


def _group_dropped(p: Params, name: Callable[[str], str]) -> str:
    return gettext("group %(group)d, round %(round)d: %(opponent)s has dropped, so their "
                   "match is not played and %(player)s has a bye") % {
        "group": p["group"], "round": p["round"], "player": name(p["player"]),
        "opponent": name(p["opponent"])}


def _group_done(p: Params, name: Callable[[str], str]) -> str:
    return ngettext("group %(group)d has played its %(rounds)d round: it sits this round out",
                    "group %(group)d has played all its %(rounds)d rounds: it sits this round "
                    "out", p["rounds"]) % {"group": p["group"], "rounds": p["rounds"]}


def _cut_from_groups(p: Params, name: Callable[[str], str]) -> str:
    return ngettext("top %(size)d: the best %(per)d player of each of the %(groups)d groups, "
                    "seeded group winners first (by their records), then the seconds, and so "
                    "on; dropped players do not make the cut",
                    "top %(size)d: the best %(per)d players of each of the %(groups)d groups, "
                    "seeded group winners first (by their records), then the seconds, and so "
                    "on; dropped players do not make the cut", p["per"]) % {
        "size": p["size"], "per": p["per"], "groups": p["groups"]}


def _knockout_seeded(p: Params, name: Callable[[str], str]) -> str:
    return ngettext("a single elimination of %(players)d players, seeded by rating (the others "
                    "drawn from the event's seed) in the standard bracket order; %(byes)d bye "
                    "goes to the top seed",
                    "a single elimination of %(players)d players, seeded by rating (the others "
                    "drawn from the event's seed) in the standard bracket order; %(byes)d byes "
                    "go to the top seeds", p["byes"]) % p


def _knockout_bye(p: Params, name: Callable[[str], str]) -> str:
    return gettext("%(player)s (seed %(seed)d) has a bye into round 2") % {
        "player": name(p["player"]), "seed": p["seed"]}


def _knockout_round(p: Params, name: Callable[[str], str]) -> str:
    return gettext("round %(round)d of the bracket: the winners of round %(before)d meet in "
                   "the bracket's order") % p


def _de_seeded(p: Params, name: Callable[[str], str]) -> str:
    return ngettext("a double elimination of %(players)d players, seeded by rating (the others "
                    "drawn from the event's seed) in the standard bracket order; %(byes)d bye "
                    "goes to the top seed",
                    "a double elimination of %(players)d players, seeded by rating (the others "
                    "drawn from the event's seed) in the standard bracket order; %(byes)d byes "
                    "go to the top seeds", p["byes"]) % p


def _de_round(p: Params, name: Callable[[str], str]) -> str:
    return gettext("round %(round)d of the bracket: every match whose two players the results "
                   "of round %(before)d decide, the winners bracket's tables first, then the "
                   "losers bracket's, where each player who lost in the winners bracket drops "
                   "in the crossed order that avoids an early rematch") % p


def _de_final(p: Params, name: Callable[[str], str]) -> str:
    return gettext("the grand final: the winners bracket's champion against the losers "
                   "bracket's champion")


def _de_reset(p: Params, name: Callable[[str], str]) -> str:
    return gettext("round %(round)d: the losers bracket's champion won the grand final, so a "
                   "second final decides the champion (each finalist has lost once)") % p


SENTENCES: dict[str, Callable[[Params, Callable[[str], str]], str]] = {
    "round": _round, "group": _group, "paired_down": _paired_down,
    "played_everyone": _played_everyone, "odd_group": _odd_group,
    "cannot_pair_all": _cannot_pair_all, "keeping_more": _keeping_more, "rematch": _rematch,
    "bye": _bye, "bye_again": _bye_again, "first_round": _first_round,
    "proof_first_round": _proof_first_round, "proof_exact": _proof_exact,
    "proof_rematch_too_many": _proof_rematch_too_many,
    "proof_window_too_many": _proof_window_too_many, "proof_bounds": _proof_bounds,
    "pod_alone": _pod_alone, "ai_seat": _ai_seat, "cut_seeded": _cut_seeded,
    "cut_table": _cut_table, "cut_next": _cut_next, "cut_third_place": _cut_third_place,
    "day_two": _day_two,
    "awarded_bye": _awarded_bye, "kept_apart": _kept_apart, "apart_paired": _apart_paired,
    "proof_apart_too_many": _proof_apart_too_many, "fixed_table": _fixed_table,
    "fixed_tables_met": _fixed_tables_met, "group_table": _group_table,
    "group_bye": _group_bye, "group_dropped": _group_dropped, "group_done": _group_done,
    "cut_from_groups": _cut_from_groups, "knockout_seeded": _knockout_seeded,
    "knockout_bye": _knockout_bye, "knockout_round": _knockout_round,
    "de_seeded": _de_seeded, "de_round": _de_round, "de_final": _de_final,
    "de_reset": _de_reset}


def _sentence(line: dict, name: Callable[[str], str]) -> str:
    text = SENTENCES[line["code"]](line["params"], name)
    if "pod" in line:
        return gettext("pod %(pod)d: %(line)s") % {"pod": line["pod"], "line": text}
    return text


def statement_text(line: dict | str, names: dict[str, str] | None = None) -> str:
    """One line in the active language, the Swiss ids in it replaced by `names` (an id not
    in them stays as it is). A text line (stored before the statements) is given as it is."""
    names = names or {}
    if isinstance(line, str):
        return named(line, names)
    return _sentence(line, lambda pid: names.get(pid, pid))


def explanation_lines(explanation: dict) -> list[str]:
    """A stored explanation (`{"lines": [...], "players": {...}}`) as sentences."""
    names = explanation.get("players", {})
    return [statement_text(line, names) for line in explanation.get("lines", [])]


def round_explanation(rnd: Round) -> list[str]:
    """How the round was paired, in the active language, with the players' names in it."""
    return explanation_lines(rnd.explanation)


def explanation_codes(explanation: dict) -> list[dict | None]:
    """Each line's code and parameters as stored (None for a line stored as text)."""
    return [None if isinstance(line, str) else line for line in explanation.get("lines", [])]
