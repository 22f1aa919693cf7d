"""Uploaded game records of reported games: checked at upload, replayed by a worker (the task
body called directly here; tests/integration/test_verification_workers.py runs a real one)."""

from __future__ import annotations

import json

import pytest
from django.utils import timezone

from core.errors import Conflict, DomainError, Forbidden
from engine.clash.cards import load_catalogue
from engine.clash.match import play_match
from tests.factories import UserFactory
from tests.factories.tournaments import (
    AISeatFactory,
    MatchRowFactory,
    OrganizedEventFactory,
    RoundRowFactory,
    SeatFactory,
)
from tournaments.models import (
    EngineGame,
    EventStatus,
    GameMode,
    MatchStatus,
    ResultAction,
    ResultChange,
    RoundStatus,
    UploadStatus,
)
from tournaments.selectors.registrations import deck_for
from tournaments.services.results import result_report
from tournaments.services.verification import game_record_upload, game_record_verify
from tournaments.tasks import game_record_verify_task

pytestmark = pytest.mark.django_db


def player_against_ai(*, match_length: int = 3, seed: int = 7):
    """A running event: a player (preconstructed deck 1, no registered list) against an AI
    seat, and the games they played, as the engine records them."""
    event = OrganizedEventFactory(match_length=match_length, status=EventStatus.RUNNING,
                                  rounds=3)
    seat = SeatFactory(event=event)
    ai = AISeatFactory(event=event, ai_name="AI 1")
    rnd = RoundRowFactory(event=event, number=1, status=RoundStatus.PLAYING, seed=1,
                          paired_at=timezone.now())
    match = MatchRowFactory(round=rnd, table=1, player_a=seat, player_b=ai,
                            is_ai_match=True)
    decks = (load_catalogue().deck(1), deck_for(ai, event))
    played = play_match(decks, seed, ("greedy", "greedy"), best_of=match_length)
    return match, seat.player, played


def report(match, player, played):
    return result_report(match_id=match.pk, by=player, a_wins=played.a_wins,
                         b_wins=played.b_wins, draws=played.draws, now=timezone.now())


def fresh(record) -> dict:
    """A record's JSON of its own (to_json shares the record's lists)."""
    return json.loads(record.dumps())


def upload(match, player, record, number=None):
    text = record if isinstance(record, str) else json.dumps(record)
    return game_record_upload(match_id=match.pk, by=player, text=text, number=number,
                              now=timezone.now())


def test_records_that_replay_confirm_the_players_report_through_the_engine(
        django_capture_on_commit_callbacks):
    match, player, played = player_against_ai()
    report(match, player, played)
    for record in played.games:
        with django_capture_on_commit_callbacks() as callbacks:
            game = upload(match, player, record.to_json())
        assert len(callbacks) == 1  # the replay is queued once the upload commits
        assert game.mode == GameMode.REPORTED and not game.verified
        assert game_record_verify_task(game.pk) is True
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED and match.engine_verified
    assert (match.a_wins, match.b_wins, match.draws) == (played.a_wins, played.b_wins,
                                                          played.draws)
    assert all(g.verified and g.upload.status == UploadStatus.VERIFIED
               for g in EngineGame.objects.filter(match=match))
    assert ResultChange.objects.filter(match=match, action=ResultAction.ENGINE).count() == 1


def test_a_tampered_hash_disputes_the_match_naming_the_first_divergent_turn():
    match, player, played = player_against_ai()
    report(match, player, played)
    record = fresh(played.games[0])
    record["hashes"][2] = "00000000"
    game = upload(match, player, record)
    assert game_record_verify(game_id=game.pk, now=timezone.now()) is True
    match.refresh_from_db()
    game.refresh_from_db()
    assert match.status == MatchStatus.DISPUTED and not match.engine_verified
    assert game.divergent_turn == 3 and not game.verified
    assert game.upload.status == UploadStatus.DIVERGENT
    change = ResultChange.objects.filter(match=match).last()
    assert change.action == ResultAction.ENGINE
    assert "turn 3" in change.note and "game 1" in change.note


