"""Solo mode (RULES.md C-8) through the Python API: setup, options and levels, the automaton's
turn where a position file cannot show it, and records. Positions are in test_solo_scenarios.py.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from engine.clash.actions import END_TURN
from engine.clash.ai import RandomAgent
from engine.clash.cards import ABILITY_BITS, load_catalogue
from engine.clash.errors import IllegalAction, RecordError, SetupError
from engine.clash.events import render_all
from engine.clash.observation import Observation
from engine.clash.rng import Rng
from engine.clash.solo import (
    AI,
    HUMAN,
    SOLO_DRAFT,
    SOLO_PRECONSTRUCTED,
    SoloDraft,
    SoloGame,
    SoloOptions,
    SoloOptionsError,
    SoloRecord,
    check_level,
    new_solo_game,
    options_for_level,
    play_solo_game,
    preconstructed_solo_decks,
    replay_solo,
    run_draft,
)
from engine.clash.solo.options import all_options
from engine.clash.state import Creature, Player

CAT = load_catalogue()
STARTER_KIT = Counter(name for n in CAT.deck_numbers for name in CAT.deck(n))


def names(ids: list[int]) -> list[str]:
    return [CAT.name(c) for c in ids]


def creature(name: str, **fields) -> Creature:
    cd = CAT[name]
    return Creature(CAT.id(name), cd.attack, cd.health, cd.abilities, cd.aura, **fields)


def position(deck: list[str], *, hand: tuple[str, ...] = ("PARTISAN", "CARNIVORE", "ABERRATION"),
             discard: list[str] | None = None, fort: bool = False,
             options: SoloOptions | None = None, a_top: tuple[str, ...] = (),
             a_bottom: tuple[str, ...] = (), seed: int = 0) -> SoloGame:
    """A's turn 3 (summon, no mana left) against the automaton's deck."""
    human = Player([CAT.id(n) for n in hand],
                   lanes=[[creature(n) for n in a_top], [creature(n) for n in a_bottom]])
    ai = Player([CAT.id(n) for n in deck], fort=fort)
    return SoloGame(CAT, [human, ai], options=options, seed=seed,
                    discard=[CAT.id(n) for n in discard or []], turn=3, log=[])


# ------------------------------------------------------------------ C-8.1 setup

@pytest.mark.parametrize("deck", [1, 2, 3, 4])
def test_preconstructed_solo_gives_the_player_one_deck_and_the_ai_the_other_three(deck):
    """Rule C-8.1 (preconstructed solo, C-2.3)."""
    mine, theirs = preconstructed_solo_decks(deck, CAT)
    assert mine == CAT.deck(deck)
    assert len(mine) == 8 and len(theirs) == 24
    assert Counter(mine) + Counter(theirs) == STARTER_KIT
    game = new_solo_game(mine, theirs, seed=deck)
    human, ai = game.players
    assert Counter(names(human.cards)) == Counter(mine)
    assert Counter(names(ai.cards)) == Counter(theirs)
    # The player's Bastion leftmost (health 8); the AI's Bastion under its 24 cards.
    assert human.bpos == 0 and human.health == 8 and not human.fort
    assert ai.bpos == 0 and ai.health == 24 and not ai.fort
    assert game.discard == []
    # The player goes first with 6 mana.
    assert (game.turn, game.active, game.first, game.mana) == (1, HUMAN, HUMAN, 6)


def test_the_solo_setup_shuffles_both_decks_from_the_seed():
    """Rule C-8.1: both decks are shuffled, reproducibly from the game seed."""
    mine, theirs = preconstructed_solo_decks(1, CAT)
    a = new_solo_game(mine, theirs, seed=5)
    b = new_solo_game(mine, theirs, seed=5)
    c = new_solo_game(mine, theirs, seed=6)
    assert a.state_bytes() == b.state_bytes()
    assert a.deck != c.deck
    assert a.players[HUMAN].cards != c.players[HUMAN].cards
    expected = [CAT.id(n) for n in theirs]
    Rng.stream(5, "ai-deck").shuffle(expected)
    assert a.deck == expected


def test_the_solo_draft_reveals_four_the_player_keeps_one_and_the_ai_gets_three():
    """Rule C-8.1: reveal 4, the player keeps 1, the AI gets 3, until 8 against 24."""
    draft = SoloDraft(seed=11)
    assert draft.status == SoloDraft.DRAFTING
    seen: list[str] = []
    while draft.status == SoloDraft.DRAFTING:
        shown = draft.revealed
        assert len(shown) == 4 and not set(shown) & set(seen)
        seen += shown
        ai_before = len(draft.ai_cards)
        draft.pick(shown[2])
        assert draft.player_cards[-1] == shown[2]
        assert draft.ai_cards[ai_before:] == [shown[0], shown[1], shown[3]]
    assert draft.status == SoloDraft.COMPLETE and draft.revealed == ()
    assert len(draft.player_cards) == 8 and len(draft.ai_cards) == 24
    assert Counter(draft.player_cards) + Counter(draft.ai_cards) == STARTER_KIT
    assert draft.picks == draft.player_cards
    pile = list(STARTER_KIT)
    Rng.stream(11, "solo-draft").shuffle(pile)
    assert seen == pile


def test_the_solo_draft_refuses_a_card_that_is_not_revealed_and_a_pick_after_the_end():
    draft = SoloDraft(seed=3)
    hidden = next(n for n in STARTER_KIT if n not in draft.revealed)
    with pytest.raises(SetupError, match="not among the revealed cards"):
        draft.pick(hidden)
    done = run_draft(3, lambda shown: shown[0])
    with pytest.raises(SetupError, match="complete"):
        done.pick(done.player_cards[0])


def test_a_draft_replays_from_its_picks():
    chooser = Rng.stream(9, "test-picks")
    first = run_draft(4, lambda shown: shown[chooser.below(len(shown))])
    again = run_draft(4, first.picks)
    assert (again.player_cards, again.ai_cards) == (first.player_cards, first.ai_cards)


def test_the_ai_first_option_plays_the_automatons_turn_1_before_the_player_moves():
    """Rules C-8.1 and C-8.9: with the AI first, it plays turn 1 with its fixed mana (the
    player has no creature yet); the player's first turn is turn 2 with the mana of C-3.1."""
    mine, theirs = preconstructed_solo_decks(2, CAT)
    log: list[tuple] = []
    options = SoloOptions(first="ai")
    game = new_solo_game(mine, theirs, seed=8, options=options, level=1, log=log)
    assert game.first == AI
    assert (game.turn, game.active, game.mana) == (2, HUMAN, 9)
    assert "turn 1: B (the automaton) gains 6 mana (6 + 1 x 0 creatures of A)" in render_all(
        log, CAT)
    played = [c for lane in game.players[AI].lanes for c in lane]
    in_discard = len(game.discard)
    assert played or in_discard
    assert len(played) + in_discard + len(game.deck) == 24


