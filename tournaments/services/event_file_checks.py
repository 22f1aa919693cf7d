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

from core.errors import DomainError
from core.seeds import seed_commitment
from decks.models import Card, DecklistKind, Game
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
from tournaments.services.event_file_fields import Data, Reader
from tournaments.services.events import event_details_problems, event_problems

# Room for a 200-player open with its records would need more; the site reads at most 2 MiB
# a request (core.inputs.MAX_BODY_BYTES), and a file must fit in one with its form around it.
MAX_EVENT_FILE_BYTES = 2_000_000
MAX_SEATS = 1024
MAX_ROUNDS = 64
SEAT_KINDS = ("player", "guest", "former", "ai")
WINNERS = (LETTER_A, LETTER_B, DRAW_NAME, "")
SCORE = ("a_wins", "b_wins", "draws")


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
        r.bad(f"{p}tiebreakers", "must be a list of metric names")
        tiebreakers = []
    ev["tiebreakers"] = tiebreakers
    game = Game.objects.filter(slug=data.get("game")).first() if isinstance(
        data.get("game"), str) else None
    if game is None:
        r.bad(f"{p}game", f"no game {data.get('game')!r} on this site")
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
        r.bad(f"{p}status", f"only a complete event can be imported, and this one is "
                            f"{ev['status']!r}: import its file once it is complete")
    elif ev["completed_at"] is None:
        r.bad(f"{p}completed_at", "a complete event has the time it completed")
    if ev["status"] == EventStatus.COMPLETE and (ev["seed"] is None or not ev["seed_nonce"]):
        r.bad(f"{p}seed", "a complete event's file carries its seed and nonce")
    elif ev["seed"] is not None and ev["seed_hash"] and (
            seed_commitment(ev["seed"], ev["seed_nonce"]) != ev["seed_hash"]):
        r.bad(f"{p}seed", "the seed and nonce do not hash to the published seed_hash")
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
            r.bad(f"{p}cards", "must be a list of at most 200 card names")
            cards = []
        deck = r.integer(row, "preconstructed_deck", p, hi=1000, null=True)
        if kind == DecklistKind.PRECONSTRUCTED and deck not in catalogue.deck_numbers:
            r.bad(f"{p}preconstructed_deck", f"no preconstructed deck {deck!r} (rule C-2.3)")
        for card in cards:
            names.setdefault(card, []).append(f"{p}cards")
        if number in lists:
            r.bad(f"{p}id", f"decklist {number} is in the file twice")
        elif number is not None:
            lists[number] = {"kind": kind, "cards": cards, "preconstructed_deck": deck,
                             "deck_format": r.text(row, "deck_format", p, most=20)}
    if game is not None and names:
        known = set(Card.objects.filter(card_set__game=game, name__in=list(names))
                    .values_list("name", flat=True))
        for card, places in names.items():
            if card not in known:
                r.bad(places[0], f"{card!r} is not a card of {game.name}")
    return lists


def _players(r: Reader, rows: list, lists: dict[int, Data]) -> dict[int, Data]:
    seats: dict[int, Data] = {}
    ai_names: set[str] = set()
    if not rows:
        r.bad("players", "an event file has at least one player")
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
                r.bad(f"{p}name", f"two AI seats are named {name!r}")
            ai_names.add(name)
        decklist = r.integer(row, "decklist", p, lo=1, null=True)
        if decklist is not None and decklist not in lists:
            r.bad(f"{p}decklist", f"no such decklist {decklist}")
        seat = {"kind": kind, "name": name, "decklist": decklist,
                "dropped": r.boolean(row, "dropped", p),
                "dropped_at": r.time(row, "dropped_at", p),
                "checked_in": r.boolean(row, "checked_in", p),
                "late_entry": r.boolean(row, "late_entry", p),
                "created_at": r.time(row, "created_at", p, null=False)}
        if number in seats:
            r.bad(f"{p}id", f"player {number} is in the file twice")
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
        r.bad(f"{path}{key}", f"no such player {value!r}")
        return None
    return value


