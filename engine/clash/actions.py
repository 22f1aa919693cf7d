"""Actions: what a player may do (everything else the rules do by themselves).

An action is a plain tuple whose first item is its kind, so the hot path builds and compares
them cheaply:

    (PLAY, hand_index, lane)                      play a creature (rule C-3.4)
    (CAST, hand_index, seat, lane, position)      cast an incantation at a creature (C-6)
    (ATTACK_NEXT,)                                enter the Attack phase if needed, run one
                                                  activation (C-4.3)
    (ATTACK_ALL,)                                 run the rest of the Attack phase
    (END_TURN,)                                   finish the Attack phase, end the turn (C-3.6)
    (RETURN_ORDER, (card_id, ...))                the order in which destroyed creatures return
                                                  to their owner's hand (C-4.6)

`hand_index` counts from the left of the hand, not counting the Bastion/Fort, so it is 0-3
for the four playable cards (C-3.2).

In a game record each action is a short token (see `encode`): `P0t`, `C2Bb1`, `N`, `X`, `E`,
`R5.12.3`. Tokens start with an upper-case letter, so a turn's actions join into one string.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from engine.errors import FormatError
from engine.seats import LETTERS, seat_of_letter

from .cards import BASTION, Catalogue
from .errors import RecordError
from .rng import i64
from .state import LANES

# Final: the compiled build (docs/engine.md) writes each into the code that compares with it.
PLAY: Final = 0
CAST: Final = 1
ATTACK_NEXT: Final = 2
ATTACK_ALL: Final = 3
END_TURN: Final = 4
RETURN_ORDER: Final = 5

Action = tuple

_LANE_CODE: Final = "tb"
_TOKEN: Final = re.compile(r"P([0-3])([tb])|C([0-3])([AB])([tb])(\d+)|(N)|(X)|(E)|R([\d.]+)")


def play(index: int, lane: int) -> Action:
    return (PLAY, index, lane)


def cast(index: int, seat: int, lane: int, position: int) -> Action:
    return (CAST, index, seat, lane, position)


def encode(action: Action) -> str:
    """The record token of one action. The common ones (plain ints, a hand index 0-3 and a
    cast at a position up to 15) are read from tables by their numbers, without hashing the
    tuple; anything else is spelled by `_spell`."""
    size = len(action)
    first = action[0]
    if type(first) is int:
        kind: int = first
        if size == 1:
            if ATTACK_NEXT <= kind <= END_TURN:
                return _LETTER_TOKENS[kind - ATTACK_NEXT]
        elif size == 3 and kind == PLAY:
            index, lane = action[1], action[2]
            if type(index) is int and type(lane) is int:
                i: int = index
                j: int = lane
                if 0 <= i < 4 and 0 <= j < 2:
                    return _PLAY_TOKENS[i * 2 + j]
        elif size == 5 and kind == CAST:
            index, seat, lane, position = action[1], action[2], action[3], action[4]
            if (type(index) is int and type(seat) is int and type(lane) is int
                    and type(position) is int):
                i = index
                s: int = seat
                j = lane
                k: int = position
                if 0 <= i < 4 and 0 <= s < 2 and 0 <= j < 2 and 0 <= k < 16:
                    return _CAST_TOKENS[((i * 2 + s) * 2 + j) * 16 + k]
    return _spell(action)


def _spell(action: Action) -> str:
    token = TOKENS.get(action)
    if token is not None:
        return token
    kind = action[0]
    if kind == PLAY:
        return f"P{action[1]}{_LANE_CODE[action[2]]}"
    if kind == CAST:
        return f"C{action[1]}{LETTERS[action[2]]}{_LANE_CODE[action[3]]}{action[4]}"
    if kind == ATTACK_NEXT:
        return "N"
    if kind == ATTACK_ALL:
        return "X"
    if kind == END_TURN:
        return "E"
    if kind == RETURN_ORDER:
        return "R" + ".".join(str(card) for card in action[1])
    raise ValueError(f"unknown action kind {kind!r}")


# The tokens of the common actions, spelled once by `_spell` (encoding is on the hot path of
# recording): by number for `encode`, by action for `_spell` (an action of bools, True == 1,
# spells as its ints do) and by token for `decode`. `encode` indexes the tables in the order
# they are made here.
TOKENS: Final[dict[Action, str]] = {}
# Typed as tuples of `Action` (plain tuples): as tuples of fixed-length tuples the compiled build
# would keep each action unboxed and box a new tuple at every read (docs/engine.md).
_LETTER_ACTIONS: Final[tuple[Action, ...]] = ((ATTACK_NEXT,), (ATTACK_ALL,), (END_TURN,))
_PLAY_ACTIONS: Final[tuple[Action, ...]] = tuple((PLAY, i, lane) for i in range(4)
                                                 for lane in (0, 1))
_CAST_ACTIONS: Final[tuple[Action, ...]] = tuple((CAST, i, seat, lane, position)
                                                 for i in range(4) for seat in (0, 1)
                                                 for lane in (0, 1) for position in range(16))
_LETTER_TOKENS: Final = tuple(_spell(action) for action in _LETTER_ACTIONS)
_PLAY_TOKENS: Final = tuple(_spell(action) for action in _PLAY_ACTIONS)
_CAST_TOKENS: Final = tuple(_spell(action) for action in _CAST_ACTIONS)
TOKENS.update(zip(_LETTER_ACTIONS, _LETTER_TOKENS, strict=True))
TOKENS.update(zip(_PLAY_ACTIONS, _PLAY_TOKENS, strict=True))
TOKENS.update(zip(_CAST_ACTIONS, _CAST_TOKENS, strict=True))
# The character codes decode compares with (`ord(tokens[i])` reads one without making a string
# in the compiled build).
_P: Final = ord("P")
_C: Final = ord("C")
_N: Final = ord("N")
_X: Final = ord("X")
_E: Final = ord("E")
_A: Final = ord("A")
_B: Final = ord("B")
_T: Final = ord("t")
_BOTTOM: Final = ord("b")
_ZERO: Final = ord("0")


def decode(tokens: str) -> list[Action]:
    """The actions of a string of record tokens; RecordError names the first bad character.

    The tokens `TOKENS` spells (every play, every cast at a position up to 15, N, X and E) are
    read character by character into the shared action tuples `encode` reads from. Anything
    else (a return order, a position past 15, a number written with a leading zero, a bad
    character) sends the whole string to the token grammar, which also names what it cannot
    read (tests/engine/test_record.py holds the two ways to the same answers)."""
    actions: list[Action] = []
    # Machine words in the compiled build (rng.i64): no tagged-integer checks on each step.
    pos: i64 = 0
    size: i64 = len(tokens)
    lane: i64
    while pos < size:
        first: i64 = ord(tokens[pos])
        if first == _E:
            actions.append(_LETTER_ACTIONS[END_TURN - ATTACK_NEXT])
            pos += 1
        elif first == _N:
            actions.append(_LETTER_ACTIONS[0])
            pos += 1
        elif first == _X:
            actions.append(_LETTER_ACTIONS[ATTACK_ALL - ATTACK_NEXT])
            pos += 1
        elif first == _P and pos + 3 <= size:
            index: i64 = ord(tokens[pos + 1]) - _ZERO
            code: i64 = ord(tokens[pos + 2])
            lane = 0 if code == _T else 1 if code == _BOTTOM else -1  # top, bottom
            if not 0 <= index < 4 or lane < 0:
                return _decode_tokens(tokens)
            actions.append(_PLAY_ACTIONS[index * 2 + lane])
            pos += 3
        elif first == _C and pos + 5 <= size:
            index = ord(tokens[pos + 1]) - _ZERO
            seat: i64 = ord(tokens[pos + 2])
            code = ord(tokens[pos + 3])
            lane = 0 if code == _T else 1 if code == _BOTTOM else -1
            position: i64 = ord(tokens[pos + 4]) - _ZERO
            if not 0 <= index < 4 or (seat != _A and seat != _B) or lane < 0 or not (
                    0 <= position < 10):
                return _decode_tokens(tokens)
            pos += 5
            if pos < size:
                second: i64 = ord(tokens[pos]) - _ZERO
                if 0 <= second < 10:  # a second digit: only 10 to 15 are spelled so
                    if position != 1 or second > 5:
                        return _decode_tokens(tokens)
                    position = 10 + second
                    pos += 1
            actions.append(_CAST_ACTIONS[((index * 2 + (seat - _A)) * 2 + lane) * 16 + position])
        else:
            return _decode_tokens(tokens)
    return actions


def _decode_tokens(tokens: str) -> list[Action]:
    """`decode` by the token grammar, token by token."""
    actions: list[Action] = []
    pos = 0
    while pos < len(tokens):
        m = _TOKEN.match(tokens, pos)
        if m is None:
            raise RecordError(f"unreadable action at character {pos} of {tokens!r}")
        g = m.groups()
        if g[0] is not None:
            actions.append((PLAY, int(g[0]), _LANE_CODE.index(g[1])))
        elif g[2] is not None:
            actions.append((CAST, int(g[2]), seat_of_letter(g[3]), _LANE_CODE.index(g[4]),
                            int(g[5])))
        elif g[6]:
            actions.append((ATTACK_NEXT,))
        elif g[7]:
            actions.append((ATTACK_ALL,))
        elif g[8]:
            actions.append((END_TURN,))
        else:
            parts = [p for p in g[9].split(".") if p]
            actions.append((RETURN_ORDER, tuple(int(p) for p in parts)))
        pos = m.end()
    return actions


# Each turn's actions as decoded, remembered for the Python build's replays: the same few
# turns ("E", "NE", "P0tE") make up most of every record (20,000 random games have about
# 26,000 different turns in 243,000), and looking a string up in a dictionary costs a
# fraction of reading it character by character there. A plain dictionary of the first
# `_TURNS_KEPT` different turns (the first 32,768 take about 5 MB).
#
# The compiled build's replays call `decode` for every turn instead (record.replay_turns). Its
# decode costs about as many instructions as remembering did, but touches only the turn and
# the shared action tuples, where each remembered turn is a string and a tuple far apart in
# memory: two reads from main memory a turn, which made record verification 1.90x the play
# speed instead of 2.11x (engine/tools/bench.py, 20,000 games).
_TURNS: Final[dict[str, tuple[Action, ...]]] = {}
_TURNS_KEPT: Final = 1 << 15


def decode_turn(tokens: str) -> tuple[Action, ...]:
    """`decode` of one recorded turn, as a tuple (remembered; see `_TURNS`)."""
    actions = _TURNS.get(tokens)
    if actions is None:
        actions = tuple(decode(tokens))
        if len(_TURNS) < _TURNS_KEPT:
            _TURNS[tokens] = actions
    return actions


def describe(action: Action, catalogue: Catalogue, hand: list[int] | None = None) -> str:
    """A person's reading of an action ("play BRUTE to top")."""
    kind = action[0]

    def card_at(index: int) -> str:
        if hand is not None and 0 <= index < len(hand):
            return catalogue.name(hand[index])
        return f"card #{index + 1}"

    if kind == PLAY:
        return f"play {card_at(action[1])} to {LANES[action[2]]}"
    if kind == CAST:
        return (f"cast {card_at(action[1])} at {LETTERS[action[2]]} {LANES[action[3]]} "
                f"position {action[4]}")
    if kind == ATTACK_NEXT:
        return "attack with the next creature"
    if kind == ATTACK_ALL:
        return "attack with every remaining creature"
    if kind == END_TURN:
        return "end the turn"
    if kind == RETURN_ORDER:
        return "return " + ", ".join(catalogue.name(c) for c in action[1])
    return repr(action)