def test_the_endurance_option_starts_the_automaton_on_its_fort_with_no_bastion():
    """Rule C-8.9: endurance -1 point: no Bastion, so an empty deck ends its reshuffles."""
    mine, theirs = preconstructed_solo_decks(3, CAT)
    options = SoloOptions(endurance="fort", resistance=True)
    game = new_solo_game(mine, theirs, seed=2, options=options, level=1)
    assert game.players[AI].fort
    game = position(["ZOMBIE", "GRRR"], discard=["OGRE"], fort=True, a_top=("BRUTE",))
    game.attack_all()
    assert game.deck == [] and names(game.discard) == ["OGRE", "ZOMBIE", "GRRR"]
    assert game.ai_out_of_cards and game.winner is None


def test_solo_cannot_use_the_constructed_format():
    """Rule C-2.2."""
    with pytest.raises(SetupError, match="Constructed"):
        play_solo_game(1, RandomAgent(1), fmt="constructed")


def test_solo_setup_refuses_wrong_deck_sizes():
    mine, theirs = preconstructed_solo_decks(1, CAT)
    with pytest.raises(SetupError, match="the AI deck: 23 cards, 24 needed"):
        new_solo_game(mine, theirs[:-1], seed=1)
    with pytest.raises(SetupError, match="no preconstructed deck 5"):
        preconstructed_solo_decks(5, CAT)


