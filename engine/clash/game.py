"""Playing a duel out between two agents, recording it. Starting one (rule C-2.6) is duel.py's
`new_game`, named here too."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from engine.seats import LETTERS, result_name

from .actions import Action, encode
from .cards import Catalogue, load_catalogue
from .duel import DECK_SIZE, deck_problems, new_game
from .errors import SetupError
from .observation import Observation
from .record import GameRecord
from .rules import Game
from .state import DEFAULT_TURN_CAP

# new_game and deck_problems (duel.py) and result_name (engine.seats) are named here too, for
# the modules that import them from here.
__all__ = ["DECK_SIZE", "G", "deck_problems", "new_game", "play_game", "result_name",
           "run_to_end"]


def play_game(decks: Sequence[Sequence[str]], seed: int, agents: Sequence, *,
              catalogue: Catalogue | None = None, turn_cap: int = DEFAULT_TURN_CAP,
              fmt: str = "preconstructed", log: list[tuple] | None = None,
              after_action: Callable[[Game], None] | None = None,
              ) -> tuple[Game, GameRecord]:
    """Play a whole game between two agents and return the final state and its record.

    `after_action`, when given, is called with the game after every action (for checks).
    """
    catalogue = load_catalogue() if catalogue is None else catalogue
    game = new_game(decks, seed, catalogue=catalogue, turn_cap=turn_cap, log=log)
    turns, hashes = run_to_end(game, agents, after_action=after_action)
    record = GameRecord(fmt=fmt, catalogue=catalogue.version, seed=seed,
                        decks=(list(decks[0]), list(decks[1])), turn_cap=turn_cap,
                        turns=turns, hashes=hashes, result=result_name(game.winner))
    return game, record


G = TypeVar("G", bound=Game)


def run_to_end(game: G, agents: Sequence, *,
               after_action: Callable[[G], None] | None = None, recorded: bool = True,
               ) -> tuple[list[str], list[str]]:
    """Let the agents play `game` to its end: each decision goes to the seat the game waits
    for, through that seat's observation. Returns the record's turns (one token string per
    turn) and the state hash after each. `after_action(game)` runs after every action.
    With `recorded=False` (simulations that keep only the winner) nothing is encoded and
    both lists are empty."""
    # A list: the compiled build would box a pair of views as a tuple to index it by seat.
    views = [Observation(game, 0), Observation(game, 1)]
    if not recorded:
        while game.winner is None:
            pending = game.pending
            seat = game.active if pending is None else pending[0]
            game.apply(agents[seat].act(views[seat]))
            if after_action is not None:
                after_action(game)
        return [], []
    turns: list[str] = []
    hashes: list[str] = []
    current: list[str] = []
    # A seat that never decides (the solo automaton's) has no agent.
    acts: list[Callable[[Observation], Action]] = [_no_decision if agent is None else agent.act
                                                   for agent in agents]
    while game.winner is None:
        pending = game.pending
        seat = game.active if pending is None else pending[0]
        action = acts[seat](views[seat])
        turn = game.turn
        game.apply(action)  # a method call, which the compiled build makes directly
        current.append(encode(action))
        if after_action is not None:
            after_action(game)
        if game.turn != turn:
            turns.append("".join(current))
            current = []
            hashes.append(game.state_hash())
    if current:  # the game ended within its last turn
        turns.append("".join(current))
        hashes.append(game.state_hash())
    return turns, hashes


def _no_decision(view: Observation) -> Action:
    raise SetupError(f"seat {LETTERS[view.seat]} has no agent, and the game waits for it")
