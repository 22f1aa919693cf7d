"""Party combat (rules S-1, S-4, S-6, S-7): an attacking party against a faction or a location.

The attacking party is resolved against the blocking party speed step by speed step, from the
highest speed present down (S-6). At each step the characters of that speed on each side sum
their strength and their controller distributes it among the opposing party; both sides deal
their damage at once, so a character destroyed at a step still deals its own damage there.
Damage stays on a character for the rest of the combat (it is locked in) and a character with
damage >= life is destroyed. A character that dealt damage deals no more. Once the blocking
party is gone, the surviving attackers that have not dealt damage hit the target with their
strength; a party nobody blocks hits it with everything. A faction loses that much influence
(at 0 its player loses, S-1); a location keeps the damage against its structure (S-4).

Covert (the seed's keyword): a party whose characters are all covert is covert and only
covert characters may block it; covert characters may not block a party that is not covert.

Responses (S-11): tactics and abilities played in a combat's two windows, after the blocks
are declared (`after_blocks`, before the first speed step) and once the blocking party is gone
and before the attackers left hit the target (`before_target`). A window's responses are given
in the order they were played, each in answer to the one before, and resolve last in, first
out. Their effects are damage, removal, strength changes and depleting a character for an
ability; an effect on a character already gone does nothing. A blocker depleted for an
ability stays in the blocking party (S-12). A Micromagic token is a 1/1/3 character (S-12).

`python -m engine.spoils.combat FILE.json` runs a battle file (see `battle_file`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from .errors import IllegalCombat
from .policy import destroy_most

ATTACKER, BLOCKER = "attacker", "blocker"
SIDES = (ATTACKER, BLOCKER)
PARTY = {ATTACKER: "attacking party", BLOCKER: "blocking party"}
GIVEN, DEFAULT = "given", "default"

# strength, [(id, life left)] in party order -> {id: damage}
Policy = Callable[[int, Sequence[tuple[str, int]]], dict[str, int]]


@dataclass(frozen=True)
class Character:
    """A character in a party: strength, life and speed (S-4) and the covert keyword."""

    id: str
    strength: int
    life: int
    speed: int
    covert: bool = False
    token: str | None = None  # "micromagic" for a Micromagic token (S-12)
    depleted: bool = False  # a blocker depleted for an ability: it still blocks (S-12)

    def __post_init__(self) -> None:
        if self.strength < 0 or self.life < 1 or self.speed < 0:
            raise ValueError(f"{self.id}: strength and speed >= 0 and life >= 1, "
                             f"not {self.strength}/{self.life}/{self.speed}")


# S-12: the tokens a combat may hold, with their strength, life and speed.
TOKENS = {"micromagic": (1, 1, 3)}


def token(cid: str, kind: str) -> Character:
    """A token character: a Micromagic token is 1/1/3 (S-12)."""
    if kind not in TOKENS:
        raise ValueError(f"a token is one of {', '.join(TOKENS)}, not {kind!r}")
    strength, life, speed = TOKENS[kind]
    return Character(cid, strength, life, speed, token=kind)


# S-11: the windows for responses in a combat, in the order they open.
AFTER_BLOCKS, BEFORE_TARGET = "after_blocks", "before_target"
WINDOWS = (AFTER_BLOCKS, BEFORE_TARGET)
ATTACKING_PLAYER, DEFENDING_PLAYER = "attacker", "defender"


@dataclass(frozen=True)
class Response:
    """A tactic or ability played in response in a combat window (S-11).

    `damage` adds damage to characters, `destroy` removes them, `strength` changes their
    strength for the rest of the combat (never below 0) and `deplete` depletes them for an
    ability's cost (a depleted blocker stays in the blocking party, S-12).
    """

    id: str
    window: str
    by: str
    damage: Mapping[str, int] = field(default_factory=dict)
    destroy: tuple[str, ...] = ()
    strength: Mapping[str, int] = field(default_factory=dict)
    deplete: tuple[str, ...] = ()

    def names(self) -> list[str]:
        return [*self.damage, *self.destroy, *self.strength, *self.deplete]


@dataclass(frozen=True)
class Resolved:
    """What one response did when it resolved: the characters it destroyed, and those it
    named that were already gone (on them it did nothing)."""

    response: Response
    destroyed: tuple[str, ...]
    no_effect: tuple[str, ...]


@dataclass(frozen=True)
class Faction:
    """The defending player's faction: attacks on it reduce its influence (S-1)."""

    influence: int


@dataclass(frozen=True)
class Location:
    """A location: damage on it stays; damage >= structure destroys it (S-4)."""

    structure: int
    damage: int = 0


