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

import zlib
from typing import Final

from librt.strings import read_i64_le
from mypy_extensions import mypyc_attr

from engine.seats import DRAW, LETTERS, SEAT_A, SEAT_B

from .cards import Catalogue
from .rng import NATIVE, i64

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
        return _copy_lane([self])[0]


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
        return _copy_player(self)


_new = object.__new__


def _made_without_init() -> bool:
    """Whether these classes' objects can be made without calling their `__init__`: the faster
    way to copy them in CPython. The compiled build's classes (mypyc, docs/engine.md) refuse
    `object.__new__`, so there the copies call the constructors."""
    try:
        _new(Creature)
    except TypeError:
        return False
    return True


_WITHOUT_INIT: Final = _made_without_init()


def _copy_player(player: Player) -> Player:
    top, bottom = player.lanes
    if not _WITHOUT_INIT:
        return Player(player.cards[:], player.bpos, player.fort,
                      [_copy_lane(top) if top else [], _copy_lane(bottom) if bottom else []],
                      player.granted, player.chooses_returns)
    p = _new(Player)
    p.cards = player.cards[:]
    p.bpos = player.bpos
    p.fort = player.fort
    p.lanes = [_copy_lane(top) if top else [], _copy_lane(bottom) if bottom else []]
    p.granted = player.granted
    p.chooses_returns = player.chooses_returns
    return p


def _copy_lane(lane: list[Creature]) -> list[Creature]:
    """Copies of a lane's creatures (`Creature.copy` written out: copies are the planning
    players' most frequent operation)."""
    if not _WITHOUT_INIT:
        return [Creature(c.card, c.attack, c.health, c.abilities, c.aura, c.damage, c.new,
                         c.attacked, c.protection_used, c.sprint_bonus) for c in lane]
    out = []
    for c in lane:
        d = _new(Creature)
        d.card = c.card
        d.attack = c.attack
        d.health = c.health
        d.abilities = c.abilities
        d.aura = c.aura
        d.damage = c.damage
        d.new = c.new
        d.attacked = c.attacked
        d.protection_used = c.protection_used
        d.sprint_bonus = c.sprint_bonus
        out.append(d)
    return out


