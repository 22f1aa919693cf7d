"""Setting up a solo game (rule C-8.1): the solo draft, preconstructed solo, the shuffles.

Randomness comes from named streams of the game seed (engine.clash.rng): `solo-draft` shuffles
the 32 cards for the draft, `shuffle-A` the player's 8, `ai-deck` the automaton's 24, and
`ai-reshuffle` (in the game) the discard pile when the Bastion is exposed (C-8.7).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .. import events as ev
from ..cards import Catalogue, load_catalogue
from ..errors import SetupError
from ..limits import number_problem, seed_problem
from ..rng import Rng
from ..state import DEFAULT_TURN_CAP, Player
from .game import AI, HUMAN, SoloGame
from .options import QUICK, SoloOptions, check_level

SOLO_DRAFT = "solo-draft"
SOLO_PRECONSTRUCTED = "solo-preconstructed"
FORMATS = (SOLO_DRAFT, SOLO_PRECONSTRUCTED)  # solo cannot use Constructed (C-2.2)

PLAYER_CARDS = 8
AI_CARDS = 24
REVEAL = 4  # cards revealed at a time in the solo draft (C-8.1)

DraftPolicy = Callable[[tuple[str, ...]], str]


def starter_kit(catalogue: Catalogue) -> list[str]:
    """The 32 cards of the four preconstructed decks (C-2.3), deck by deck."""
    names = [name for number in catalogue.deck_numbers for name in catalogue.deck(number)]
    if len(names) != PLAYER_CARDS + AI_CARDS:
        raise SetupError(f"solo needs the {PLAYER_CARDS + AI_CARDS} cards of one Starter Kit; "
                         f"catalogue {catalogue.version} has {len(names)} deck cards")
    return names


def preconstructed_solo_decks(deck: int, catalogue: Catalogue) -> tuple[list[str], list[str]]:
    """Preconstructed solo (C-8.1, C-2.3): the player's deck, and the other three as the AI's
    24 cards."""
    starter_kit(catalogue)
    if deck not in catalogue.deck_numbers:
        raise SetupError(f"there is no preconstructed deck {deck!r}: choose one of "
                         f"{', '.join(map(str, catalogue.deck_numbers))}")
    ai = [name for number in catalogue.deck_numbers if number != deck
          for name in catalogue.deck(number)]
    return catalogue.deck(deck), ai


class SoloDraft:
    """The solo draft (C-8.1) as a state machine: while `status` is DRAFTING, `revealed`
    holds four cards and `pick(name)` keeps one for the player and gives the other three to
    the automaton; after eight picks the status is COMPLETE (8 cards against 24)."""

    DRAFTING = "drafting"
    COMPLETE = "complete"

    def __init__(self, seed: int, catalogue: Catalogue | None = None) -> None:
        catalogue = load_catalogue() if catalogue is None else catalogue
        _check_seed(seed)
        self.seed = seed
        self._pile = starter_kit(catalogue)
        Rng.stream(seed, SOLO_DRAFT).shuffle(self._pile)
        self.player_cards: list[str] = []
        self.ai_cards: list[str] = []
        self.picks: list[str] = []

    @property
    def status(self) -> str:
        return self.COMPLETE if len(self.player_cards) == PLAYER_CARDS else self.DRAFTING

    @property
    def revealed(self) -> tuple[str, ...]:
        """The four cards to choose from now (empty once the draft is complete)."""
        if self.status == self.COMPLETE:
            return ()
        start = len(self.picks) * REVEAL
        return tuple(self._pile[start:start + REVEAL])

    def pick(self, card: str) -> None:
        """The player keeps `card` of the revealed four; the automaton gets the rest."""
        revealed = self.revealed
        if not revealed:
            raise SetupError("the solo draft is complete: there is nothing left to pick")
        if card not in revealed:
            raise SetupError(f"{card!r} is not among the revealed cards: "
                             f"{', '.join(revealed)}")
        self.picks.append(card)
        self.player_cards.append(card)
        rest = list(revealed)
        rest.remove(card)
        self.ai_cards += rest


def run_draft(seed: int, policy: DraftPolicy | Sequence[str],
              catalogue: Catalogue | None = None) -> SoloDraft:
    """A whole solo draft: `policy` chooses from each four revealed cards, or is the list of
    the eight picks (as a record keeps them)."""
    draft = SoloDraft(seed, catalogue)
    if callable(policy):
        while draft.status == SoloDraft.DRAFTING:
            draft.pick(policy(draft.revealed))
        return draft
    picks = list(policy)
    if len(picks) != PLAYER_CARDS:
        raise SetupError(f"a solo draft needs {PLAYER_CARDS} picks, not {len(picks)}")
    for card in picks:
        draft.pick(card)
    return draft


def new_solo_game(player_cards: Sequence[str], ai_cards: Sequence[str], seed: int, *,
                  options: SoloOptions | None = None, level: int = QUICK,
                  catalogue: Catalogue | None = None, turn_cap: int = DEFAULT_TURN_CAP,
                  chooses_returns: bool = False, log: list[tuple] | None = None) -> SoloGame:
    """Set up a solo game (C-8.1): the player's 8 cards shuffled with the Bastion leftmost,
    the automaton's 24 shuffled face down over its Bastion (its Fort with the endurance
    option), then the first turn: the player's with 6 mana, or the automaton's whole turn
    when it goes first (C-8.9), after which the player is to move.

    `level` is 0 for a quick game or the custom level 1-5 the options must add up to."""
    catalogue = load_catalogue() if catalogue is None else catalogue
    options = options if options is not None else SoloOptions()
    check_level(options, level)
    _check_seed(seed)
    if number_problem(turn_cap, 1) is not None:
        raise SetupError(f"the turn cap {number_problem(turn_cap, 1)}")
    human = _cards(player_cards, PLAYER_CARDS, "the player's deck", catalogue)
    ai = _cards(ai_cards, AI_CARDS, "the AI deck", catalogue)
    Rng.stream(seed, "shuffle-A").shuffle(human)
    Rng.stream(seed, "ai-deck").shuffle(ai)
    players = [Player(human, bpos=0, chooses_returns=chooses_returns),
               Player(ai, bpos=0, fort=options.starts_on_fort)]
    first = AI if options.ai_first else HUMAN
    game = SoloGame(catalogue, players, options=options, seed=seed, first=first, active=first,
                    turn=1, turn_cap=turn_cap, log=log)
    if log is not None:
        log.append((ev.SOLO_START, first))
    game.begin_turn()
    return game


def _cards(names: Sequence[str], size: int, what: str, catalogue: Catalogue) -> list[int]:
    problems = []
    unknown = [n for n in names if not isinstance(n, str) or n not in catalogue]
    if unknown:
        problems.append(f"{', '.join(map(str, unknown))} not in catalogue {catalogue.version}")
    if len(names) != size:
        problems.append(f"{len(names)} cards, {size} needed")
    if problems:
        raise SetupError(f"{what}: " + "; ".join(problems))
    return [catalogue.id(n) for n in names]


def _check_seed(seed: int) -> None:
    # The bounds both builds compute alike (limits.py).
    if seed_problem(seed) is not None:
        raise SetupError(f"the seed {seed_problem(seed)}")