def to_json(action: Action, catalogue: Catalogue, hand: list[int] | None = None) -> dict[str, Any]:
    """The scenario format's spelling of an action (cards by name where the hand is known)."""
    kind = action[0]

    def card_at(index: int) -> Any:
        if hand is not None and 0 <= index < len(hand):
            return catalogue.name(hand[index])
        return index

    if kind == PLAY:
        return {"play": card_at(action[1]), "lane": LANES[action[2]]}
    if kind == CAST:
        return {"cast": card_at(action[1]), "target": {
            "player": LETTERS[action[2]], "lane": LANES[action[3]], "position": action[4]}}
    if kind == ATTACK_NEXT:
        return {"attack": "next"}
    if kind == ATTACK_ALL:
        return {"attack": "all"}
    if kind == END_TURN:
        return {"end_turn": True}
    return {"return_order": [catalogue.name(c) for c in action[1]]}


class ActionFormatError(FormatError):
    """An action object in the scenario format that cannot be read; `field` names the part."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


def parse_json(data: Any, where: str = "action") -> dict[str, Any]:
    """Check the shape of a scenario action and normalise it; names resolve at apply time.

    Returns {"kind": ..., plus fields}: cards stay names so that "ZOMBIE is not among your four
    playable cards" can be said against the hand as it is when the action runs.
    """
    if not isinstance(data, Mapping):
        raise ActionFormatError(where, "an action must be an object")
    keys = set(data)
    if "play" in data:
        _only(keys, {"play", "lane"}, where)
        return {"kind": PLAY, "card": _card_name(data["play"], f"{where}.play"),
                "lane": _lane(data.get("lane"), f"{where}.lane")}
    if "cast" in data:
        _only(keys, {"cast", "target"}, where)
        target = data.get("target")
        if not isinstance(target, Mapping):
            raise ActionFormatError(f"{where}.target",
                                    'needs {"player": "A"|"B", "lane": ..., "position": n}')
        _only(set(target), {"player", "lane", "position"}, f"{where}.target")
        seat = target.get("player")
        if seat not in LETTERS:
            raise ActionFormatError(f"{where}.target.player", f'must be "A" or "B", not {seat!r}')
        position = target.get("position")
        if not isinstance(position, int) or isinstance(position, bool) or position < 0:
            raise ActionFormatError(f"{where}.target.position",
                                    f"must be a whole number >= 0, not {position!r}")
        return {"kind": CAST, "card": _card_name(data["cast"], f"{where}.cast"),
                "seat": seat_of_letter(seat), "lane": _lane(target.get("lane"),
                                                         f"{where}.target.lane"),
                "position": position}
    if "attack" in data:
        _only(keys, {"attack"}, where)
        if data["attack"] == "next":
            return {"kind": ATTACK_NEXT}
        if data["attack"] == "all":
            return {"kind": ATTACK_ALL}
        raise ActionFormatError(f"{where}.attack", f'must be "next" or "all", not '
                                                   f'{data["attack"]!r}')
    if "end_turn" in data:
        _only(keys, {"end_turn"}, where)
        if data["end_turn"] is not True:
            raise ActionFormatError(f"{where}.end_turn", "must be true")
        return {"kind": END_TURN}
    if "return_order" in data:
        _only(keys, {"return_order"}, where)
        order = data["return_order"]
        if not isinstance(order, list) or not all(isinstance(n, str) for n in order):
            raise ActionFormatError(f"{where}.return_order", "must be a list of card names")
        return {"kind": RETURN_ORDER, "cards": list(order)}
    raise ActionFormatError(where, "unknown action: expected one of play, cast, attack, "
                                   "end_turn, return_order")


def _only(keys: set[str], allowed: set[str], where: str) -> None:
    extra = sorted(keys - allowed)
    if extra:
        raise ActionFormatError(f"{where}.{extra[0]}", "unknown field")


def _card_name(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value or value == BASTION:
        raise ActionFormatError(where, f"must be the name of a card in hand, not {value!r}")
    return value


def _lane(value: Any, where: str) -> int:
    if value not in LANES:
        raise ActionFormatError(where, f'must be "top" or "bottom", not {value!r}')
    return LANES.index(value)
