"""Every path that records a result (a player's report, the organizer, a single engine job, a
batch of jobs, an online game) goes through one writer that checks one definition of a legal
score (rule C-7.5b). A result the engine produces is recorded; a result the writer refuses
fails its job at once, with the reason shown to the organizer, who sets the result by hand: a
round never waits on a job that cannot succeed."""

from __future__ import annotations

import logging
import sys
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from engine.clash.match import MatchResult
from play.models import OnlineGame
from tests.factories.tournaments import EngineGameFactory, MatchJobFactory
from tests.tournaments.engine_scene import ai_round
from tests.tournaments.event_steps import now, organizer_of, pair, seats, start
from tests.tournaments.match_games.test_online_matches import scene
from tests.tournaments.rounds.test_topcut import after_swiss, cut
from tournaments.models import (
    EngineGame,
    JobStatus,
    MatchJob,
    MatchStatus,
    ResultAction,
    ResultChange,
    RoundStatus,
)
from tournaments.selectors.online import match_online_summary
from tournaments.services import engine_jobs, match_batches, results
from tournaments.services.engine_jobs import jobs_for_round, jobs_sweep, match_job_run
from tournaments.services.match_batches import jobs_for_round_batched, match_jobs_run_batch
from tournaments.services.online_games import match_game_finished
from tournaments.services.results import result_report, result_set

pytestmark = pytest.mark.django_db


def engine_ends_matches(monkeypatch, module, *scores):
    """The engine's match loop, as `module` (engine_jobs or match_batches) calls it, ends its
    matches with `scores` in turn: what the round clock of issue 12 will produce (a Swiss
    match at time), or a top-cut match level at the cap on games."""
    left = list(scores)

    def play_match(decks, seed, levels, *, best_of=3, **kwargs):  # noqa: ANN001, ANN003, ANN202
        a, b, d = left.pop(0)
        return MatchResult(a_wins=a, b_wins=b, draws=d)

    monkeypatch.setattr(module, "play_match", play_match)


def score_of(match) -> tuple:
    match.refresh_from_db()
    return match.status, match.a_wins, match.b_wins, match.draws


def page(user, name, *args):
    client = APIClient()
    client.force_login(user)
    return client, client.get(reverse(f"tournaments:{name}", args=args))


# The engine's results are recorded ---------------------------------------------------------

def test_a_1_0_2_engine_result_in_a_swiss_best_of_3_is_recorded_by_the_single_job(monkeypatch):
    rnd = ai_round(tables=1)
    [job] = jobs_for_round(round_id=rnd.pk, now=timezone.now())
    engine_ends_matches(monkeypatch, engine_jobs, (1, 0, 2))
    assert match_job_run(job_id=job.pk, clock=timezone.now) is True
    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.error == ""
    assert score_of(job.match) == (MatchStatus.CONFIRMED, 1, 0, 2)
    assert job.match.engine_verified
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.COMPLETE


def test_a_1_0_2_engine_result_in_a_swiss_best_of_3_is_recorded_by_a_batch(monkeypatch):
    rnd = ai_round(tables=3)
    [ids] = jobs_for_round_batched(round_id=rnd.pk, now=timezone.now(), batch=10)
    engine_ends_matches(monkeypatch, match_batches, (1, 0, 2), (0, 1, 0), (1, 1, 1))
    assert match_jobs_run_batch(job_ids=ids, clock=timezone.now) == 3
    jobs = list(MatchJob.objects.filter(pk__in=ids).order_by("id"))
    assert [j.status for j in jobs] == [JobStatus.DONE] * 3
    assert [score_of(j.match)[1:] for j in jobs] == [(1, 0, 2), (0, 1, 0), (1, 1, 1)]
    assert ResultChange.objects.filter(action=ResultAction.ENGINE).count() == 3
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.COMPLETE


# A refused result fails its job at once, for the organizer ---------------------------------

def top_cut_job():
    """A top-cut match the engine plays (as the event simulation gives every match a job)."""
    event = after_swiss(8, top_cut=4)
    quarter = cut(event)
    match = quarter.matches.order_by("table").first()
    return event, quarter, match, MatchJobFactory(match=match)


