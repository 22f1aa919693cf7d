"""Rule C-7.5b: when a match ends and which scores it may have (engine.clash.match_rules), and
that the engine's match loop (`play_match`) ends matches by that rule."""

from itertools import product
from types import SimpleNamespace

import pytest

from engine.clash import match as match_module
from engine.clash.errors import SetupError
from engine.clash.match import play_match
from engine.clash.match_rules import OUTCOMES, MatchFormat
from engine.seats import winner_of_result


def scripted(monkeypatch, outcomes):
    """`play_match` with its games decided by `outcomes` in order; returns the games played."""
    played = []

    def play_game(decks, seed, agents, *, catalogue=None):  # noqa: ANN001, ANN202
        outcome = outcomes[len(played)]
        played.append(outcome)
        return SimpleNamespace(winner=winner_of_result(outcome)), SimpleNamespace(outcome=outcome)

    monkeypatch.setattr(match_module, "play_game", play_game)
    return played


def loop_scores(fmt):
    """Every score the match loop can end with, over every sequence of game outcomes."""
    scores = set()
    for games in product(OUTCOMES, repeat=fmt.max_games):
        scores.add(fmt.play_out(iter(games)))
    return scores


def test_drawn_games_do_not_count_toward_a_best_of_three(monkeypatch):
    played = scripted(monkeypatch, ["A", "draw", "draw", "A"])
    result = play_match(([], []), 1, ("random", "random"))
    assert (result.a_wins, result.b_wins, result.draws) == (2, 0, 2)
    assert played == ["A", "draw", "draw", "A"] and len(result.games) == 4


def test_a_best_of_one_plays_on_after_a_drawn_game(monkeypatch):
    scripted(monkeypatch, ["draw", "B"])
    result = play_match(([], []), 1, ("random", "random"), best_of=1)
    assert (result.a_wins, result.b_wins, result.draws) == (0, 1, 1)


def test_the_match_loop_stops_at_the_cap_on_games(monkeypatch):
    played = scripted(monkeypatch, ["draw"] * 10)
    result = play_match(([], []), 1, ("random", "random"))
    assert (result.a_wins, result.b_wins, result.draws) == (0, 0, 5)
    assert len(played) == MatchFormat(best_of=3).max_games == 5


def test_the_match_loop_never_ends_a_match_at_1_1_1(monkeypatch):
    # Rule C-7.5b: a top-cut match plays on until a player has more game wins.
    played = scripted(monkeypatch, ["A", "B", "draw", "B"])
    result = play_match(([], []), 1, ("random", "random"))
    assert (result.a_wins, result.b_wins, result.draws) == (1, 2, 1) and len(played) == 4
    assert (1, 1, 1) not in loop_scores(MatchFormat(best_of=3, top_cut=True))


def test_the_loop_plays_no_game_after_the_match_is_won(monkeypatch):
    played = scripted(monkeypatch, ["B", "B", "A"])
    result = play_match(([], []), 1, ("random", "random"))
    assert (result.a_wins, result.b_wins, result.draws) == (0, 2, 0) and played == ["B", "B"]


@pytest.mark.parametrize("best_of", [1, 3, 5])
def test_every_score_the_loop_ends_a_swiss_match_with_is_a_legal_score(best_of):
    fmt = MatchFormat(best_of=best_of)
    for score in loop_scores(fmt):
        assert fmt.problems(*score) == [], score


@pytest.mark.parametrize("best_of", [1, 3, 5])
def test_in_the_top_cut_only_a_match_level_at_the_cap_is_left_to_the_organizer(best_of):
    fmt = MatchFormat(best_of=best_of, top_cut=True)
    for score in loop_scores(fmt):
        a, b, d = score
        if a == b:
            assert a + b + d == fmt.max_games, score
            assert "a top-cut match needs a winner" in fmt.problems(*score)[0]
        else:
            assert fmt.problems(*score) == [], score


@pytest.mark.parametrize("score", [(1, 0, 0), (1, 1, 0), (0, 0, 1), (1, 0, 2), (1, 1, 1)])
def test_a_swiss_best_of_three_may_end_at_time_with_fewer_games(score):
    assert MatchFormat(best_of=3).problems(*score) == []


@pytest.mark.parametrize("score", [(1, 1, 1), (1, 1, 0), (0, 0, 1), (1, 1, 3)])
def test_a_tied_top_cut_score_is_refused(score):
    [problem] = MatchFormat(best_of=3, top_cut=True).problems(*score)
    assert problem.startswith("a top-cut match needs a winner")


@pytest.mark.parametrize(("score", "words"), [
    ((3, 0, 0), "ends when a player has won 2 games: nobody wins more"),
    ((2, 2, 0), "only one player can have 2"),
    ((2, 1, 3), "at most 5 games, drawn games included"),
    ((0, 0, 0), "at least one game"),
    ((True, 0, 0), "a_wins must be a whole number"),
])
def test_scores_no_match_can_end_with_name_the_rule(score, words):
    assert any(words in p for p in MatchFormat(best_of=3).problems(*score))


def test_a_match_is_best_of_an_odd_number():
    with pytest.raises(SetupError):
        MatchFormat(best_of=2)
    with pytest.raises(SetupError):
        play_match(([], []), 1, ("random", "random"), best_of=4)
