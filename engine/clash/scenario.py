"""The scenario format: a position and a list of actions, read, applied and written back.

`run(data)` gives the exit code and the output object of the scenario runner
(`python -m engine.tools.scenario FILE.json`, also callable by its old path
`python -m engine.clash.scenario`): 0 with the resulting position; 3 with
`{"error": {"code", "message", "action_index"}}` when an action is illegal; a malformed file
raises ScenarioError (exit 2). The format is documented in docs/scenario-format.md; other
tools depend on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import FormatError
from engine.seats import LETTER_A, LETTER_B, LETTERS, SEAT_A, SEAT_B, result_name, seat_of_letter

from . import actions as act
from .cards import BASTION, CREATURE, Catalogue, card_from_json, load_catalogue
from .errors import CatalogueError, IllegalAction
from .events import render_all
from .limits import MAX_CARDS, MAX_NUMBER, number_problem, seed_problem
from .rules import Game, hand_names
from .solo.game import SoloGame
from .solo.options import PLAY_OPTIONS, SoloOptions, SoloOptionsError
from .state import DEFAULT_TURN_CAP, LANES, PHASES, Creature, Player

EXIT_OK, EXIT_MALFORMED, EXIT_ILLEGAL = 0, 2, 3

_TOP_KEYS = {"cards", "first_player", "active", "turn", "phase", "mana", "players", "actions",
             "turn_cap", "description"}
_PLAYER_KEYS = {"hand", "fort", "lanes", "choose_return_order"}
_CREATURE_KEYS = {"card", "damage", "new", "attacked", "protection_used", "sprint_bonus"}
_AUTOMATON_PLAYER_KEYS = {"automaton", "lanes"}
_AUTOMATON_KEYS = {"deck", "discard", "fort", "options", "seed"}


class ScenarioError(FormatError):
    """A malformed scenario; the message starts with the path of the bad field."""


def _fail(where: str, message: str) -> ScenarioError:
    return ScenarioError(f"{where}: {message}")


def _check_keys(data: Mapping[str, Any], allowed: set[str], where: str) -> None:
    for key in data:
        if key not in allowed:
            raise _fail(f"{where}.{key}" if where else key, "unknown field")


def _whole(data: Mapping[str, Any], key: str, where: str, default: int | None = None,
           minimum: int = 0) -> int:
    """A number of the position, within the bounds both builds compute alike (limits.py)."""
    value = data.get(key, default)
    if value is None:
        raise _fail(f"{where}{key}", "missing")
    problem = number_problem(value, minimum, MAX_NUMBER)
    if problem is not None:
        raise _fail(f"{where}{key}", problem)
    return value


def _cards_at_most(names: list, where: str) -> None:
    if len(names) > MAX_CARDS:
        raise _fail(where, f"holds {len(names):,} cards; a position holds at most "
                           f"{MAX_CARDS:,} in one place")


def _flag(data: Mapping[str, Any], key: str, where: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise _fail(f"{where}.{key}", f"must be true or false, not {value!r}")
    return value


def _seat(value: Any, where: str) -> int:
    if value not in LETTERS:
        raise _fail(where, f'must be "A" or "B", not {value!r}')
    return seat_of_letter(value)


def load_catalogue_for(data: Mapping[str, Any]) -> Catalogue:
    catalogue = load_catalogue()
    extra = data.get("cards")
    if extra is None:
        return catalogue
    if not isinstance(extra, Mapping):
        raise _fail("cards", "must be an object of card name to card")
    try:
        return catalogue.with_cards({name: card_from_json(name, card, f"cards.{name}")
                                     for name, card in extra.items()})
    except CatalogueError as exc:
        raise ScenarioError(exc.message) from None


def _creature(data: Any, catalogue: Catalogue, where: str) -> Creature:
    if not isinstance(data, Mapping):
        raise _fail(where, 'a creature must be an object like {"card": NAME}')
    _check_keys(data, _CREATURE_KEYS, where)
    name = data.get("card")
    if not isinstance(name, str) or name not in catalogue:
        raise _fail(f"{where}.card", f"unknown card {name!r}")
    cd = catalogue[name]
    if cd.type != CREATURE:
        raise _fail(f"{where}.card", f"{name} is an incantation and cannot be in a lane")
    damage = _whole(data, "damage", f"{where}.", default=0)
    if damage >= cd.health:
        raise _fail(f"{where}.damage", f"{damage} would have destroyed {name} "
                                       f"(health {cd.health})")
    return Creature(catalogue.id(name), cd.attack, cd.health, cd.abilities, cd.aura,
                    damage=damage, new=_flag(data, "new", where),
                    attacked=_flag(data, "attacked", where),
                    protection_used=_flag(data, "protection_used", where),
                    sprint_bonus=_whole(data, "sprint_bonus", f"{where}.", default=0))


def _lanes(data: Mapping[str, Any], catalogue: Catalogue, where: str) -> list[list[Creature]]:
    lanes_data = data.get("lanes", {})
    if not isinstance(lanes_data, Mapping):
        raise _fail(f"{where}.lanes", 'must be {"top": [...], "bottom": [...]}')
    _check_keys(lanes_data, set(LANES), f"{where}.lanes")
    lanes = []
    for lane_name in LANES:
        items = lanes_data.get(lane_name, [])
        if not isinstance(items, list):
            raise _fail(f"{where}.lanes.{lane_name}", "must be a list of creatures")
        _cards_at_most(items, f"{where}.lanes.{lane_name}")
        lanes.append([_creature(c, catalogue, f"{where}.lanes.{lane_name}[{i}]")
                      for i, c in enumerate(items)])
    return lanes


def _player(data: Any, catalogue: Catalogue, where: str) -> Player:
    if not isinstance(data, Mapping):
        raise _fail(where, "must be an object with hand, fort and lanes")
    if "automaton" in data:
        raise _fail(f"{where}.automaton", "only player B can be the automaton (rule C-8)")
    _check_keys(data, _PLAYER_KEYS, where)
    hand = data.get("hand")
    if not isinstance(hand, list) or not all(isinstance(n, str) for n in hand):
        raise _fail(f"{where}.hand", "must be a list of card names including BASTION once")
    _cards_at_most(hand, f"{where}.hand")
    if hand.count(BASTION) != 1:
        raise _fail(f"{where}.hand", f"must hold BASTION exactly once (it holds it "
                                     f"{hand.count(BASTION)} times)")
    for i, name in enumerate(hand):
        if name != BASTION and name not in catalogue:
            raise _fail(f"{where}.hand[{i}]", f"unknown card {name!r}")
    bpos = hand.index(BASTION)
    cards = [catalogue.id(n) for n in hand if n != BASTION]
    if bpos == len(cards):
        raise _fail(f"{where}.hand", "the Bastion/Fort is rightmost (health 0): no card is "
                                     "right of it, so the position is already decided")
    return Player(cards, bpos=bpos, fort=_flag(data, "fort", where),
                  lanes=_lanes(data, catalogue, where),
                  chooses_returns=_flag(data, "choose_return_order", where))


def _card_list(data: Mapping[str, Any], key: str, catalogue: Catalogue, where: str) -> list[int]:
    names = data.get(key, [])
    if not isinstance(names, list):
        raise _fail(f"{where}.{key}", "must be a list of card names")
    _cards_at_most(names, f"{where}.{key}")
    for i, name in enumerate(names):
        if not isinstance(name, str) or name not in catalogue:
            raise _fail(f"{where}.{key}[{i}]", f"unknown card {name!r}")
    return [catalogue.id(n) for n in names]


def _solo_options(data: Any, where: str) -> SoloOptions:
    if data is None:
        return SoloOptions()
    if not isinstance(data, Mapping):
        raise _fail(where, "must be an object with fixed_mana, mana_per_creature, resistance "
                           "and ability")
    for key in data:
        if key == "first":
            raise _fail(f"{where}.first", 'the first player is set by "first_player"')
        if key == "endurance":
            raise _fail(f"{where}.endurance", 'endurance is set by the automaton\'s "fort"')
        if key not in PLAY_OPTIONS:
            raise _fail(f"{where}.{key}", "unknown field")
    try:
        return SoloOptions(**dict(data))
    except SoloOptionsError as exc:
        raise _fail(f"{where}.{exc.option}", exc.message) from None


def _automaton(data: Any, catalogue: Catalogue, where: str
               ) -> tuple[Player, list[int], SoloOptions, int]:
    """Player B as the automaton (rule C-8): its deck (top first) over its Bastion/Fort,
    its discard pile, its options and lanes; `seed` feeds the reshuffle of rule C-8.7."""
    if not isinstance(data, Mapping):
        raise _fail(where, "must be an object with automaton and lanes")
    _check_keys(data, _AUTOMATON_PLAYER_KEYS, where)
    auto = data["automaton"]
    here = f"{where}.automaton"
    if not isinstance(auto, Mapping):
        raise _fail(here, "must be an object with deck, discard, fort and options")
    _check_keys(auto, _AUTOMATON_KEYS, here)
    if "deck" not in auto:
        raise _fail(f"{here}.deck", "missing")
    deck = _card_list(auto, "deck", catalogue, here)
    fort = _flag(auto, "fort", here)
    if not deck and not fort:
        raise _fail(f"{here}.deck", "is empty over a Bastion, which would already have turned "
                                    "to its Fort with the discard pile as the new deck "
                                    "(rule C-8.7)")
    discard = _card_list(auto, "discard", catalogue, here)
    options = _solo_options(auto.get("options"), f"{here}.options")
    seed = auto.get("seed", 0)
    problem = seed_problem(seed)
    if problem is not None:
        raise _fail(f"{here}.seed", problem)
    return Player(deck, fort=fort, lanes=_lanes(data, catalogue, where)), discard, options, seed


def load_position(data: Any) -> tuple[Game, list[Any]]:
    """The game and the raw action list of a scenario; ScenarioError if malformed."""
    if not isinstance(data, Mapping):
        raise ScenarioError("the scenario must be a JSON object")
    _check_keys(data, _TOP_KEYS, "")
    catalogue = load_catalogue_for(data)
    players_data = data.get("players")
    if not isinstance(players_data, Mapping):
        raise _fail("players", 'missing: needs {"A": {...}, "B": {...}}')
    _check_keys(players_data, set(LETTERS), "players")
    for seat in LETTERS:
        if seat not in players_data:
            raise _fail(f"players.{seat}", "missing")
    players = [_player(players_data[LETTER_A], catalogue, "players.A")]
    b_data = players_data[LETTER_B]
    solo = isinstance(b_data, Mapping) and "automaton" in b_data
    if solo:
        ai, discard, options, seed = _automaton(b_data, catalogue, "players.B")
        players.append(ai)
    else:
        players.append(_player(b_data, catalogue, "players.B"))
    active = _seat(data.get("active"), "active")
    if solo and active != SEAT_A:
        raise _fail("active", 'player B is the automaton, whose turn runs by itself inside '
                              'A\'s end_turn (rule C-8): active must be "A"')
    first = _seat(data.get("first_player", LETTER_A), "first_player")
    turn = _whole(data, "turn", "", minimum=1)
    phase_name = data.get("phase", "summon")
    if phase_name not in PHASES:
        raise _fail("phase", f'must be "summon" or "attack", not {phase_name!r}')
    turn_cap = _whole(data, "turn_cap", "", default=DEFAULT_TURN_CAP, minimum=1)
    if solo:
        game: Game = SoloGame(catalogue, players, options=options, seed=seed,
                              discard=discard, first=first, active=active, turn=turn,
                              phase=PHASES.index(phase_name), turn_cap=turn_cap, log=[])
    else:
        game = Game(catalogue, players, first=first, active=active, turn=turn,
                    phase=PHASES.index(phase_name), turn_cap=turn_cap, log=[])
    if "mana" in data:
        game.mana = _whole(data, "mana", "")
    else:  # what the mana phase gives (C-3.1, C-2.6)
        game.mana = 6 if turn == 1 and active == first else len(players[active].cards) + 1
    raw_actions = data.get("actions", [])
    if not isinstance(raw_actions, list):
        raise _fail("actions", "must be a list of actions")
    parsed = []
    for i, raw in enumerate(raw_actions):
        try:
            parsed.append(act.parse_json(raw, f"actions[{i}]"))
        except act.ActionFormatError as exc:
            raise ScenarioError(str(exc)) from None
    return game, parsed


def apply_parsed(game: Game, action: Mapping[str, Any]) -> None:
    """Apply one parsed scenario action, resolving card names against the hand as it is now."""
    kind = action["kind"]
    if kind == act.PLAY:
        game.play(game.playable_index(action["card"]), action["lane"])
    elif kind == act.CAST:
        game.cast(game.playable_index(action["card"]), action["seat"], action["lane"],
                  action["position"])
    elif kind == act.ATTACK_NEXT:
        game.attack_next()
    elif kind == act.ATTACK_ALL:
        game.attack_all()
    elif kind == act.END_TURN:
        game.end_turn()
    else:
        ids = []
        for name in action["cards"]:
            if name not in game.catalogue:
                raise IllegalAction("bad_return_order", f"{name} is not a card")
            ids.append(game.catalogue.id(name))
        game.choose_return_order(ids)


def position_json(game: Game) -> dict[str, Any]:
    """A position in the scenario output shape."""
    name = game.catalogue.name
    players: dict[str, Any] = {}
    for seat, p in enumerate(game.players):
        lanes = {LANES[li]: [{"card": name(c.card), "damage": c.damage, "new": c.new,
                              "attacked": c.attacked, "protection_used": c.protection_used,
                              "sprint_bonus": c.sprint_bonus} for c in lane]
                 for li, lane in enumerate(p.lanes)}
        if seat == SEAT_B and isinstance(game, SoloGame):
            options = game.options.to_json()
            players[LETTER_B] = {
                "automaton": {"deck": [name(c) for c in p.cards],
                              "discard": [name(c) for c in game.discard],
                              "fort": p.fort,
                              "options": {k: options[k] for k in PLAY_OPTIONS}},
                "lanes": lanes,
            }
            continue
        players[LETTERS[seat]] = {
            "hand": hand_names(game, seat),
            "fort": p.fort,
            "health": p.health,
            "lanes": lanes,
        }
    out: dict[str, Any] = {
        "players": players,
        "active": LETTERS[game.active],
        "turn": game.turn,
        "phase": PHASES[game.phase],
        "mana": game.mana,
        "winner": result_name(game.winner),
    }
    if game.pending is not None:
        out["pending"] = {"player": LETTERS[game.pending[0]],
                          "return_order_of": [name(c) for c in game.pending[1]]}
    out["events"] = render_all(game.log, game.catalogue)
    return out


def run(data: Any) -> tuple[int, dict[str, Any]]:
    """Run a scenario given as parsed JSON: (exit code, output object).

    Raises ScenarioError for a malformed scenario (exit 2 in the CLI).
    """
    game, parsed = load_position(data)
    for index, action in enumerate(parsed):
        try:
            apply_parsed(game, action)
        except IllegalAction as exc:
            return EXIT_ILLEGAL, {"error": {"code": exc.code, "message": exc.message,
                                            "action_index": index}}
    return EXIT_OK, position_json(game)


if __name__ == "__main__":  # the command's old path (`python -m engine.clash.scenario`)
    # Run as a program, not imported: the command imports this module, never the reverse.
    import runpy

    runpy.run_module("engine.tools.scenario", run_name="__main__")
