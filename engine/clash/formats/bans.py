"""The Constructed format's ban-two procedure (rule C-2.5) as a state machine, its record and
its replay.

Each player brings a list of 10 different cards. Then: (1) B bans one of A's 10; (2) A bans
one of B's 10; (3) A bans a second of B's remaining 9; (4) B bans a second of A's remaining 9.
Ban order B, A, A, B; each player keeps 8 cards.

Revealing: the rule reveals A's list at step 1 and B's at step 2. Both are revealed when the
procedure starts here. That hides nothing a decision could use: the only decision of step 1 is
B's, and B knows their own list; A decides first at step 2, when B's list is revealed anyway.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from engine.seats import LETTER_A, LETTER_B, other_letter

from ..cards import Catalogue, load_catalogue
from ..errors import RecordError, SetupError
from ..rng import Rng
from .common import (
    DECK_SIZE,
    DONE,
    SEATS,
    DeckListError,
    IllegalChoice,
    ProcedureReplay,
    as_seat_letter,
    check_seed,
    replay_verdict,
    rerun,
)

BANNING = "banning"
STATUSES = (BANNING, DONE)
LIST_SIZE = 10
# C-2.5, one entry per step: (the seat that bans, the seat whose list loses a card).
BAN_ORDER: tuple[tuple[str, str], ...] = (
    (LETTER_B, LETTER_A),
    (LETTER_A, LETTER_B),
    (LETTER_A, LETTER_B),
    (LETTER_B, LETTER_A),
)
RECORD_VERSION = 1
_TIMES = {2: "twice", 3: "three times"}


def list_problems(cards: object, catalogue: Catalogue | None = None) -> list[str]:
    """Every reason `cards` is not a constructed list of C-2.5 (empty when it is one):
    unknown cards, duplicates and the count, all at once."""
    catalogue = load_catalogue() if catalogue is None else catalogue
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        return [f"a list must be a sequence of {LIST_SIZE} card names"]
    problems = [f"{card!r} is not a card name" for card in cards if not isinstance(card, str)]
    names = [card for card in cards if isinstance(card, str)]
    unknown = list(dict.fromkeys(name for name in names if name not in catalogue))
    if unknown:
        problems.append(f"{', '.join(unknown)} {'is' if len(unknown) == 1 else 'are'} not in "
                        f"catalogue {catalogue.version}")
    for name, count in Counter(names).items():
        if count > 1:
            problems.append(f"{name} appears {_TIMES.get(count, f'{count} times')}")
    if len(cards) != LIST_SIZE:
        problems.append(f"{len(cards)} card{'' if len(cards) == 1 else 's'}, "
                        f"{LIST_SIZE} needed")
    return problems


def validate_list(cards: object, catalogue: Catalogue | None = None, *,
                  seat: str | None = None) -> list[str]:
    """`cards` as a list of names, or `DeckListError` naming every problem."""
    problems = list_problems(cards, catalogue)
    if problems:
        raise DeckListError(problems, seat=seat)
    return list(cards)  # type: ignore[call-overload]


@dataclass(frozen=True)
class BanView:
    """What both players see of the procedure (all of it: both lists are revealed)."""

    status: str
    step: int | None  # 1 to 4 while banning
    to_ban: str | None
    lists: dict[str, tuple[str, ...]]  # the revealed lists as submitted
    banned: dict[str, tuple[str, ...]]  # per seat, the cards banned from that seat's list
    remaining: dict[str, tuple[str, ...]]

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "step": self.step, "to_ban": self.to_ban,
                "lists": {s: list(c) for s, c in self.lists.items()},
                "banned": {s: list(c) for s, c in self.banned.items()},
                "remaining": {s: list(c) for s, c in self.remaining.items()}}


@runtime_checkable
class BanPolicy(Protocol):
    """How an AI player bans (policies.py has the policies): from the public view only."""

    def choose_ban(self, view: BanView, seat: str, rng: Rng) -> str:
        """A card of the opponent's remaining list for `seat` to ban."""
        ...