Target = Faction | Location


@dataclass(frozen=True)
class Assignment:
    """One side's distribution of one speed step's strength: {opposing id: damage}."""

    speed: int
    side: str
    to: Mapping[str, int]


@dataclass(frozen=True)
class Strike:
    """What one side dealt at one speed step, and whether the input or the policy chose it."""

    side: str
    by: tuple[str, ...]
    strength: int
    to: dict[str, int]
    chosen: str


@dataclass(frozen=True)
class Step:
    speed: int
    strikes: tuple[Strike, ...]
    destroyed: tuple[str, ...]


@dataclass(frozen=True)
class TargetHit:
    """The attackers that had not dealt damage hitting the party's target at the end."""

    by: tuple[str, ...]
    damage: int


@dataclass(frozen=True)
class Outcome:
    """A character after the combat: its damage, and the speed step that destroyed it."""

    character: Character
    damage: int
    destroyed_at: int | None
    dealt_damage: bool
    destroyed_by: str | None = None  # the response that destroyed it (S-11)
    strength_change: int = 0  # from responses (S-11)
    depleted: bool = False  # depleted for an ability during the combat (S-12)

    @property
    def survived(self) -> bool:
        return self.destroyed_at is None and self.destroyed_by is None


@dataclass(frozen=True)
class CombatResult:
    target: Target
    steps: tuple[Step, ...]
    hit: TargetHit | None
    attackers: tuple[Outcome, ...]
    blockers: tuple[Outcome, ...]
    covert: bool = field(default=False)
    responses: tuple[Resolved, ...] = ()  # in the order they resolved (S-11)

    @property
    def target_damage(self) -> int:
        return self.hit.damage if self.hit else 0

    def survivors(self, side: str) -> list[Character]:
        party = self.attackers if side == ATTACKER else self.blockers
        return [o.character for o in party if o.survived]

    @property
    def influence_left(self) -> int | None:
        """A faction's influence after the combat (never below 0); None for a location."""
        if not isinstance(self.target, Faction):
            return None
        return max(0, self.target.influence - self.target_damage)

    @property
    def defeated(self) -> bool:
        """The faction reached 0 influence (its player loses, S-1) or the location fell."""
        if isinstance(self.target, Faction):
            return self.influence_left == 0
        return self.target.damage + self.target_damage >= self.target.structure


