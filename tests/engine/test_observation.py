"""Hidden information: a player sees their own hand, and of the opponent only the hand size
and the Bastion/Fort position and face."""

import json

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