@dataclass
class BanRecord:
    """Everything needed to replay a ban-two procedure: both lists and the bans in order
    (the seat of each ban follows from BAN_ORDER)."""

    catalogue: str
    lists: tuple[list[str], list[str]]
    bans: list[str]

    def to_json(self) -> dict[str, Any]:
        return {"v": RECORD_VERSION, "procedure": "ban-two", "catalogue": self.catalogue,
                "lists": {LETTER_A: list(self.lists[0]), LETTER_B: list(self.lists[1])},
                "bans": list(self.bans)}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any) -> BanRecord:
        if not isinstance(data, dict):
            raise RecordError("a ban-two record must be a JSON object")
        if data.get("v") != RECORD_VERSION or data.get("procedure") != "ban-two":
            raise RecordError(f"not a version {RECORD_VERSION} ban-two record "
                              f"(v={data.get('v')!r}, procedure={data.get('procedure')!r})")
        try:
            catalogue, lists, bans = data["catalogue"], data["lists"], data["bans"]
            list_a, list_b = lists[LETTER_A], lists[LETTER_B]
        except (KeyError, TypeError) as exc:
            raise RecordError(f"a ban-two record needs the field {exc}") from None
        if not isinstance(catalogue, str):
            raise RecordError("the catalogue must be a version string")
        for value, what in ((list_a, "list A"), (list_b, "list B"), (bans, "the bans")):
            if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
                raise RecordError(f"{what} must be a list of card names")
        return cls(catalogue=catalogue, lists=(list(list_a), list(list_b)), bans=list(bans))

    @classmethod
    def loads(cls, text: str) -> BanRecord:
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as exc:
            raise RecordError(f"a ban-two record must be JSON: {exc}") from None


class BanState:
    """The ban-two procedure between seats A and B. `ban` is its only transition."""

    def __init__(self, list_a: Sequence[str], list_b: Sequence[str],
                 catalogue: Catalogue | None = None) -> None:
        self.catalogue = load_catalogue() if catalogue is None else catalogue
        problems = {seat: list_problems(cards, self.catalogue)
                    for seat, cards in zip(SEATS, (list_a, list_b), strict=True)}
        if any(problems.values()):
            raise DeckListError.for_seats(problems)
        self._lists = {LETTER_A: tuple(list_a), LETTER_B: tuple(list_b)}
        # Both lists are revealed from the start (see the module docstring).
        self.revealed = {LETTER_A: True, LETTER_B: True}
        self._bans: list[tuple[str, str]] = []  # (seat that banned, card)
        self._banned: dict[str, list[str]] = {LETTER_A: [], LETTER_B: []}  # by list owner

    # Public state ------------------------------------------------------------------------

    @property
    def status(self) -> str:
        return DONE if len(self._bans) >= len(BAN_ORDER) else BANNING

    @property
    def done(self) -> bool:
        return self.status == DONE

    @property
    def step(self) -> int | None:
        """The current step of C-2.5, 1 to 4 (None once done)."""
        return None if self.done else len(self._bans) + 1

    @property
    def to_ban(self) -> str | None:
        return None if self.done else BAN_ORDER[len(self._bans)][0]

    @property
    def target(self) -> str | None:
        """Whose list the current ban takes a card from."""
        return None if self.done else BAN_ORDER[len(self._bans)][1]

    @property
    def lists(self) -> dict[str, tuple[str, ...]]:
        return dict(self._lists)

    @property
    def visible_lists(self) -> dict[str, tuple[str, ...]]:
        """The revealed lists (both players see the same)."""
        return {seat: cards for seat, cards in self._lists.items() if self.revealed[seat]}

    @property
    def banned(self) -> dict[str, tuple[str, ...]]:
        """Per seat, the cards banned from that seat's list, in ban order."""
        return {seat: tuple(cards) for seat, cards in self._banned.items()}

    @property
    def bans(self) -> tuple[tuple[str, str], ...]:
        """(seat that banned, card) in order."""
        return tuple(self._bans)

    def remaining(self, seat: str | int) -> tuple[str, ...]:
        seat = as_seat_letter(seat)
        return tuple(c for c in self._lists[seat] if c not in self._banned[seat])

    def view(self) -> BanView:
        return BanView(status=self.status, step=self.step, to_ban=self.to_ban,
                       lists=self.visible_lists, banned=self.banned,
                       remaining={seat: self.remaining(seat) for seat in SEATS})

    def decks(self) -> tuple[list[str], list[str]]:
        """A's and B's 8 cards, in list order."""
        if not self.done:
            raise SetupError(f"the ban-two procedure is not over: {len(self._bans)} of "
                             f"{len(BAN_ORDER)} bans made")
        return list(self.remaining(LETTER_A)), list(self.remaining(LETTER_B))

    def record(self) -> BanRecord:
        return BanRecord(catalogue=self.catalogue.version,
                         lists=(list(self._lists[LETTER_A]), list(self._lists[LETTER_B])),
                         bans=[card for _, card in self._bans])

    # The transition ----------------------------------------------------------------------

    def ban(self, seat: str | int, card: str) -> None:
        """`seat` removes `card` from the opponent's list for the whole game (rule C-2.5).

        Raises `IllegalChoice` (state unchanged) with reason `already_banned` when this seat
        already banned this card (a repeated request: callers may treat it as done),
        `bans_over`, `not_your_ban` or `not_in_list`.
        """
        seat = as_seat_letter(seat)
        target = other_letter(seat)
        if not isinstance(card, str):
            raise IllegalChoice("not_in_list", f"{card!r} is not a card name")
        if card in self._banned[target]:
            raise IllegalChoice("already_banned", f"{seat} already banned {card} from "
                                                  f"{target}'s list")
        if self.done:
            raise IllegalChoice("bans_over", f"the ban-two procedure is over: each player "
                                             f"has {DECK_SIZE} cards")
        to_ban = self.to_ban
        if seat != to_ban:
            raise IllegalChoice("not_your_ban", f"it is {to_ban}'s ban (step {self.step})")
        if card not in self._lists[target]:
            mine = " (it is in your own list: you ban from your opponent's)" \
                if card in self._lists[seat] else ""
            raise IllegalChoice("not_in_list", f"{card} is not in {target}'s list{mine}")
        self._bans.append((seat, card))
        self._banned[target].append(card)

    # Records -----------------------------------------------------------------------------

    @classmethod
    def from_record(cls, record: BanRecord, catalogue: Catalogue | None = None) -> BanState:
        """The procedure as far as `record` goes. Raises `RecordError` when the record cannot
        start (another catalogue, a bad list) and `IllegalChoice` (naming the step) for the
        first ban the rules refuse."""
        state, failure = _rerun(record, catalogue)
        if isinstance(failure, ProcedureReplay):
            raise RecordError(failure.reason)
        if failure is not None:
            raise failure
        assert state is not None
        return state


