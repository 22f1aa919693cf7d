"""Setting up a duel from any format (rule C-2.6): the two 8-card decks, then the game.

`setup_duel` turns a format's outcome (deck numbers, a finished draft, a finished ban-two
procedure) into a `DuelSetup`; its `new_game` / `play` hand the decks to `engine.clash.game`,
which shuffles each player's 8 cards into their hand, puts the Bastion leftmost, tosses the
coin and gives the first player 6 mana.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Catalogue, load_catalogue
from ..errors import SetupError
from ..game import new_game, play_game
from ..record import GameRecord
from ..rules import Game
from .bans import BanState
from .common import check_seed
from .draft import DraftState
from .precon import preconstructed_decks

PRECONSTRUCTED = "preconstructed"
DRAFT = "draft"
CONSTRUCTED = "constructed"
FORMATS = (PRECONSTRUCTED, DRAFT, CONSTRUCTED)  # rule C-2.2 (Solo is set up in solo.py)


@dataclass(frozen=True)
class DuelSetup:
    """A duel ready to start: its format, its game seed, A's and B's 8 cards."""

    fmt: str
    seed: int
    decks: tuple[list[str], list[str]]
    catalogue: Catalogue

    def new_game(self, **options: Any) -> Game:
        """The game (C-2.6); `options` go to `engine.clash.game.new_game`."""
        return new_game(self.decks, self.seed, catalogue=self.catalogue, **options)

    def play(self, agents: Sequence[Any], **options: Any) -> tuple[Game, GameRecord]:
        """Play it out between two agents; the record names this format."""
        return play_game(self.decks, self.seed, agents, catalogue=self.catalogue,
                         fmt=self.fmt, **options)


def setup_duel(fmt: str, seed: int, *, decks: tuple[int, int] | None = None,
               draft: DraftState | None = None, bans: BanState | None = None,
               catalogue: Catalogue | None = None) -> DuelSetup:
    """The decks of a duel in format `fmt`:

    - "preconstructed": `decks=(A's deck number, B's deck number)` (C-2.3);
    - "draft": `draft=` a finished `DraftState` (C-2.4);
    - "constructed": `bans=` a finished `BanState` (C-2.5).

    Raises `SetupError` for an unknown format, a missing or unfinished procedure, and
    `IllegalChoice` for an unknown deck number.
    """
    check_seed(seed)
    given = {"decks": decks, "draft": draft, "bans": bans}
    wanted = {PRECONSTRUCTED: "decks", DRAFT: "draft", CONSTRUCTED: "bans"}
    if fmt not in wanted:
        raise SetupError(f"unknown format {fmt!r}: the duel formats are {', '.join(FORMATS)}")
    extra = [name for name, value in given.items() if value is not None and name != wanted[fmt]]
    if given[wanted[fmt]] is None or extra:
        raise SetupError(f"the {fmt} format is set up from {wanted[fmt]}= alone")
    if decks is not None:
        catalogue = load_catalogue() if catalogue is None else catalogue
        return DuelSetup(fmt, seed, preconstructed_decks(decks, catalogue), catalogue)
    state = draft if draft is not None else bans
    assert state is not None
    if catalogue is not None and catalogue.version != state.catalogue.version:
        raise SetupError(f"the {fmt} used catalogue {state.catalogue.version}, not "
                         f"{catalogue.version}")
    return DuelSetup(fmt, seed, state.decks(), state.catalogue)
