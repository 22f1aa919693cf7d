"""The Draft format (rule C-2.4) as a state machine, its record and its replay.

One Starter Kit (every card of the catalogue) is shuffled into a draw pile by the seeded
stream "draft". Four cards are revealed at a time; in reveal 1 A picks 1, B picks 2, A takes
the last; in reveal 2 B picks first (B 1, A 2, B 1); the first picker alternates until each
player has 8 cards (4 reveals, 16 cards used). Everything revealed and picked is public; only
the order of the rest of the pile is hidden, so policies get a `DraftView` without it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from engine.seats import LETTER_A, LETTER_B, other_letter

from ..cards import Catalogue, load_catalogue
from ..errors import RecordError, SetupError
from ..rng import Rng
from .common import (
    DECK_SIZE,
    DONE,
    SEATS,
    IllegalChoice,
    ProcedureReplay,
    as_seat_letter,
    check_seed,
    replay_verdict,
    rerun,
)

PICKING = "picking"
STATUSES = (PICKING, DONE)
REVEAL_SIZE = 4
REVEALS = 2 * DECK_SIZE // REVEAL_SIZE  # 4 reveals, 16 cards used
TOTAL_PICKS = REVEAL_SIZE * REVEALS
RNG_STREAM = "draft"
RECORD_VERSION = 1
# Why a pick was made by the AI's draft policy for a person's seat (the record's "auto"):
# the seat's pick timer ran out, or an organizer handed the seat to the AI. A record without
# such picks has no "auto" (records made before the marks are unchanged).
AUTO_TIMER = "timer"
AUTO_ORGANIZER = "organizer"
AUTO_REASONS = (AUTO_TIMER, AUTO_ORGANIZER)


def pick_order(reveal: int) -> tuple[str, str, str, str]:
    """Who takes each card of reveal `reveal` (0-based), rule C-2.4: first, other, other,
    first; A picks first in reveals 1 and 3, B in reveals 2 and 4."""
    first = LETTER_A if reveal % 2 == 0 else LETTER_B
    second = other_letter(first)
    return (first, second, second, first)


@dataclass(frozen=True)
class DraftView:
    """What both players see of a draft (all of it but the order of the unrevealed pile)."""

    status: str
    to_pick: str | None
    picks_left_now: int
    reveal: int | None  # 1 to 4 while picking
    revealed: tuple[str, ...]
    hands: dict[str, tuple[str, ...]]
    picks: tuple[tuple[str, str], ...]  # (seat, card) in the order they were made
    unseen: tuple[str, ...]  # the cards not yet revealed, sorted by name (order hidden)

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "to_pick": self.to_pick,
                "picks_left_now": self.picks_left_now, "reveal": self.reveal,
                "revealed": list(self.revealed),
                "hands": {seat: list(cards) for seat, cards in self.hands.items()},
                "picks": [list(p) for p in self.picks], "unseen": list(self.unseen)}


@runtime_checkable
class DraftPolicy(Protocol):
    """How an AI player picks (policies.py has the policies): from the public view only."""

    def choose_pick(self, view: DraftView, seat: str, rng: Rng) -> str:
        """A card of `view.revealed` for `seat` to take."""
        ...


@dataclass
class DraftRecord:
    """Everything needed to replay a draft: the seed redoes the shuffle, the picks follow
    the fixed order of C-2.4, so each pick is just a card name. `auto` marks the picks the
    AI's draft policy made for a person's seat: {pick index (0-based): reason}; the replay
    checks each is the policy's pick (engine.clash.ai.turns.replay_marked_picks)."""

    seed: int
    catalogue: str
    picks: list[str] = field(default_factory=list)
    auto: dict[int, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data = {"v": RECORD_VERSION, "procedure": "draft", "catalogue": self.catalogue,
                "seed": self.seed, "picks": list(self.picks)}
        if self.auto:
            data["auto"] = [[n, self.auto[n]] for n in sorted(self.auto)]
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any) -> DraftRecord:
        if not isinstance(data, dict):
            raise RecordError("a draft record must be a JSON object")
        if data.get("v") != RECORD_VERSION or data.get("procedure") != "draft":
            raise RecordError(f"not a version {RECORD_VERSION} draft record "
                              f"(v={data.get('v')!r}, procedure={data.get('procedure')!r})")
        try:
            seed, catalogue, picks = data["seed"], data["catalogue"], data["picks"]
        except KeyError as exc:
            raise RecordError(f"a draft record needs the field {exc}") from None
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise RecordError(f"the seed must be a whole number >= 0, not {seed!r}")
        if not isinstance(catalogue, str):
            raise RecordError("the catalogue must be a version string")
        if not isinstance(picks, list) or not all(isinstance(p, str) for p in picks):
            raise RecordError("the picks must be a list of card names")
        return cls(seed=seed, catalogue=catalogue, picks=list(picks),
                   auto=_auto_from_json(data.get("auto", []), len(picks)))

    @classmethod
    def loads(cls, text: str) -> DraftRecord:
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as exc:
            raise RecordError(f"a draft record must be JSON: {exc}") from None


