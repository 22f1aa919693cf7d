"""The game's event log, written in no language: each event is a tuple whose first item is one
of the codes below and whose other items are plain values, in the order `FIELDS` names them.

The rules append an event only when somebody reads the log (`if log is not None:
log.append((ev.PLAY, seat, card, lane, mana))`, see rules.py), so an event costs a tuple of
values the rules already hold, never a sentence. Readers turn events into text: `render` gives
the engine's English sentence (the command-line tools, the scenario format's "events"), the web
layer renders the same codes in its reader's language, and `params` names an event's values for
an API (seats as letters, lanes as "top"/"bottom", cards by name).

The values, by field name:
- `seat`, `caster`, `owner`, `first`: a seat, 0 (A) or 1 (B)
- `turn`, `mana`, `damage`, `count`, `position`, `fixed`, `per_creature`, `creatures`,
  `turn_cap`: whole numbers
- `lane`: 0 (top) or 1 (bottom)
- `card`, `target`, `attacker`: a card id of the game's catalogue
- `cards`: a tuple of card ids

The codes are stable: records of them may be stored and read by other programs. A new kind of
event gets a new code; an event's fields are only ever added at the end.
"""

from __future__ import annotations

from gettext import ngettext
from typing import Any, Final

from engine.seats import LETTERS

from .cards import Catalogue
from .state import LANES

# Setup (C-2.6, C-8.1)
COIN: Final = "coin"  # (first,): the coin gives the first turn to `first`
SOLO_START: Final = "solo_start"  # (first,): who goes first in a solo game (C-8.9)
# Turns (C-3, C-7.5a)
MANA: Final = "mana"  # (turn, seat, mana): the mana phase (C-3.1)
END_TURN: Final = "end_turn"  # (turn, seat)
TURN_CAP: Final = "turn_cap"  # (turn_cap,): the cap is reached, a draw (C-7.5a)
# The Summon phase (C-3.2, C-6)
PLAY: Final = "play"  # (seat, card, lane, mana): a creature played; `mana` is what is left
# (caster, card, target, owner, lane, position): an incantation cast at `target`
CAST: Final = "cast"
INDESTRUCTIBLE: Final = "indestructible"  # (card,): an incantation hits it and does nothing (C-5.5)
TAKES: Final = "takes"  # (card, damage): an incantation's damage to a creature (C-6.1)
# The Attack phase (C-4, C-5)
ATTACK_PHASE: Final = "attack_phase"  # (seat,)
SPRINT: Final = "sprint"  # (card, count): it moves past `count` creatures, +count damage (C-5.7)
HITS_BASTION: Final = "hits_bastion"  # (card, seat, lane, damage): `seat` is the attacker's
HITS_FORT: Final = "hits_fort"  # (card, seat, lane, damage)
PROTECTION: Final = "protection"  # (attacker, target): Protection absorbs the attack (C-5.4)
ATTACK: Final = "attack"  # (attacker, target, damage)
SPLASH: Final = "splash"  # (card, damage): splash damage to `card` (C-5.1)
PIERCE: Final = "pierce"  # (card, damage): pierce damage to `card` (C-5.2)
FRENZY: Final = "frenzy"  # (card,): it attacks again (C-5.6)
# Deaths and the Bastion/Fort (C-4.5, C-7)
DESTROYED: Final = "destroyed"  # (cards,): creatures destroyed at once
FORT_DESTROYED: Final = "fort_destroyed"  # (seat,): `seat` loses (C-7.3)
BASTION_DESTROYED: Final = "bastion_destroyed"  # (seat,): it becomes a Fort (C-7.2)
# The solo automaton, seat B (C-8)
AI_MANA: Final = "ai_mana"  # (turn, mana, fixed, per_creature, creatures): C-8.2
SOLO_WON: Final = "solo_won"  # (turn,): A survives the automaton's last turn (C-8.8)
AI_PLACE: Final = "ai_place"  # (card, lane, mana): a revealed creature placed (C-8.3)
AI_DISCARD: Final = "ai_discard"  # (card, lane): an incantation with no target (C-8.4)
# (card, target, lane, mana): an incantation cast at A's lane, position 0
AI_CAST: Final = "ai_cast"
AI_MILL: Final = "ai_mill"  # (damage, cards): damage mills the AI deck (C-8.6)
AI_RESHUFFLE: Final = "ai_reshuffle"  # (count,): the Bastion turns, the discard is the deck (C-8.7)
AI_LAST_TURN: Final = "ai_last_turn"  # (): the Fort exposed during the automaton's turn (C-8.8)
AI_ONE_MORE_TURN: Final = "ai_one_more_turn"  # (): the Fort exposed in A's turn: one last turn

FIELDS: dict[str, tuple[str, ...]] = {
    COIN: ("first",),
    SOLO_START: ("first",),
    MANA: ("turn", "seat", "mana"),
    END_TURN: ("turn", "seat"),
    TURN_CAP: ("turn_cap",),
    PLAY: ("seat", "card", "lane", "mana"),
    CAST: ("caster", "card", "target", "owner", "lane", "position"),
    INDESTRUCTIBLE: ("card",),
    TAKES: ("card", "damage"),
    ATTACK_PHASE: ("seat",),
    SPRINT: ("card", "count"),
    HITS_BASTION: ("card", "seat", "lane", "damage"),
    HITS_FORT: ("card", "seat", "lane", "damage"),
    PROTECTION: ("attacker", "target"),
    ATTACK: ("attacker", "target", "damage"),
    SPLASH: ("card", "damage"),
    PIERCE: ("card", "damage"),
    FRENZY: ("card",),
    DESTROYED: ("cards",),
    FORT_DESTROYED: ("seat",),
    BASTION_DESTROYED: ("seat",),
    AI_MANA: ("turn", "mana", "fixed", "per_creature", "creatures"),
    SOLO_WON: ("turn",),
    AI_PLACE: ("card", "lane", "mana"),
    AI_DISCARD: ("card", "lane"),
    AI_CAST: ("card", "target", "lane", "mana"),
    AI_MILL: ("damage", "cards"),
    AI_RESHUFFLE: ("count",),
    AI_LAST_TURN: (),
    AI_ONE_MORE_TURN: (),
}
CODES = tuple(FIELDS)

