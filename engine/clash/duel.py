"""Starting a duel (rule C-2.6): each player's deck shuffled by its own stream, the coin, the
first player's mana. game.py plays one out; record.py replays one from here too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.seats import LETTERS

from . import events as ev
from .cards import Catalogue, load_catalogue
from .errors import SetupError
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