# ------------------------------------------------------------------ C-8.9 options and levels

def test_the_points_of_each_choice_are_those_of_the_table():
    """Rule C-8.9."""
    assert SoloOptions().points == 0
    assert [SoloOptions(fixed_mana=m).points for m in (6, 7, 8, 9, 10)] == [0, 1, 2, 3, 4]
    assert SoloOptions(mana_per_creature=2).points == 2
    assert SoloOptions(first="ai").points == 1
    assert SoloOptions(endurance="fort").points == -1
    assert SoloOptions(resistance=True).points == 2
    for ability in ("splash", "pierce", "rage", "protection", "frenzy"):
        assert SoloOptions(ability=ability).points == 1
    assert len(all_options()) == 5 * 2 * 2 * 2 * 2 * 6


def test_a_custom_game_needs_options_adding_up_to_its_level():
    """Rule C-8.9: every level 1-5 has combinations; each adds up exactly."""
    for level in range(1, 6):
        combos = options_for_level(level)
        assert combos and all(o.points == level for o in combos)
        check_level(combos[0], level)
    assert options_for_level(0) == [SoloOptions()]


def test_options_that_do_not_add_up_are_refused_with_what_would_fit():
    """Rule C-8.9: the error says which choices would complete the sum."""
    options = SoloOptions(fixed_mana=8, resistance=True)  # 4 points
    with pytest.raises(SoloOptionsError) as err:
        check_level(options, 2)
    message = err.value.message
    assert "add up to 4 difficulty points" in message and "level 2 (Medium)" in message
    assert "fixed_mana to 6" in message and "resistance to false" in message
    assert {"fixed_mana": 6} in err.value.fits and {"resistance": False} in err.value.fits
    for change in err.value.fits:
        assert options.replace(**change).points == 2
    assert err.value.code == "setup"
    mine, theirs = preconstructed_solo_decks(1, CAT)
    with pytest.raises(SoloOptionsError):
        new_solo_game(mine, theirs, seed=1, options=options, level=2)


def test_the_error_lists_the_smallest_changes_that_fit():
    """Rule C-8.9: endurance on the Fort (-1) at level 3: only fixed_mana 10 fits alone."""
    with pytest.raises(SoloOptionsError) as err:
        check_level(SoloOptions(endurance="fort"), 3)
    assert err.value.fits == [{"fixed_mana": 10}]
    assert "To fit, change fixed_mana to 10" in err.value.message
    with pytest.raises(SoloOptionsError) as err:
        check_level(SoloOptions(), 5)  # no single option is worth 5: two changes at least
    assert err.value.fits and all(len(f) == 2 for f in err.value.fits)
    assert {"fixed_mana": 10, "first": "ai"} in err.value.fits
    for change in err.value.fits:
        assert SoloOptions().replace(**change).points == 5


def test_a_quick_game_takes_every_option_at_zero_points():
    """Rule C-8.9: quick game = all options at 0 points (not merely a sum of 0)."""
    check_level(SoloOptions(), 0)
    with pytest.raises(SoloOptionsError, match="quick game"):
        check_level(SoloOptions(endurance="fort", first="ai"), 0)


@pytest.mark.parametrize("bad", [{"fixed_mana": 11}, {"fixed_mana": 5}, {"mana_per_creature": 3},
                                 {"first": "both"}, {"endurance": "none"}, {"resistance": 1},
                                 {"ability": "sprint"}, {"ability": "indestructible"}])
