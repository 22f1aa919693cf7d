"""An event file's rounds, their matches with each match's result changes, and its games,
each engine record replayed by the engine (rule C-7.5b for the scores a match may have)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from decks.rules import engine_plays
from engine.clash.errors import EngineError
from engine.clash.match_rules import MatchFormat
from engine.clash.record import GameRecord, replay
from engine.seats import DRAW_NAME, LETTER_A, LETTER_B
from eventfile.services.event_file_fields import Data, Reader
from tournaments.models import (
    ClockAction,
    EventStatus,
    EventStructure,
    GameMode,
    MatchBracket,
    MatchStatus,
    ResultAction,
    RoundStage,
    RoundStatus,
    TopCut,
)
from tournaments.presenters.score_problems import score_problems
from tournaments.rules import BYE_SCORE

from .common import MAX_ROUNDS, MAX_SEATS, MAX_TABLE, SCORE, is_id, score_ok, seat_ref

__all__ = ["read_rounds"]

WINNERS = (LETTER_A, LETTER_B, DRAW_NAME, "")
# How many top-cut rounds each cut plays (a single elimination of 4 or 8 players).
# A top cut of n players plays log2(n) rounds.
TOP_CUT_ROUNDS = {size: max(0, size.bit_length() - 1) for size in TopCut.values}
# The keys of a result change's `before` and `after` (tournaments.services.audit.snapshot); a
# bye's `before` is empty.
SNAPSHOT_KEYS = ("status", "a_wins", "b_wins", "draws", "report_a", "report_b",
                 "engine_verified")


def _snapshot(r: Reader, data: Data, key: str, path: str) -> Data:
    """A result change's `before` or `after`: the match's values as results.py keeps them
    (tournaments.services.audit.snapshot), each of its kind, or nothing at all (a bye's
    `before`)."""
    value = r.json_object(data, key, path, null=False)
    if value is None:
        return {}
    path = f"{path}{key}"
    good = True
    for name in sorted(set(value) - set(SNAPSHOT_KEYS)):
        r.bad(f"{path}.{name}", gettext("a result change keeps no %(name)s")
                                % {"name": repr(name)})
        good = False
    for name in SNAPSHOT_KEYS:
        if name not in value:
            continue
        item = value[name]
        if name == "status":
            ok, want = item in MatchStatus.values, (gettext("one of %(values)s")
                                                    % {"values": ", ".join(MatchStatus.values)})
        elif name in SCORE:
            ok = item is None or (isinstance(item, int) and not isinstance(item, bool)
                                  and 0 <= item <= 9)
            want = gettext("a whole number from 0 to 9 or null")
        elif name == "engine_verified":
            ok, want = isinstance(item, bool), gettext("true or false")
        else:
            ok = item is None or score_ok(item)
            want = gettext('null or a report {"a_wins", "b_wins", "draws"}, each 0 to 9')
        if not ok:
            r.bad(f"{path}.{name}", gettext("must be %(want)s, not %(item)s")
                                    % {"want": want, "item": repr(item)})
            good = False
    if value and "status" not in value:
        r.bad(f"{path}.status", gettext("a match's values name its status"))
        good = False
    return value if good else {}


def _score(r: Reader, data: Data, key: str, path: str) -> Data | None:
    value = r.json_object(data, key, path)
    if value is not None and not score_ok(value):
        r.bad(f"{path}{key}",
              gettext('a report is {"a_wins", "b_wins", "draws"}, each 0 to 9'))
        return None
    return value


def _game(r: Reader, row: Any, p: str, fmt: MatchFormat, replays: bool) -> Data | None:
    if r.obj(row, p) is None:
        return None
    p += "."
    game = {"number": r.integer(row, "number", p, lo=1, hi=fmt.max_games),
            "mode": r.choice(row, "mode", p, GameMode.values),
            "seed": r.integer(row, "seed", p),
            "winner": r.choice(row, "winner", p, WINNERS),
            "record": r.json_object(row, "record", p)}
    r.boolean(row, "verified", p)
    # Verified on this site only if the engine replays it here.
    game["verified"] = False
    if game["record"] is not None:
        if not replays:
            r.bad(f"{p}record", gettext("this game has no engine records"))
            return game
        try:
            record = GameRecord.from_json(game["record"])
        except EngineError as exc:
            r.bad(f"{p}record", exc.message)
            return game
        result = replay(record)
        if not result:
            r.bad(f"{p}record", gettext("the engine's replay does not confirm it: %(reason)s")
                                % {"reason": result.reason})
        elif (result.result or "") != game["winner"]:
            r.bad(f"{p}winner", gettext("the record ends with %(result)s, not %(winner)s")
                                % {"result": repr(result.result), "winner": repr(game['winner'])})
        else:
            game["verified"] = True
    return game


# The brackets of a double elimination's matches, and of no other event's.
DOUBLE_BRACKETS = (MatchBracket.WINNERS, MatchBracket.LOSERS, MatchBracket.FINAL)


def _match(r: Reader, row: Any, p: str, ev: Data, stage: str, seats: dict,
           replays: bool) -> Data | None:
    if r.obj(row, p) is None:
        return None
    p += "."
    fmt = MatchFormat(best_of=ev["match_length"] or 1, top_cut=stage == RoundStage.TOP_CUT)
    match = {"id": r.integer(row, "id", p, lo=1),
             "table": r.integer(row, "table", p, lo=1, hi=MAX_TABLE, null=True),
             "player_a": seat_ref(r, row, "player_a", p, seats),
             "player_b": seat_ref(r, row, "player_b", p, seats, null=True),
             "status": r.choice(row, "status", p, MatchStatus.values),
             "report_a": _score(r, row, "report_a", p),
             "report_b": _score(r, row, "report_b", p),
             "is_ai_match": r.boolean(row, "is_ai_match", p),
             "engine_verified": r.boolean(row, "engine_verified", p),
             "confirmed_at": r.time(row, "confirmed_at", p),
             "extra_minutes": r.integer(row, "extra_minutes", p, hi=600),
             # Version 1 files have none: every match is in the main bracket.
             "bracket": r.choice(row, "bracket", p, MatchBracket.values)
             if "bracket" in row else MatchBracket.MAIN}
    if match["bracket"] == MatchBracket.THIRD_PLACE and stage != RoundStage.TOP_CUT:
        r.bad(f"{p}bracket", gettext("only a top cut has a match for third place"))
    double = ev.get("structure") == EventStructure.DOUBLE_ELIMINATION
    if double != (match["bracket"] in DOUBLE_BRACKETS):
        r.bad(f"{p}bracket", gettext("a double elimination's matches are in its winners "
                                     "bracket, its losers bracket or its grand final, and "
                                     "only its matches are"))
    match.update({k: row.get(k) for k in SCORE})
    if match["player_a"] is not None and match["player_a"] == match["player_b"]:
        r.bad(f"{p}player_b", gettext("a player does not play against themselves"))
    if match["is_ai_match"] and not any(
            match[side] is not None and seats[match[side]]["kind"] == "ai"
            for side in ("player_a", "player_b")):
        r.bad(f"{p}is_ai_match", gettext("only a match with an AI seat is an AI match"))
    if match["player_b"] is None and match["table"] is not None:
        r.bad(f"{p}table", gettext("a bye has no table"))
    if match["player_b"] is not None and row.get("player_b") is not None \
            and match["table"] is None:
        r.bad(f"{p}table", gettext("a match between two players has a table"))
    if ev["status"] == EventStatus.COMPLETE and match["status"] != MatchStatus.CONFIRMED:
        r.bad(f"{p}status", gettext("every match of a complete event is confirmed"))
    bye = row.get("player_b") is None
    # A bye is a confirmed 2-0 win, whatever the match length
    # (tournaments/services/rounds.py).
    if bye and match["status"] == MatchStatus.CONFIRMED and tuple(
            row.get(k) for k in SCORE) != BYE_SCORE:
        r.bad(f"{p}score", gettext("a bye is scored %(bye)s, not %(score)s")
                           % {"bye": "-".join(str(n) for n in BYE_SCORE),
                              "score": "-".join(repr(row.get(k)) for k in SCORE)})
    if bye and (match["report_a"] is not None or match["report_b"] is not None):
        r.bad(f"{p}report_a", gettext("a bye has no reports: no one played it"))
    if not bye and match["status"] == MatchStatus.CONFIRMED:
        for problem in score_problems(fmt, *(row.get(k) for k in SCORE)):
            r.bad(f"{p}score", problem)
    if match["status"] == MatchStatus.CONFIRMED:
        if match["confirmed_at"] is None:
            r.bad(f"{p}confirmed_at", gettext("a confirmed match has the time it was confirmed"))
    elif any(row.get(k) is not None for k in SCORE):
        r.bad(f"{p}score", gettext("only a confirmed match has a result"))
    match["changes"] = []
    for j, change in enumerate(r.array(row, "changes", p, most=100)):
        cp = f"{p}changes[{j}]"
        if r.obj(change, cp) is None:
            continue
        cp += "."
        match["changes"].append({
            "action": r.choice(change, "action", cp, ResultAction.values),
            "before": _snapshot(r, change, "before", cp),
            "after": _snapshot(r, change, "after", cp),
            "note": r.text(change, "note", cp, most=200),
            "at": r.time(change, "at", cp, null=False)})
    games = [_game(r, g, f"{p}games[{j}]", fmt, replays)
             for j, g in enumerate(r.array(row, "games", p, most=fmt.max_games))]
    match["games"] = [g for g in games if g is not None]
    numbers = [g["number"] for g in match["games"]]
    if len(set(numbers)) != len(numbers):
        r.bad(f"{p}games", gettext("two games have the same number"))
    return match


def read_rounds(r: Reader, rows: list, ev: Data,
                seats: dict) -> tuple[list[Data], dict[int, Data]]:
    rounds: list[Data] = []
    matches: dict[int, Data] = {}
    replays = ev["game"] is not None and engine_plays(ev["game"])
    for i, row in enumerate(rows):
        p = f"rounds[{i}]"
        if r.obj(row, p) is None:
            continue
        p += "."
        number = r.integer(row, "number", p, lo=1, hi=MAX_ROUNDS)
        if number != i + 1:
            r.bad(f"{p}number", gettext("the rounds are numbered 1, 2, 3... in order: this is "
                                        "round %(round)s, not %(number)s")
                                % {"round": i + 1, "number": repr(number)})
        stage = r.choice(row, "stage", p, RoundStage.values)
        clock = r.obj(row.get("clock", {}), f"{p}clock") or {}
        cp = f"{p}clock."
        rnd = {"number": number, "stage": stage,
               "status": r.choice(row, "status", p, RoundStatus.values),
               "seed": r.integer(row, "seed", p, null=True),
               "paired_at": r.time(row, "paired_at", p, null=False),
               "completed_at": r.time(row, "completed_at", p),
               "clock_minutes": r.integer(clock, "minutes", cp, lo=1, hi=600, null=True),
               "clock_started_at": r.time(clock, "started_at", cp),
               "clock_paused_at": r.time(clock, "paused_at", cp),
               "clock_paused_seconds": r.integer(clock, "paused_seconds", cp, hi=10 ** 7),
               "clock_added_minutes": r.integer(clock, "added_minutes", cp, hi=600)}
        if rnd["clock_started_at"] is not None and rnd["clock_minutes"] is None:
            r.bad(f"{cp}minutes", gettext("a started clock has a length"))
        if rnd["clock_started_at"] is None and rnd["clock_paused_at"] is not None:
            r.bad(f"{cp}paused_at", gettext("a clock that never started cannot be paused"))
        rnd["matches"] = []
        seen: set[int] = set()
        tables: set[int] = set()
        for j, row_m in enumerate(r.array(row, "matches", p, most=MAX_SEATS)):
            mp = f"{p}matches[{j}]"
            match = _match(r, row_m, mp, ev, stage, seats, replays)
            if match is None:
                continue
            for side in ("player_a", "player_b"):
                if match[side] is not None and match[side] in seen:
                    r.bad(f"{mp}.{side}", gettext("player %(side)s plays twice in round %(round)s")
                                          % {"side": match[side], "round": i + 1})
                seen.add(match[side])
            if match["table"] is not None and match["table"] in tables:
                r.bad(f"{mp}.table", gettext("two matches of round %(round)s are at table "
                                             "%(table)s")
                                     % {"round": i + 1, "table": match['table']})
            tables.add(match["table"])
            if match["id"] in matches:
                r.bad(f"{mp}.id", gettext("match %(id)s is in the file twice")
                                  % {"id": match['id']})
            elif match["id"] is not None:
                matches[match["id"]] = match
                match["round"] = i + 1
            rnd["matches"].append(match)
        rnd["clock_changes"] = []
        for j, change in enumerate(r.array(row, "clock_changes", p)):
            xp = f"{p}clock_changes[{j}]"
            if r.obj(change, xp) is None:
                continue
            xp += "."
            target = change.get("match")
            if target is not None and (not is_id(target, matches)
                                       or matches[target].get("round") != i + 1):
                r.bad(f"{xp}match", gettext("no such match %(target)s in round %(round)s")
                                    % {"target": repr(target), "round": i + 1})
            rnd["clock_changes"].append({
                "action": r.choice(change, "action", xp, ClockAction.values),
                "minutes": r.integer(change, "minutes", xp, hi=600),
                "note": r.text(change, "note", xp, most=200), "match": target,
                "at": r.time(change, "at", xp, null=False)})
        rounds.append(rnd)
    swiss = ev["rounds"]
    if swiss is not None and ev.get("day2_points") is not None:
        swiss += ev.get("day2_rounds") or 0
    planned = {RoundStage.SWISS: swiss,
               RoundStage.TOP_CUT: TOP_CUT_ROUNDS.get(ev["top_cut"])}
    if ev.get("structure") == EventStructure.SINGLE_ELIMINATION:
        # The whole field's bracket: its rounds (event.rounds) are all top_cut rounds.
        planned = {RoundStage.SWISS: 0, RoundStage.TOP_CUT: ev["rounds"]}
    elif ev.get("structure") == EventStructure.DOUBLE_ELIMINATION:
        # Its rounds up to the grand final (event.rounds), and the reset when it was played.
        planned = {RoundStage.SWISS: 0, RoundStage.TOP_CUT: None if ev["rounds"] is None
                   else ev["rounds"] + (1 if ev.get("grand_final_reset", True) else 0)}
    for stage, most in planned.items():
        played = [i for i, rnd in enumerate(rounds) if rnd["stage"] == stage]
        if most is not None and len(played) > most:
            r.bad(f"rounds[{played[most]}].stage",
                  gettext("the event plays %(most)s %(stage)s rounds (event.rounds, "
                          "event.top_cut), and the file has %(played)s")
                  % {"most": most, "stage": stage, "played": len(played)})
    if ev["status"] == EventStatus.COMPLETE and not rounds:
        r.bad("rounds", gettext("a complete event has played at least one round"))
    return rounds, matches
