"""A game's position, read from its row's plain values: the engine game rebuilt from its
setup and action tokens (the row is the truth), the seat to move and its legal actions, the
engine's record of it, and a finished record stepped through or verified. The bridge's pure
half: no Django here; services pass the row's values in, and apply one more token to a
rebuilt position before they store it. What a page shows of a position is built from these in
play/presenters/boards.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from engine.clash.actions import decode, encode
from engine.clash.cards import load_catalogue
from engine.clash.errors import IllegalAction, RecordError
from engine.clash.game import new_game, result_name
from engine.clash.observation import Observation
from engine.clash.record import GameRecord, ReplayResult, replay
from engine.clash.rules import Game
from engine.clash.solo import SoloOptions, SoloRecord, new_solo_game, replay_solo
from engine.clash.solo.record import solo_decks
from engine.clash.state import DEFAULT_TURN_CAP
from engine.seats import SEAT_A, SEAT_B

DUEL_FORMAT = "preconstructed"


@dataclass(frozen=True)
class DuelSetup:
    seed: int
    decks: tuple[list[str], list[str]]
    # Ruling C-7.5a; a match game at time plays with the lowered cap (C-7.5c), and since the
    # cap counts only once reached, the game rebuilt with it is the game played so far.
    turn_cap: int = DEFAULT_TURN_CAP


@dataclass(frozen=True)
class SoloSetup:
    seed: int
    fmt: str
    level: int
    options: dict[str, Any]
    deck: int | None = None
    picks: tuple[str, ...] = ()

    @property
    def solo_options(self) -> SoloOptions:
        return SoloOptions.from_json(self.options)


Setup = DuelSetup | SoloSetup


@dataclass
class Position:
    """A game rebuilt from its tokens, with its record so far: the closed entries (one per
    change of turn, as `engine.clash.game.run_to_end` records them), their state hashes, and
    the tokens of the entry still open."""

    game: Game
    turns: list[str] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    current: list[str] = field(default_factory=list)
    log: list[tuple] = field(default_factory=list)


def start(setup: Setup, *, log: list[tuple] | None = None) -> Game:
    catalogue = load_catalogue()
    if isinstance(setup, SoloSetup):
        human, ai, _ = solo_decks(setup.fmt, setup.seed, deck=setup.deck,
                                  draft=list(setup.picks) or None, catalogue=catalogue)
        # The player chooses the return order of creatures destroyed at once (C-4.6); solo
        # records keep that switch, so the replay asks the same questions.
        return new_solo_game(human, ai, setup.seed, options=setup.solo_options,
                             level=setup.level, catalogue=catalogue, chooses_returns=True,
                             log=log)
    # Duel records (GameRecord) carry no return-order switch, so a duel uses lane order
    # (ruling C-4.6a) and every record replays with `engine.clash.record.replay`.
    return new_game(setup.decks, setup.seed, catalogue=catalogue, turn_cap=setup.turn_cap,
                    log=log)


def rebuild(setup: Setup, tokens: list[str]) -> Position:
    """The game after `tokens` (each one action), its record so far and its event log."""
    log: list[tuple] = []
    position = Position(start(setup, log=log), log=log)
    for token in tokens:
        apply_token(position, token)
    return position


def action_of(token: str) -> tuple:
    """The one action a posted token names; RecordError when it names none or several."""
    actions = decode(token) if isinstance(token, str) and token else []
    if len(actions) != 1:
        raise RecordError(f"{token!r} is not one action")
    return actions[0]


def apply_token(position: Position, token: str) -> None:
    """Apply one action; IllegalAction (state unchanged) when the rules refuse it."""
    game = position.game
    action = action_of(token)
    turn = game.turn
    game.apply(action)
    position.current.append(encode(action))
    if game.turn != turn or game.winner is not None:
        position.turns.append("".join(position.current))
        position.current = []
        position.hashes.append(game.state_hash())


def to_move(game: Game) -> int | None:
    """The seat the game waits for (None once it is over)."""
    if game.winner is not None:
        return None
    return game.to_move


def legal_moves_of(game: Game, seat: int) -> list[str]:
    """The seat's legal actions as record tokens (empty when it is not to move)."""
    return [encode(a) for a in Observation(game, seat).legal_actions()]


def record_json(setup: Setup, position: Position) -> dict[str, Any]:
    """The engine's record of a finished game (or of its closed entries so far)."""
    catalogue = position.game.catalogue
    result = result_name(position.game.winner)
    if isinstance(setup, SoloSetup):
        return SoloRecord(fmt=setup.fmt, catalogue=catalogue.version, seed=setup.seed,
                          level=setup.level, options=setup.solo_options,
                          turn_cap=DEFAULT_TURN_CAP, deck=setup.deck,
                          picks=list(setup.picks) or None, chooses_returns=True,
                          turns=list(position.turns), hashes=list(position.hashes),
                          result=result).to_json()
    return GameRecord(fmt=DUEL_FORMAT, catalogue=catalogue.version, seed=setup.seed,
                      decks=(list(setup.decks[SEAT_A]), list(setup.decks[SEAT_B])),
                      turn_cap=setup.turn_cap, turns=list(position.turns),
                      hashes=list(position.hashes), result=result).to_json()


# Replays -----------------------------------------------------------------------------------

def is_solo_record(data: Any) -> bool:
    return isinstance(data, dict) and data.get("mode") == "solo"


def verify(data: Any) -> ReplayResult:
    """`replay(record)` for a duel or solo record; an unreadable record is not ok."""
    try:
        if is_solo_record(data):
            return replay_solo(SoloRecord.from_json(data))
        return replay(GameRecord.from_json(data))
    except RecordError as exc:
        return ReplayResult(False, None, None, exc.message)


def setup_of_record(data: dict[str, Any]) -> Setup:
    if is_solo_record(data):
        record = SoloRecord.from_json(data)
        return SoloSetup(seed=record.seed, fmt=record.fmt, level=record.level,
                         options=record.options.to_json(), deck=record.deck,
                         picks=tuple(record.picks or ()))
    record = GameRecord.from_json(data)
    return DuelSetup(seed=record.seed, decks=record.decks, turn_cap=record.turn_cap)


@dataclass
class ReplayStep:
    game: Game
    entries: int  # how many of the record's entries have been applied
    log: list[tuple]  # the events of the last entry (or the setup, at step 0)
    error: str = ""


def replay_step(data: dict[str, Any], step: int) -> ReplayStep:
    """The position after the first `step` entries of a record (0: after the setup), with the
    event log of that entry. Solo records need their own chooses_returns switch respected."""
    setup = setup_of_record(data)
    log: list[tuple] = []
    if isinstance(setup, SoloSetup):
        record = SoloRecord.from_json(data)
        human, ai, _ = solo_decks(record.fmt, record.seed, deck=record.deck,
                                  draft=record.picks, catalogue=load_catalogue())
        game: Game = new_solo_game(human, ai, record.seed, options=record.options,
                                   level=record.level, turn_cap=record.turn_cap,
                                   chooses_returns=record.chooses_returns, log=log)
    else:
        game = new_game(setup.decks, setup.seed, turn_cap=int(data["turn_cap"]), log=log)
    turns = data["turns"]
    step = max(0, min(step, len(turns)))
    mark = 0
    for index in range(step):
        mark = len(log)
        try:
            for action in decode(turns[index]):
                game.apply(action)
        except (IllegalAction, RecordError) as exc:
            return ReplayStep(game, index, log[mark:],
                              gettext("entry %(entry)d: %(problem)s")
                              % {"entry": index + 1, "problem": exc.message})
    return ReplayStep(game, step, log[mark:])
