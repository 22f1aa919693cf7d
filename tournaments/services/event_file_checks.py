"""Reading an event file (docs/event-file.md) before anything is written: every field's type
and range, the references between rows, the scores each match may have (rule C-7.5b,
engine.clash.match_rules), the cards against the catalogue, and each engine record replayed
by the engine. `event_file_read` answers the cleaned file, or raises one DomainError naming
every problem with where it is ("rounds[2].matches[4].player_b: no such player 17").

A file can be forged: nothing here trusts it, and nothing of it is attached to an account.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext

from core.errors import DomainError, field_of
from core.seeds import seed_commitment
from decks.models import Card, DecklistKind, Game
from decks.services import game_rules
from decks.services.decklists import decklist_problems
from decks.services.game_rules import engine_plays
from engine.clash.cards import load_catalogue
from engine.clash.errors import EngineError
from engine.clash.match_rules import MatchFormat
from engine.clash.record import GameRecord, replay
from engine.seats import DRAW_NAME, LETTER_A, LETTER_B
from tournaments.models import (
    MAX_ANNOUNCEMENT,
    MAX_PENALTY_NOTE,
    ClockAction,
    CorrectionAction,
    EventFormat,
    EventStatus,
    GameMode,
    LatePlayerGets,
    MatchLength,
    MatchStatus,
    PenaltyKind,
    ResultAction,
    RoundStage,
    RoundStatus,
    TopCut,
)
from tournaments.selectors.event_file import FILE_FORMAT, FILE_VERSION
from tournaments.selectors.score_problems import score_problems
from tournaments.services.event_file_fields import MAX_SEED, Data, Reader
from tournaments.services.events import event_details_problems, event_problems

# Room for a 200-player open with its records would need more; the site reads at most 2 MiB
# a request (core.inputs.MAX_BODY_BYTES), and a file must fit in one with its form around it.
MAX_EVENT_FILE_BYTES = 2_000_000
MAX_SEATS = 1024
MAX_ROUNDS = 64
SEAT_KINDS = ("player", "guest", "former", "ai")
WINNERS = (LETTER_A, LETTER_B, DRAW_NAME, "")
SCORE = ("a_wins", "b_wins", "draws")
MAX_TABLE = 10_000
BYE_SCORE = (2, 0, 0)
# How many top-cut rounds each cut plays (a single elimination of 4 or 8 players).
TOP_CUT_ROUNDS = {0: 0, 4: 2, 8: 3}
# The keys of a result change's `before` and `after` (services.audit.snapshot); a bye's
# `before` is empty.
SNAPSHOT_KEYS = ("status", "a_wins", "b_wins", "draws", "report_a", "report_b",
                 "engine_verified")


def _settings(r: Reader, data: Data) -> Data:
    p = "event."
    ev = {
        "name": r.text(data, "name", p, most=120, blank=False),
        "format": r.choice(data, "format", p, EventFormat.values),
        "match_length": r.choice(data, "match_length", p, MatchLength.values),
        "rounds": r.integer(data, "rounds", p, lo=1, hi=MAX_ROUNDS, null=True),
        "top_cut": r.choice(data, "top_cut", p, TopCut.values),
        "status": r.choice(data, "status", p, EventStatus.values),
        "registration_opens": r.time(data, "registration_opens", p),
        "registration_closes": r.time(data, "registration_closes", p),
        "decklist_deadline": r.time(data, "decklist_deadline", p),
        "lists_published": r.boolean(data, "lists_published", p),
        "lists_published_at": r.time(data, "lists_published_at", p),
        "late_entry_until_round": r.integer(data, "late_entry_until_round", p, hi=MAX_ROUNDS),
        "check_in_required": r.boolean(data, "check_in_required", p),
        "fill_with_ai": r.boolean(data, "fill_with_ai", p),
        "ai_in_top_cut": r.boolean(data, "ai_in_top_cut", p),
        "exclude_ai_from_ratings": r.boolean(data, "exclude_ai_from_ratings", p),
        "check_squads": r.boolean(data, "check_squads", p),
        "late_player_gets": r.choice(data, "late_player_gets", p, LatePlayerGets.values),
        "no_show_minutes": r.integer(data, "no_show_minutes", p, lo=1, hi=600),
        "round_minutes": r.integer(data, "round_minutes", p, lo=1, hi=600),
        "clock_starts_at_pairing": r.boolean(data, "clock_starts_at_pairing", p),
        "starts_at": r.time(data, "starts_at", p),
        "time_zone": r.text(data, "time_zone", p, most=64, blank=False),
        "venue": r.text(data, "venue", p, most=1000),
        "description": r.text(data, "description", p, most=100_000),
        "capacity": r.integer(data, "capacity", p, lo=1, hi=100_000, null=True),
        "created_at": r.time(data, "created_at", p, null=False),
        "started_at": r.time(data, "started_at", p),
        "completed_at": r.time(data, "completed_at", p),
        "seed": r.integer(data, "seed", p, null=True),
        "seed_nonce": r.text(data, "seed_nonce", p, most=32) if data.get("seed_nonce") else "",
        "seed_hash": r.text(data, "seed_hash", p, most=64),
    }
    tiebreakers = data.get("tiebreakers")
    if not isinstance(tiebreakers, list) or not all(isinstance(t, str) for t in tiebreakers):
        r.bad(f"{p}tiebreakers", gettext("must be a list of metric names"))
        tiebreakers = []
    ev["tiebreakers"] = tiebreakers
    game = Game.objects.filter(slug=data.get("game")).first() if isinstance(
        data.get("game"), str) else None
    if game is None:
        r.bad(f"{p}game", gettext("no game %(game)s on this site")
                          % {"game": repr(data.get('game'))})
    ev["game"] = game
    if None in (ev["format"], ev["match_length"], ev["top_cut"], ev["late_entry_until_round"]):
        return ev
    for problem in event_problems(
            name=ev["name"], format=ev["format"], match_length=ev["match_length"],
            rounds=ev["rounds"], top_cut=ev["top_cut"],
            registration_opens=ev["registration_opens"],
            registration_closes=ev["registration_closes"],
            late_entry_until_round=ev["late_entry_until_round"], tiebreakers=tiebreakers):
        r.bad("event", problem)
    for problem in event_details_problems(time_zone=ev["time_zone"], venue=ev["venue"],
                                          description=ev["description"],
                                          capacity=ev["capacity"]):
        r.bad("event", problem)
    # Version 1 imports finished events: their seed is in the file, so every draw can be
    # checked, and no one is left to play a round of seats that cannot act.
    if ev["status"] != EventStatus.COMPLETE:
        r.bad(f"{p}status", gettext("only a complete event can be imported, and this one is "
                                    "%(status)s: import its file once it is complete")
                            % {"status": repr(ev['status'])})
    elif ev["completed_at"] is None:
        r.bad(f"{p}completed_at", gettext("a complete event has the time it completed"))
    if ev["status"] == EventStatus.COMPLETE and (ev["seed"] is None or not ev["seed_nonce"]):
        r.bad(f"{p}seed", gettext("a complete event's file carries its seed and nonce"))
    elif ev["seed"] is not None and ev["seed_hash"] and (
            seed_commitment(ev["seed"], ev["seed_nonce"]) != ev["seed_hash"]):
        r.bad(f"{p}seed", gettext("the seed and nonce do not hash to the published seed_hash"))
    return ev


def _decklists(r: Reader, rows: list, game: Game | None) -> dict[int, Data]:
    lists: dict[int, Data] = {}
    catalogue = load_catalogue()
    names: dict[str, list[str]] = {}
    for i, row in enumerate(rows):
        p = f"decklists[{i}]"
        if r.obj(row, p) is None:
            continue
        p += "."
        number = r.integer(row, "id", p, lo=1)
        kind = r.choice(row, "kind", p, DecklistKind.values)
        cards = row.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards) \
                or len(cards) > 200:
            r.bad(f"{p}cards", gettext("must be a list of at most 200 card names"))
            cards = []
        deck = r.integer(row, "preconstructed_deck", p, hi=1000, null=True)
        if kind == DecklistKind.PRECONSTRUCTED and deck not in catalogue.deck_numbers:
            r.bad(f"{p}preconstructed_deck", gettext("no preconstructed deck %(deck)s (rule "
                                                     "C-2.3)")
                                             % {"deck": repr(deck)})
        for card in cards:
            names.setdefault(card, []).append(f"{p}cards")
        if number in lists:
            r.bad(f"{p}id", gettext("decklist %(number)s is in the file twice")
                            % {"number": number})
        elif number is not None:
            lists[number] = {"row": i, "kind": kind, "cards": cards, "preconstructed_deck": deck,
                             "deck_format": r.text(row, "deck_format", p, most=20)}
    if game is not None:
        known = set(Card.objects.filter(card_set__game=game, name__in=list(names))
                    .values_list("name", flat=True)) if names else set()
        for card, places in names.items():
            if card not in known:
                r.bad(places[0], gettext("%(card)s is not a card of %(game)s")
                                 % {"card": repr(card), "game": game.name})
        for data in lists.values():
            if all(card in known for card in data["cards"]):
                _list_rules(r, f"decklists[{data['row']}].", data, game)
    return lists


def _list_rules(r: Reader, p: str, data: Data, game: Game) -> None:
    """The game's rules for a list (decks.services.decklists.decklist_problems): its deck
    format, how many copies of a card it may hold, its size. A drafted list is what its
    pod's picks gave, so only its format is checked."""
    if data["kind"] is None:
        return
    if data["kind"] == DecklistKind.DRAFTED:
        problems = game_rules.format_problems(game=game, deck_format=data["deck_format"])
    else:
        problems = decklist_problems(user=None, kind=data["kind"], cards=data["cards"],
                                     preconstructed_deck=data["preconstructed_deck"],
                                     game=game, deck_format=data["deck_format"])
    for problem in problems:
        r.bad(f"{p}deck_format" if field_of(problem) == "deck_format" else f"{p}cards", problem)