def test_a_top_cut_match_level_at_the_cap_fails_its_job_at_once_for_the_organizer(
        monkeypatch):
    event, quarter, match, job = top_cut_job()
    engine_ends_matches(monkeypatch, engine_jobs, (1, 1, 3))
    assert match_job_run(job_id=job.pk, clock=timezone.now) is False
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED and job.attempts == 1 and job.finished_at
    assert job.error.startswith("the engine's result 1-1-3 was not recorded: a top-cut match "
                                "needs a winner")
    assert score_of(match)[0] == MatchStatus.PENDING
    assert not EngineGame.objects.filter(match=match).exists()
    assert not ResultChange.objects.filter(match=match).exists()
    # Not left running for the sweeper, not retried.
    assert jobs_sweep(now=timezone.now() + timedelta(hours=1)) == ([], [])
    assert match_job_run(job_id=job.pk, clock=timezone.now) is False
    # The organizer sees why on the dashboard and the match page, and sets the result.
    organizer = organizer_of(event)
    client, dashboard = page(organizer, "dashboard", event.pk)
    text = dashboard.content.decode()
    assert "Engine job failed" in text and "1-1-3 was not recorded" in text
    _, match_page = page(organizer, "match", event.pk, match.pk)
    assert "a top-cut match needs a winner" in match_page.content.decode()
    response = client.post(reverse("tournaments:match_set", args=[event.pk, match.pk]),
                           {"set-a_wins": 2, "set-b_wins": 1, "set-draws": 2})
    assert response.status_code == 302
    assert score_of(match) == (MatchStatus.CONFIRMED, 2, 1, 2)


def test_a_job_whose_match_the_organizer_confirmed_meanwhile_fails_at_once(monkeypatch):
    rnd = ai_round(tables=1)
    [job] = jobs_for_round(round_id=rnd.pk, now=timezone.now())
    result_set(match_id=job.match_id, by=organizer_of(rnd.event), a_wins=2, b_wins=0,
               now=now())
    engine_ends_matches(monkeypatch, engine_jobs, (0, 2, 0))
    assert match_job_run(job_id=job.pk, clock=timezone.now) is False
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert "confirmed as 2-0, the engine recorded 0-2" in job.error
    assert score_of(job.match) == (MatchStatus.CONFIRMED, 2, 0, 0)


def test_a_batch_fails_only_the_jobs_whose_results_are_refused(monkeypatch):
    rnd = ai_round(tables=3)
    [ids] = jobs_for_round_batched(round_id=rnd.pk, now=timezone.now(), batch=10)
    second = MatchJob.objects.get(pk=ids[1])
    result_set(match_id=second.match_id, by=organizer_of(rnd.event), a_wins=2, b_wins=0,
               now=now())
    engine_ends_matches(monkeypatch, match_batches, (2, 0, 0), (0, 2, 0), (2, 1, 0))
    assert match_jobs_run_batch(job_ids=ids, clock=timezone.now) == 2
    jobs = list(MatchJob.objects.filter(pk__in=ids).order_by("id"))
    assert [j.status for j in jobs] == [JobStatus.DONE, JobStatus.FAILED, JobStatus.DONE]
    assert "confirmed as 2-0, the engine recorded 0-2" in jobs[1].error
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.COMPLETE


# People enter what the rules allow -------------------------------------------------------

@pytest.fixture
def swiss_match():
    from tests.factories.tournaments import OrganizedEventFactory

    event = OrganizedEventFactory(rounds=3)
    seats(event, "alice bob carol dave")
    start(event)
    return pair(event).matches.exclude(player_b=None).order_by("table").first()


