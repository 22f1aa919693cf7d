"""What the pre-game procedures share: seats, their domain errors, and replay verdicts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalDeck
from engine.seats import BOTH_SEATS, LETTERS

from ..cards import Catalogue
from ..errors import EngineError, SetupError

SEATS = LETTERS  # the procedures name the seats by their letters, "A" and "B"
DECK_SIZE = 8  # C-2.3 to C-2.5: every format ends with 8 cards per player

# Status names shared by both procedures (habit: explicit state machines with named choices).
DONE = "done"


class IllegalChoice(EngineError):
    """A pick, ban or deck choice the rules refuse; the procedure is unchanged after it.

    `code` is "illegal" like the game's `IllegalAction`; `reason` is a stable identifier
    (`not_your_pick`, `not_revealed`, `already_banned`, ...) for programs that branch on it.
    """

    code = "illegal"

    def __init__(self, reason: str, message: str, *, step: int | None = None,
                 params: dict[str, object] | None = None) -> None:
        super().__init__(message, params=params)
        self.reason = reason
        self.step = step  # set when raised while re-running a record: the 1-based step

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "reason": self.reason, "message": self.message}


class DeckListError(IllegalDeck):
    """A constructed list (C-2.5) that cannot enter the ban-two procedure.

    `problems` names every problem at once, so a player fixes the list in one go.
    """

    code = "decklist"

    def __init__(self, problems: list[str], *, seat: str | None = None) -> None:
        self.by_seat = {seat: problems} if seat else {}
        prefix = f"player {seat}'s list: " if seat else ""
        super().__init__(prefix + "; ".join(problems), problems)
        self.seat = seat

    @classmethod
    def for_seats(cls, by_seat: dict[str, list[str]]) -> DeckListError:
        """One error for the problems of several players' lists."""
        bad = {seat: problems for seat, problems in by_seat.items() if problems}
        if len(bad) == 1:
            [(seat, problems)] = bad.items()
            return cls(problems, seat=seat)
        error = cls([f"player {seat}'s list: {p}" for seat, ps in bad.items() for p in ps])
        error.message = " / ".join(f"player {seat}'s list: {'; '.join(ps)}"
                                   for seat, ps in bad.items())
        error.args = (error.message,)
        error.by_seat = bad
        return error

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "problems": self.problems,
                "by_seat": self.by_seat}


def as_seat_letter(seat: object) -> str:
    """"A" or "B" for a seat given as "A"/"B" (any case) or as the engine's 0/1."""
    if isinstance(seat, str) and seat.upper() in LETTERS:
        return seat.upper()
    if isinstance(seat, int) and not isinstance(seat, bool) and seat in BOTH_SEATS:
        return LETTERS[seat]
    raise IllegalChoice("unknown_seat", f"{seat!r} is not a seat: the seats are A and B")


def check_seed(seed: object) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise SetupError(f"the seed must be a whole number >= 0, not {seed!r}")
    return seed


@dataclass(frozen=True)
class ProcedureReplay:
    """The verdict of replaying a draft or ban-two record.

    `step` is the 1-based number of the first pick or ban that the rules refuse (None when
    the record is refused as a whole, e.g. another catalogue). `decks` holds A's and B's
    8 cards when the record is complete and valid.
    """

    ok: bool
    step: int | None = None
    reason: str = ""
    decks: tuple[list[str], list[str]] | None = None

    def __bool__(self) -> bool:
        return self.ok


def rerun(record_catalogue: str, catalogue: Catalogue, start: Callable[[], Any],
          choices: Sequence[str], *, whose: Callable[[Any], str | None],
          choose: Callable[[Any, str, str], None], noun: str, over_reason: str,
          total: int) -> tuple[Any, IllegalChoice | ProcedureReplay | None]:
    """Re-run a procedure's recorded choices (picks or bans) through the same calls people
    make. Returns the state reached and what stopped it: a `ProcedureReplay` when the record
    cannot start at all, an `IllegalChoice` naming the first refused step, or None."""
    if record_catalogue != catalogue.version:
        return None, ProcedureReplay(False, None, f"the record was made with catalogue "
                                                  f"{record_catalogue}, not {catalogue.version}")
    try:
        state = start()
    except (SetupError, DeckListError) as exc:
        return None, ProcedureReplay(False, None, f"the procedure cannot start: {exc.message}")
    for index, card in enumerate(choices):
        step = index + 1
        seat = whose(state)
        if seat is None:
            return state, IllegalChoice(over_reason, f"{noun} {step} ({card}): the procedure "
                                                     f"was over after {total} {noun}s",
                                        step=step)
        try:
            choose(state, seat, card)
        except IllegalChoice as exc:
            return state, IllegalChoice(exc.reason, f"{noun} {step} ({card} by {seat}): "
                                                    f"{exc.message}", step=step)
    return state, None


def replay_verdict(state: Any, failure: IllegalChoice | ProcedureReplay | None
                   ) -> ProcedureReplay:
    """The verdict of `rerun`: ok with both decks once the procedure is complete."""
    if isinstance(failure, ProcedureReplay):
        return failure
    if failure is not None:
        return ProcedureReplay(False, failure.step, failure.message)
    return ProcedureReplay(True, None, "", state.decks() if state.done else None)