def _players(r: Reader, rows: list, lists: dict[int, Data]) -> dict[int, Data]:
    seats: dict[int, Data] = {}
    ai_names: set[str] = set()
    if not rows:
        r.bad("players", gettext("an event file has at least one player"))
    for i, row in enumerate(rows):
        p = f"players[{i}]"
        if r.obj(row, p) is None:
            continue
        p += "."
        number = r.integer(row, "id", p, lo=1)
        kind = r.choice(row, "kind", p, SEAT_KINDS)
        name = r.text(row, "name", p, most=60, blank=False)
        if kind == "ai":
            if name in ai_names:
                r.bad(f"{p}name", gettext("two AI seats are named %(name)s")
                                  % {"name": repr(name)})
            ai_names.add(name)
        decklist = r.integer(row, "decklist", p, lo=1, null=True)
        if decklist is not None and decklist not in lists:
            r.bad(f"{p}decklist", gettext("no such decklist %(decklist)s")
                                  % {"decklist": decklist})
        seat = {"kind": kind, "name": name, "decklist": decklist,
                "dropped": r.boolean(row, "dropped", p),
                "dropped_at": r.time(row, "dropped_at", p),
                "checked_in": r.boolean(row, "checked_in", p),
                "late_entry": r.boolean(row, "late_entry", p),
                "created_at": r.time(row, "created_at", p, null=False)}
        if number in seats:
            r.bad(f"{p}id", gettext("player %(number)s is in the file twice")
                            % {"number": number})
        elif number is not None:
            seats[number] = seat
    return seats


