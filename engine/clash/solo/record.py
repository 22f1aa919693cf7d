"""Solo game records: playing a solo game out, recording it, and replaying the record.

A solo record is a duel record's sibling (`engine.clash.record`): the same action tokens and
CRC-32 state hashes, with the solo setup in place of the two decks:

    {"v": 1, "mode": "solo", "format": "solo-draft", "catalogue": "starter-kit@...",
     "seed": 7, "picks": [card names, ...], "level": 2, "options": {...}, "turn_cap": 200,
     "turns": ["P0tE", "P1bP0tE", ...], "hashes": ["...", ...], "result": "A"}

`picks` (solo draft: the card the player kept from each reveal) or `deck` (preconstructed
solo: the player's deck number) plus the seed redo the setup; `"chooses_returns": true` is
written when the player chose return orders (rule C-4.6). Only the player acts, so `turns`
holds the player's actions: one string from one change of turn to the next, where a player's
`E` runs the automaton's turn too. `hashes[i]` is the state hash after `turns[i]`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import Catalogue, load_catalogue
from ..errors import EngineError, RecordError, SetupError
from ..game import result_name, run_to_end
from ..record import (
    RECORD_VERSION,
    ReplayResult,
    need_field,
    other_catalogue,
    parse_json,
    record_object,
    replay_turns,
    result_field,
    seed_field,
    text_field,
    turns_field,
    whole_field,
)
from ..state import DEFAULT_TURN_CAP
from .game import SoloGame
from .options import QUICK, SoloOptions
from .setup import (
    SOLO_DRAFT,
    SOLO_PRECONSTRUCTED,
    DraftPolicy,
    new_solo_game,
    preconstructed_solo_decks,
    run_draft,
)

MODE = "solo"


@dataclass
class SoloRecord:
    fmt: str
    catalogue: str
    seed: int
    level: int
    options: SoloOptions
    turn_cap: int
    deck: int | None = None  # preconstructed solo: the player's deck
    picks: list[str] | None = None  # solo draft: the player's card from each reveal
    chooses_returns: bool = False  # the player chooses return orders (rule C-4.6)
    turns: list[str] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    result: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"v": RECORD_VERSION, "mode": MODE, "format": self.fmt,
                                "catalogue": self.catalogue, "seed": self.seed}
        if self.fmt == SOLO_DRAFT:
            data["picks"] = self.picks
        else:
            data["deck"] = self.deck
        data.update({"level": self.level, "options": self.options.to_json(),
                     "turn_cap": self.turn_cap})
        if self.chooses_returns:
            data["chooses_returns"] = True
        data.update({"turns": self.turns, "hashes": self.hashes, "result": self.result})
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any) -> SoloRecord:
        data = record_object(data)
        if data.get("mode") != MODE:
            raise RecordError(f"not a solo record (mode {data.get('mode')!r})")
        fmt = data.get("format")
        if fmt not in (SOLO_DRAFT, SOLO_PRECONSTRUCTED):
            raise RecordError(f"unknown solo format {fmt!r}: {SOLO_DRAFT} or "
                              f"{SOLO_PRECONSTRUCTED}")
        # The duel record's checks of the fields both have (record.py), then solo's own.
        catalogue, seed = text_field(data, "catalogue"), seed_field(data)
        level, turn_cap = whole_field(data, "level", 0), whole_field(data, "turn_cap", 1)
        turns, hashes = turns_field(data)
        result = result_field(data)
        options_data = need_field(data, "options")
        try:
            options = SoloOptions.from_json(options_data)
        except EngineError as exc:
            raise RecordError(f"options: {exc.message}") from None
        record = cls(fmt=fmt, catalogue=catalogue, seed=seed, level=level, options=options,
                     turn_cap=turn_cap, chooses_returns=data.get("chooses_returns", False) is True,
                     turns=turns, hashes=hashes, result=result)
        if fmt == SOLO_DRAFT:
            picks = need_field(data, "picks")
            if not isinstance(picks, list) or not all(isinstance(p, str) for p in picks):
                raise RecordError("a solo draft record's picks must be a list of card names")
            record.picks = list(picks)
        else:
            record.deck = whole_field(data, "deck", 1)
        return record

    @classmethod
    def loads(cls, text: str) -> SoloRecord:
        return cls.from_json(parse_json(text))


def solo_decks(fmt: str, seed: int, *, deck: int | None = None,
               draft: DraftPolicy | Sequence[str] | None = None,
               catalogue: Catalogue) -> tuple[list[str], list[str], list[str] | None]:
    """The player's 8 and the automaton's 24 cards of a format (C-8.1), and the draft picks."""
    if fmt == SOLO_PRECONSTRUCTED:
        if deck is None:
            raise SetupError("preconstructed solo needs the player's deck number")
        human, ai = preconstructed_solo_decks(deck, catalogue)
        return human, ai, None
    if fmt == SOLO_DRAFT:
        if draft is None:
            raise SetupError("a solo draft needs the player's picks or a way to choose them")
        done = run_draft(seed, draft, catalogue)
        return done.player_cards, done.ai_cards, done.picks
    raise SetupError(f"unknown solo format {fmt!r}: {SOLO_DRAFT} or {SOLO_PRECONSTRUCTED} "
                      f"(solo cannot use Constructed, rule C-2.2)")


def play_solo_game(seed: int, agent: Any, *, fmt: str = SOLO_PRECONSTRUCTED,
                   deck: int | None = None, draft: DraftPolicy | Sequence[str] | None = None,
                   options: SoloOptions | None = None, level: int = QUICK,
                   catalogue: Catalogue | None = None, turn_cap: int = DEFAULT_TURN_CAP,
                   chooses_returns: bool = False, log: list[tuple] | None = None,
                   after_action: Callable[[SoloGame], None] | None = None,
                   ) -> tuple[SoloGame, SoloRecord]:
    """Play a whole solo game: `agent` (an AI player interface: `act(observation)`) is the
    player in seat A against the automaton. Returns the final state and its record.
    `chooses_returns`: the player chooses the order of creatures destroyed at once (C-4.6).
    `after_action`, when given, is called with the game after every action (for checks)."""
    catalogue = load_catalogue() if catalogue is None else catalogue
    options = options if options is not None else SoloOptions()
    human, ai, picks = solo_decks(fmt, seed, deck=deck, draft=draft, catalogue=catalogue)
    game = new_solo_game(human, ai, seed, options=options, level=level, catalogue=catalogue,
                         turn_cap=turn_cap, chooses_returns=chooses_returns, log=log)
    turns, hashes = run_to_end(game, (agent, None), after_action=after_action)
    record = SoloRecord(fmt=fmt, catalogue=catalogue.version, seed=seed, level=level,
                        options=options, turn_cap=turn_cap,
                        deck=deck if fmt == SOLO_PRECONSTRUCTED else None, picks=picks,
                        chooses_returns=chooses_returns, turns=turns, hashes=hashes,
                        result=result_name(game.winner))
    return game, record


def replay_solo(record: SoloRecord, catalogue: Catalogue | None = None) -> ReplayResult:
    """Re-simulate a solo record; confirm its outcome or name the first entry that differs
    (`turn` is the 1-based index into `turns`)."""
    catalogue = load_catalogue() if catalogue is None else catalogue
    refused = other_catalogue(record.catalogue, catalogue)
    if refused is not None:
        return refused
    try:
        human, ai, _ = solo_decks(record.fmt, record.seed, deck=record.deck,
                                  draft=record.picks, catalogue=catalogue)
        game = new_solo_game(human, ai, record.seed, options=record.options,
                             level=record.level, catalogue=catalogue,
                             turn_cap=record.turn_cap, chooses_returns=record.chooses_returns)
    except EngineError as exc:
        return ReplayResult(False, None, None, f"the game cannot be set up: {exc.message}")
    return replay_turns(game, record.turns, record.hashes, record.result, noun="entry")