def _auto_from_json(data: Any, picks: int) -> dict[int, str]:
    """The record's marks of the picks the policy made for a person's seat."""
    if not isinstance(data, list):
        raise RecordError("auto must be a list of [pick index, reason]")
    auto: dict[int, str] = {}
    for item in data:
        if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], int)
                or isinstance(item[0], bool) or item[1] not in AUTO_REASONS):
            raise RecordError(f"auto: {item!r} is not [pick index, one of "
                              f"{', '.join(AUTO_REASONS)}]")
        if not 0 <= item[0] < picks or item[0] in auto:
            raise RecordError(f"auto: pick index {item[0]} is not a pick of the record, "
                              f"or is marked twice")
        auto[item[0]] = item[1]
    return auto


class DraftState:
    """A draft between seats A and B. `pick` is its only transition."""

    def __init__(self, seed: int, catalogue: Catalogue | None = None) -> None:
        self.catalogue = load_catalogue() if catalogue is None else catalogue
        self.seed = check_seed(seed)
        pile = [card.name for card in self.catalogue.cards]
        if len(pile) < TOTAL_PICKS:
            raise SetupError(f"a draft needs {TOTAL_PICKS} cards, catalogue "
                             f"{self.catalogue.version} has {len(pile)}")
        Rng.stream(seed, RNG_STREAM).shuffle(pile)
        self._pile = pile  # hidden: index 0 is the top of the draw pile
        self._picks: list[tuple[str, str]] = []
        self._auto: dict[int, str] = {}
        self._hands: dict[str, list[str]] = {LETTER_A: [], LETTER_B: []}
        self._revealed = pile[:REVEAL_SIZE]

    # Public state ------------------------------------------------------------------------

    @property
    def status(self) -> str:
        return DONE if len(self._picks) >= TOTAL_PICKS else PICKING

    @property
    def done(self) -> bool:
        return self.status == DONE

    @property
    def reveal(self) -> int | None:
        """The current reveal, 1 to 4 (None once the draft is done)."""
        return None if self.done else len(self._picks) // REVEAL_SIZE + 1

    @property
    def to_pick(self) -> str | None:
        if self.done:
            return None
        n = len(self._picks)
        return pick_order(n // REVEAL_SIZE)[n % REVEAL_SIZE]

    @property
    def picks_left_now(self) -> int:
        """How many cards the current picker still takes from this reveal before the other
        player picks (1, or 2 for the middle picker's first card; 0 once done)."""
        if self.done:
            return 0
        n = len(self._picks)
        order = pick_order(n // REVEAL_SIZE)
        seat, count = order[n % REVEAL_SIZE], 0
        for i in range(n % REVEAL_SIZE, REVEAL_SIZE):
            if order[i] != seat:
                break
            count += 1
        return count

    @property
    def revealed(self) -> tuple[str, ...]:
        """The revealed cards still to be taken, in the order they were revealed."""
        return tuple(self._revealed)

    @property
    def hands(self) -> dict[str, tuple[str, ...]]:
        return {seat: tuple(cards) for seat, cards in self._hands.items()}

    @property
    def picks(self) -> tuple[tuple[str, str], ...]:
        return tuple(self._picks)

    @property
    def auto(self) -> dict[int, str]:
        """The picks the AI's draft policy made for a person's seat: {index: reason}."""
        return dict(self._auto)

    def view(self) -> DraftView:
        shown = {card for _, card in self._picks}.union(self._revealed)
        return DraftView(status=self.status, to_pick=self.to_pick,
                         picks_left_now=self.picks_left_now, reveal=self.reveal,
                         revealed=self.revealed, hands=self.hands, picks=self.picks,
                         unseen=tuple(sorted(c for c in self._pile if c not in shown)))

    def decks(self) -> tuple[list[str], list[str]]:
        """A's and B's 8 cards, in the order they were picked."""
        if not self.done:
            raise SetupError(f"the draft is not over: {len(self._picks)} of {TOTAL_PICKS} "
                             f"picks made")
        return list(self._hands[LETTER_A]), list(self._hands[LETTER_B])

    def record(self) -> DraftRecord:
        return DraftRecord(seed=self.seed, catalogue=self.catalogue.version,
                           picks=[card for _, card in self._picks], auto=dict(self._auto))

    # The transition ----------------------------------------------------------------------

    def pick(self, seat: str | int, card: str, *, auto: str | None = None) -> None:
        """`seat` takes `card` from the revealed cards (rule C-2.4); `auto`, one of
        AUTO_REASONS, marks a pick the AI's draft policy made for a person's seat.

        Raises `IllegalChoice` (state unchanged) with reason `already_picked` when this seat
        already took this card (a repeated request), `draft_over`, `not_your_pick`,
        `unknown_card` or `not_revealed`.
        """
        seat = as_seat_letter(seat)
        if not isinstance(card, str):
            raise IllegalChoice("unknown_card", f"{card!r} is not a card name")
        if card in self._hands[seat]:
            raise IllegalChoice("already_picked", f"{seat} already picked {card}")
        if self.done:
            raise IllegalChoice("draft_over", f"the draft is over: each player has "
                                              f"{DECK_SIZE} cards")
        to_pick = self.to_pick
        if seat != to_pick:
            raise IllegalChoice("not_your_pick", f"it is {to_pick}'s pick")
        if card not in self._revealed:
            if card not in self.catalogue:
                raise IllegalChoice("unknown_card", f"{card!r} is not a card of catalogue "
                                                    f"{self.catalogue.version}")
            shown = ", ".join(self._revealed)
            taken = next((s for s in SEATS if card in self._hands[s]), None)
            why = f"{card} was taken by {taken}" if taken else \
                f"{card} is not among the revealed cards"
            raise IllegalChoice("not_revealed", f"{why}; the revealed cards are {shown}")
        if auto is not None and auto not in AUTO_REASONS:
            raise ValueError(f"auto must be one of {AUTO_REASONS}, not {auto!r}")
        self._revealed.remove(card)
        if auto is not None:
            self._auto[len(self._picks)] = auto
        self._hands[seat].append(card)
        self._picks.append((seat, card))
        n = len(self._picks)
        if n % REVEAL_SIZE == 0 and n < TOTAL_PICKS:
            self._revealed = self._pile[n:n + REVEAL_SIZE]

    # Records -----------------------------------------------------------------------------

    @classmethod
    def from_record(cls, record: DraftRecord, catalogue: Catalogue | None = None) -> DraftState:
        """The draft as far as `record` goes. Raises `RecordError` for another catalogue and
        `IllegalChoice` (naming the pick) for the first pick the rules refuse."""
        state, failure = _rerun(record, catalogue)
        if failure is not None:
            if isinstance(failure, IllegalChoice):
                raise failure
            raise RecordError(failure.reason)
        assert state is not None
        state._auto = dict(record.auto)
        return state


def _rerun(record: DraftRecord, catalogue: Catalogue | None
           ) -> tuple[DraftState | None, IllegalChoice | ProcedureReplay | None]:
    catalogue = load_catalogue() if catalogue is None else catalogue
    return rerun(record.catalogue, catalogue, lambda: DraftState(record.seed, catalogue),
                 record.picks, whose=lambda state: state.to_pick,
                 choose=lambda state, seat, card: state.pick(seat, card),
                 noun="pick", over_reason="draft_over", total=TOTAL_PICKS)


def replay_draft(record: DraftRecord, catalogue: Catalogue | None = None) -> ProcedureReplay:
    """Re-run a draft record: confirm it (with both decks once complete), or name the first
    pick the rules refuse. A record of an unfinished draft is ok with `decks` None."""
    return replay_verdict(*_rerun(record, catalogue))


def run_draft(seed: int, policies: tuple[DraftPolicy, DraftPolicy], *,
              catalogue: Catalogue | None = None) -> DraftState:
    """Play a whole draft, each seat's picks chosen by its policy (`choose_pick`) through
    the same `pick` calls a person makes. Each seat's policy draws from its own stream."""
    state = DraftState(seed, catalogue)
    rngs = {seat: Rng.stream(seed, f"draft-policy-{seat}") for seat in SEATS}
    while not state.done:
        seat = state.to_pick
        assert seat is not None
        card = policies[SEATS.index(seat)].choose_pick(state.view(), seat, rngs[seat])
        state.pick(seat, card)
    return state