def _is_id(value: Any, rows: dict) -> bool:
    """Whether `value` is the id of one of `rows` (a whole number, never true or false)."""
    return isinstance(value, int) and not isinstance(value, bool) and value in rows


def _seat_ref(r: Reader, data: Data, key: str, path: str, seats: dict, *,
              null: bool = False) -> int | None:
    value = data.get(key)
    if value is None and null:
        return None
    if not _is_id(value, seats):
        r.bad(f"{path}{key}", gettext("no such player %(value)s")
                              % {"value": repr(value)})
        return None
    return value


def _score_ok(value: Any) -> bool:
    """Whether `value` is a report: {"a_wins", "b_wins", "draws"}, each 0 to 9."""
    return isinstance(value, dict) and set(value) == set(SCORE) and all(
        isinstance(value[k], int) and not isinstance(value[k], bool) and 0 <= value[k] <= 9
        for k in SCORE)


def _snapshot(r: Reader, data: Data, key: str, path: str) -> Data:
    """A result change's `before` or `after`: the match's values as results.py keeps them
    (services.audit.snapshot), each of its kind, or nothing at all (a bye's `before`)."""
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
            ok = item is None or _score_ok(item)
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
    if value is not None and not _score_ok(value):
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


def _match(r: Reader, row: Any, p: str, ev: Data, stage: str, seats: dict,
           replays: bool) -> Data | None:
    if r.obj(row, p) is None:
        return None
    p += "."
    fmt = MatchFormat(best_of=ev["match_length"] or 1, top_cut=stage == RoundStage.TOP_CUT)
    match = {"id": r.integer(row, "id", p, lo=1),
             "table": r.integer(row, "table", p, lo=1, hi=MAX_TABLE, null=True),
             "player_a": _seat_ref(r, row, "player_a", p, seats),
             "player_b": _seat_ref(r, row, "player_b", p, seats, null=True),
             "status": r.choice(row, "status", p, MatchStatus.values),
             "report_a": _score(r, row, "report_a", p),
             "report_b": _score(r, row, "report_b", p),
             "is_ai_match": r.boolean(row, "is_ai_match", p),
             "engine_verified": r.boolean(row, "engine_verified", p),
             "confirmed_at": r.time(row, "confirmed_at", p),
             "extra_minutes": r.integer(row, "extra_minutes", p, hi=600)}
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
    # A bye is a confirmed 2-0 win, whatever the match length (services/rounds.py).
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