def test_a_choice_outside_the_table_is_refused_naming_the_option(bad):
    option = next(iter(bad))
    with pytest.raises(SoloOptionsError) as err:
        SoloOptions(**bad)
    assert err.value.option == option
    assert err.value.message.startswith(f"{option} cannot be")


@pytest.mark.parametrize("level", [6, -1, "3", True])
def test_a_level_outside_1_to_5_is_refused(level):
    with pytest.raises(SoloOptionsError, match="Mythic"):
        check_level(SoloOptions(), level)


@pytest.mark.parametrize("ability", ["splash", "pierce", "rage", "protection", "frenzy"])
def test_the_ability_option_is_granted_to_every_ai_creature(ability):
    """Rule C-8.9: every AI creature has the ability while in play."""
    mine, theirs = preconstructed_solo_decks(4, CAT)
    game = new_solo_game(mine, theirs, seed=1, options=SoloOptions(ability=ability), level=1)
    assert game.players[AI].granted == ABILITY_BITS[ability]
    assert game.players[HUMAN].granted == 0


def test_the_frenzy_option_chains_an_ai_creatures_attacks():
    """Rules C-8.9 and C-5.6: granted Frenzy makes BARON attack again after a kill."""
    game = position(["BRUTE", "BARON", "OGRE", "ZOMBIE"], a_top=("ZOMBIE", "MICROCTOPUS"),
                    options=SoloOptions(ability="frenzy"))
    game.players[AI].lanes[0].append(creature("BARON"))
    game.players[HUMAN].lanes[0][0].attacked = True
    game.players[HUMAN].lanes[0][1].attacked = True
    game.end_turn()  # the automaton's turn: BARON kills ZOMBIE, then MICROCTOPUS
    assert game.winner is None and names(game.deck) == ["ZOMBIE"]
    assert game.players[HUMAN].lanes[0] == []
    assert names(game.players[HUMAN].cards)[-2:] == ["ZOMBIE", "MICROCTOPUS"]


# ------------------------------------------------------------------ the automaton's turn

def test_the_automatons_mana_is_counted_at_its_mana_phase():
    """Rule C-8.2: the player's creatures in play when the automaton's turn starts."""
    log: list[tuple] = []
    game = position(["BRUTE", "BARON", "ZOMBIE", "GRRR", "OGRE"], a_top=("CARAPACE",),
                    a_bottom=("MACHINE",), options=SoloOptions(mana_per_creature=2))
    game.log = log
    game.end_turn()
    assert "turn 4: B (the automaton) gains 10 mana (6 + 2 x 2 creatures of A)" in render_all(
        log, game.catalogue)


def test_a_reshuffle_happens_after_the_last_revealed_card_has_resolved():
    """Rule C-8.7: COMBUSTION, the last card, is cast (it completes the cost: 4 + 3 of 7) and
    reaches the discard pile before the pile is shuffled into the new deck."""
    game = position(["BRUTE", "COMBUSTION"], discard=["OGRE", "GNOME"], a_bottom=("MACHINE",),
                    seed=21)
    game.end_turn()
    pile = [CAT.id("OGRE"), CAT.id("GNOME"), CAT.id("COMBUSTION")]
    Rng.stream(21, "ai-reshuffle").shuffle(pile)
    assert game.players[AI].fort
    assert game.deck == pile and game.discard == []
    assert game.players[HUMAN].lanes[1] == []


def test_the_reshuffled_deck_is_the_shuffled_discard_pile():
    """Rule C-8.7: the discard pile is shuffled by the stream ai-reshuffle of the seed."""
    discard = ["OGRE", "GNOME", "TROLL", "GRRR", "BARON", "ZOMBIE"]
    game = position(["DISCIPLE"], discard=discard, a_top=("GRRR",), seed=77)
    game.attack_all()
    expected = [CAT.id(n) for n in discard + ["DISCIPLE"]]
    Rng.stream(77, "ai-reshuffle").shuffle(expected)
    assert game.deck == expected and game.discard == [] and game.players[AI].fort


