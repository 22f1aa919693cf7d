"""The bridge's pure half: rebuild a game from its setup and action tokens, and describe a
position for one seat. No Django here; services and views pass plain values in.

What a browser may see of a running game comes only from `Observation.to_json()` for the
viewer's seat (own hand, public board, the opponent's hand size and Bastion/Fort), plus the
card definitions (public) and, in solo, the automaton's public piles and options. Both hands
are shown only by `board(..., reveal=True)`, which the replay of a finished game uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.clash.actions import (
    ATTACK_ALL,
    ATTACK_NEXT,
    CAST,
    END_TURN,
    PLAY,
    RETURN_ORDER,
    decode,
    describe,
    encode,
)
from engine.clash.cards import BASTION, Catalogue, ability_names, load_catalogue
from engine.clash.errors import IllegalAction, RecordError
from engine.clash.game import new_game, result_name
from engine.clash.observation import Observation
from engine.clash.record import GameRecord, ReplayResult, replay
from engine.clash.rules import Game
from engine.clash.solo import SoloGame, SoloOptions, SoloRecord, new_solo_game, replay_solo
from engine.clash.solo.record import solo_decks
from engine.clash.state import DEFAULT_TURN_CAP, LANES, SEATS

DUEL_FORMAT = "preconstructed"


@dataclass(frozen=True)
class DuelSetup:
    seed: int
    decks: tuple[list[str], list[str]]


@dataclass(frozen=True)
class SoloSetup:
    seed: int
    fmt: str
    level: int
    options: dict[str, Any]
    deck: int | None = None
    picks: tuple[str, ...] = ()

    @property
    def solo_options(self) -> SoloOptions:
        return SoloOptions.from_json(self.options)


Setup = DuelSetup | SoloSetup


@dataclass
class Position:
    """A game rebuilt from its tokens, with its record so far: the closed entries (one per
    change of turn, as `engine.clash.game.run_to_end` records them), their state hashes, and
    the tokens of the entry still open."""

    game: Game
    turns: list[str] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    current: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)


def start(setup: Setup, *, log: list[str] | None = None) -> Game:
    catalogue = load_catalogue()
    if isinstance(setup, SoloSetup):
        human, ai, _ = solo_decks(setup.fmt, setup.seed, deck=setup.deck,
                                  draft=list(setup.picks) or None, catalogue=catalogue)
        # The player chooses the return order of creatures destroyed at once (C-4.6); solo
        # records keep that switch, so the replay asks the same questions.
        return new_solo_game(human, ai, setup.seed, options=setup.solo_options,
                             level=setup.level, catalogue=catalogue, chooses_returns=True,
                             log=log)
    # Duel records (GameRecord) carry no return-order switch, so a duel uses lane order
    # (ruling C-4.6a) and every record replays with `engine.clash.record.replay`.
    return new_game(setup.decks, setup.seed, catalogue=catalogue, log=log)


def rebuild(setup: Setup, tokens: list[str]) -> Position:
    """The game after `tokens` (each one action), its record so far and its event log."""
    log: list[str] = []
    position = Position(start(setup, log=log), log=log)
    for token in tokens:
        apply_token(position, token)
    return position


def action_of(token: str) -> tuple:
    """The one action a posted token names; RecordError when it names none or several."""
    actions = decode(token) if isinstance(token, str) and token else []
    if len(actions) != 1:
        raise RecordError(f"{token!r} is not one action")
    return actions[0]


def apply_token(position: Position, token: str) -> None:
    """Apply one action; IllegalAction (state unchanged) when the rules refuse it."""
    game = position.game
    action = action_of(token)
    turn = game.turn
    game.apply(action)
    position.current.append(encode(action))
    if game.turn != turn or game.winner is not None:
        position.turns.append("".join(position.current))
        position.current = []
        position.hashes.append(game.state_hash())


def to_move(game: Game) -> int | None:
    """The seat the game waits for (None once it is over)."""
    if game.winner is not None:
        return None
    return game.to_move


def record_json(setup: Setup, position: Position) -> dict[str, Any]:
    """The engine's record of a finished game (or of its closed entries so far)."""
    catalogue = position.game.catalogue
    result = result_name(position.game.winner)
    if isinstance(setup, SoloSetup):
        return SoloRecord(fmt=setup.fmt, catalogue=catalogue.version, seed=setup.seed,
                          level=setup.level, options=setup.solo_options,
                          turn_cap=DEFAULT_TURN_CAP, deck=setup.deck,
                          picks=list(setup.picks) or None, chooses_returns=True,
                          turns=list(position.turns), hashes=list(position.hashes),
                          result=result).to_json()
    return GameRecord(fmt=DUEL_FORMAT, catalogue=catalogue.version, seed=setup.seed,
                      decks=(list(setup.decks[0]), list(setup.decks[1])),
                      turn_cap=DEFAULT_TURN_CAP, turns=list(position.turns),
                      hashes=list(position.hashes), result=result).to_json()


# Replays -----------------------------------------------------------------------------------

def is_solo_record(data: Any) -> bool:
    return isinstance(data, dict) and data.get("mode") == "solo"