def _rounds(r: Reader, rows: list, ev: Data, seats: dict) -> tuple[list[Data], dict[int, Data]]:
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
            if target is not None and (not _is_id(target, matches)
                                       or matches[target].get("round") != i + 1):
                r.bad(f"{xp}match", gettext("no such match %(target)s in round %(round)s")
                                    % {"target": repr(target), "round": i + 1})
            rnd["clock_changes"].append({
                "action": r.choice(change, "action", xp, ClockAction.values),
                "minutes": r.integer(change, "minutes", xp, hi=600),
                "note": r.text(change, "note", xp, most=200), "match": target,
                "at": r.time(change, "at", xp, null=False)})
        rounds.append(rnd)
    planned = {RoundStage.SWISS: ev["rounds"],
               RoundStage.TOP_CUT: TOP_CUT_ROUNDS.get(ev["top_cut"])}
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


# What each correction writes in its details (services/corrections.py, late_players.py,
# no_shows.py): its keys, exactly, and each value's kind. The pages format them later
# (selectors/corrections.py), so a file is held to the same shapes.
TABLE_OR_NONE = "table_or_none"
DETAILS_KEYS: dict[str, dict[str, str]] = {
    CorrectionAction.UNDROP: {"dropped_at": "time_or_none"},
    CorrectionAction.UNPAIR: {"seed": "seed_or_none", "tables": "unpaired_tables"},
    CorrectionAction.SWAP: {"tables": "two_tables", "seats": "two_seats"},
    CorrectionAction.LATE: {"gets": "late_gets", "match": "match_or_none",
                            "table": TABLE_OR_NONE, "ai_seat": "seat_or_none",
                            "new_seat": "boolean", "guest": "boolean"},
    CorrectionAction.NO_SHOW: {"match": "match_or_none", "table": TABLE_OR_NONE,
                               "absent_side": "side", "score": "score",
                               "minutes": "minutes"},
}
# A correction that names its round (every one but an undone drop).
ROUND_NAMED = (CorrectionAction.UNPAIR, CorrectionAction.SWAP, CorrectionAction.LATE,
               CorrectionAction.NO_SHOW)
# A correction made for one seat (its `player`).
SEAT_NAMED = (CorrectionAction.UNDROP, CorrectionAction.LATE, CorrectionAction.NO_SHOW)


def _whole(value: Any, lo: int = 0, hi: int = MAX_SEED) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _table(value: Any) -> bool:
    return _whole(value, 1, MAX_TABLE)