def test_the_player_can_only_act_on_the_players_turn():
    """Rule C-8: the automaton's turn is never the one to move."""
    game = position(["OGRE", "GNOME"])
    assert game.to_move == HUMAN
    game.active = AI  # a position that the rules never leave waiting
    for act in (lambda: game.play(0, 0), lambda: game.cast(0, 0, 0, 0), game.attack_next,
                game.attack_all, game.end_turn):
        with pytest.raises(IllegalAction) as err:
            act()
        assert err.value.reason == "not_your_turn"
    assert game.legal_actions() == []
    assert game.to_move == HUMAN


def test_after_the_players_end_turn_it_is_the_players_turn_again():
    mine, theirs = preconstructed_solo_decks(1, CAT)
    game = new_solo_game(mine, theirs, seed=4)
    for _ in range(6):
        turn = game.turn
        game.apply((END_TURN,))
        if game.winner is not None:
            break
        assert game.active == HUMAN and game.turn == turn + 2
        assert Observation(game, HUMAN).legal_actions()


def test_the_state_hash_covers_the_ai_deck_discard_pile_and_fort():
    base = position(["OGRE", "GNOME"], discard=["TROLL"])
    variants = [position(["GNOME", "OGRE"], discard=["TROLL"]),
                position(["OGRE", "GNOME"], discard=["GRRR"]),
                position(["OGRE", "GNOME"], discard=[]),
                position(["OGRE", "GNOME"], discard=["TROLL"], fort=True),
                position(["OGRE", "GNOME"], discard=["TROLL"],
                         options=SoloOptions(resistance=True))]
    hashes = {g.state_hash() for g in variants}
    assert base.state_hash() not in hashes and len(hashes) == len(variants)


def test_a_copy_is_independent_and_plays_the_same():
    game = position(["OGRE", "COMBUSTION", "GNOME", "TROLL"], discard=["GRRR"],
                    a_top=("ZOMBIE",))
    twin = game.copy()
    assert isinstance(twin, SoloGame) and twin.state_bytes() == game.state_bytes()
    game.end_turn()
    assert twin.state_bytes() != game.state_bytes()
    twin.end_turn()
    assert twin.state_bytes() == game.state_bytes()


def test_determinizing_hides_only_the_order_of_the_ai_deck():
    """The AI deck is face down: a search player may guess its order, not its content."""
    game = position(["OGRE", "GNOME", "TROLL", "GRRR", "ZOMBIE"], discard=["BARON"])
    guess = Observation(game, HUMAN).determinize(Rng(5))
    assert isinstance(guess, SoloGame)
    assert sorted(guess.deck) == sorted(game.deck)
    assert guess.discard == game.discard


# ------------------------------------------------------------------ records

def test_a_solo_record_replays_after_a_json_round_trip():
    chooser = Rng.stream(3, "test-draft")
    game, record = play_solo_game(3, RandomAgent(3), fmt=SOLO_DRAFT,
                                  draft=lambda shown: shown[chooser.below(len(shown))],
                                  options=SoloOptions(fixed_mana=7, ability="pierce"), level=2)
    data = record.to_json()
    assert data["mode"] == "solo" and data["format"] == "solo-draft"
    assert len(data["picks"]) == 8 and "deck" not in data
    assert data["options"] == {"fixed_mana": 7, "mana_per_creature": 1, "first": "player",
                               "endurance": "bastion", "resistance": False, "ability": "pierce"}
    assert data["level"] == 2 and len(data["turns"]) == len(data["hashes"])
    again = SoloRecord.loads(record.dumps())
    verdict = replay_solo(again)
    assert verdict.ok, verdict.reason
    assert verdict.result == record.result == {0: "A", 1: "B", 2: "draw"}[game.winner]


