"""Rules checked through the Python API, where a scenario file cannot say it.

An illegal action changes nothing; errors speak to a person; `legal_actions()` lists exactly
what may be done; the owner's choice of return order (rule C-4.6); the setup of a duel
(rules C-2.3, C-2.6) and its replay from the seed. Expected values come from RULES.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import permutations
from typing import Any

import pytest

from engine.clash.actions import ATTACK_NEXT, CAST, END_TURN, PLAY, RETURN_ORDER
from engine.clash.cards import CREATURE, load_catalogue
from engine.clash.errors import IllegalAction
from engine.clash.game import new_game
from engine.clash.rules import Game, hand_names
from engine.clash.scenario import load_position, run
from engine.clash.state import ATTACK, SUMMON, Creature

A, B = 0, 1
TOP, BOTTOM = 0, 1

TEST_CARDS = {
    "DUMMY": {"type": "creature", "cost": 1, "attack": 0, "health": 9},
    "PAWN": {"type": "creature", "cost": 1, "attack": 0, "health": 1},
    "PAWN2": {"type": "creature", "cost": 1, "attack": 0, "health": 1},
    "RAIDER": {"type": "creature", "cost": 1, "attack": 3, "health": 9},
    "SPLASHER": {"type": "creature", "cost": 1, "attack": 2, "health": 9,
                 "abilities": ["splash"]},
    "ZAP": {"type": "incantation", "cost": 1, "damage": 2},
}

# Rule C-2.3, as printed in the rulebook.
PRECONSTRUCTED = {
    1: ["ANNIHILATION", "BARON", "BOOM!", "BRUTE", "CARAPACE", "PARTISAN", "REVENANT", "TROLL"],
    2: ["ABOMINATION", "ALPHA", "COMBUSTION", "LIEUTENANT", "MICROCTOPUS", "OGRE", "SCRIBE",
        "SHAMAN"],
    3: ["BRIGAND", "DISCIPLE", "GNOME", "GRRR", "MARTYR", "METEORITE", "PARASITE", "VORTEX"],
    4: ["ABERRATION", "ASSASSIN", "CARNIVORE", "CYCLONE", "MACHINE", "MUTANT", "REPTILE",
        "ZOMBIE"],
}


def position(a_hand: list[str], *, b_hand: list[str] | None = None, a_top: tuple = (),
             a_bottom: tuple = (), b_top: tuple = (), b_bottom: tuple = (), mana: int = 4,
             phase: str = "summon", a_fort: bool = False, b_fort: bool = False,
             b_chooses: bool = False) -> Game:
    """A game on A's turn 3 (the scenario format, without actions)."""
    def lane(names: tuple) -> list[dict[str, Any]]:
        return [{"card": n} for n in names]

    game, _ = load_position({
        "cards": TEST_CARDS, "active": "A", "turn": 3, "phase": phase, "mana": mana,
        "players": {
            "A": {"hand": a_hand, "fort": a_fort,
                  "lanes": {"top": lane(a_top), "bottom": lane(a_bottom)}},
            "B": {"hand": b_hand or ["BASTION", "GNOME", "GRRR", "PARTISAN"], "fort": b_fort,
                  "choose_return_order": b_chooses,
                  "lanes": {"top": lane(b_top), "bottom": lane(b_bottom)}},
        },
    })
    return game


def snapshot(game: Game) -> tuple:
    """Everything an action could change, the event log included."""
    return (game.state_bytes(), repr(game.pending), game.chain, list(game.log or []))


def two_destroyed_at_once() -> Game:
    """SPLASHER has just destroyed PAWN (B top) and PAWN2 (B bottom); B chooses the order."""
    game = position(["BASTION", "ZOMBIE", "ZAP", "GRRR"], a_top=("SPLASHER",),
                    a_bottom=("RAIDER",), b_top=("PAWN",), b_bottom=("PAWN2",), b_chooses=True)
    game.attack_all()
    return game


def card_ids(game: Game, *names: str) -> list[int]:
    return [game.catalogue.id(n) for n in names]


# ------------------------------------------------------------------ illegal actions

def fort_already_fallen() -> Game:
    game = position(["BASTION", "ZOMBIE", "GRRR"], a_top=("RAIDER",),
                    b_hand=["BASTION", "GNOME"], b_fort=True)
    game.attack_all()
    assert game.winner == A
    return game


