"""Game state: creatures, players and the whole position, kept as small mutable objects.

The representation is chosen for speed and for the rules' own words:

- A hand is `cards` (card ids, left to right, *without* the Bastion/Fort) plus `bpos`, the
  number of cards left of the Bastion/Fort. Health (rule C-1.5) is `len(cards) - bpos`, the
  four playable cards (C-3.2) are `cards[:4]`, and moving the Bastion N steps right (C-7.1) is
  `bpos += N`.
- A lane is a list of creatures, index 0 nearest the bridge (C-1.2).
- A creature carries its card's numbers so the hot path never looks them up.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from engine.seats import DRAW, LETTERS, SEAT_A, SEAT_B

from .cards import Catalogue
from .rng import i64

# The seat words are engine.seats'; these names stay for the modules that import them here.
A, B = SEAT_A, SEAT_B
SEATS = LETTERS
__all__ = ["ATTACK", "BOTTOM", "DEFAULT_TURN_CAP", "DRAW", "LANES", "PHASES", "SEATS", "SUMMON",
           "TOP", "A", "B", "Creature", "GameState", "Player"]
TOP: Final = 0
BOTTOM: Final = 1
LANES = ("top", "bottom")
SUMMON: Final = 0
ATTACK: Final = 1
PHASES = ("summon", "attack")
DEFAULT_TURN_CAP: Final = 200  # ruling C-7.5a


@mypyc_attr(acyclic=True, free_list_len=1)
class Creature:
    """A creature in play. `new`: entered this turn; `attacked`: has activated this turn."""

    __slots__ = ("card", "attack", "health", "abilities", "aura", "damage", "new", "attacked",
                 "protection_used", "sprint_bonus")

    def __init__(self, card: int, attack: int, health: int, abilities: int, aura: int,
                 damage: int = 0, new: bool = False, attacked: bool = False,
                 protection_used: bool = False, sprint_bonus: int = 0) -> None:
        # Machine words in the compiled build: the hash and the attacks read them as numbers
        # with no tagged-integer checks (plain ints as Python).
        self.card: i64 = card
        self.attack: i64 = attack
        self.health: i64 = health
        self.abilities = abilities
        self.aura = aura
        self.damage: i64 = damage
        self.new = new
        self.attacked = attacked
        self.protection_used = protection_used
        self.sprint_bonus: i64 = sprint_bonus

    def copy(self) -> Creature:
        return Creature(self.card, self.attack, self.health, self.abilities, self.aura,
                        self.damage, self.new, self.attacked, self.protection_used,
                        self.sprint_bonus)


@mypyc_attr(free_list_len=1)
class Player:
    """One seat: hand (cards + Bastion/Fort position), lanes, and rule switches.

    `granted` is an ability mask every creature of this player has (solo options, C-8.9).
    `chooses_returns`: when several of this player's creatures are destroyed at once, the game
    waits for this player to choose their return order (rule C-4.6); otherwise lane order is
    used (ruling C-4.6a).
    """

    __slots__ = ("cards", "bpos", "fort", "lanes", "granted", "chooses_returns")

    def __init__(self, cards: list[int], bpos: int = 0, fort: bool = False,
                 lanes: list[list[Creature]] | None = None, granted: int = 0,
                 chooses_returns: bool = False) -> None:
        self.cards = cards
        self.bpos = bpos
        self.fort = fort
        self.lanes = lanes if lanes is not None else [[], []]
        self.granted = granted
        self.chooses_returns = chooses_returns

    @property
    def health(self) -> int:
        """Rule C-1.5: the number of cards right of the Bastion/Fort."""
        return len(self.cards) - self.bpos

    def copy(self) -> Player:
        return Player(self.cards[:], self.bpos, self.fort,
                      [[c.copy() for c in lane] for lane in self.lanes], self.granted,
                      self.chooses_returns)


class GameState:
    """The whole position. Rules live in `rules.Game`, which extends this class; so do its
    copy and its hash (written for speed in copies.py and hashing.py)."""

    __slots__ = ("catalogue", "costs", "creature", "numbers", "players", "player_a", "player_b",
                 "first", "active", "turn", "phase", "mana", "winner", "turn_cap", "pending",
                 "chain", "resume", "log")

    def __init__(self, catalogue: Catalogue, players: list[Player], *, first: int = A,
                 active: int = A, turn: int = 1, phase: int = SUMMON, mana: int = 0,
                 winner: int | None = None, turn_cap: int = DEFAULT_TURN_CAP,
                 log: list[tuple] | None = None) -> None:
        self.catalogue = catalogue
        # The catalogue's per-card costs and kinds, which the hot path reads (kept here too:
        # the catalogue stays Python in the compiled build, where reading its attributes is
        # a dictionary lookup each time).
        self.costs: tuple[int, ...] = catalogue.costs
        self.creature: tuple[bool, ...] = catalogue.creature
        self.numbers: tuple[tuple[int, int, int, int, int, int], ...] = catalogue.numbers
        self.players = players
        # The two seats' players again, as fields: the rules read `player_b if seat else
        # player_a` where the compiled build would call a function to index the list. Neither
        # the list nor its items are ever replaced once a game is made.
        self.player_a = players[0]
        self.player_b = players[1]
        self.first = first
        self.active = active
        self.turn = turn
        self.phase = phase
        self.mana = mana
        self.winner = winner
        self.turn_cap = turn_cap
        # A return order waiting for its owner (C-4.6): (owner, [card ids], incantation that
        # returns after them as (caster, card) or None), or None.
        self.pending: tuple[int, list[int], tuple[int, int] | None] | None = None
        # The attacker whose Frenzy chain resumes once that choice is made: (lane, position).
        self.chain: tuple[int, int] | None = None
        # What the Attack phase was doing when that choice came (rules.py's _RESUME_*).
        self.resume = 0
        self.log = log

    @property
    def to_move(self) -> int:
        """The seat whose decision the game waits for."""
        return self.pending[0] if self.pending is not None else self.active

    @property
    def over(self) -> bool:
        return self.winner is not None

    # `over` and `returns_pending` read the state afresh where a type checker would take
    # `winner` or `pending` to be what an earlier test or assignment in the same method left,
    # though a call since may have changed them: the compiled build (docs/engine.md) checks
    # the type it was told.
    @property
    def returns_pending(self) -> bool:
        return self.pending is not None
