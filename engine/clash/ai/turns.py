"""The AI seats' moves in a ban-two procedure (C-2.5), a draft (C-2.4) and a game: one loop,
one idempotency rule, for every place where an AI seat answers a person (the ban sessions, the
draft pods, the online games).

`ai_turns(kind, state, seed=..., ai=...)` returns the moves the AI seats make from `state`, in
order, until a seat that is not theirs is to move or the procedure (or the game) ends. It works
on a copy: `state` is unchanged, and the caller applies the moves to its own state, under the
lock of the row that stores it.

The rule: move n of a seat (n = the bans, picks or actions made before it) is a pure function
of (seed, kind, seat, n) and the state at step n; a move is applied only if it is that seat's
turn at step n, under the row lock. So whichever process computes step n gets the same move,
and applying the same call twice changes nothing: once the moves are applied, the AI seats are
no longer to move, and the next call returns nothing.

Each kind's generator is the stream its records have always used (changing one would change
every stored procedure and game the AI seats took part in):

- `BAN`: `Rng.stream(seed, f"ban-ai-{seat}-{n}")` for the ban policy, seat "A" or "B";
- `PICK`: `Rng.stream(seed, f"draft-ai-{seat}-{n}")` for the pick policy;
- `PLAY`: a fresh agent per decision, seeded `Rng.stream(seed, f"ai-{n}").next_u64() >> 1`
  (the seat, 0 or 1, is not in the name: only one seat of a game is an AI seat).

`run_bans` and `run_draft` (both seats played by policies, e.g. the engine-played events) are
not this: each seat draws in turn from one stream of its own (`ban-policy-A`, ...).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Final

from ..actions import decode, encode
from ..formats.bans import BanPolicy, BanState
from ..formats.common import ProcedureReplay
from ..formats.draft import DraftPolicy, DraftRecord, DraftState, replay_draft
from ..formats.policies import ValuePolicy
from ..observation import Observation
from ..rng import Rng
from ..rules import Game
from . import make_agent

BAN: Final = "ban"
PICK: Final = "pick"
PLAY: Final = "play"
KINDS: Final = (BAN, PICK, PLAY)

# An AI seat's whole turn is a few dozen decisions at most; this only guards a bug.
MAX_AI_MOVES: Final = 500


@dataclass(frozen=True)
class AiMove:
    """One move of an AI seat: the seat's letter in bans and picks (the engine's 0 or 1 in a
    game), the step (the moves made before it) and the card, or the action's record token."""

    seat: str | int
    step: int
    choice: str


class _Bans:
    def __init__(self, state: BanState, policy: BanPolicy | None) -> None:
        self.state = BanState.from_record(state.record(), state.catalogue)
        self.policy = policy

    def made(self) -> int:
        return len(self.state.bans)

    def to_move(self) -> str | None:
        return self.state.to_ban

    def choose(self, seat: str, seed: int, n: int) -> str:
        self.policy = self.policy or ValuePolicy.from_file()
        return self.policy.choose_ban(self.state.view(), seat,
                                      Rng.stream(seed, f"ban-ai-{seat}-{n}"))

    def apply(self, seat: str, choice: str) -> None:
        self.state.ban(seat, choice)


class _Picks:
    def __init__(self, state: DraftState, policy: DraftPolicy | None) -> None:
        self.state = DraftState.from_record(state.record(), state.catalogue)
        self.policy = policy

    def made(self) -> int:
        return len(self.state.picks)

    def to_move(self) -> str | None:
        return self.state.to_pick

    def choose(self, seat: str, seed: int, n: int) -> str:
        self.policy = self.policy or ValuePolicy.from_file()
        return self.policy.choose_pick(self.state.view(), seat,
                                       Rng.stream(seed, f"draft-ai-{seat}-{n}"))

    def apply(self, seat: str, choice: str) -> None:
        self.state.pick(seat, choice)


