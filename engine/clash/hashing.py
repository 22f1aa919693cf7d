"""A position's hash: the canonical values a record's hashes digest, their CRC-32 taken field
by field, and the hash spelled and read as eight hex digits.

`Game.state_hash()` is zlib's CRC-32 of `position_values()` as bytes, the same on every
machine: every stored record's hashes depend on it (docs/engine.md, Game records). As Python
it is `zlib.crc32` of those bytes. The compiled build (rng.NATIVE) takes the CRC from the
position itself (`position_crc`) rather than building the bytes first: a third of the time
there, ten times it as Python; and a replay reads a recorded hash into a number
(`hex8_value`) rather than spelling the position's (docs/engine.md, The compiled build).
tests/engine/test_record.py holds both ways to the same hash in every position of seeded
duels and solo games, in both builds.
"""

from __future__ import annotations

from typing import Final

from librt.strings import read_i64_le

from .rng import NATIVE, i64
from .state import GameState


def position_values(game: GameState) -> list[int]:
    """The position as a canonical list of byte values (what `Game.state_hash` digests).

    Layout, every field one byte unless said: for each seat A then B: hand size, card ids,
    Bastion position, Fort flag, then for each lane: its length and for each creature: card
    id, damage, flags (new | attacked << 1 | protection_used << 2), Sprint bonus. Then the
    active seat, the turn (two bytes, big-endian), phase, mana, winner (255 = none).
    """
    out: list[int] = []
    for p in game.players:
        out.append(len(p.cards))
        out += p.cards
        out.append(p.bpos)
        out.append(p.fort)
        for lane in p.lanes:
            out.append(len(lane))
            for c in lane:
                out += (c.card, c.damage,
                        c.new | (c.attacked << 1) | (c.protection_used << 2), c.sprint_bonus)
    turn = game.turn
    out += (game.active, turn >> 8 & 255, turn & 255, game.phase, game.mana,
            255 if game.winner is None else game.winner)
    return out


def position_crc(game: GameState) -> i64:
    """The running CRC-32 of `position_values(game)`, before its last inversion, taken field
    by field in the same order.

    Each step is `crc_add`'s, written out: in the compiled build a call costs three times the
    step itself, and a position takes about 45 of them. A value outside a byte is refused as
    `bytes()` refuses it, once all are read (`seen` has every value's bits)."""
    t = _CRC_TABLE
    crc: i64 = 0xFFFFFFFF
    seen: i64 = 0
    for p in game.players:
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
    v = game.active
    crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ v) & 255) << 3)
    seen |= v
    turn: i64 = game.turn
    crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ (turn >> 8)) & 255) << 3)
    crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ turn) & 255) << 3)
    v = game.phase
    crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ v) & 255) << 3)
    seen |= v
    v = game.mana
    crc = (crc >> 8) ^ read_i64_le(t, ((crc ^ v) & 255) << 3)
    seen |= v
    v = 255 if game.winner is None else game.winner
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
    duel's position writes these steps out in `position_crc`). `value` must be a byte, as
    `bytes()` requires."""
    byte: i64 = value
    if byte < 0 or byte > 255:
        raise ValueError("bytes must be in range(0, 256)")
    return (crc >> 8) ^ read_i64_le(_CRC_TABLE, ((crc ^ byte) & 255) << 3)