def resolve_combat(*, target: Target, attackers: Sequence[Character],
                   blockers: Sequence[Character] = (), assign: Sequence[Assignment] = (),
                   policy: Policy = destroy_most,
                   responses: Sequence[Response] = ()) -> CombatResult:
    """Resolve one combat (S-6). Steps `assign` leaves out are chosen by `policy`;
    `responses` are played in their windows (S-11).

    Raises IllegalCombat, before resolving anything, for an illegal party, target or
    response and, during resolution, for an assignment the rules refuse or a response in a
    window that does not open.
    """
    _check_target(target)
    covert = _check_parties(attackers, blockers)
    given = _index(assign)
    windows = _check_responses(responses, attackers, blockers)
    everyone = {c.id: c for c in (*attackers, *blockers)}
    damage = {cid: 0 for cid in everyone}
    strength = {cid: c.strength for cid, c in everyone.items()}
    depleted = {cid for cid, c in everyone.items() if c.depleted}
    destroyed_at: dict[str, int] = {}
    destroyed_by: dict[str, str] = {}
    dealt: set[str] = set()
    used: set[tuple[int, str]] = set()
    steps: list[Step] = []
    resolved: list[Resolved] = []

    def gone(cid: str) -> bool:
        return cid in destroyed_at or cid in destroyed_by

    def alive(party: Sequence[Character]) -> list[Character]:
        return [c for c in party if not gone(c.id)]

    def how_gone() -> dict[str, str]:
        return {**{cid: f"at speed {s}" for cid, s in destroyed_at.items()},
                **{cid: f"by the response {r}" for cid, r in destroyed_by.items()}}

    def resolve_window(window: str) -> None:
        # S-11: last in, first out; a response's effects happen together.
        for response in reversed(windows[window]):
            named = list(dict.fromkeys(response.names()))
            missed = tuple(cid for cid in named if gone(cid))
            for cid, amount in response.damage.items():
                if not gone(cid):
                    damage[cid] += amount
            for cid, change in response.strength.items():
                if not gone(cid):
                    strength[cid] = max(0, strength[cid] + change)
            depleted.update(cid for cid in response.deplete if not gone(cid))  # S-12
            newly = tuple(cid for cid in named if not gone(cid) and (
                cid in response.destroy or damage[cid] >= everyone[cid].life))
            for cid in newly:
                destroyed_by[cid] = response.id
            resolved.append(Resolved(response, newly, missed))

    resolve_window(AFTER_BLOCKS)

    # S-6: speed steps from the highest down, while both parties have someone standing.
    for speed in sorted({c.speed for c in (*attackers, *blockers)}, reverse=True):
        standing = {ATTACKER: alive(attackers), BLOCKER: alive(blockers)}
        if not standing[ATTACKER] or not standing[BLOCKER]:
            break
        strikes = []
        for side in SIDES:
            strikers = [c for c in standing[side] if c.speed == speed]
            if not strikers:
                continue
            opposing = standing[_other(side)]
            total = sum(strength[c.id] for c in strikers)
            key = (speed, side)
            if key in given:
                index, entry = given[key]
                used.add(key)
                to = _checked(entry.to, f"assign[{index}]", side, speed, total, opposing,
                              attackers if side == BLOCKER else blockers, how_gone())
                chosen = GIVEN
            else:
                to = dict(policy(total, [(c.id, c.life - damage[c.id]) for c in opposing]))
                _checked(to, f"the default policy at speed {speed}", side, speed, total,
                         opposing, opposing, how_gone())
                chosen = DEFAULT
            strikes.append(Strike(side, tuple(c.id for c in strikers), total, to, chosen))
            # S-6: a character that dealt damage deals no more (not even to the target).
            dealt.update(c.id for c in strikers)
        if not strikes:
            continue
        for strike in strikes:  # simultaneous: everything is dealt before anyone is removed
            for cid, amount in strike.to.items():
                damage[cid] += amount
        newly = tuple(c.id for side in SIDES for c in standing[side]
                      if damage[c.id] >= c.life)
        for cid in newly:
            destroyed_at[cid] = speed
        steps.append(Step(speed, tuple(strikes), newly))

    for key, (index, entry) in sorted(given.items(), key=lambda kv: kv[1][0]):
        if key not in used:
            raise IllegalCombat("no_such_step", f"assign[{index}]: no {entry.side} of speed "
                                f"{entry.speed} deals damage to the {PARTY[_other(entry.side)]}"
                                f" in this combat, so there is nothing to assign")

    hit = None
    # S-11: the window before the attackers left hit the target opens only if some will.
    hitters = [c for c in alive(attackers) if c.id not in dealt] if not alive(blockers) else []
    if windows[BEFORE_TARGET]:
        if not hitters:
            first = windows[BEFORE_TARGET][0]
            raise IllegalCombat("no_such_window", f"responses: {first.id} is played before "
                                "the attackers hit the target, but no attacker is left to hit "
                                "it in this combat (S-11)", params={"response": first.id})
        resolve_window(BEFORE_TARGET)
        hitters = [c for c in hitters if not gone(c.id)]
    if hitters:
        # The blocking party is gone (or never formed): whoever has not dealt damage hits.
        hit = TargetHit(tuple(c.id for c in hitters), sum(strength[c.id] for c in hitters))

    def outcomes(party: Sequence[Character]) -> tuple[Outcome, ...]:
        return tuple(Outcome(c, damage[c.id], destroyed_at.get(c.id), c.id in dealt,
                             destroyed_by.get(c.id), strength[c.id] - c.strength,
                             c.id in depleted)
                     for c in party)

    return CombatResult(target, tuple(steps), hit, outcomes(attackers), outcomes(blockers),
                        covert, tuple(resolved))


def _check_responses(responses: Sequence[Response], attackers: Sequence[Character],
                     blockers: Sequence[Character]) -> dict[str, list[Response]]:
    """The responses of each window in the order played; IllegalCombat for a bad one."""
    members = {c.id for c in (*attackers, *blockers)}
    windows: dict[str, list[Response]] = {w: [] for w in WINDOWS}
    seen: set[str] = set()
    for i, response in enumerate(responses):
        where = f"responses[{i}]"
        if response.window not in WINDOWS:
            raise IllegalCombat("no_such_window", f"{where}.window: {' or '.join(WINDOWS)}, "
                                f"not {response.window!r} (S-11)",
                                params={"response": response.id})
        if response.by not in (ATTACKING_PLAYER, DEFENDING_PLAYER):
            raise ValueError(f"{where}.by: attacker or defender, not {response.by!r}")
        if response.id in seen or response.id in members:
            raise IllegalCombat("duplicate_id", f"{where}.id: {response.id!r} already names a "
                                "response or a character", params={"id": response.id})
        seen.add(response.id)
        for cid in response.names():
            if cid not in members:
                raise IllegalCombat("not_in_combat", f"{where}: {cid} is in neither party",
                                    params={"response": response.id, "card": cid})
        for cid, amount in response.damage.items():
            if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
                raise IllegalCombat("bad_amount", f"{where}.damage.{cid}: damage is a whole "
                                    f"number >= 1, not {amount!r}")
        windows[response.window].append(response)
    return windows