class GameState:
    """The whole position. Rules live in `rules.Game`, which extends this class."""

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

    def copy(self) -> GameState:
        """An independent copy (for search); the event log is not carried over."""
        if not _WITHOUT_INIT:
            g = self.__class__(self.catalogue, [_copy_player(p) for p in self.players],
                               first=self.first, active=self.active, turn=self.turn,
                               phase=self.phase, mana=self.mana, winner=self.winner,
                               turn_cap=self.turn_cap)
            pending = self.pending
            g.pending = None if pending is None else (pending[0], pending[1][:], pending[2])
            g.chain = self.chain
            g.resume = self.resume
            return g
        g = _new(self.__class__)
        g.catalogue = self.catalogue
        g.costs = self.costs
        g.creature = self.creature
        g.numbers = self.numbers
        players = []
        for player in self.players:  # `Player.copy`, written out
            p = _new(Player)
            p.cards = player.cards[:]
            p.bpos = player.bpos
            p.fort = player.fort
            top, bottom = player.lanes
            p.lanes = [_copy_lane(top) if top else [], _copy_lane(bottom) if bottom else []]
            p.granted = player.granted
            p.chooses_returns = player.chooses_returns
            players.append(p)
        g.players = players
        g.player_a = players[0]
        g.player_b = players[1]
        g.first = self.first
        g.active = self.active
        g.turn = self.turn
        g.phase = self.phase
        g.mana = self.mana
        g.winner = self.winner
        g.turn_cap = self.turn_cap
        pending = self.pending
        g.pending = None if pending is None else (pending[0], pending[1][:], pending[2])
        g.chain = self.chain
        g.resume = self.resume
        g.log = None
        return g

    def state_values(self) -> list[int]:
        """The position as a canonical list of byte values (what `state_hash` digests).

        Layout, every field one byte unless said: for each seat A then B: hand size, card ids,
        Bastion position, Fort flag, then for each lane: its length and for each creature: card
        id, damage, flags (new | attacked << 1 | protection_used << 2), Sprint bonus. Then the
        active seat, the turn (two bytes, big-endian), phase, mana, winner (255 = none).
        """
        out: list[int] = []
        for p in self.players:
            out.append(len(p.cards))
            out += p.cards
            out.append(p.bpos)
            out.append(p.fort)
            for lane in p.lanes:
                out.append(len(lane))
                for c in lane:
                    out += (c.card, c.damage,
                            c.new | (c.attacked << 1) | (c.protection_used << 2), c.sprint_bonus)
        turn = self.turn
        out += (self.active, turn >> 8 & 255, turn & 255, self.phase, self.mana,
                255 if self.winner is None else self.winner)
        return out

    def state_bytes(self) -> bytes:
        """`state_values()` as bytes."""
        return bytes(self.state_values())

    def state_hash(self) -> str:
        """CRC-32 (zlib's, as 8 hex digits) of `state_bytes()`: the same on every machine.
        The compiled build (rng.NATIVE) takes the CRC from the position itself (`state_crc`)
        rather than building the bytes first: a third of the time there, ten times it as
        Python."""
        if NATIVE:
            return hex8(self.state_crc() ^ 0xFFFFFFFF)
        # % spells a number in half the time of an f-string (63 against 125 ns).
        return "%08x" % zlib.crc32(self.state_bytes())  # noqa: UP031

    def hash_is(self, expected: str) -> bool:
        """Whether `expected` is `state_hash()`: what a replay asks after every turn. The
        compiled build reads `expected`'s eight hex digits into a number (`hex8_value`)
        rather than spelling the hash (a new string each turn, four times the reading)."""
        if not NATIVE:
            return self.state_hash() == expected
        value = hex8_value(expected)
        return value >= 0 and value == self.state_crc() ^ 0xFFFFFFFF

    def state_crc(self) -> i64:
        """The running CRC-32 of `state_values()`, before its last inversion, taken field by
        field in the same order (tests/engine/test_record.py holds the two to the same hash
        in every position of seeded games, in both builds).

        Each step is `crc_add`'s, written out: in the compiled build a call costs three times
        the step itself, and a position takes about 45 of them. A value outside a byte is
        refused as `bytes()` refuses it, once all are read (`seen` has every value's bits)."""
        t = _CRC_TABLE
        crc: i64 = 0xFFFFFFFF
        seen: i64 = 0
        for p in self.players:
            cards = p.cards
            v: i64 = len(cards)
            crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ v) & 255) << 3)
            seen |= v
            for card in cards:
                v = card
                crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ v) & 255) << 3)
                seen |= v
            v = p.bpos
            crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ v) & 255) << 3)
            seen |= v
            v = p.fort
            crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ v) & 255) << 3)
            for lane in p.lanes:
                v = len(lane)
                crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ v) & 255) << 3)
                seen |= v
                for c in lane:
                    v = c.card
                    crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ v) & 255) << 3)
                    seen |= v
                    v = c.damage
                    crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ v) & 255) << 3)
                    seen |= v
                    v = c.new | (c.attacked << 1) | (c.protection_used << 2)
                    crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ v) & 255) << 3)
                    v = c.sprint_bonus
                    crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ v) & 255) << 3)
                    seen |= v
        v = self.active
        crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ v) & 255) << 3)
        seen |= v
        turn: i64 = self.turn
        crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ (turn >> 8)) & 255) << 3)
        crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ turn) & 255) << 3)
        v = self.phase
        crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ v) & 255) << 3)
        seen |= v
        v = self.mana
        crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ v) & 255) << 3)
        seen |= v
        v = 255 if self.winner is None else self.winner
        crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ v) & 255) << 3)
        seen |= v
        if seen < 0 or seen > 255:
            raise ValueError("bytes must be in range(0, 256)")
        return crc


_HEX_PAIRS: Final = tuple(f"{byte:02x}" for byte in range(256))


