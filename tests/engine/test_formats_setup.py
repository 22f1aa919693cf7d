"""Setting up a duel from each format (rule C-2.6)."""

import pytest

from engine.clash.ai import RandomAgent
from engine.clash.cards import BASTION, load_catalogue
from engine.clash.errors import SetupError
from engine.clash.formats import (
    FORMATS,
    BanState,
    DraftState,
    IllegalChoice,
    RandomPolicy,
    ValuePolicy,
    run_bans,
    run_draft,
    setup_duel,
)
from engine.clash.record import replay
from engine.clash.rules import hand_names

CAT = load_catalogue()
LIST_A = CAT.deck(1) + ["OGRE", "ALPHA"]
LIST_B = CAT.deck(3) + ["CYCLONE", "ZOMBIE"]
POLICIES = (RandomPolicy(), RandomPolicy())


def setups(seed: int):
    yield setup_duel("preconstructed", seed, decks=(2, 4))
    yield setup_duel("draft", seed, draft=run_draft(seed, POLICIES))
    yield setup_duel("constructed", seed, bans=run_bans(LIST_A, LIST_B, seed, POLICIES))


def test_the_duel_formats_are_those_of_c_2_2():
    assert FORMATS == ("preconstructed", "draft", "constructed")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_c_2_6_every_format_gives_each_player_a_hand_of_eight_and_the_bastion_leftmost(seed):
    for setup in setups(seed):
        assert all(len(deck) == 8 for deck in setup.decks)
        game = setup.new_game()
        for seat in (0, 1):
            hand = hand_names(game, seat)
            assert hand[0] == BASTION and len(hand) == 9
            assert sorted(hand[1:]) == sorted(setup.decks[seat])
            assert game.players[seat].health == 8
        assert game.mana == 6  # C-2.6: the first player's first turn


def test_c_2_6_the_draft_and_ban_decks_are_the_procedures_results():
    draft = run_draft(5, POLICIES)
    assert setup_duel("draft", 5, draft=draft).decks == draft.decks()
    bans = run_bans(LIST_A, LIST_B, 5, POLICIES)
    assert setup_duel("constructed", 5, bans=bans).decks == bans.decks()
    assert setup_duel("preconstructed", 5, decks=(1, 3)).decks == (CAT.deck(1), CAT.deck(3))


def test_a_duel_from_any_format_plays_out_and_its_record_names_the_format():
    for setup in setups(11):
        _, record = setup.play((RandomAgent(1), RandomAgent(2)))
        assert record.fmt == setup.fmt
        assert record.decks == setup.decks
        assert replay(record).ok


def test_an_unfinished_procedure_cannot_start_a_duel():
    with pytest.raises(SetupError, match="draft is not over"):
        setup_duel("draft", 1, draft=DraftState(1))
    with pytest.raises(SetupError, match="ban-two procedure is not over"):
        setup_duel("constructed", 1, bans=BanState(LIST_A, LIST_B))


def test_each_format_takes_its_own_input():
    draft = run_draft(1, POLICIES)
    with pytest.raises(SetupError, match="unknown format 'solo'"):
        setup_duel("solo", 1, decks=(1, 2))
    with pytest.raises(SetupError, match="from draft= alone"):
        setup_duel("draft", 1, decks=(1, 2))
    with pytest.raises(SetupError, match="from decks= alone"):
        setup_duel("preconstructed", 1, decks=(1, 2), draft=draft)
    with pytest.raises(SetupError, match="seed"):
        setup_duel("preconstructed", -1, decks=(1, 2))
    with pytest.raises(IllegalChoice):
        setup_duel("preconstructed", 1, decks=(1, 7))
    with pytest.raises(SetupError, match="catalogue"):
        setup_duel("draft", 1, draft=draft, catalogue=CAT.with_cards(
            {"BRUTE": CAT["BRUTE"].__class__(name="BRUTE", type="creature", cost=1,
                                             attack=1, health=1)}))


def test_value_players_draft_then_duel():
    policy = ValuePolicy.from_file()
    setup = setup_duel("draft", 8, draft=run_draft(8, (policy, policy)))
    game, record = setup.play((RandomAgent(3), RandomAgent(4)))
    assert game.winner is not None and replay(record).ok
