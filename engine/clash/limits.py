"""The bounds of the numbers and lists a Clash of Decks input may hold (docs/engine.md, "Bounds").

The compiled build keeps a game's numbers in 64-bit machine words (docs/engine.md, "The
compiled build"): a card's attack or health, a creature's damage, the mana, the turn. A number
far past any the rules need would wrap there (a creature hit for 2**62 twice "survives" with
damage -2**63) while the Python build computes it right, so every input is held to bounds
both builds compute alike, checked where it is read (a scenario, a card file, a catalogue, a
game record), never in the rules' loops. The bounds leave room: a real game's numbers are a
few dozen, its turn cap 200, and the sums a turn can reach from bounded numbers stay far
below 2**63.
"""

from __future__ import annotations

from typing import Final

# A card's cost, attack, health and damage, a creature's damage and Sprint bonus, the mana,
# the turn and the turn cap.
MAX_NUMBER: Final = 1_000_000
# Seeds are below 2**63: a signed 64-bit word, as the compiled build keeps them (and a database
# bigint); the engine derives 63-bit seeds for a match's games and the deck lab's.
SEED_LIMIT: Final = 2 ** 63
# The cards of one hand, deck or discard pile of a position (a game holds 8 or 24).
MAX_CARDS: Final = 1_000


def number_problem(value: object, least: int = 0, most: int = MAX_NUMBER) -> str | None:
    """Why `value` is not a whole number in [least, most], or None when it is."""
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
        return f"must be a whole number from {least} to {most:,}, not {_shown(value)}"
    return None


def seed_problem(value: object) -> str | None:
    """Why `value` is not a seed (a whole number in [0, 2**63)), or None when it is."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < SEED_LIMIT:
        return f"must be a whole number from 0 to 2**63 - 1, not {_shown(value)}"
    return None


def _shown(value: object) -> str:
    """`value` as the message shows it: a number of many digits by its size alone."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 15:
        try:
            return f"a number of {len(str(abs(value))):,} digits"
        except ValueError:  # past the digits Python converts to text
            return "a number of thousands of digits"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
