"""Game formats and their pre-game procedures (rules C-2.1 to C-2.6): preconstructed decks,
the Draft, Constructed lists and the ban-two procedure, the policies AI players choose with,
and the setup of a duel from any of them. docs/formats.md lists the modules.
"""

from .bans import (
    BAN_ORDER,
    BanPolicy,
    BanRecord,
    BanState,
    BanView,
    list_problems,
    replay_bans,
    run_bans,
    validate_list,
)
from .common import DeckListError, IllegalChoice, ProcedureReplay
from .draft import (
    AUTO_ORGANIZER,
    AUTO_REASONS,
    AUTO_TIMER,
    DraftPolicy,
    DraftRecord,
    DraftState,
    DraftView,
    pick_order,
    replay_draft,
    run_draft,
)
from .policies import RandomPolicy, ValuePolicy
from .precon import deck_numbers, preconstructed_deck, preconstructed_decks
from .setup import FORMATS, DuelSetup, setup_duel

__all__ = [
    "AUTO_ORGANIZER", "AUTO_REASONS", "AUTO_TIMER",
    "BAN_ORDER", "FORMATS", "BanPolicy", "BanRecord", "BanState", "BanView", "DeckListError",
    "DraftPolicy", "DraftRecord", "DraftState", "DraftView", "DuelSetup", "IllegalChoice",
    "ProcedureReplay", "RandomPolicy", "ValuePolicy", "deck_numbers", "list_problems",
    "pick_order", "preconstructed_deck", "preconstructed_decks", "replay_bans", "replay_draft",
    "run_bans", "run_draft", "setup_duel", "validate_list",
]
