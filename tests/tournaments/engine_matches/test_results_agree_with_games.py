"""Results agree with the games: while a match's games are being played online the engine
decides it, so a hand report is refused saying so; a report that contradicts the games the
engine verified cannot be filed; and once the engine has decided the match, a report it
overrode is not shown as the match's state (rule C-7.5b: the games decide the match)."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from core.errors import Conflict
from decks.services.decklists import decklist_create
from tests.factories import UserFactory
from tests.factories.tournaments import (
    EngineGameFactory,
    MatchRowFactory,
    OrganizedEventFactory,
    RoundRowFactory,
    SeatFactory,
)
from tournaments.models import EventStatus, MatchStatus, ResultChange, RoundStatus
from tournaments.services.online_games import match_online_game_start
from tournaments.services.results import result_record_engine, result_report, result_set

pytestmark = pytest.mark.django_db


def online_match(*, match_length=3):
    """A running preconstructed event whose round 1 is one match between two people."""
    event = OrganizedEventFactory(format="preconstructed", match_length=match_length,
                                  status=EventStatus.RUNNING, rounds=3)
    sides = []
    for name, deck in (("ann", 1), ("ben", 2)):
        user = UserFactory(username=name)
        version = decklist_create(user=user, name="Precon", kind="preconstructed",
                                  preconstructed_deck=deck, now=timezone.now()).versions.get()
        sides.append(SeatFactory(event=event, player=user, decklist_version=version))
    rnd = RoundRowFactory(event=event, number=1, status=RoundStatus.PLAYING, seed=1,
                          paired_at=timezone.now())
    return MatchRowFactory(round=rnd, table=1, player_a=sides[0], player_b=sides[1])


def report(match, side, a, b, d=0):
    player = getattr(match, f"player_{side}").player
    return result_report(match_id=match.pk, by=player, a_wins=a, b_wins=b, draws=d,
                         now=timezone.now())


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_hand_report_was_accepted_while_the_engine_plays_the_match_online():
    match = online_match()
    match_online_game_start(match_id=match.pk, user=match.player_a.player, now=timezone.now())
    with pytest.raises(Conflict) as refused:
        report(match, "a", 2, 0)
    assert refused.value.code == "engine_decides"
    assert refused.value.message.startswith("Game 1 of this match is being played online")
    assert "the engine will decide the match" in refused.value.message
    match.refresh_from_db()
    assert match.report_a is None and match.status == MatchStatus.PENDING
    assert not ResultChange.objects.filter(match=match).exists()


def test_the_match_page_and_the_api_offered_a_report_while_the_engine_plays_online():
    match = online_match()
    player = match.player_a.player
    match_online_game_start(match_id=match.pk, user=player, now=timezone.now())
    event = match.round.event
    client = as_user(player)
    page = client.get(reverse("tournaments:match", args=[event.pk, match.pk])).content.decode()
    assert "Send my report" not in page
    assert "The engine will decide this match: game 1 is being played online" in page
    posted = client.post(reverse("tournaments:match_report", args=[event.pk, match.pk]),
                         {"report-a_wins": 2, "report-b_wins": 0, "report-draws": 0})
    assert posted.status_code == 409
    assert "Your report was not sent. Game 1 of this match is being played online: the engine " \
        "will decide the match" in posted.content.decode()
    api = client.post(f"/api/matches/{match.pk}/report/", {"a_wins": 2, "b_wins": 0},
                      content_type="application/json")
    assert api.status_code == 409 and api.json()["error"]["code"] == "engine_decides"
    assert "the engine will decide the match" in api.json()["error"]["message"]


def test_the_dashboard_showed_a_report_as_the_state_of_a_match_the_engine_plays_online():
    match = online_match()
    report(match, "b", 2, 0)  # before the games went online
    match_online_game_start(match_id=match.pk, user=match.player_a.player, now=timezone.now())
    event = match.round.event
    page = as_user(event.organizers.first()).get(
        reverse("tournaments:dashboard", args=[event.pk])).content.decode()
    assert "being played online: the engine will decide the match" in page
    assert "one report" not in page


def test_a_report_contradicting_the_engine_verified_games_was_filed():
    match = online_match()
    EngineGameFactory(match=match, number=1, winner="A")
    with pytest.raises(Conflict) as refused:
        report(match, "b", 0, 2)  # B says they won both: the engine saw A win game 1
    assert refused.value.code == "contradicts_engine"
    assert refused.value.message.startswith("The engine verified 1 game of this match (1-0)")
    # A report that includes the verified game is a result of the games at the table.
    assert report(match, "a", 2, 1).status == MatchStatus.REPORTED


def test_a_report_of_another_score_than_the_games_that_decided_the_match_was_filed():
    match = online_match()
    EngineGameFactory(match=match, number=1, winner="B")
    EngineGameFactory(match=match, number=2, winner="B")
    with pytest.raises(Conflict) as refused:
        report(match, "a", 1, 2)
    assert refused.value.code == "contradicts_engine"
    assert "verified 2 games of this match (0-2)" in refused.value.message
    assert "contradicts them" in refused.value.message
    assert report(match, "a", 0, 2).status == MatchStatus.REPORTED
    # The organizer still settles any result.
    settled = result_set(match_id=match.pk, by=match.round.event.organizers.first(),
                         a_wins=2, b_wins=1, now=timezone.now(), note="judge call")
    assert settled.status == MatchStatus.CONFIRMED


def test_a_stale_report_was_shown_as_the_state_of_a_match_the_engine_decided():
    match = online_match(match_length=1)
    report(match, "a", 1, 0)  # A's report, then the engine's game says B won
    result_record_engine(match_id=match.pk, a_wins=0, b_wins=1, now=timezone.now())
    event = match.round.event
    page = html.unescape(as_user(match.player_b.player).get(
        reverse("tournaments:match", args=[event.pk, match.pk])).content.decode())
    assert "Confirmed (by the engine)" in page
    assert "none needed: the engine played or replayed the games" in page
    assert "ann reported" not in page
    assert "ann's report 1-0 was set aside: the engine decided the match" in page