def _score(r: Reader, data: Data, key: str, path: str) -> Data | None:
    value = r.json_object(data, key, path)
    if value is not None and (set(value) != set(SCORE) or not all(
            isinstance(value[k], int) and not isinstance(value[k], bool) and 0 <= value[k] <= 9
            for k in SCORE)):
        r.bad(f"{path}{key}", "a report is {\"a_wins\", \"b_wins\", \"draws\"}, each 0 to 9")
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
            r.bad(f"{p}record", "this game has no engine records")
            return game
        try:
            record = GameRecord.from_json(game["record"])
        except EngineError as exc:
            r.bad(f"{p}record", exc.message)
            return game
        result = replay(record)
        if not result:
            r.bad(f"{p}record", f"the engine's replay does not confirm it: {result.reason}")
        elif (result.result or "") != game["winner"]:
            r.bad(f"{p}winner", f"the record ends with {result.result!r}, not "
                                f"{game['winner']!r}")
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
             "table": r.integer(row, "table", p, lo=1, hi=10_000, null=True),
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
        r.bad(f"{p}player_b", "a player does not play against themselves")
    if match["player_b"] is None and match["table"] is not None:
        r.bad(f"{p}table", "a bye has no table")
    if match["player_b"] is not None and row.get("player_b") is not None \
            and match["table"] is None:
        r.bad(f"{p}table", "a match between two players has a table")
    if ev["status"] == EventStatus.COMPLETE and match["status"] != MatchStatus.CONFIRMED:
        r.bad(f"{p}status", "every match of a complete event is confirmed")
    if match["status"] == MatchStatus.CONFIRMED:
        for problem in fmt.problems(*(row.get(k) for k in SCORE)):
            r.bad(f"{p}score", problem)
        if match["confirmed_at"] is None:
            r.bad(f"{p}confirmed_at", "a confirmed match has the time it was confirmed")
    elif any(row.get(k) is not None for k in SCORE):
        r.bad(f"{p}score", "only a confirmed match has a result")
    match["changes"] = []
    for j, change in enumerate(r.array(row, "changes", p, most=100)):
        cp = f"{p}changes[{j}]"
        if r.obj(change, cp) is None:
            continue
        cp += "."
        match["changes"].append({
            "action": r.choice(change, "action", cp, ResultAction.values),
            "before": r.json_object(change, "before", cp, null=False) or {},
            "after": r.json_object(change, "after", cp, null=False) or {},
            "note": r.text(change, "note", cp, most=200),
            "at": r.time(change, "at", cp, null=False)})
    games = [_game(r, g, f"{p}games[{j}]", fmt, replays)
             for j, g in enumerate(r.array(row, "games", p, most=fmt.max_games))]
    match["games"] = [g for g in games if g is not None]
    numbers = [g["number"] for g in match["games"]]
    if len(set(numbers)) != len(numbers):
        r.bad(f"{p}games", "two games have the same number")
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
            r.bad(f"{p}number", f"the rounds are numbered 1, 2, 3... in order: this is round "
                                f"{i + 1}, not {number!r}")
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
            r.bad(f"{cp}minutes", "a started clock has a length")
        if rnd["clock_started_at"] is None and rnd["clock_paused_at"] is not None:
            r.bad(f"{cp}paused_at", "a clock that never started cannot be paused")
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
                    r.bad(f"{mp}.{side}", f"player {match[side]} plays twice in round "
                                          f"{i + 1}")
                seen.add(match[side])
            if match["table"] is not None and match["table"] in tables:
                r.bad(f"{mp}.table", f"two matches of round {i + 1} are at table "
                                     f"{match['table']}")
            tables.add(match["table"])
            if match["id"] in matches:
                r.bad(f"{mp}.id", f"match {match['id']} is in the file twice")
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
                r.bad(f"{xp}match", f"no such match {target!r} in round {i + 1}")
            rnd["clock_changes"].append({
                "action": r.choice(change, "action", xp, ClockAction.values),
                "minutes": r.integer(change, "minutes", xp, hi=600),
                "note": r.text(change, "note", xp, most=200), "match": target,
                "at": r.time(change, "at", xp, null=False)})
        rounds.append(rnd)
    if ev["status"] == EventStatus.COMPLETE and not rounds:
        r.bad("rounds", "a complete event has played at least one round")
    return rounds, matches


def _details_seats(r: Reader, action: str, details: Data, path: str, seats: dict,
                   matches: dict) -> None:
    if action in (CorrectionAction.LATE, CorrectionAction.NO_SHOW):
        # A late player's match (and AI seat), a no-show's match: ids of the file.
        match = details.get("match")
        if match is not None and not _is_id(match, matches):
            r.bad(path, f"no such match {match!r}")
        ids = [details["ai_seat"]] if details.get("ai_seat") is not None else []
    elif action == CorrectionAction.UNPAIR:
        tables = details.get("tables", [])
        if not isinstance(tables, list) or not all(
                isinstance(t, list) and len(t) == 3 for t in tables):
            r.bad(path, "an undone pairing's tables are [table, player_a, player_b] each")
            return
        ids = [s for _, a, b in tables for s in (a, b) if s is not None]
    elif action == CorrectionAction.SWAP:
        ids = details.get("seats", [])
        if not isinstance(ids, list):
            r.bad(path, "a swap names its two seats")
            return
    else:
        return
    for seat in ids:
        if not _is_id(seat, seats):
            r.bad(path, f"no such player {seat!r}")


def _trail(r: Reader, data: Data, seats: dict, matches: dict, rounds: int) -> Data:
    corrections = []
    for i, row in enumerate(r.array(data, "corrections", "")):
        p = f"corrections[{i}]"
        if r.obj(row, p) is None:
            continue
        p += "."
        action = r.choice(row, "action", p, CorrectionAction.values)
        details = r.json_object(row, "details", p, null=False) or {}
        _details_seats(r, action, details, f"{p}details", seats, matches)
        corrections.append({"action": action,
                            "round_number": r.integer(row, "round_number", p, lo=1,
                                                      hi=MAX_ROUNDS, null=True),
                            "player": _seat_ref(r, row, "player", p, seats, null=True),
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
            r.bad(f"{p}round_number", f"no round {number}: the event has {rounds}")
        match = row.get("match")
        if match is not None and not _is_id(match, matches):
            r.bad(f"{p}match", f"no such match {match!r}")
        elif match is not None and kind not in (PenaltyKind.GAME_LOSS, PenaltyKind.MATCH_LOSS):
            r.bad(f"{p}match", "only a game loss or a match loss changes a match")
        player = _seat_ref(r, row, "player", p, seats)
        if _is_id(match, matches) and player is not None and player not in (
                matches[match]["player_a"], matches[match]["player_b"]):
            r.bad(f"{p}match", f"player {player} does not play in match {match}")
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
    elif data.get("version") != FILE_VERSION:
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
