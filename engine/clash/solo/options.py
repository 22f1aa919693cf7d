"""Solo options and difficulty levels (rule C-8.9).

Each option has a few choices worth difficulty points. A quick game takes every option at its
0-point choice; a custom game takes a level from 1 (Easy) to 5 (Mythic) and choices whose
points add up to exactly that level. A mismatch is a `SoloOptionsError` that says which
choices would fit, changing as few options as possible.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from itertools import product
from typing import Any

from ..cards import ABILITY_BITS
from ..errors import SetupError

QUICK = 0  # the level of a quick game: every option at 0 points
LEVELS = {1: "Easy", 2: "Medium", 3: "Hard", 4: "Heroic", 5: "Mythic"}

# Every option's choices with their difficulty points, in the table's order (rule C-8.9).
CHOICES: dict[str, tuple[tuple[Any, int], ...]] = {
    "fixed_mana": ((6, 0), (7, 1), (8, 2), (9, 3), (10, 4)),
    "mana_per_creature": ((1, 0), (2, 2)),
    "first": (("player", 0), ("ai", 1)),
    "endurance": (("bastion", 0), ("fort", -1)),
    "resistance": ((False, 0), (True, 2)),
    "ability": ((None, 0), ("splash", 1), ("pierce", 1), ("rage", 1), ("protection", 1),
                ("frenzy", 1)),
}
# The options a position needs during play; `first` and `endurance` only shape the setup
# (who starts, the Fort face up), so the scenario format shows these four.
PLAY_OPTIONS = ("fixed_mana", "mana_per_creature", "resistance", "ability")


def _spell(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _points(option: str, value: Any) -> int | None:
    for choice, points in CHOICES[option]:
        # `is` for bools and None so that True never passes for 1 (or 1 for True).
        if type(choice) is type(value) and choice == value:
            return points
    return None


class SoloOptionsError(SetupError):
    """Solo options that cannot start a game: a choice that does not exist, or choices whose
    points do not add up to the level. `option` names the bad option (or None for the sum);
    `fits` lists the changes that would make the points fit, as {option: choice} dicts."""

    def __init__(self, message: str, *, option: str | None = None,
                 fits: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.option = option
        self.fits = fits or []


@dataclass(frozen=True, slots=True)
class SoloOptions:
    """The automaton's options (rule C-8.9); the defaults are the quick game's."""

    fixed_mana: int = 6
    mana_per_creature: int = 1
    first: str = "player"
    endurance: str = "bastion"
    resistance: bool = False
    ability: str | None = None

    def __post_init__(self) -> None:
        for option in CHOICES:
            value = getattr(self, option)
            if _points(option, value) is None:
                allowed = ", ".join(_spell(c) for c, _ in CHOICES[option])
                raise SoloOptionsError(f"{option} cannot be {_spell(value)}: the choices are "
                                       f"{allowed} (rule C-8.9)", option=option)

    @property
    def points(self) -> int:
        """The difficulty points of these choices (rule C-8.9)."""
        return sum(_points(option, getattr(self, option)) or 0 for option in CHOICES)

    @property
    def is_quick(self) -> bool:
        """Every option at its 0-point choice: the quick game."""
        return all(_points(option, getattr(self, option)) == 0 for option in CHOICES)

    @property
    def granted(self) -> int:
        """The ability bit every AI creature has (0 for none)."""
        return ABILITY_BITS[self.ability] if self.ability else 0

    @property
    def ai_first(self) -> bool:
        return self.first == "ai"

    @property
    def starts_on_fort(self) -> bool:
        return self.endurance == "fort"

    def replace(self, **changes: Any) -> SoloOptions:
        return SoloOptions(**{**asdict(self), **changes})

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> SoloOptions:
        if not isinstance(data, dict):
            raise SoloOptionsError("solo options must be an object of option to choice")
        unknown = sorted(set(data) - set(CHOICES))
        if unknown:
            raise SoloOptionsError(f"unknown solo option {unknown[0]!r} (the options are "
                                   f"{', '.join(CHOICES)})", option=unknown[0])
        return cls(**data)


def all_options() -> list[SoloOptions]:
    """Every combination of choices (480 of them), in the table's order."""
    names = list(CHOICES)
    return [SoloOptions(**dict(zip(names, values, strict=True)))
            for values in product(*([c for c, _ in CHOICES[n]] for n in names))]


def options_for_level(level: int) -> list[SoloOptions]:
    """Every combination a game of `level` may use (level 0: only the quick game)."""
    if level == QUICK:
        return [SoloOptions()]
    return [o for o in all_options() if o.points == level]


def fitting_changes(options: SoloOptions, level: int) -> list[dict[str, Any]]:
    """The smallest sets of changes to `options` that fit `level`, as {option: choice}."""
    best: list[dict[str, Any]] = []
    fewest = len(CHOICES) + 1
    for candidate in options_for_level(level):
        changes = {n: getattr(candidate, n) for n in CHOICES
                   if getattr(candidate, n) != getattr(options, n)}
        if len(changes) < fewest:
            best, fewest = [changes], len(changes)
        elif len(changes) == fewest:
            best.append(changes)
    return best


def check_level(options: SoloOptions, level: object) -> None:
    """Refuse options that do not make `level` (0: quick game; 1-5: custom, rule C-8.9)."""
    if not isinstance(level, int) or isinstance(level, bool) or not (
            level == QUICK or level in LEVELS):
        names = ", ".join(f"{n} ({name})" for n, name in LEVELS.items())
        raise SoloOptionsError(f"the difficulty level must be {names}, or {QUICK} for a quick "
                               f"game, not {level!r} (rule C-8.9)")
    if level == QUICK:
        if options.is_quick:
            return
        fits = fitting_changes(options, QUICK)
        raise SoloOptionsError(
            "a quick game takes every option at 0 points (rule C-8.9): change "
            + _describe_changes(fits[0]) + "; or choose a custom level from 1 to 5 for "
            f"these options ({options.points} points)", fits=fits)
    if options.points == level:
        return
    fits = fitting_changes(options, level)
    shown = "; or ".join(_describe_changes(f) for f in fits[:8])
    more = f" (and {len(fits) - 8} more ways)" if len(fits) > 8 else ""
    raise SoloOptionsError(
        f"the options add up to {options.points} difficulty points, but level {level} "
        f"({LEVELS[level]}) needs exactly {level} (rule C-8.9). To fit, change {shown}{more}",
        fits=fits)


def _describe_changes(changes: dict[str, Any]) -> str:
    return " and ".join(f"{option} to {_spell(value)}" for option, value in changes.items())
