"""Hidden information: a player sees their own hand, and of the opponent only the hand size
and the Bastion/Fort position and face."""

import json

from engine.clash.actions import RETURN_ORDER
from engine.clash.ai import RandomAgent
from engine.clash.cards import load_catalogue
from engine.clash.game import new_game
from engine.clash.observation import Observation

CAT = load_catalogue()


def test_an_observation_shows_the_own_hand_in_order_and_never_the_opponents_cards():
    game = new_game((CAT.deck(1), CAT.deck(2)), seed=3)
    agents = (RandomAgent(1), RandomAgent(2))
    for _ in range(60):
        if game.winner is not None:
            break
        for seat in (0, 1):
            obs = Observation(game, seat)
            data = obs.to_json()
            me, foe = game.players[seat], game.players[seat ^ 1]
            assert [n for n in data["you"]["hand"] if n != "BASTION"] == [
                CAT.name(c) for c in me.cards]
            assert data["you"]["hand"].index("BASTION") == me.bpos
            assert "hand" not in data["opponent"]
            assert data["opponent"]["hand_size"] == len(foe.cards) + 1
            assert data["opponent"]["bastion_position"] == foe.bpos
            assert data["opponent"]["fort"] == foe.fort
            text = json.dumps(data)
            for card in foe.cards:  # decks 1 and 2 share no card name
                assert CAT.name(card) not in text
            assert obs.hand == me.cards
            assert obs.opponent_hand_size == len(foe.cards)
        game.apply(agents[game.to_move].act(Observation(game, game.to_move)))


def test_an_observation_exposes_no_game_object_and_no_moves_out_of_turn():
    game = new_game((CAT.deck(1), CAT.deck(2)), seed=3)
    waiting = Observation(game, game.active ^ 1)
    assert not hasattr(waiting, "game")
    assert waiting.legal_actions() == []
    assert Observation(game, game.active).legal_actions()


def _positions(seed: int, moves: int = 80):
    """Positions of a game between random players, each with the seat to move."""
    game = new_game((CAT.deck(1), CAT.deck(2)), seed=seed)
    agents = (RandomAgent(seed), RandomAgent(seed + 1))
    for _ in range(moves):
        if game.winner is not None:
            return
        yield game, game.to_move
        game.apply(agents[game.to_move].act(Observation(game, game.to_move)))


def test_the_seat_view_reaches_no_hidden_card():
    for game, seat in _positions(5):
        view = Observation(game, seat).seat_view()
        foe = view.players[seat ^ 1]
        assert not hasattr(foe, "cards")
        assert foe.hand_size == len(game.players[seat ^ 1].cards)
        assert foe.health == game.players[seat ^ 1].health
        assert (foe.bpos, foe.fort) == (game.players[seat ^ 1].bpos, game.players[seat ^ 1].fort)
        assert view.players[seat].cards == game.players[seat].cards
        assert len(view.players) == 2 and not hasattr(view, "copy")


def test_the_scripted_player_chooses_on_the_seat_view_as_on_a_determinized_copy():
    from engine.clash.ai.scripted import ScriptedAgent, choose

    checked = 0
    for seed in range(1, 9):
        for game, seat in _positions(seed):
            obs = Observation(game, seat)
            legal = obs.legal_actions()
            before = game.state_hash()
            via_view = ScriptedAgent(seed).act(obs)
            assert game.state_hash() == before  # reading the view changed nothing
            assert via_view == (legal[0] if legal[0][0] == RETURN_ORDER
                                else choose(obs.determinize(None), seat, legal))
            checked += 1
    assert checked > 300