def _rerun(record: BanRecord, catalogue: Catalogue | None
           ) -> tuple[BanState | None, IllegalChoice | ProcedureReplay | None]:
    catalogue = load_catalogue() if catalogue is None else catalogue
    return rerun(record.catalogue, catalogue,
                 lambda: BanState(record.lists[0], record.lists[1], catalogue), record.bans,
                 whose=lambda state: state.to_ban,
                 choose=lambda state, seat, card: state.ban(seat, card),
                 noun="ban", over_reason="bans_over", total=len(BAN_ORDER))


def replay_bans(record: BanRecord, catalogue: Catalogue | None = None) -> ProcedureReplay:
    """Re-run a ban-two record: confirm it (with both decks once complete), or name the first
    ban the rules refuse. A record of an unfinished procedure is ok with `decks` None."""
    return replay_verdict(*_rerun(record, catalogue))


def run_bans(list_a: Sequence[str], list_b: Sequence[str], seed: int,
             policies: tuple[BanPolicy, BanPolicy], *,
             catalogue: Catalogue | None = None) -> BanState:
    """Play the whole procedure, each seat's bans chosen by its policy (`choose_ban`) through
    the same `ban` calls a person makes. Each seat's policy draws from its own stream."""
    check_seed(seed)
    state = BanState(list_a, list_b, catalogue)
    rngs = {seat: Rng.stream(seed, f"ban-policy-{seat}") for seat in SEATS}
    while not state.done:
        seat = state.to_ban
        assert seat is not None
        card = policies[SEATS.index(seat)].choose_ban(state.view(), seat, rngs[seat])
        state.ban(seat, card)
    return state