_SEATS = frozenset(("seat", "caster", "owner", "first"))
_CARDS = frozenset(("card", "target", "attacker"))


def params(event: tuple, catalogue: Catalogue) -> dict[str, Any]:
    """An event's values by field name, in words that need no catalogue: seats as "A"/"B",
    lanes as "top"/"bottom", cards by name (`cards` as a list of names)."""
    out: dict[str, Any] = {}
    for key, value in zip(FIELDS[event[0]], event[1:], strict=True):
        if key in _SEATS:
            value = LETTERS[value]
        elif key in _CARDS:
            value = catalogue.name(value)
        elif key == "cards":
            value = [catalogue.name(c) for c in value]
        elif key == "lane":
            value = LANES[value]
        out[key] = value
    return out


def render(event: tuple, catalogue: Catalogue) -> str:
    """The event as the engine's English sentence."""
    code, *v = event
    name = catalogue.name
    if code == MANA:
        return f"turn {v[0]}: {LETTERS[v[1]]} gains {v[2]} mana"
    if code == END_TURN:
        return f"turn {v[0]}: {LETTERS[v[1]]} ends the turn"
    if code == ATTACK_PHASE:
        return f"{LETTERS[v[0]]} enters the Attack phase"
    if code == PLAY:
        return f"{LETTERS[v[0]]} plays {name(v[1])} to {LANES[v[2]]} ({v[3]} mana left)"
    if code == ATTACK:
        return f"{name(v[0])} attacks {name(v[1])} for {v[2]}"
    if code == DESTROYED:
        return "destroyed: " + ", ".join(name(c) for c in v[0])
    if code in (HITS_BASTION, HITS_FORT):
        face = "Fort" if code == HITS_FORT else "Bastion"
        return f"{name(v[0])} ({LETTERS[v[1]]} {LANES[v[2]]}) hits the {face} for {v[3]}"
    if code == TAKES:
        return f"{name(v[0])} takes {v[1]} damage"
    if code == PROTECTION:
        return f"{name(v[0])} attacks {name(v[1])}: Protection absorbs it"
    if code == SPRINT:
        past = ngettext("%d creature", "%d creatures", v[1]) % v[1]
        return f"{name(v[0])} sprints past {past}: +{v[1]} damage this phase"
    if code == FRENZY:
        return f"{name(v[0])}'s Frenzy: it attacks again"
    if code == SPLASH:
        return f"splash hits {name(v[0])} for {v[1]}"
    if code == PIERCE:
        return f"pierce hits {name(v[0])} for {v[1]}"
    if code == INDESTRUCTIBLE:
        return f"{name(v[0])} is Indestructible: nothing happens"
    if code == CAST:
        return (f"{LETTERS[v[0]]} casts {name(v[1])} at {name(v[2])} "
                f"({LETTERS[v[3]]} {LANES[v[4]]} {v[5]})")
    if code == FORT_DESTROYED:
        return f"{LETTERS[v[0]]}'s Fort is destroyed: {LETTERS[v[0] ^ 1]} wins"
    if code == BASTION_DESTROYED:
        return f"{LETTERS[v[0]]}'s Bastion is destroyed and becomes a Fort"
    if code == COIN:
        return f"the coin gives the first turn to {LETTERS[v[0]]}"
    if code == TURN_CAP:
        return f"the turn cap of {v[0]} turns is reached: a draw"
    if code == SOLO_START:
        return f"solo game: {'the automaton' if v[0] == 1 else 'the player'} goes first"
    if code == AI_MANA:
        counted = ngettext("%d creature", "%d creatures", v[4]) % v[4]
        return (f"turn {v[0]}: B (the automaton) gains {v[1]} mana "
                f"({v[2]} + {v[3]} x {counted} of A)")
    if code == SOLO_WON:
        return f"turn {v[0]}: A survives the automaton's last turn and wins"
    if code == AI_PLACE:
        return f"B reveals {name(v[0])} and places it in the {LANES[v[1]]} lane ({v[2]} mana left)"
    if code == AI_DISCARD:
        return (f"B reveals {name(v[0])}: no creature of A in the {LANES[v[1]]} lane, "
                f"so it is discarded at no cost")
    if code == AI_CAST:
        return (f"B reveals {name(v[0])} and casts it at {name(v[1])} (A {LANES[v[2]]} 0; "
                f"{v[3]} mana left)")
    if code == AI_MILL:
        names = ", ".join(name(c) for c in v[1]) or "nothing"
        return f"B takes {v[0]} damage: {names} from the AI deck to its discard pile"
    if code == AI_RESHUFFLE:
        return (f"B's Bastion is exposed: it turns to its Fort and the discard pile, shuffled, "
                f"is the new AI deck ({v[0]} cards)")
    if code == AI_LAST_TURN:
        return "B's Fort is exposed with no card left: this turn is its last (rule C-8.8)"
    if code == AI_ONE_MORE_TURN:
        return "B's Fort is exposed with no card left: it plays one last turn (rule C-8.8)"
    raise ValueError(f"unknown event code {code!r}")


def render_all(events: list[tuple] | None, catalogue: Catalogue) -> list[str]:
    """Every event of a log as English sentences."""
    return [render(e, catalogue) for e in events or ()]
