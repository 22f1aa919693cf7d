"""Game records: everything needed to replay a game, and the replay that verifies one.

A record holds the format, the catalogue version, the seed, both players' decks (before the
shuffle), the turn cap, the actions of each turn as one token string (see `actions.encode`)
and the CRC-32 state hash after each turn. `replay` re-simulates it from the seed and either
confirms the outcome or names the first turn that differs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Final

from engine.cli import json_problem
from engine.seats import DRAW_NAME, LETTER_A, LETTER_B, RESULT_NAMES, result_name

from .actions import decode, decode_turn
from .cards import Catalogue, load_catalogue
from .duel import new_game
from .errors import EngineError, RecordError
from .limits import MAX_NUMBER, number_problem, seed_problem
from .rng import NATIVE
from .rules import Game

RECORD_VERSION: Final = 1
# The duel formats (rule C-2.2; formats/setup.py sets each up): a duel record is of one.
PRECONSTRUCTED: Final = "preconstructed"
DRAFT: Final = "draft"
CONSTRUCTED: Final = "constructed"
DUEL_FORMATS: Final = (PRECONSTRUCTED, DRAFT, CONSTRUCTED)


@dataclass
class GameRecord:
    fmt: str
    catalogue: str
    seed: int
    decks: tuple[list[str], list[str]]
    turn_cap: int
    turns: list[str] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    result: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"v": RECORD_VERSION, "format": self.fmt, "catalogue": self.catalogue,
                "seed": self.seed, "decks": {LETTER_A: self.decks[0], LETTER_B: self.decks[1]},
                "turn_cap": self.turn_cap, "turns": self.turns, "hashes": self.hashes,
                "result": self.result}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        data = record_object(data)
        fmt, catalogue = text_field(data, "format"), text_field(data, "catalogue")
        if fmt not in DUEL_FORMATS:
            raise RecordError(f"a game record's format must be {', '.join(DUEL_FORMATS)}, not "
                              f"{fmt[:40]!r}")
        seed, turn_cap = seed_field(data), whole_field(data, "turn_cap", 1)
        decks = need_field(data, "decks")
        if not (isinstance(decks, dict) and all(
                isinstance(decks.get(s), list) and all(isinstance(c, str) for c in decks[s])
                for s in (LETTER_A, LETTER_B))):
            raise RecordError('a game record\'s decks must be {"A": [card names], "B": [card '
                              'names]}')
        turns, hashes = turns_field(data)
        result = result_field(data)
        return cls(fmt=fmt, catalogue=catalogue, seed=seed,
                   decks=(list(decks[LETTER_A]), list(decks[LETTER_B])), turn_cap=turn_cap,
                   turns=turns, hashes=hashes, result=result)

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        return cls.from_json(parse_json(text))


# The reading of what duel and solo records (solo/record.py) both hold: the header, the
# numbers, the turns with their hashes and the result.

def record_object(data: Any) -> dict:
    """`data` if it is a record's JSON object of the version this engine reads."""
    if not isinstance(data, dict):
        raise RecordError("a game record must be a JSON object")
    if data.get("v") != RECORD_VERSION:
        raise RecordError(f"unsupported record version {data.get('v')!r} "
                          f"(this engine reads version {RECORD_VERSION})")
    return data


def need_field(data: dict, name: str) -> object:
    if name not in data:
        raise RecordError(f"a game record needs the field {name!r}")
    return data[name]


def text_field(data: dict, name: str) -> str:
    value = need_field(data, name)
    if not isinstance(value, str):
        raise RecordError(f"a game record's {name} must be a string, not {value!r}")
    return value


def whole_field(data: dict, name: str, least: int) -> int:
    """A number of the record, within the bounds both builds compute alike (limits.py)."""
    value = need_field(data, name)
    problem = number_problem(value, least, MAX_NUMBER)
    if problem is not None or not isinstance(value, int):
        raise RecordError(f"a game record's {name} {problem}")
    return value


def seed_field(data: dict) -> int:
    value = need_field(data, "seed")
    problem = seed_problem(value)
    if problem is not None or not isinstance(value, int):
        raise RecordError(f"a game record's seed {problem}")
    return value