@pytest.mark.parametrize("field, value, message", [
    ("seed", 8.5, "a game record's seed must be a whole number from 0 to 2**63 - 1, not 8.5"),
    ("seed", 2 ** 63, "a game record's seed must be a whole number from 0 to 2**63 - 1"),
    ("level", "2", "a game record's level must be a whole number from 0 to 1,000,000, not '2'"),
    ("deck", 0, "a game record's deck must be a whole number from 1 to 1,000,000, not 0"),
    ("turn_cap", 10 ** 30, "a game record's turn_cap must be a whole number from 1 to 1,000,000, "
                           "not a number of 31 digits"),
    ("turns", "E", "a game record's turns and hashes must be lists"),
    ("result", "C", "a game record's result must be A, B, draw or null, not 'C'"),
    ("options", 3, "options: solo options must be an object"),
])
def test_a_solo_record_field_of_the_wrong_kind_is_refused_by_name(field, value, message):
    """The field named is the field at fault: a bad seed is not an option's problem."""
    _, record = play_solo_game(8, RandomAgent(8), fmt=SOLO_PRECONSTRUCTED, deck=3)
    with pytest.raises(RecordError, match="^" + re.escape(message)):
        SoloRecord.from_json({**record.to_json(), field: value})


def test_a_solo_record_takes_the_duel_records_checks_of_its_hashes_and_picks():
    _, record = play_solo_game(8, RandomAgent(8), fmt=SOLO_PRECONSTRUCTED, deck=3)
    data = record.to_json()
    with pytest.raises(RecordError, match="every hash of a game record must be a string"):
        SoloRecord.from_json({**data, "hashes": [int(h, 16) for h in data["hashes"]]})
    drafted = play_solo_game(3, RandomAgent(3), fmt=SOLO_DRAFT,
                             draft=lambda shown: shown[0])[1].to_json()
    with pytest.raises(RecordError, match="picks must be a list of card names"):
        SoloRecord.from_json({**drafted, "picks": [{"card": name} for name in drafted["picks"]]})


def test_a_preconstructed_solo_record_names_the_players_deck():
    _, record = play_solo_game(8, RandomAgent(8), fmt=SOLO_PRECONSTRUCTED, deck=3)
    data = record.to_json()
    assert data["deck"] == 3 and "picks" not in data
    assert replay_solo(SoloRecord.from_json(data)).ok


def test_a_replay_names_the_first_entry_that_differs():
    _, record = play_solo_game(12, RandomAgent(12), deck=2)
    assert len(record.turns) >= 3
    record.hashes[1] = "00000000" if record.hashes[1] != "00000000" else "11111111"
    verdict = replay_solo(record)
    assert not verdict.ok and verdict.turn == 2


def test_a_replay_refuses_other_options_or_a_pick_that_was_not_revealed():
    _, record = play_solo_game(13, RandomAgent(13), deck=1)
    changed = SoloRecord.from_json({**record.to_json(), "options": {
        **record.options.to_json(), "fixed_mana": 9}, "level": 3})
    assert not replay_solo(changed).ok
    chooser = Rng.stream(1, "x")
    _, drafted = play_solo_game(14, RandomAgent(14), fmt=SOLO_DRAFT,
                                draft=lambda shown: shown[chooser.below(4)])
    picks = list(drafted.picks or [])
    picks[0] = next(n for n in STARTER_KIT if n not in picks)
    bad = SoloRecord.from_json({**drafted.to_json(), "picks": picks})
    verdict = replay_solo(bad)
    assert not verdict.ok and "cannot be set up" in verdict.reason


def test_a_record_that_is_not_solo_is_refused():
    with pytest.raises(RecordError, match="not a solo record"):
        SoloRecord.from_json({"v": 1, "format": "preconstructed"})
    _, record = play_solo_game(2, RandomAgent(2), deck=1)
    with pytest.raises(RecordError, match="options"):
        SoloRecord.from_json({**record.to_json(), "options": {"fixed_mana": 12}})