def verify(data: Any) -> ReplayResult:
    """`replay(record)` for a duel or solo record; an unreadable record is not ok."""
    try:
        if is_solo_record(data):
            return replay_solo(SoloRecord.from_json(data))
        return replay(GameRecord.from_json(data))
    except RecordError as exc:
        return ReplayResult(False, None, None, exc.message)


def setup_of_record(data: dict[str, Any]) -> Setup:
    if is_solo_record(data):
        record = SoloRecord.from_json(data)
        return SoloSetup(seed=record.seed, fmt=record.fmt, level=record.level,
                         options=record.options.to_json(), deck=record.deck,
                         picks=tuple(record.picks or ()))
    record = GameRecord.from_json(data)
    return DuelSetup(seed=record.seed, decks=record.decks)


@dataclass
class ReplayStep:
    game: Game
    entries: int  # how many of the record's entries have been applied
    log: list[str]  # what happened during the last entry (or the setup, at step 0)
    error: str = ""


def replay_step(data: dict[str, Any], step: int) -> ReplayStep:
    """The position after the first `step` entries of a record (0: after the setup), with the
    event log of that entry. Solo records need their own chooses_returns switch respected."""
    setup = setup_of_record(data)
    log: list[str] = []
    if isinstance(setup, SoloSetup):
        record = SoloRecord.from_json(data)
        human, ai, _ = solo_decks(record.fmt, record.seed, deck=record.deck,
                                  draft=record.picks, catalogue=load_catalogue())
        game: Game = new_solo_game(human, ai, record.seed, options=record.options,
                                   level=record.level, turn_cap=record.turn_cap,
                                   chooses_returns=record.chooses_returns, log=log)
    else:
        game = new_game(setup.decks, setup.seed, turn_cap=int(data["turn_cap"]), log=log)
    turns = data["turns"]
    step = max(0, min(step, len(turns)))
    mark = 0
    for index in range(step):
        mark = len(log)
        try:
            for action in decode(turns[index]):
                game.apply(action)
        except (IllegalAction, RecordError) as exc:
            return ReplayStep(game, index, log[mark:], f"entry {index + 1}: {exc.message}")
    return ReplayStep(game, step, log[mark:])


# What a page shows ------------------------------------------------------------------------

def _card(catalogue: Catalogue, name: str) -> dict[str, Any]:
    cd = catalogue[name]
    data = {"name": name, "kind": cd.type, "cost": cd.cost,
            "abilities": ability_names(cd.abilities)}
    if cd.is_creature:
        aura = ability_names(cd.aura)
        data.update(attack=cd.attack, health=cd.health, aura=aura[0] if aura else None)
    else:
        data["damage"] = cd.damage
    return data


def card_info(name: str) -> dict[str, Any]:
    """A card's printed values (public), for pick steps and hands."""
    return _card(load_catalogue(), name)


def _lanes(catalogue: Catalogue, lanes: dict[str, list[dict[str, Any]]], seat: str,
           granted: int) -> list[dict[str, Any]]:
    out = []
    for li, lane_name in enumerate(LANES):
        line = lanes[lane_name]
        creatures = []
        for pos, c in enumerate(line):
            cd = catalogue[c["card"]]
            mask = cd.abilities | granted
            if pos:
                mask |= catalogue[line[pos - 1]["card"]].aura
            if pos + 1 < len(line):
                mask |= catalogue[line[pos + 1]["card"]].aura
            creatures.append({
                "name": c["card"], "seat": seat, "lane": lane_name, "li": li, "position": pos,
                "attack": cd.attack + c["sprint_bonus"], "health": cd.health,
                "damage": c["damage"], "left": max(0, cd.health - c["damage"]),
                "abilities": ability_names(mask),
                "aura": (ability_names(cd.aura) or [None])[0],
                "new": c["new"], "attacked": c["attacked"],
                "protection_used": c["protection_used"], "sprint_bonus": c["sprint_bonus"],
                "targets": [],
            })
        out.append({"name": lane_name, "creatures": creatures})
    return out


def _hand(catalogue: Catalogue, names: list[str], fort: bool) -> list[dict[str, Any]]:
    hand = []
    index = 0
    for name in names:
        if name == BASTION:
            hand.append({"bastion": True, "name": "FORT" if fort else "BASTION"})
            continue
        hand.append({"bastion": False, "index": index, "playable": index < 4,
                     **_card(catalogue, name), "plays": [], "casts": False})
        index += 1
    return hand


