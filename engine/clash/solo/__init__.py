"""Solo mode (rule C-8): the player against the AI automaton.

- `options`: the options and difficulty levels of a custom game (C-8.9)
- `game`: `SoloGame`, the rules where solo differs from a duel (C-8.2 to C-8.8)
- `setup`: the solo draft and preconstructed solo, the shuffles (C-8.1)
- `record`: playing a solo game out, its record and replay

docs/solo.md describes the mode and the decisions taken where the rules leave a choice.
"""

from .game import AI, HUMAN, SoloGame
from .options import (
    LEVELS,
    QUICK,
    SoloOptions,
    SoloOptionsError,
    check_level,
    options_for_level,
)
from .record import SoloRecord, play_solo_game, replay_solo
from .setup import (
    SOLO_DRAFT,
    SOLO_PRECONSTRUCTED,
    SoloDraft,
    new_solo_game,
    preconstructed_solo_decks,
    run_draft,
)

__all__ = [
    "AI",
    "HUMAN",
    "LEVELS",
    "QUICK",
    "SOLO_DRAFT",
    "SOLO_PRECONSTRUCTED",
    "SoloDraft",
    "SoloGame",
    "SoloOptions",
    "SoloOptionsError",
    "SoloRecord",
    "check_level",
    "new_solo_game",
    "options_for_level",
    "play_solo_game",
    "preconstructed_solo_decks",
    "replay_solo",
    "run_draft",
]