def hex8(value: i64) -> str:
    """`"%08x" % value` for 0 <= value < 2**32, in half its time in the compiled build (four
    table reads joined in one step, where % parses its format every time)."""
    pairs = _HEX_PAIRS
    return (f"{pairs[value >> 24 & 255]}{pairs[value >> 16 & 255]}{pairs[value >> 8 & 255]}"
            f"{pairs[value & 255]}")


def _in_each_byte(byte: int) -> i64:
    """A word with `byte` in each of its eight bytes: signed in the compiled build, where
    its arithmetic wraps, unsigned as Python."""
    return int.from_bytes(bytes([byte]) * 8, "little", signed=NATIVE)


# hex8_value's masks, machine words in the compiled build (a literal of 2**62 or more would be
# a Python int object there).
_ONES: Final[i64] = _in_each_byte(0x01)
_HIGHS: Final[i64] = _in_each_byte(0x80)
_LOW_NIBBLES: Final[i64] = _in_each_byte(0x0F)
_FROM_0: Final[i64] = _in_each_byte(0x80 - 0x30)  # the high bit set from "0" up
_FROM_COLON: Final[i64] = _in_each_byte(0x80 - 0x3A)  # ... from the character after "9"
_FROM_A: Final[i64] = _in_each_byte(0x80 - 0x61)  # ... from "a"
_FROM_G: Final[i64] = _in_each_byte(0x80 - 0x67)  # ... from "g"


def hex8_value(text: str) -> i64:
    """The number `text` spells if it is eight lowercase hex digits (as `hex8` spells them),
    -1 for any other text. The compiled build's reading of a recorded hash: the eight
    character codes are put in one machine word and checked and turned into digits all at
    once, a byte each (eight comparisons of each code cost three times as much).

    Each byte is below 0x80 (checked first), so adding up to 0x50 to it carries into no
    other byte: its high bit then says whether it reached a bound. Digits 0-9 and letters
    a-f give their low four bits, letters 9 more; the eight values are then packed by
    pairs, fours and eights. tests/engine/test_record.py holds it to `int(text, 16)` on
    every spelling its tests try."""
    if len(text) != 8:
        return -1
    c0: i64 = ord(text[0])
    c1: i64 = ord(text[1])
    c2: i64 = ord(text[2])
    c3: i64 = ord(text[3])
    c4: i64 = ord(text[4])
    c5: i64 = ord(text[5])
    c6: i64 = ord(text[6])
    c7: i64 = ord(text[7])
    if c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7 > 127:
        return -1
    word = (c0 << 56 | c1 << 48 | c2 << 40 | c3 << 32 | c4 << 24 | c5 << 16 | c6 << 8 | c7)
    digits = (word + _FROM_0) & ~(word + _FROM_COLON) & _HIGHS
    letters = (word + _FROM_A) & ~(word + _FROM_G) & _HIGHS
    if digits | letters != _HIGHS:
        return -1
    value = (word & _LOW_NIBBLES) + ((letters >> 7) & _ONES) * 9
    value = (value | (value >> 4)) & 0x00FF00FF00FF00FF
    value = (value | (value >> 8)) & 0x0000FFFF0000FFFF
    return (value | (value >> 16)) & 0xFFFFFFFF


def _crc_table() -> bytes:
    """zlib's CRC-32 table (the reflected polynomial 0xEDB88320): entry n, the CRC step of the
    byte n, as 8 little-endian bytes at 8 * n, which the compiled build reads as one machine
    word (librt's `read_i64_le`, a load) where a tuple of ints would be a boxed read."""
    out = bytearray()
    for n in range(256):
        c = n
        for _ in range(8):
            c = (c >> 1) ^ (0xEDB88320 & -(c & 1))
        out += c.to_bytes(8, "little")
    return bytes(out)


_CRC_TABLE: Final = _crc_table()


def crc_add(crc: i64, value: int) -> i64:
    """One byte more of a running CRC-32 (zlib's), by its table (the solo game's fields; a
    duel's position writes these steps out in `state_crc`). `value` must be a byte, as
    `bytes()` requires."""
    byte: i64 = value
    if byte < 0 or byte > 255:
        raise ValueError("bytes must be in range(0, 256)")
    return (crc >> 8) ^ read_i64_le(_CRC_TABLE, ((crc ^ byte) & 255) << 3)