def turns_field(data: dict) -> tuple[list[str], list[str]]:
    """A record's turns and hashes (new lists): they pair up, each turn a string of action
    tokens and each hash a string, as the replay compares them (the compiled build checks
    the type it was told, and would fail on a number where a string is due)."""
    turns, hashes = need_field(data, "turns"), need_field(data, "hashes")
    if not isinstance(turns, list) or not isinstance(hashes, list):
        raise RecordError("a game record's turns and hashes must be lists")
    if not all(isinstance(h, str) for h in hashes):
        raise RecordError("every hash of a game record must be a string")
    if len(turns) != len(hashes):
        raise RecordError(f"{len(turns)} turns but {len(hashes)} hashes")
    if not all(isinstance(t, str) for t in turns):
        raise RecordError("every turn must be a string of action tokens")
    return list(turns), list(hashes)


def result_field(data: dict) -> str | None:
    """A record's result: a seat's letter, a draw, or null for a game not over."""
    result = data.get("result")
    if result is not None and result not in RESULT_NAMES:
        raise RecordError(f"a game record's result must be {', '.join(RESULT_NAMES)} or "
                          f"null, not {result!r}")
    return result


def parse_json(text: str) -> Any:
    """The JSON of a record. Nesting too deep to read (RecursionError) and a number of more
    digits than Python converts (ValueError) are malformed records too."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:  # json.JSONDecodeError is a ValueError
        raise RecordError(f"a game record must be JSON: {json_problem(exc)}") from None


@dataclass(frozen=True)
class ReplayResult:
    ok: bool
    result: str | None  # the outcome the replay reached
    turn: int | None = None  # the first turn that differs, when not ok
    reason: str = ""

    def __bool__(self) -> bool:
        return self.ok


# A confirmation says only the outcome, so one of each serves every replay (they are frozen).
_CONFIRMED: Final[dict[str | None, ReplayResult]] = {
    name: ReplayResult(True, name) for name in (LETTER_A, LETTER_B, DRAW_NAME, None)}


def replay(record: GameRecord, catalogue: Catalogue | None = None) -> ReplayResult:
    """Re-simulate `record`; confirm its outcome or name the first turn that differs."""
    catalogue = load_catalogue() if catalogue is None else catalogue
    refused = other_catalogue(record.catalogue, catalogue)
    if refused is not None:
        return refused
    try:
        game = new_game(record.decks, record.seed, catalogue=catalogue,
                        turn_cap=record.turn_cap)
    except EngineError as exc:
        return ReplayResult(False, None, None, f"the game cannot be set up: {exc.message}")
    return replay_turns(game, record.turns, record.hashes, record.result)


def other_catalogue(version: str, catalogue: Catalogue) -> ReplayResult | None:
    """The verdict on a record made with catalogue `version` when it is not `catalogue`'s: a
    record is never replayed with other card values. None when it is the same."""
    if version == catalogue.version:
        return None
    return ReplayResult(False, None, None,
                        f"the record was made with catalogue {version}, not {catalogue.version}")


def replay_turns(game: Game, turns: list[str], hashes: list[str], result: str | None,
                 noun: str = "turn") -> ReplayResult:
    """Apply each recorded turn to `game` (set up from the record) and compare the state hash
    after it; the verdict names the first `noun` that differs, or the final result."""
    # `game.over`, not `game.winner is not None`: a test of the attribute would tell the
    # compiled build that `winner` stays None below it, though each action may set it, and
    # the build checks the type it was told (a TypeError in place of a verdict).
    for index, tokens in enumerate(turns):
        turn = index + 1
        if game.over:
            return ReplayResult(False, result_name(game.winner), turn,
                                f"the game was already over before {noun} {turn}")
        try:
            # The compiled build decodes each turn afresh (see actions._TURNS), the Python
            # build reads the remembered tuple: two loops, so that each iterates its own type
            # natively.
            if NATIVE:
                for action in decode(tokens):
                    game.apply(action)
            else:
                for action in decode_turn(tokens):
                    game.apply(action)
        except EngineError as exc:
            return ReplayResult(False, result_name(game.winner), turn,
                                f"{noun} {turn}: {exc.message}")
        if not game.hash_is(hashes[index]):
            return ReplayResult(False, result_name(game.winner), turn,
                                f"{noun} {turn}: the position differs from the record")
    outcome = result_name(game.winner)
    if outcome != result:
        return ReplayResult(False, outcome, len(turns),
                            f"the replay ends with {outcome or 'no result'}, "
                            f"the record says {result}")
    return _CONFIRMED[outcome]
