"""Ruling C-7.5c: at time, the active player finishes the turn, then each player has one more
turn; a game not won by then is drawn; no game starts after time; a Swiss match ends with its
score, a top-cut match level at time is the organizer's."""

import pytest

from engine.clash.ai import make_agent
from engine.clash.cards import load_catalogue
from engine.clash.errors import SetupError
from engine.clash.game import new_game, run_to_end
from engine.clash.match_rules import MatchFormat
from engine.clash.observation import Observation
from engine.clash.state import DRAW
from engine.clash.time_rules import (
    ADDITIONAL_TURNS,
    game_at_time,
    match_at_time,
    turn_cap_at_time,
)

CAT = load_catalogue()
SWISS, TOP_CUT = MatchFormat(best_of=3), MatchFormat(best_of=3, top_cut=True)


def test_ruling_c_7_5c_the_last_turn_is_two_after_the_one_at_time():
    assert ADDITIONAL_TURNS == 2
    assert turn_cap_at_time(turn=7, turn_cap=200) == 9
    assert turn_cap_at_time(turn=199, turn_cap=200) == 200  # the turn cap comes first


@pytest.mark.parametrize("turn", [0, -1, "3", True])
def test_ruling_c_7_5c_time_is_called_during_a_turn(turn):
    with pytest.raises(SetupError):
        turn_cap_at_time(turn=turn, turn_cap=200)


def _played_into(turn: int, seed: int):  # noqa: ANN202
    """A greedy game between decks 1 and 2, played until turn `turn` begins."""
    game = new_game((CAT.deck(1), CAT.deck(2)), seed, catalogue=CAT)
    agents = (make_agent("greedy", seed), make_agent("greedy", seed + 1))
    while game.winner is None and game.turn < turn:
        seat = game.to_move
        game.apply(agents[seat].act(Observation(game, seat)))
    return game, agents


@pytest.mark.parametrize("seed", range(6))
def test_ruling_c_7_5c_a_game_at_time_is_won_by_its_last_turn_or_drawn(seed):
    game, agents = _played_into(3, seed)
    assert game.winner is None and game.turn == 3
    game.turn_cap = game_at_time(game)  # time is called during turn 3
    assert game.turn_cap == 5
    turns = []
    run_to_end(game, agents, after_action=lambda g: turns.append(g.turn), recorded=False)
    assert max(turns) <= 5
    if game.winner == DRAW:
        assert game.turn == 5  # drawn at the end of the second additional turn


def test_ruling_c_7_5c_a_game_already_over_keeps_its_cap():
    game = new_game((CAT.deck(1), CAT.deck(2)), 1, catalogue=CAT)
    game.winner = 0
    assert game_at_time(game) == game.turn_cap


@pytest.mark.parametrize(("score", "winner"), [
    ((1, 0, 0), "A"), ((0, 1, 1), "B"), ((1, 1, 0), "draw"), ((0, 0, 1), "draw"),
    ((1, 0, 2), "A"),
])
def test_ruling_c_7_5c_a_swiss_match_at_time_ends_with_its_score(score, winner):
    result = match_at_time(SWISS, *score)
    assert result.score == score and result.winner == winner
    assert SWISS.allows(*result.score)


def test_ruling_c_7_5c_a_top_cut_match_level_at_time_is_the_organizers():
    level = match_at_time(TOP_CUT, 1, 1, 0)
    assert level.organizer_decides and level.winner is None
    ahead = match_at_time(TOP_CUT, 1, 0, 1)
    assert ahead.winner == "A" and TOP_CUT.allows(*ahead.score)


def test_ruling_c_7_5c_a_match_with_no_game_finished_at_time_is_one_drawn_game():
    assert match_at_time(SWISS, 0, 0, 0).score == (0, 0, 1)
    with pytest.raises(SetupError):
        match_at_time(SWISS, -1, 0, 0)