@pytest.mark.parametrize("score", [(1, 0, 2), (1, 0, 0), (1, 1, 0), (0, 0, 1)])
def test_the_organizer_enters_a_swiss_result_at_time_on_the_page_and_the_api(swiss_match,
                                                                            score):
    event = swiss_match.round.event
    client, _ = page(organizer_of(event), "match", event.pk, swiss_match.pk)
    response = client.post(reverse("tournaments:match_set", args=[event.pk, swiss_match.pk]),
                           {"set-a_wins": score[0], "set-b_wins": score[1],
                            "set-draws": score[2]})
    assert response.status_code == 302
    assert score_of(swiss_match) == (MatchStatus.CONFIRMED, *score)
    flipped = {"a_wins": score[1], "b_wins": score[0], "draws": score[2]}
    response = client.put(f"/api/matches/{swiss_match.pk}/result/", flipped, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["result"] == flipped


def test_players_agree_on_a_1_0_2_swiss_result(swiss_match):
    for side in ("a", "b"):
        player = getattr(swiss_match, f"player_{side}").player
        result_report(match_id=swiss_match.pk, by=player, a_wins=1, b_wins=0, draws=2,
                      now=now())
    assert score_of(swiss_match) == (MatchStatus.CONFIRMED, 1, 0, 2)


def test_a_top_cut_1_1_1_is_refused_by_the_page_and_the_api():
    event, quarter, match, _ = top_cut_job()
    client, _ = page(organizer_of(event), "match", event.pk, match.pk)
    response = client.post(reverse("tournaments:match_set", args=[event.pk, match.pk]),
                           {"set-a_wins": 1, "set-b_wins": 1, "set-draws": 1})
    assert response.status_code == 400
    assert "a top-cut match needs a winner" in response.content.decode()
    response = client.put(f"/api/matches/{match.pk}/result/",
                          {"a_wins": 1, "b_wins": 1, "draws": 1}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_result"
    assert score_of(match)[0] == MatchStatus.PENDING


# Online games ------------------------------------------------------------------------------

def finish_online(match, winners):
    """The match's online games ended with `winners`: the last one finishes now."""
    for number, winner in enumerate(winners[:-1], start=1):
        EngineGameFactory(match=match, number=number, winner=winner)
    last = OnlineGame(match=match, game_number=len(winners), seed=1, winner=winners[-1])
    match_game_finished(game=last, now=now())


def test_the_online_path_refuses_a_tied_top_cut_result_loudly(caplog):
    event, quarter, match, _ = top_cut_job()
    with caplog.at_level(logging.WARNING, logger="tournaments.services.online_games"):
        finish_online(match, ["A", "B", "draw", "draw", "draw"])
    assert score_of(match)[0] == MatchStatus.DISPUTED  # for the organizer, not dropped
    change = ResultChange.objects.filter(match=match).last()
    assert change.action == ResultAction.ENGINE
    assert change.note.startswith("the online games' result 1-1-3 was not recorded: a "
                                  "top-cut match needs a winner")
    assert "1-1-3 was not recorded" in caplog.text
    _, dashboard = page(organizer_of(event), "dashboard", event.pk)
    assert "1-1-3 was not recorded" in dashboard.content.decode()


def test_an_online_swiss_best_of_3_at_1_0_2_goes_on_to_game_4():
    match = scene(match_length=3)
    finish_online(match, ["A", "draw", "draw"])
    assert score_of(match)[0] == MatchStatus.PENDING
    summary = match_online_summary(match, match.round.event, match.player_a.player)
    assert not summary["tally"].decided and summary["next_number"] == 4
    fourth = OnlineGame(match=match, game_number=4, seed=1, winner="A")
    match_game_finished(game=fourth, now=now())
    assert score_of(match) == (MatchStatus.CONFIRMED, 2, 0, 2)


# One writer --------------------------------------------------------------------------------

@pytest.fixture
def writer_calls(monkeypatch):
    """The actions `results.results_write` is called with, wherever it was imported."""
    calls = []
    original = results.results_write

    def spy(writes, **kwargs):  # noqa: ANN001, ANN003, ANN202
        calls.extend(w.action for w in writes)
        return original(writes, **kwargs)

    for module in list(sys.modules.values()):
        if (getattr(module, "__name__", "").startswith("tournaments")
                and getattr(module, "results_write", None) is original):
            monkeypatch.setattr(module, "results_write", spy)
    return calls


def test_every_path_records_its_result_through_the_one_writer(writer_calls, monkeypatch,
                                                              swiss_match):
    changes = ResultChange.objects.count()
    for side in ("a", "b"):  # a report, then the confirming one
        player = getattr(swiss_match, f"player_{side}").player
        result_report(match_id=swiss_match.pk, by=player, a_wins=2, b_wins=1, now=now())
    result_set(match_id=swiss_match.pk, by=organizer_of(swiss_match.round.event), a_wins=1,
               b_wins=0, draws=2, now=now())
    assert writer_calls == [ResultAction.REPORT, ResultAction.REPORT, ResultAction.ORGANIZER]

    rnd = ai_round(tables=2)
    single, other = jobs_for_round(round_id=rnd.pk, now=timezone.now())
    engine_ends_matches(monkeypatch, engine_jobs, (2, 0, 1))
    match_job_run(job_id=single.pk, clock=timezone.now)
    engine_ends_matches(monkeypatch, match_batches, (0, 2, 0))
    match_jobs_run_batch(job_ids=[other.pk], clock=timezone.now)
    finish_online(scene(match_length=1), ["B"])
    assert writer_calls[3:] == [ResultAction.ENGINE] * 3
    # Every change of a result is one the writer made.
    assert ResultChange.objects.count() - changes == len(writer_calls)
