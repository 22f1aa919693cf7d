"""Starting a duel (rule C-2.6) and playing it out between two agents, recording it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TypeVar

from engine.seats import LETTERS, result_name

from . import events as ev
from .actions import Action, encode
from .cards import Catalogue, load_catalogue
from .errors import SetupError
from .observation import Observation
from .record import GameRecord
from .rng import Rng
from .rules import Game
from .state import DEFAULT_TURN_CAP, Player

_SHUFFLES: Final = tuple(f"shuffle-{letter}" for letter in LETTERS)  # each deck's stream
DECK_SIZE: Final = 8  # C-2.3 to C-2.5: every format gives each player 8 cards


def new_game(decks: Sequence[Sequence[str]], seed: int, *,
              catalogue: Catalogue | None = None, turn_cap: int = DEFAULT_TURN_CAP,
              chooses_returns: tuple[bool, bool] = (False, False),
              log: list[tuple] | None = None) -> Game:
    """Set up a duel: each player's 8 cards shuffled by their own stream, the Bastion
    leftmost (health 8), a coin for the first player, who gets 6 mana (C-2.6)."""
    catalogue = load_catalogue() if catalogue is None else catalogue
    if len(decks) != 2:
        raise SetupError("a duel needs exactly two decks")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise SetupError(f"the seed must be a whole number >= 0, not {seed!r}")
    if not isinstance(turn_cap, int) or turn_cap < 1:
        raise SetupError(f"the turn cap must be a whole number >= 1, not {turn_cap!r}")
    players = []
    ids = catalogue.ids
    for seat in range(2):
        deck = decks[seat]
        try:
            # A list first: the compiled build iterates one natively, any other sequence
            # through Python.
            cards = [ids[name] for name in list(deck)]
        except (KeyError, TypeError):
            cards = []
        if len(cards) != DECK_SIZE:
            problems = deck_problems(deck, catalogue)
            raise SetupError(f"player {LETTERS[seat]}'s deck: " + "; ".join(problems))
        Rng.stream(seed, _SHUFFLES[seat]).shuffle(cards)
        # Indexed by a constant: a pair indexed by a variable is boxed first when compiled.
        chooses = chooses_returns[1] if seat else chooses_returns[0]
        players.append(Player(cards, chooses_returns=chooses))
    first = Rng.stream(seed, "coin").below(2)
    game = Game(catalogue, players, first=first, active=first, turn=1, turn_cap=turn_cap,
                log=log)
    if log is not None:
        log.append((ev.COIN, first))
    game.begin_turn()
    return game


def deck_problems(deck: Sequence[str], catalogue: Catalogue) -> list[str]:
    """Every reason `deck` cannot start a duel (empty when it can)."""
    problems = []
    unknown = [name for name in deck if name not in catalogue]
    if unknown:
        problems.append(f"{', '.join(unknown)} {'is' if len(unknown) == 1 else 'are'} not in "
                        f"catalogue {catalogue.version}")
    if len(deck) != DECK_SIZE:
        problems.append(f"{len(deck)} cards, {DECK_SIZE} needed")
    return problems


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
