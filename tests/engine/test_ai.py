"""AI players: legal, seeded, blind to hidden cards, and ordered by strength."""

import pytest

from engine.clash.ai import LEVELS, make_agent
from engine.clash.ai.evaluate import WIN, evaluate
from engine.clash.ai.search import SearchAgent
from engine.clash.cards import load_catalogue
from engine.clash.game import new_game, play_game
from engine.clash.observation import Observation
from engine.clash.state import SUMMON
from engine.tools.ladder import play_pair, wilson

CAT = load_catalogue()


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_games_with_legal_actions_only(level):
    for seed in range(3):
        agents = (make_agent(level, seed), make_agent("random", seed + 100))
        # play_game applies each action through the rules, which refuse anything illegal.
        game, record = play_game((CAT.deck(1 + seed), CAT.deck(4 - seed)), seed, agents)
        assert game.winner is not None
        assert record.result in ("A", "B", "draw")


# The search player's wall-clock cap would make its play depend on the machine's load.
UNCAPPED = {"max_ms": None}


def agent(level: str, seed: int):
    return make_agent(level, seed, **(UNCAPPED if level == "search" else {}))


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_plays_the_same_game(level):
    def one():
        agents = (agent(level, 5), agent(level, 6))
        return play_game((CAT.deck(2), CAT.deck(3)), 9, agents)[1].dumps()

    assert one() == one()


@pytest.mark.parametrize("level", ["scripted", "greedy", "search", "expert"])
def test_decisions_do_not_depend_on_the_opponents_hidden_hand_order(level):
    """Two games that differ only in the order of the opponent's hand (which the player
    cannot see) get the same decision from the same seed."""
    for seed in range(4):
        game = new_game((CAT.deck(1), CAT.deck(2)), seed)
        seat = game.active
        other = game.copy()
        other.players[seat ^ 1].cards.reverse()
        assert other.players[seat ^ 1].cards != game.players[seat ^ 1].cards
        first = agent(level, 77).act(Observation(game, seat))
        second = agent(level, 77).act(Observation(other, seat))
        assert first == second


def test_the_expert_plays_the_same_turns_whatever_the_opponents_hidden_hand_order():
    """Mid-game, over whole turns: the opponent's hand rotated (the same cards and the same
    public board, another hidden order) gets the expert the same decisions at every step of
    its turn, its memory of the turn's playouts included."""
    turns = 0
    for seed in (3, 8):
        game = new_game((CAT.deck(2), CAT.deck(4)), seed)
        greedy = (make_agent("greedy", 1), make_agent("greedy", 2))
        while game.winner is None and game.turn < 9:
            if game.turn >= 3 and game.phase == SUMMON and game.pending is None:
                seat = game.active
                other = game.copy()
                hand = other.players[seat ^ 1].cards
                hand.append(hand.pop(0))
                if hand == game.players[seat ^ 1].cards:
                    hand.reverse()
                expert, twin = make_agent("expert", 41), make_agent("expert", 41)
                turn = game.turn
                while game.turn == turn and game.winner is None:
                    action = expert.act(Observation(game, game.to_move))
                    assert twin.act(Observation(other, other.to_move)) == action
                    game.apply(action)
                    other.apply(action)
                turns += 1
            else:
                game.apply(greedy[game.to_move].act(Observation(game, game.to_move)))
    assert turns >= 6


def test_the_search_player_respects_its_playout_budget():
    game = new_game((CAT.deck(3), CAT.deck(4)), 2)
    agent = SearchAgent(1, playouts=10)
    agent.act(Observation(game, game.active))
    assert 0 < agent.playouts_run <= max(10, len(agent.candidate_plans(
        Observation(game, game.active))))


def test_evaluation_of_decided_games():
    game = new_game((CAT.deck(1), CAT.deck(2)), 1)
    game.winner = 0
    assert evaluate(game, 0) > WIN / 2 and evaluate(game, 1) < -WIN / 2
    game.winner = 2
    assert evaluate(game, 0) == 0


def test_each_level_beats_the_one_below_in_a_small_ladder():
    """A quick version of `python -m engine.clash.ladder` (the full one is in docs/ai.md)."""
    for lower, upper in (("random", "scripted"), ("scripted", "greedy")):
        result = play_pair(upper, lower, range(1, 31))
        assert result.games == 60
        assert result.score > 0.6, (upper, lower, result.score)


def test_wilson_interval():
    lo, hi = wilson(0.5, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(1.0, 10)[1] == 1.0