ILLEGAL: dict[str, tuple[Callable[[], Game], Callable[[Game], Any]]] = {
    "play the fifth card (C-3.2)": (
        lambda: position(["BASTION", "GRRR", "PARTISAN", "BARON", "BRUTE", "ZOMBIE"], mana=6),
        lambda g: g.play(4, TOP)),
    "play beyond the mana (C-3.3)": (
        lambda: position(["BASTION", "BRUTE", "ZOMBIE"], mana=2),
        lambda g: g.play(0, TOP)),
    "play in the Attack phase (C-3.2)": (
        lambda: position(["BASTION", "ZOMBIE", "GRRR"], phase="attack"),
        lambda g: g.play(0, BOTTOM)),
    "play to a lane that does not exist (C-1.1)": (
        lambda: position(["BASTION", "ZOMBIE", "GRRR"]),
        lambda g: g.play(0, 2)),
    "play an incantation to a lane (C-1.3)": (
        lambda: position(["BASTION", "ZAP", "GRRR"], b_top=("DUMMY",)),
        lambda g: g.play(0, TOP)),
    "cast a creature (C-1.3)": (
        lambda: position(["BASTION", "ZOMBIE", "GRRR"], b_top=("DUMMY",)),
        lambda g: g.cast(0, B, TOP, 0)),
    "cast at an empty lane (C-6.1)": (
        lambda: position(["BASTION", "ZAP", "GRRR"], b_bottom=("DUMMY",)),
        lambda g: g.cast(0, B, TOP, 0)),
    "cast behind the last creature (C-6.1)": (
        lambda: position(["BASTION", "ZAP", "GRRR"], b_top=("DUMMY",)),
        lambda g: g.cast(0, B, TOP, 1)),
    "cast the fifth card (C-6.1)": (
        lambda: position(["BASTION", "GRRR", "PARTISAN", "BARON", "BRUTE", "ZAP"], mana=6,
                         b_top=("DUMMY",)),
        lambda g: g.cast(4, B, TOP, 0)),
    "cast beyond the mana (C-6.1)": (
        lambda: position(["BASTION", "ZAP", "GRRR"], mana=0, b_top=("DUMMY",)),
        lambda g: g.cast(0, B, TOP, 0)),
    "play the last card besides the Bastion (C-7.4a)": (
        lambda: position(["BASTION", "ZOMBIE"]),
        lambda g: g.play(0, TOP)),
    "cast the last card besides the Fort (C-7.4b)": (
        lambda: position(["BASTION", "ZAP"], a_fort=True, b_top=("DUMMY",)),
        lambda g: g.cast(0, B, TOP, 0)),
    "choose a return order when none is pending (C-4.6)": (
        lambda: position(["BASTION", "ZOMBIE", "GRRR"]),
        lambda g: g.choose_return_order([g.catalogue.id("ZOMBIE")])),
    "play while a return order is pending (C-4.6)": (
        two_destroyed_at_once, lambda g: g.play(0, TOP)),
    "attack while a return order is pending (C-4.6)": (
        two_destroyed_at_once, lambda g: g.attack_next()),
    "end the turn while a return order is pending (C-4.6)": (
        two_destroyed_at_once, lambda g: g.end_turn()),
    "cast while a return order is pending (C-4.6)": (
        two_destroyed_at_once, lambda g: g.cast(1, A, BOTTOM, 0)),
    "give a return order missing a creature (C-4.6)": (
        two_destroyed_at_once, lambda g: g.choose_return_order(card_ids(g, "PAWN"))),
    "give a return order naming a creature twice (C-4.6)": (
        two_destroyed_at_once,
        lambda g: g.choose_return_order(card_ids(g, "PAWN", "PAWN", "PAWN2"))),
    "give a return order with a creature not destroyed (C-4.6)": (
        two_destroyed_at_once,
        lambda g: g.choose_return_order(card_ids(g, "PAWN", "DUMMY"))),
    "end the turn after the game is won (C-7.3)": (
        fort_already_fallen, lambda g: g.end_turn()),
    "attack after the game is won (C-7.3)": (
        fort_already_fallen, lambda g: g.attack_next()),
    "cast after the game is won (C-7.3)": (
        fort_already_fallen, lambda g: g.cast(0, A, TOP, 0)),
}


@pytest.mark.parametrize("setup, action", list(ILLEGAL.values()), ids=list(ILLEGAL))
def test_an_illegal_action_leaves_the_game_unchanged(setup: Callable[[], Game],
                                                     action: Callable[[Game], Any]) -> None:
    game = setup()
    before = snapshot(game)
    with pytest.raises(IllegalAction) as err:
        action(game)
    assert err.value.code == "illegal"
    assert err.value.reason and isinstance(err.value.reason, str)
    assert err.value.message
    assert snapshot(game) == before


