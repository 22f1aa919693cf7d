"""What a page (and the API) shows of a position for one seat: the board, the hand's cards, and
the seat's legal actions as buttons. Presentation only: the position itself comes from
play/selectors/positions.py.

What a browser may see of a running game comes only from `Observation.to_json()` for the
viewer's seat (own hand, public board, the opponent's hand size and Bastion/Fort), plus the
card definitions (public) and, in solo, the automaton's public piles and options. Both hands
are shown only by `board(..., reveal=True)`, which the replay of a finished game uses.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from engine.clash.actions import (
    ATTACK_ALL,
    ATTACK_NEXT,
    CAST,
    END_TURN,
    PLAY,
    RETURN_ORDER,
    encode,
)
from engine.clash.cards import BASTION, Catalogue, ability_names, load_catalogue
from engine.clash.observation import Observation
from engine.clash.rules import Game
from engine.clash.solo import SoloGame
from engine.clash.state import LANES
from engine.seats import letter, other
from play.presenters.log_lines import move_label


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
        # Marked playable by `mark_playable` once the seat's legal moves are known: a card's
        # place among the four leftmost (C-3.2) is not enough without the mana and the turn.
        hand.append({"bastion": False, "index": index, "playable": False,
                     **_card(catalogue, name), "plays": [], "casts": False})
        index += 1
    return hand


def board(game: Game, seat: int, *, reveal: bool = False) -> dict[str, Any]:
    """A position as seen from `seat`: everything public, the seat's own hand, and of the
    opponent's hand only its size and Bastion/Fort (both hands with `reveal`, for the replay
    of a finished game)."""
    catalogue = game.catalogue
    view = Observation(game, seat).to_json()
    me, foe = letter(seat), letter(other(seat))
    solo = isinstance(game, SoloGame)
    granted = {me: game.players[seat].granted, foe: game.players[other(seat)].granted}
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
        theirs = Observation(game, other(seat)).to_json()["you"]
        if solo:  # the AI deck, top card first, over its Bastion/Fort: no hand to play from
            hand = [{"bastion": False, "playable": False, "plays": [], "casts": False,
                     **_card(catalogue, n)} for n in theirs["hand"] if n != BASTION]
        else:
            hand = _hand(catalogue, theirs["hand"], theirs["fort"])
        data["opponent"]["hand"] = hand
    return data


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


def mark_playable(board_data: dict[str, Any], indices: set[int]) -> None:
    """Mark the hand's cards at `indices` (among the cards besides the Bastion/Fort) playable:
    the ones the seat's legal actions play or cast now (rule C-3.2, with the mana and the
    turn for it). A board nobody may act on (the opponent's turn, a finished game, a
    replay) marks none."""
    cards = [c for c in board_data["you"]["hand"] if not c["bastion"]]
    for index in indices:
        cards[index]["playable"] = True


def playable_cards(game: Game, seat: int) -> set[int]:
    """The hand indices of the cards `seat` can play or cast now (none when not to move)."""
    return {action[1] for action in Observation(game, seat).legal_actions()
            if action[0] in (PLAY, CAST)}


def _play_to(lane: str) -> str:
    # A whole phrase per lane (rule C-1.2: top and bottom), so each translates on its own.
    return gettext("To top") if lane == "top" else gettext("To bottom")


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
    lanes = {letter(seat): board_data["you"]["lanes"],
             letter(other(seat)): board_data["opponent"]["lanes"]}
    turn: list[dict[str, str]] = []
    returns: list[dict[str, str]] = []
    playable: set[int] = set()
    for action in legal:
        token = encode(action)
        kind = action[0]
        if kind == PLAY:
            playable.add(action[1])
            cards[action[1]]["plays"].append({"token": token, "label": _play_to(LANES[action[2]])})
        elif kind == CAST:
            playable.add(action[1])
            cards[action[1]]["casts"] = True
            creature = lanes[letter(action[2])][action[3]]["creatures"][action[4]]
            creature["targets"].append({"token": token,
                                        "label": gettext("Cast %(card)s")
                                        % {"card": catalogue.name(hand[action[1]])}})
        elif kind == ATTACK_NEXT:
            left = attacks_left(game)
            if left:
                turn.append({"token": token, "label": gettext("Attack with the next creature")})
            if left > 1:  # the rest of the Attack phase at once (a shortcut, always legal)
                turn.append({"token": encode((ATTACK_ALL,)), "label": gettext("Attack with all")})
        elif kind == END_TURN:
            turn.append({"token": token, "label": gettext("End the turn")})
        elif kind == RETURN_ORDER:
            returns.append({"token": token, "label": move_label(action, catalogue)})
    mark_playable(board_data, playable)
    end_warning = None
    if playable and not returns:
        end_warning = {"cards": len(playable), "mana": game.mana,
                       "names": [catalogue.name(hand[i]) for i in sorted(playable)]}
    return {"any": bool(legal), "turn": turn, "returns": returns, "count": len(legal),
            "end_warning": end_warning}