def _other(side: str) -> str:
    return BLOCKER if side == ATTACKER else ATTACKER


def _check_target(target: Target) -> None:
    if isinstance(target, Faction):
        if target.influence < 1:
            raise IllegalCombat("target_defeated", "target.influence: a faction at "
                                f"{target.influence} influence has already lost (S-1)")
    elif isinstance(target, Location):
        if target.structure < 1:
            raise IllegalCombat("bad_target", "target.structure: must be at least 1")
        if not 0 <= target.damage < target.structure:
            raise IllegalCombat("target_defeated", f"target.damage: {target.damage} damage "
                                f"would already have destroyed a location of structure "
                                f"{target.structure} (S-4)")
    else:
        raise TypeError(f"a combat's target is a Faction or a Location, not {target!r}")


def _check_parties(attackers: Sequence[Character], blockers: Sequence[Character]) -> bool:
    """The parties' legality (S-6 and covert); returns whether the attacking party is covert."""
    if not attackers:
        raise IllegalCombat("empty_party", "attackers: an attacking party has at least one "
                            "character")
    seen: set[str] = set()
    for name, party in (("attackers", attackers), ("blockers", blockers)):
        for i, c in enumerate(party):
            if c.id in seen:
                raise IllegalCombat("duplicate_id", f"{name}[{i}].id: {c.id!r} is already in a "
                                    f"party (ids name one character each)")
            seen.add(c.id)
    covert = all(c.covert for c in attackers)
    for i, c in enumerate(blockers):
        if covert and not c.covert:
            raise IllegalCombat("covert_party", f"blockers[{i}]: {c.id} is not covert and "
                                "cannot block a covert party (every attacker is covert)")
        if c.covert and not covert:
            raise IllegalCombat("covert_blocker", f"blockers[{i}]: {c.id} is covert and "
                                "cannot block a party that is not covert")
    return covert


def _index(assign: Sequence[Assignment]) -> dict[tuple[int, str], tuple[int, Assignment]]:
    given: dict[tuple[int, str], tuple[int, Assignment]] = {}
    for i, entry in enumerate(assign):
        if entry.side not in SIDES:
            raise IllegalCombat("bad_side", f'assign[{i}].side: "attacker" or "blocker", not '
                                f"{entry.side!r}")
        key = (entry.speed, entry.side)
        if key in given:
            raise IllegalCombat("duplicate_step", f"assign[{i}]: the {entry.side}s' damage at "
                                f"speed {entry.speed} is already assigned by "
                                f"assign[{given[key][0]}]")
        given[key] = (i, entry)
    return given


def _checked(to: Mapping[str, int], where: str, side: str, speed: int, strength: int,
             opposing: Sequence[Character], opposing_party: Sequence[Character],
             gone: Mapping[str, str]) -> dict[str, int]:
    """The assignment `to` if S-6 allows it at this step, else IllegalCombat."""
    standing = {c.id for c in opposing}
    members = {c.id for c in opposing_party}
    party = PARTY[_other(side)]
    for cid, amount in to.items():
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise IllegalCombat("bad_amount", f"{where}.to.{cid}: damage is a whole number "
                                f">= 1, not {amount!r}")
        if cid not in members:
            raise IllegalCombat("not_in_opposing_party", f"{where}.to.{cid}: {cid} is not in "
                                f"the {party}; the {side}s of speed {speed} deal their damage "
                                f"to the {party} (S-6)")
        if cid not in standing:
            raise IllegalCombat("already_destroyed", f"{where}.to.{cid}: {cid} was destroyed "
                                f"{gone[cid]}, before speed {speed}")
    total = sum(to.values())
    if total > strength:
        raise IllegalCombat("over_assigned", f"{where}: assigns {total} damage but the "
                            f"{side}s of speed {speed} have strength {strength}")
    if total < strength:
        raise IllegalCombat("under_assigned", f"{where}: assigns {total} of the {strength} "
                            f"damage of the {side}s of speed {speed}; the whole strength is "
                            f"distributed (S-6)")
    return dict(to)


if __name__ == "__main__":  # `python -m engine.spoils.combat FILE.json`: a battle file
    # Run as a program, not imported: battle_file imports this module, never the reverse.
    import runpy

    runpy.run_module("engine.spoils.battle_file", run_name="__main__")
