"""The one definition of a legal score (rule C-7.5b, engine.clash.match_rules) against its
users: every score the engine's match loop can end a match with is accepted by the services'
check, and the result forms and the API accept exactly the scores the rules allow."""

from __future__ import annotations

from itertools import product

import pytest

from engine.clash.match_rules import OUTCOMES, MatchFormat
from tournaments.api.serializers import MAX_GAMES, ResultIn
from tournaments.forms.matches import ResultForm
from tournaments.models import MatchLength
from tournaments.rules import ResultRefused, result_problems, score_check

FORMATS = [MatchFormat(best_of=n, top_cut=top_cut) for n in MatchLength.values
           for top_cut in (False, True)]


def loop_scores(fmt: MatchFormat) -> set[tuple[int, int, int]]:
    return {fmt.play_out(iter(games)) for games in product(OUTCOMES, repeat=fmt.max_games)}


def all_counts():
    return product(range(MAX_GAMES + 2), repeat=3)


def form_accepts(fmt: MatchFormat, score) -> bool:
    data = {"a_wins": score[0], "b_wins": score[1], "draws": score[2]}
    return ResultForm(data, a="alice", b="bob", fmt=fmt).is_valid()


def api_accepts(fmt: MatchFormat, score) -> bool:
    data = {"a_wins": score[0], "b_wins": score[1], "draws": score[2]}
    try:
        return ResultIn(data=data, context={"format": fmt}).is_valid()
    except ResultRefused:
        return False


@pytest.mark.parametrize("fmt", FORMATS, ids=str)
def test_every_score_the_engine_can_end_a_match_with_is_accepted_by_the_result_check(fmt):
    for a, b, d in loop_scores(fmt):
        problems = result_problems(match_length=fmt.best_of, top_cut=fmt.top_cut, a_wins=a,
                                   b_wins=b, draws=d)
        if fmt.top_cut and a == b:
            # Level at the cap: the engine cannot decide it, the organizer sets it by hand.
            assert a + b + d == fmt.max_games and problems
        else:
            assert problems == [], (a, b, d)
            assert score_check(fmt, a_wins=a, b_wins=b, draws=d) == {
                "a_wins": a, "b_wins": b, "draws": d}


@pytest.mark.parametrize("fmt", FORMATS, ids=str)
def test_the_result_form_accepts_exactly_the_scores_the_rules_allow(fmt):
    for score in all_counts():
        assert form_accepts(fmt, score) == fmt.allows(*score), score


@pytest.mark.parametrize("fmt", FORMATS, ids=str)
def test_the_api_accepts_exactly_the_scores_the_rules_allow(fmt):
    for score in all_counts():
        assert api_accepts(fmt, score) == fmt.allows(*score), score


def test_the_api_refuses_with_the_services_error_and_every_reason():
    with pytest.raises(ResultRefused) as refused:
        ResultIn(data={"a_wins": 1, "b_wins": 1, "draws": 1},
                 context={"format": MatchFormat(best_of=3, top_cut=True)}).is_valid()
    assert refused.value.code == "invalid_result"
    assert refused.value.problems[0].startswith("a top-cut match needs a winner")


def test_the_forms_and_the_api_offer_every_count_a_legal_score_can_have():
    most = max(f.max_games for f in FORMATS)
    assert most == MAX_GAMES
    fields = ResultForm(a="alice", b="bob").fields
    assert [v for v, _ in fields["draws"].choices] == list(range(most + 1))