def test_the_game_goes_on_normally_after_a_refused_action() -> None:
    game = position(["BASTION", "BRUTE", "ZOMBIE", "GRRR"], mana=3)
    with pytest.raises(IllegalAction):
        game.play(0, TOP)  # BRUTE costs 4
    game.play(1, TOP)  # ZOMBIE costs 1
    assert hand_names(game, A) == ["BASTION", "BRUTE", "GRRR"]
    assert game.mana == 2


# ------------------------------------------------------------------ messages for people

def refusal(hand: list[str], actions: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    scenario = {"cards": TEST_CARDS, "active": "A", "turn": 3, "phase": "summon", "mana": 6,
                "players": {
                    "A": {"hand": hand, "fort": False, "lanes": {"top": [], "bottom": []}},
                    "B": {"hand": ["BASTION", "GNOME", "GRRR"], "fort": False,
                          "lanes": {"top": [{"card": "DUMMY"}], "bottom": []}}},
                "actions": actions}
    scenario.update(extra)
    code, output = run(scenario)
    assert code == 3, output
    return output["error"]


def test_a_card_beyond_the_four_playable_is_named_in_the_error() -> None:
    error = refusal(["BASTION", "GRRR", "PARTISAN", "BARON", "BRUTE", "ZOMBIE"],
                    [{"play": "ZOMBIE", "lane": "top"}])
    assert "ZOMBIE is not among your four playable cards" in error["message"]
    assert error["action_index"] == 0


def test_a_card_not_in_hand_is_named_in_the_error() -> None:
    error = refusal(["BASTION", "GRRR", "PARTISAN"], [{"play": "OGRE", "lane": "top"}])
    assert "OGRE" in error["message"]


def test_too_little_mana_says_so() -> None:
    error = refusal(["BASTION", "BRUTE", "GRRR"], [{"play": "BRUTE", "lane": "top"}], mana=3)
    assert error["message"] == "not enough mana"


def test_keeping_the_last_card_is_explained() -> None:
    error = refusal(["BASTION", "ZOMBIE"], [{"play": "ZOMBIE", "lane": "top"}])
    assert "ZOMBIE" in error["message"]
    assert "Bastion" in error["message"]


def test_a_play_in_the_attack_phase_is_explained() -> None:
    error = refusal(["BASTION", "ZOMBIE", "GRRR"],
                    [{"attack": "next"}, {"play": "ZOMBIE", "lane": "top"}])
    assert "Summon" in error["message"]
    assert error["action_index"] == 1


def test_a_missing_target_is_explained() -> None:
    error = refusal(["BASTION", "ZAP", "GRRR"],
                    [{"cast": "ZAP", "target": {"player": "B", "lane": "bottom",
                                                "position": 0}}])
    assert "creature" in error["message"]
    assert "bottom" in error["message"]


def test_a_wrong_return_order_names_the_creatures_to_order() -> None:
    game = two_destroyed_at_once()
    with pytest.raises(IllegalAction) as err:
        game.choose_return_order(card_ids(game, "PAWN"))
    assert "PAWN" in err.value.message and "PAWN2" in err.value.message


# ------------------------------------------------------------------ legal_actions()

def candidate_plays_and_casts(game: Game) -> list[tuple]:
    """Every play and cast a player could try, legal or not."""
    out: list[tuple] = []
    for index in range(6):
        out += [(PLAY, index, TOP), (PLAY, index, BOTTOM)]
        for seat in (A, B):
            for lane in (TOP, BOTTOM):
                for pos in range(len(game.players[seat].lanes[lane]) + 1):
                    out.append((CAST, index, seat, lane, pos))
    return out


def check_legal_actions(game: Game) -> list[tuple]:
    legal = game.legal_actions()
    assert len(set(legal)) == len(legal), "an action is listed twice"
    for action in legal:  # each applies without error
        game.copy().apply(action)
    if game.winner is not None:
        assert legal == []
        return legal
    if game.pending is not None:  # rule C-4.6: only the owner's order can be given
        dead = game.pending[1]
        assert set(legal) == {(RETURN_ORDER, perm) for perm in permutations(dead)}
        return legal
    assert (END_TURN,) in legal
    if game.phase == SUMMON:  # the Attack phase may always be entered (rule C-3.5)
        assert (ATTACK_NEXT,) in legal
    # Rules C-3.2, C-3.3, C-6.1, C-7.4a: each of the four leftmost cards that the mana pays
    # for appears, creatures (Summon phase) in both lanes, incantations at every creature.
    me = game.players[game.active]
    creatures = [(seat, lane, pos) for seat in (A, B) for lane in (TOP, BOTTOM)
                 for pos in range(len(game.players[seat].lanes[lane]))]
    for index, card in enumerate(me.cards[:4]):
        cd = game.catalogue.cards[card]
        if cd.cost > game.mana or len(me.cards) == 1:
            continue
        if cd.type == CREATURE:
            if game.phase == SUMMON:
                assert {(PLAY, index, TOP), (PLAY, index, BOTTOM)} <= set(legal), cd.name
        else:
            for seat, lane, pos in creatures:
                assert (CAST, index, seat, lane, pos) in legal, cd.name
    # Nothing else is: every play or cast left out is refused.
    for action in candidate_plays_and_casts(game):
        if action not in legal:
            with pytest.raises(IllegalAction):
                game.copy().apply(action)
    return legal


@pytest.mark.parametrize("seed", range(12))
def test_legal_actions_are_exactly_the_actions_the_rules_allow(seed: int) -> None:
    catalogue = load_catalogue()
    decks = [catalogue.deck(1 + seed % 4), catalogue.deck(1 + (seed + 1) % 4)]
    game = new_game(decks, seed, chooses_returns=(True, True))
    rng = random.Random(seed)
    for _ in range(250):
        legal = check_legal_actions(game)
        if not legal:
            break
        game.apply(rng.choice(legal))


def test_legal_actions_in_the_attack_phase_hold_incantations_but_no_creatures() -> None:
    game = position(["BASTION", "ZOMBIE", "ZAP", "GRRR"], phase="attack", b_top=("DUMMY",))
    legal = check_legal_actions(game)
    assert not [a for a in legal if a[0] == PLAY]
    assert (CAST, 1, B, TOP, 0) in legal
    assert game.phase == ATTACK


def test_legal_actions_with_a_return_order_pending_are_the_orders() -> None:
    game = two_destroyed_at_once()
    pawn, pawn2 = card_ids(game, "PAWN", "PAWN2")
    assert set(check_legal_actions(game)) == {(RETURN_ORDER, (pawn, pawn2)),
                                              (RETURN_ORDER, (pawn2, pawn))}


def test_no_action_is_legal_once_the_game_is_over() -> None:
    assert fort_already_fallen().legal_actions() == []


# ------------------------------------------------------------------ rule C-4.6: return order

def test_the_owner_is_asked_when_several_creatures_are_destroyed_at_once() -> None:
    game = two_destroyed_at_once()
    assert game.pending is not None
    owner, dead, _ = game.pending
    assert owner == B
    assert game.to_move == B
    assert sorted(dead) == sorted(card_ids(game, "PAWN", "PAWN2"))
    assert hand_names(game, B) == ["BASTION", "GNOME", "GRRR", "PARTISAN"]


@pytest.mark.parametrize("chosen", [["PAWN", "PAWN2"], ["PAWN2", "PAWN"]])
def test_the_creatures_return_in_the_order_the_owner_chose(chosen: list[str]) -> None:
    game = two_destroyed_at_once()
    game.choose_return_order(card_ids(game, *chosen))
    assert game.pending is None
    # Then the Attack phase goes on: RAIDER hits B's Bastion for 3 (rules C-4.4, C-7.1).
    assert hand_names(game, B) == ["GNOME", "GRRR", "PARTISAN", "BASTION", *chosen]
    assert game.players[A].lanes[BOTTOM][0].attacked


def test_creatures_of_the_same_name_are_ordered_like_any_others() -> None:
    game = position(["BASTION", "ZOMBIE", "GRRR"], a_top=("SPLASHER",), b_top=("PAWN",),
                    b_bottom=("PAWN",), b_chooses=True)
    game.attack_all()
    pawn = game.catalogue.id("PAWN")
    with pytest.raises(IllegalAction):
        game.choose_return_order([pawn])
    game.choose_return_order([pawn, pawn])
    assert hand_names(game, B) == ["BASTION", "GNOME", "GRRR", "PARTISAN", "PAWN", "PAWN"]


def test_without_the_choice_the_engine_uses_lane_order() -> None:
    # Ruling C-4.6a: top before bottom. B's bottom PAWN2 was hit first, as the target.
    game = position(["BASTION", "ZOMBIE", "GRRR"], a_bottom=("SPLASHER",), b_top=("PAWN",),
                    b_bottom=("PAWN2",))
    game.attack_all()
    assert game.pending is None
    assert hand_names(game, B)[-2:] == ["PAWN", "PAWN2"]


# ------------------------------------------------------------------ rules C-2.3 and C-2.6

def test_the_preconstructed_decks_are_the_rulebooks() -> None:
    catalogue = load_catalogue()
    for number, names in PRECONSTRUCTED.items():
        assert sorted(catalogue.deck(number)) == sorted(names)


@pytest.mark.parametrize("seed", range(12))
def test_setup_gives_each_player_their_eight_cards_and_the_bastion_leftmost(seed: int) -> None:
    catalogue = load_catalogue()
    decks = [catalogue.deck(1), catalogue.deck(3)]
    game = new_game(decks, seed)
    for seat, deck in enumerate(decks):
        player = game.players[seat]
        hand = hand_names(game, seat)
        assert len(hand) == 9
        assert hand[0] == "BASTION"
        assert sorted(hand[1:]) == sorted(deck)
        assert player.fort is False
        assert player.health == 8
        assert player.lanes == [[], []]
    assert game.turn == 1
    assert game.phase == SUMMON
    assert game.active == game.first
    assert game.mana == 6  # the first player's first turn
    assert game.winner is None


def test_the_coin_decides_who_goes_first() -> None:
    catalogue = load_catalogue()
    decks = [catalogue.deck(2), catalogue.deck(4)]
    firsts = {new_game(decks, seed).first for seed in range(40)}
    assert firsts == {A, B}


def test_each_player_shuffles_their_cards() -> None:
    catalogue = load_catalogue()
    decks = [catalogue.deck(2), catalogue.deck(4)]
    games = [new_game(decks, seed) for seed in range(20)]
    for seat in (A, B):
        assert len({tuple(hand_names(g, seat)) for g in games}) > 1


def test_the_second_player_gets_nine_mana_on_their_first_turn() -> None:
    catalogue = load_catalogue()
    for seed in range(6):
        game = new_game([catalogue.deck(1), catalogue.deck(2)], seed)
        first = game.first
        game.end_turn()
        assert game.turn == 2
        assert game.active == first ^ 1
        assert game.phase == SUMMON
        assert game.mana == 9  # hand of 8 and the Bastion (rule C-3.1)


def test_the_first_players_six_mana_limit_what_they_play() -> None:
    catalogue = load_catalogue()
    game = new_game([catalogue.deck(1), catalogue.deck(1)], 3)
    playable = game.players[game.active].cards[:4]
    for action in game.legal_actions():
        if action[0] in (PLAY, CAST):
            assert catalogue.cards[playable[action[1]]].cost <= 6


def test_the_same_seed_gives_the_same_game() -> None:
    catalogue = load_catalogue()
    decks = [catalogue.deck(3), catalogue.deck(4)]
    one, two = new_game(decks, 77), new_game(decks, 77)
    assert one.state_bytes() == two.state_bytes()
    assert one.first == two.first
    rng_one, rng_two = random.Random(5), random.Random(5)
    for _ in range(300):
        if one.winner is not None:
            break
        one.apply(rng_one.choice(one.legal_actions()))
        two.apply(rng_two.choice(two.legal_actions()))
        assert one.state_bytes() == two.state_bytes()
    assert len({new_game(decks, seed).state_bytes() for seed in range(10)}) > 1


def test_a_copied_creature_and_game_are_equal_and_independent() -> None:
    """Copies (the planners' most frequent operation) carry every field and share nothing, in
    the Python build and in the compiled one, which makes them another way."""
    fields = ("card", "attack", "health", "abilities", "aura", "damage", "new", "attacked",
              "protection_used", "sprint_bonus")
    c = Creature(3, 2, 5, 4, 1, 2, True, False, True, 1)
    d = c.copy()
    assert d is not c and [getattr(d, f) for f in fields] == [getattr(c, f) for f in fields]
    d.damage = 4
    assert c.damage == 2
    catalogue = load_catalogue()
    game = new_game([catalogue.deck(1), catalogue.deck(2)], 5)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    twin = game.copy()
    assert twin.state_bytes() == game.state_bytes() and twin.resume == game.resume
    # The rules read each seat's player from its own field too: the copy's are its own.
    assert [twin.player_a, twin.player_b] == twin.players
    assert twin.player_a is twin.players[0] and twin.player_b is twin.players[1]
    assert twin.player_a is not game.player_a and twin.player_b is not game.player_b
    twin.apply(twin.legal_actions()[-1])
    assert twin.state_bytes() != game.state_bytes()