class _Actions:
    def __init__(self, game: Game, level: str | None, made: int | None) -> None:
        if level is None or made is None:
            raise ValueError("a game's AI moves need the AI level and the number of actions "
                             "made so far (`level`, `made`)")
        self.game = game.copy()
        self.level = level
        self.count = made

    def made(self) -> int:
        return self.count

    def to_move(self) -> int | None:
        return None if self.game.winner is not None else self.game.to_move

    def choose(self, seat: int, seed: int, n: int) -> str:
        # A fresh agent per decision, seeded by the game and the move number, so the same
        # position always gets the same move, whichever process computes it.
        agent = make_agent(self.level, Rng.stream(seed, f"ai-{n}").next_u64() >> 1)
        return encode(tuple(agent.act(Observation(self.game, seat))))

    def apply(self, seat: int, choice: str) -> None:
        # The decoded token, as the caller's record applies it.
        (action,) = decode(choice)
        self.game.apply(action)
        self.count += 1


def ai_turns(kind: str, state: BanState | DraftState | Game, *, seed: int,
             ai: Collection[str | int], policy: BanPolicy | DraftPolicy | None = None,
             level: str | None = None, made: int | None = None,
             limit: int = MAX_AI_MOVES) -> list[AiMove]:
    """The moves the seats in `ai` make from `state`, in order, until another seat is to move
    or the procedure ends (empty when no AI seat is to move). `state` is left unchanged.

    `kind` is `BAN` (a `BanState`, seats "A"/"B", `policy` a ban policy, by default the value
    policy of the committed card values), `PICK` (a `DraftState`, a draft policy likewise) or
    `PLAY` (a `Game`, seats 0/1, the agent `level` and `made`, the number of actions the game
    has had: the game itself does not count them).

    The idempotency rule: move n of a seat is a pure function of (seed, kind, seat, n) and the
    state at step n; the caller applies a move only if it is that seat's turn at step n, under
    the row lock. Applying the moves and calling again returns nothing. A RuntimeError when
    the AI seats make more than `limit` moves in a row (a bug, not a game).
    """
    if kind == BAN:
        turns: _Bans | _Picks | _Actions = _Bans(state, policy)  # type: ignore[arg-type]
    elif kind == PICK:
        turns = _Picks(state, policy)  # type: ignore[arg-type]
    elif kind == PLAY:
        turns = _Actions(state, level, made)  # type: ignore[arg-type]
    else:
        raise ValueError(f"unknown kind of AI move {kind!r}: the kinds are {', '.join(KINDS)}")
    moves: list[AiMove] = []
    while (seat := turns.to_move()) is not None and seat in ai:
        if len(moves) >= limit:
            raise RuntimeError(f"the AI seat {seat} made {limit} {kind} moves in a row "
                               f"without handing over")
        n = turns.made()
        choice = turns.choose(seat, seed, n)  # type: ignore[arg-type]
        turns.apply(seat, choice)  # type: ignore[arg-type]
        moves.append(AiMove(seat, n, choice))
    return moves


def ai_pick(state: DraftState, *, seed: int, policy: DraftPolicy | None = None
            ) -> AiMove | None:
    """The one pick the draft policy makes for the seat to pick now (a person's seat whose
    pick timer ran out), by the rule of `ai_turns(PICK, ...)`: the same seed, seat and step
    give the same card. None once the draft is done; `state` is left unchanged."""
    turns = _Picks(state, policy)
    seat = turns.to_move()
    if seat is None:
        return None
    n = turns.made()
    return AiMove(seat, n, turns.choose(seat, seed, n))


def replay_marked_picks(record: DraftRecord, policy: DraftPolicy | None = None
                        ) -> ProcedureReplay:
    """Replay a draft record (`replay_draft`) and check each pick it marks as the policy's
    (`record.auto`: a timed-out pick, a seat handed to the AI) is the pick the policy makes
    for that seat at that step from the record's seed, as `ai_turns(PICK, ...)` makes it: the
    same seed gives the same pick everywhere. Not ok, naming the 1-based step, at the first
    marked pick that differs."""
    verdict = replay_draft(record)
    if not verdict.ok or not record.auto:
        return verdict
    state = DraftState(record.seed)
    for index, card in enumerate(record.picks):
        seat = state.to_pick
        assert seat is not None  # replay_draft accepted every pick
        if index in record.auto:
            chosen = ai_pick(state, seed=record.seed, policy=policy)
            if chosen is None or chosen.choice != card:
                return ProcedureReplay(False, index + 1, f"pick {index + 1} ({card} by {seat}) "
                                                         f"is marked {record.auto[index]}, but "
                                                         f"the policy picks "
                                                         f"{chosen and chosen.choice}")
        state.pick(seat, card)
    return verdict