def test_a_divergent_record_may_be_replaced_and_then_verifies():
    match, player, played = player_against_ai()
    report(match, player, played)
    record = fresh(played.games[0])
    record["hashes"][0] = "00000000"
    game = upload(match, player, record)
    game_record_verify(game_id=game.pk, now=timezone.now())
    again = upload(match, player, played.games[0].to_json(), number=1)
    assert again.pk == game.pk and again.upload.status == UploadStatus.PENDING
    assert game_record_verify(game_id=game.pk, now=timezone.now()) is True
    game.refresh_from_db()
    assert game.verified and game.divergent_turn is None


def test_a_record_that_replays_but_contradicts_the_report_disputes_the_match():
    match, player, played = player_against_ai(match_length=1)
    [record] = played.games
    flipped = {"A": (0, 1, 0), "B": (1, 0, 0), "draw": (1, 0, 0)}[record.result]
    result_report(match_id=match.pk, by=player, a_wins=flipped[0], b_wins=flipped[1],
                  draws=flipped[2], now=timezone.now())
    game = upload(match, player, record.to_json())
    game_record_verify(game_id=game.pk, now=timezone.now())
    match.refresh_from_db()
    assert match.status == MatchStatus.DISPUTED
    assert "no report allows" in ResultChange.objects.filter(match=match).last().note


def test_checking_a_record_twice_changes_nothing():
    match, player, played = player_against_ai()
    report(match, player, played)
    game = upload(match, player, played.games[0].to_json())
    assert game_record_verify_task(game.pk) is True
    changes = ResultChange.objects.count()
    state = list(EngineGame.objects.values_list("id", "verified", "record"))
    for _ in range(3):
        assert game_record_verify_task(game.pk) is False
    assert ResultChange.objects.count() == changes
    assert list(EngineGame.objects.values_list("id", "verified", "record")) == state


def test_a_pending_or_verified_record_is_not_replaced():
    match, player, played = player_against_ai()
    report(match, player, played)
    upload(match, player, played.games[0].to_json())
    with pytest.raises(Conflict, match="waiting for a worker"):
        upload(match, player, played.games[0].to_json(), number=1)


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: "{not json", "must be JSON"),
    (lambda r: "[1, 2]", "must be a JSON object"),
    (lambda r: {**r, "v": 9}, "unsupported record version"),
    (lambda r: {k: v for k, v in r.items() if k != "seed"}, "needs the field"),
    (lambda r: {**r, "catalogue": "other-set@123"}, "made with catalogue"),
    (lambda r: {**r, "result": None}, "no result"),
    (lambda r: {**r, "hashes": r["hashes"][:-1]}, "turns but"),
    (lambda r: {**r, "decks": {"A": r["decks"]["A"], "B": load_catalogue().deck(
        4 if r["decks"]["B"] != load_catalogue().deck(4) else 3)}}, "not the list AI 1"),
])
def test_bad_uploads_are_refused_with_the_reason(change, message):
    match, player, played = player_against_ai()
    report(match, player, played)
    with pytest.raises(DomainError, match=message):
        upload(match, player, change(fresh(played.games[0])))
    assert not EngineGame.objects.filter(match=match).exists()


def test_only_the_players_and_organizers_upload_and_only_for_reported_results():
    match, player, played = player_against_ai()
    record = played.games[0].to_json()
    with pytest.raises(Conflict, match="not reported yet"):
        upload(match, player, record)
    report(match, player, played)
    with pytest.raises(DomainError, match="only the players") as refused:
        upload(match, UserFactory(), record)
    assert isinstance(refused.value, Forbidden)
    organizer = match.round.event.organizers.first()
    assert upload(match, organizer, record).number == 1
    # Drawn games do not count toward the length: a best of 3 may play up to 5 (rule C-7.5b).
    with pytest.raises(DomainError, match="games 1 to 5, drawn games included"):
        upload(match, player, played.games[-1].to_json(), number=6)