def _detail_problem(kind: str, value: Any, seats: dict, matches: dict) -> str | None:
    """Why `value` is not a detail of `kind` (None: it is)."""
    if kind == "time_or_none":
        if value is None:
            return None
        probe = Reader()
        probe.time({"v": value}, "v", "")
        return probe.problems[0].split(": ", 1)[1] if probe.problems else None
    if kind == "seed_or_none":
        return None if value is None or _whole(value) else (
            gettext("must be a seed or null, not %(value)s") % {"value": repr(value)})
    if kind == TABLE_OR_NONE:
        return None if value is None or _table(value) else (
            gettext("must be a table number from 1 to %(most)s or null, not %(value)s")
            % {"most": MAX_TABLE, "value": repr(value)})
    if kind == "minutes":
        return None if _whole(value, 0, 600) else (
            gettext("must be a whole number of minutes from 0 to 600, not %(value)s")
            % {"value": repr(value)})
    if kind == "boolean":
        return None if isinstance(value, bool) else (
            gettext("must be true or false, not %(value)s") % {"value": repr(value)})
    if kind == "late_gets":
        return None if value in LatePlayerGets.values else (
            gettext("must be one of %(values)s, not %(value)s")
            % {"values": ", ".join(LatePlayerGets.values), "value": repr(value)})
    if kind == "side":
        return None if value in ("a", "b") else (
            gettext("must be 'a' or 'b', not %(value)s") % {"value": repr(value)})
    if kind == "score":
        return None if _score_ok(value) else (
            gettext('a score is {"a_wins", "b_wins", "draws"}, each 0 to 9'))
    if kind == "match_or_none":
        return None if value is None or _is_id(value, matches) else (
            gettext("no such match %(value)s") % {"value": repr(value)})
    if kind == "seat_or_none":
        return None if value is None or _is_id(value, seats) else (
            gettext("no such player %(value)s") % {"value": repr(value)})
    if kind == "two_tables":
        return None if isinstance(value, list) and len(value) == 2 and all(
            _table(t) for t in value) else gettext("a swap's tables are its two table numbers")
    if kind == "two_seats":
        if not isinstance(value, list) or len(value) != 2:
            return gettext("a swap names its two seats")
        wrong = [s for s in value if not _is_id(s, seats)]
        if wrong:
            return gettext("no such player %(value)s") % {"value": repr(wrong[0])}
        return gettext("a swap names two different seats") if value[0] == value[1] else None
    if kind == "unpaired_tables":
        if not isinstance(value, list) or len(value) > MAX_SEATS or not all(
                isinstance(t, list) and len(t) == 3 for t in value):
            return gettext("an undone pairing's tables are [table, player_a, player_b] each")
        for table, a, b in value:
            if not (table is None or _table(table)):
                return (gettext("no table %(table)s: a table number from 1 to %(most)s, or null")
                        % {"table": repr(table), "most": MAX_TABLE})
            if not _is_id(a, seats):
                return gettext("no such player %(value)s") % {"value": repr(a)}
            if b is not None and not _is_id(b, seats):
                return gettext("no such player %(value)s") % {"value": repr(b)}
        return None
    raise AssertionError(kind)


def _details(r: Reader, action: str | None, details: Data, path: str, seats: dict,
             matches: dict) -> None:
    """The correction's details hold exactly the keys its action writes, each of its kind."""
    if action is None:
        return
    shape = DETAILS_KEYS[action]
    for key in sorted(set(details) - set(shape)):
        r.bad(f"{path}.{key}", gettext("a correction (%(action)s) keeps no %(key)s")
                               % {"action": action, "key": repr(key)})
    for key, kind in shape.items():
        if key not in details:
            r.bad(f"{path}.{key}", gettext("a correction (%(action)s) keeps its %(key)s")
                                   % {"action": action, "key": repr(key)})
            continue
        problem = _detail_problem(kind, details[key], seats, matches)
        if problem is not None:
            r.bad(f"{path}.{key}", problem)