def board(game: Game, seat: int, *, reveal: bool = False) -> dict[str, Any]:
    """A position as seen from `seat`: everything public, the seat's own hand, and of the
    opponent's hand only its size and Bastion/Fort (both hands with `reveal`, for the replay
    of a finished game)."""
    catalogue = game.catalogue
    view = Observation(game, seat).to_json()
    me, foe = SEATS[seat], SEATS[seat ^ 1]
    solo = isinstance(game, SoloGame)
    granted = {me: game.players[seat].granted, foe: game.players[seat ^ 1].granted}
    data: dict[str, Any] = {
        "seat": me, "opponent_seat": foe, "turn": view["turn"], "active": view["active"],
        "phase": view["phase"], "mana": view["mana"], "winner": view["winner"],
        "solo": solo, "reveal": reveal,
        "you": {"seat": me, "health": view["you"]["health"], "fort": view["you"]["fort"],
                "hand": _hand(catalogue, view["you"]["hand"], view["you"]["fort"]),
                "lanes": _lanes(catalogue, view["you"]["lanes"], me, granted[me])},
        "opponent": {"seat": foe, "health": view["opponent"]["health"],
                     "fort": view["opponent"]["fort"],
                     "hand_size": view["opponent"]["hand_size"],
                     # The cards besides the Bastion/Fort, which the hand includes (C-1.4).
                     "hand_cards": view["opponent"]["hand_size"] - 1,
                     "lanes": _lanes(catalogue, view["opponent"]["lanes"], foe, granted[foe])},
    }
    data["rows"] = [{"name": LANES[i], "opponent": data["opponent"]["lanes"][i]["creatures"],
                     "you": data["you"]["lanes"][i]["creatures"]} for i in range(len(LANES))]
    if solo:
        # Public in solo (C-8.5, C-8.9): the size of the face-down AI deck, the face-up
        # discard pile, and the ability every AI creature has.
        data["opponent"].update(deck_size=len(game.deck), discard_size=len(game.discard),
                                granted=game.options.ability)
    if reveal:
        other = Observation(game, seat ^ 1).to_json()["you"]
        if solo:  # the AI deck, top card first, over its Bastion/Fort: no hand to play from
            hand = [{"bastion": False, "playable": False, "plays": [], "casts": False,
                     **_card(catalogue, n)} for n in other["hand"] if n != BASTION]
        else:
            hand = _hand(catalogue, other["hand"], other["fort"])
        data["opponent"]["hand"] = hand
    return data


def legal_moves_of(game: Game, seat: int) -> list[str]:
    """The seat's legal actions as record tokens (empty when it is not to move)."""
    return [encode(a) for a in Observation(game, seat).legal_actions()]


def attacks_left(game: Game) -> int:
    """How many activations the Attack phase would still run now (0, 1, or 2 meaning "more
    than one"), found by playing them on a copy with the engine's own `attack_next`, which
    says whether a creature activated (C-4.3). In the Summon phase the engine allows
    ATTACK_NEXT even when no creature may attack (it only enters the Attack phase), so the
    legal actions alone cannot tell whether an attack would happen."""
    probe = game.copy()
    if not probe.attack_next():
        return 0
    if probe.winner is not None:
        return 1
    if probe.pending is not None:
        return 2  # a return order interrupts: "all" goes on after it
    return 2 if probe.attack_next() else 1


def moves(game: Game, seat: int, board_data: dict[str, Any]) -> dict[str, Any]:
    """The seat's legal actions as buttons (token and label), attached to the board: play
    buttons on the hand's cards, cast buttons on the creatures they may target.

    Only moves that do something are offered: no attack button when no creature would
    attack (ATTACK_NEXT in the Summon phase then only changes the phase, and ending the turn
    runs the Attack phase anyway, C-3.6), and "Attack with all" only when more than one
    creature is left to attack. `end_warning` says what ending the turn now would give up
    (cards still playable with the mana left), for the page to ask first."""
    obs = Observation(game, seat)
    legal = obs.legal_actions()
    hand = obs.hand
    catalogue = game.catalogue
    cards = [c for c in board_data["you"]["hand"] if not c["bastion"]]
    lanes = {SEATS[seat]: board_data["you"]["lanes"],
             SEATS[seat ^ 1]: board_data["opponent"]["lanes"]}
    turn: list[dict[str, str]] = []
    returns: list[dict[str, str]] = []
    playable: set[int] = set()
    for action in legal:
        token = encode(action)
        kind = action[0]
        if kind == PLAY:
            playable.add(action[1])
            cards[action[1]]["plays"].append({"token": token, "label": f"To {LANES[action[2]]}"})
        elif kind == CAST:
            playable.add(action[1])
            cards[action[1]]["casts"] = True
            creature = lanes[SEATS[action[2]]][action[3]]["creatures"][action[4]]
            creature["targets"].append({"token": token,
                                        "label": f"Cast {catalogue.name(hand[action[1]])}"})
        elif kind == ATTACK_NEXT:
            left = attacks_left(game)
            if left:
                turn.append({"token": token, "label": "Attack with the next creature"})
            if left > 1:  # the rest of the Attack phase at once (a shortcut, always legal)
                turn.append({"token": encode((ATTACK_ALL,)), "label": "Attack with all"})
        elif kind == END_TURN:
            turn.append({"token": token, "label": "End the turn"})
        elif kind == RETURN_ORDER:
            returns.append({"token": token, "label": describe(action, catalogue).capitalize()})
    end_warning = None
    if playable and not returns:
        end_warning = {"cards": len(playable), "mana": game.mana,
                       "names": [catalogue.name(hand[i]) for i in sorted(playable)]}
    return {"any": bool(legal), "turn": turn, "returns": returns, "count": len(legal),
            "end_warning": end_warning}
