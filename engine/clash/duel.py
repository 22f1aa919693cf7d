"""Starting a duel (rule C-2.6): each player's deck shuffled by its own stream, the coin, the
first player's mana. game.py plays one out; record.py replays one from here too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.seats import LETTERS

from . import events as ev
from .cards import Catalogue, load_catalogue
from .errors import SetupError
from .limits import MAX_NUMBER, SEED_LIMIT
from .rng import Rng, i64, purpose_word
from .rules import Game
from .state import DEFAULT_TURN_CAP, Player

# Each deck's stream and the coin's, by their purposes' words (named once: rng.purpose_word).
_SHUFFLE_A: Final[i64] = purpose_word(f"shuffle-{LETTERS[0]}")
_SHUFFLE_B: Final[i64] = purpose_word(f"shuffle-{LETTERS[1]}")
_COIN: Final[i64] = purpose_word("coin")
DECK_SIZE: Final = 8  # C-2.3 to C-2.5: every format gives each player 8 cards
DECK_IDS_KEPT: Final = 4096  # how many decks' card ids a catalogue remembers (Catalogue.deck_ids)


def new_game(decks: Sequence[Sequence[str]], seed: int, *,
              catalogue: Catalogue | None = None, turn_cap: int = DEFAULT_TURN_CAP,
              chooses_returns: tuple[bool, bool] = (False, False),
              log: list[tuple] | None = None) -> Game:
    """Set up a duel: each player's 8 cards shuffled by their own stream, the Bastion
    leftmost (health 8), a coin for the first player, who gets 6 mana (C-2.6)."""
    catalogue = load_catalogue() if catalogue is None else catalogue
    if len(decks) != 2:
        raise SetupError("a duel needs exactly two decks")
    # The bounds both builds compute alike (limits.py), for a program that calls this with
    # numbers no reader checked.
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise SetupError(f"the seed must be a whole number from 0 to 2**63 - 1, not {seed!r}")
    if not isinstance(turn_cap, int) or not 1 <= turn_cap <= MAX_NUMBER:
        raise SetupError(f"the turn cap must be a whole number from 1 to {MAX_NUMBER:,}, not "
                         f"{turn_cap!r}")
    players = []
    known = catalogue.deck_ids
    for seat in range(2):
        deck = decks[seat]
        cards = _deck_ids(deck, catalogue, known)
        if cards is None:
            problems = deck_problems(deck, catalogue)
            raise SetupError(f"player {LETTERS[seat]}'s deck: " + "; ".join(problems))
        Rng.stream_for(seed, _SHUFFLE_B if seat else _SHUFFLE_A).shuffle(cards)
        # Indexed by a constant: a pair indexed by a variable is boxed first when compiled.
        chooses = chooses_returns[1] if seat else chooses_returns[0]
        players.append(Player(cards, chooses_returns=chooses))
    first = Rng.stream_for(seed, _COIN).below(2)
    game = Game(catalogue, players, first=first, active=first, turn=1, turn_cap=turn_cap,
                log=log)
    if log is not None:
        log.append((ev.COIN, first))
    game.begin_turn()
    return game


def _deck_ids(deck: Sequence[str], catalogue: Catalogue,
              known: dict[tuple[str, ...], tuple[int, ...]]) -> list[int] | None:
    """The card ids of a deck of `DECK_SIZE` cards of the catalogue, in its order (a new list),
    or None for any other deck. A deck seen before is read from `known` (its names are
    hashed once, as a tuple), a new one name by name and then kept."""
    try:
        names = tuple(deck)
        remembered = known.get(names)
    except TypeError:  # not a sequence, or of unhashable things
        return None
    if remembered is not None:
        return list(remembered)
    ids = catalogue.ids
    try:
        cards = [ids[name] for name in names]
    except (KeyError, TypeError):  # a name not in the catalogue, or not a name
        return None
    if len(cards) != DECK_SIZE:
        return None
    if len(known) < DECK_IDS_KEPT:
        known[names] = tuple(cards)
    return cards


def deck_problems(deck: object, catalogue: Catalogue) -> list[str]:
    """Every reason `deck` cannot start a duel (empty when it can). Any object is taken (and
    named when it is not a list of names): the compiled build would otherwise check that it
    is the type the annotation says before this function could say what is wrong."""
    if isinstance(deck, str) or not isinstance(deck, Sequence):
        return [f"a deck is a list of {DECK_SIZE} card names, not {type(deck).__name__}"]
    problems = []
    others = [name for name in deck if not isinstance(name, str)]
    if others:
        problems.append(f"a deck is a list of card names, and {others[0]!r} is not a name")
    unknown = [name for name in deck if isinstance(name, str) and name not in catalogue]
    if unknown:
        problems.append(f"{', '.join(unknown)} {'is' if len(unknown) == 1 else 'are'} not in "
                        f"catalogue {catalogue.version}")
    if len(deck) != DECK_SIZE:
        problems.append(f"{len(deck)} cards, {DECK_SIZE} needed")
    return problems