def _trail(r: Reader, data: Data, seats: dict, matches: dict, rounds: int) -> Data:
    corrections = []
    for i, row in enumerate(r.array(data, "corrections", "")):
        p = f"corrections[{i}]"
        if r.obj(row, p) is None:
            continue
        p += "."
        action = r.choice(row, "action", p, CorrectionAction.values)
        details = r.json_object(row, "details", p, null=False) or {}
        _details(r, action, details, f"{p}details", seats, matches)
        number = r.integer(row, "round_number", p, lo=1, hi=MAX_ROUNDS, null=True)
        if number is None and action in ROUND_NAMED and row.get("round_number") is None:
            r.bad(f"{p}round_number", gettext("a correction (%(action)s) names its round")
                                      % {"action": action})
        elif number is not None and number > rounds:
            r.bad(f"{p}round_number", gettext("no round %(number)s: the event has %(rounds)s")
                                      % {"number": number, "rounds": rounds})
        player = _seat_ref(r, row, "player", p, seats, null=action not in SEAT_NAMED)
        corrections.append({"action": action, "round_number": number, "player": player,
                            "details": details, "at": r.time(row, "at", p, null=False)})
    announcements = []
    for i, row in enumerate(r.array(data, "announcements", "")):
        p = f"announcements[{i}]"
        if r.obj(row, p) is None:
            continue
        p += "."
        announcements.append({"text": r.text(row, "text", p, most=MAX_ANNOUNCEMENT,
                                             blank=False),
                              "posted_at": r.time(row, "posted_at", p, null=False),
                              "withdrawn_at": r.time(row, "withdrawn_at", p)})
    penalties = []
    for i, row in enumerate(r.array(data, "penalties", "")):
        p = f"penalties[{i}]"
        if r.obj(row, p) is None:
            continue
        p += "."
        kind = r.choice(row, "kind", p, PenaltyKind.values)
        number = r.integer(row, "round_number", p, lo=1, hi=MAX_ROUNDS, null=True)
        if number is not None and number > rounds:
            r.bad(f"{p}round_number", gettext("no round %(number)s: the event has %(rounds)s")
                                      % {"number": number, "rounds": rounds})
        match = row.get("match")
        if match is not None and not _is_id(match, matches):
            r.bad(f"{p}match", gettext("no such match %(match)s")
                               % {"match": repr(match)})
        elif match is not None and kind not in (PenaltyKind.GAME_LOSS, PenaltyKind.MATCH_LOSS):
            r.bad(f"{p}match", gettext("only a game loss or a match loss changes a match"))
        player = _seat_ref(r, row, "player", p, seats)
        if _is_id(match, matches) and player is not None and player not in (
                matches[match]["player_a"], matches[match]["player_b"]):
            r.bad(f"{p}match", gettext("player %(player)s does not play in match %(match)s")
                               % {"player": player, "match": match})
        penalties.append({"player": player, "kind": kind,
                          "round_number": number, "match": match,
                          "note": r.text(row, "note", p, most=MAX_PENALTY_NOTE),
                          "at": r.time(row, "at", p, null=False),
                          "withdrawn_at": r.time(row, "withdrawn_at", p)})
    standings = []
    for i, row in enumerate(r.array(data, "standings", "", most=MAX_SEATS)):
        p = f"standings[{i}]"
        if r.obj(row, p) is None:
            continue
        p += "."
        standings.append({"rank": r.integer(row, "rank", p, lo=1, hi=MAX_SEATS),
                          "player": _seat_ref(r, row, "player", p, seats),
                          "match_points": r.integer(row, "match_points", p, hi=10_000)})
    return {"corrections": corrections, "announcements": announcements,
            "penalties": penalties, "standings": standings}


def _refuse(problems: list[str]) -> None:
    raise DomainError(
        "invalid_event_file",
        ngettext("The event file was not imported: %(count)d problem, named below.",
                 "The event file was not imported: %(count)d problems, named below.",
                 len(problems)) % {"count": len(problems)},
        problems=problems, params={"count": len(problems)})


def event_file_read(data: Any) -> Data:
    """The cleaned file, or a DomainError `invalid_event_file` naming every problem."""
    r = Reader()
    if r.obj(data, "the file") is None:
        _refuse(r.problems)
    if data.get("format") != FILE_FORMAT:
        r.bad("format", gettext("this is not a Clash event file (format %(format)r, not "
                                "%(expected)r)") % {"format": data.get("format"),
                                                    "expected": FILE_FORMAT})
    elif type(data.get("version")) is not int or data.get("version") != FILE_VERSION:
        r.bad("version", gettext("this site reads event files of version %(version)d, not "
                                 "%(found)r") % {"version": FILE_VERSION,
                                                 "found": data.get("version")})
    if r.problems:
        _refuse(r.problems)  # another kind of file: its fields would only add noise
    source = r.text(data, "exported_from", "", most=200, blank=False)
    r.time(data, "exported_at", "", null=False)
    settings = r.obj(data.get("event"), "event")
    if settings is None:
        _refuse(r.problems)
    ev = _settings(r, settings)
    lists = _decklists(r, r.array(data, "decklists", ""), ev["game"])
    seats = _players(r, r.array(data, "players", "", most=MAX_SEATS), lists)
    rounds, matches = _rounds(r, r.array(data, "rounds", "", most=MAX_ROUNDS), ev, seats)
    trail = _trail(r, data, seats, matches, len(rounds))
    if r.problems:
        _refuse(r.problems)
    return {"exported_from": source.strip(), "event": ev, "decklists": lists,
            "players": seats, "rounds": rounds, **trail}
