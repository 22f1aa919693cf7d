"""The tournaments API's results: reports that agree confirm a match, ones that differ dispute
it for the organizer to settle, bad reports change nothing, and who reads a match's history."""

from __future__ import annotations

import pytest

from tests.factories import UserFactory
from tests.tournaments.api.conftest import event_of, running
from tests.tournaments.event_steps import match_of, organizer_of
from tests.web import client_for, error_of
from tournaments.models import Match, MatchStatus

pytestmark = pytest.mark.django_db


def report(match, user, a_wins, b_wins, draws=0):
    return client_for(user).post(f"/api/matches/{match.pk}/report/",
                                 {"a_wins": a_wins, "b_wins": b_wins, "draws": draws},
                                 format="json")


def test_two_matching_reports_confirm_the_match():
    event, rnd = running()
    match = match_of(rnd, "alice")
    first = report(match, match.player_a.player, 2, 1)
    assert first.status_code == 200 and first.json()["status"] == "reported"
    assert first.json()["result"] is None
    second = report(match, match.player_b.player, 2, 1)
    assert second.status_code == 200
    assert second.json()["status"] == "confirmed"
    assert second.json()["result"] == {"a_wins": 2, "b_wins": 1, "draws": 0}
    assert second.json()["event"] == event.pk and second.json()["round"] == 1


def test_different_reports_dispute_the_match_and_the_organizer_settles_it_with_a_note():
    event, rnd = running()
    match = match_of(rnd, "alice")
    report(match, match.player_a.player, 2, 0)
    disputed = report(match, match.player_b.player, 0, 2)
    assert disputed.json()["status"] == "disputed"
    settled = client_for(organizer_of(event)).put(
        f"/api/matches/{match.pk}/result/", {"a_wins": 2, "b_wins": 1, "note": "judge call"},
        format="json")
    assert settled.status_code == 200 and settled.json()["status"] == "confirmed"
    history = client_for(match.player_a.player).get(f"/api/matches/{match.pk}/history/")
    assert history.status_code == 200
    changes = history.json()
    assert [c["action"] for c in changes] == ["report", "report", "organizer"]
    assert [c["by"] for c in changes] == [match.player_a.name, match.player_b.name,
                                          organizer_of(event).username]
    assert changes[-1]["note"] == "judge call"
    assert changes[-1]["before"]["status"] == "disputed"
    assert changes[-1]["after"] == {**changes[-1]["after"], "status": "confirmed",
                                    "a_wins": 2, "b_wins": 1, "draws": 0}


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"a_wins": 2}, 400, "invalid"),
    ({"a_wins": "two", "b_wins": 0}, 400, "invalid"),
    ({"a_wins": -1, "b_wins": 0}, 400, "invalid"),
    ({"a_wins": 6, "b_wins": 0}, 400, "invalid"),  # more than any match's cap on games
    ({"a_wins": 3, "b_wins": 0}, 400, "invalid_result"),
    ({"a_wins": 2, "b_wins": 2}, 400, "invalid_result"),
    ({"a_wins": 2, "b_wins": 1, "draws": 3}, 400, "invalid_result"),
])
def test_a_bad_report_is_refused_and_changes_nothing(body, status, code):
    _, rnd = running()
    match = match_of(rnd, "alice")
    response = client_for(match.player_a.player).post(f"/api/matches/{match.pk}/report/", body,
                                                      format="json")
    assert response.status_code == status
    assert error_of(response)["code"] == code
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING and match.report_a is None
    assert not match.changes.exists()


def test_a_note_longer_than_200_characters_is_a_400_naming_it():
    event, rnd = running()
    match = match_of(rnd, "alice")
    response = client_for(organizer_of(event)).put(
        f"/api/matches/{match.pk}/result/", {"a_wins": 2, "b_wins": 0, "note": "x" * 201},
        format="json")
    assert response.status_code == 400
    assert error_of(response)["message"] == "invalid input in note"


def test_a_match_is_public_and_a_missing_one_is_a_404():
    _, rnd = running()
    match = match_of(rnd, "alice")
    body = client_for().get(f"/api/matches/{match.pk}/").json()
    assert body["id"] == match.pk and body["table"] == match.table
    assert client_for().get("/api/matches/99999/").status_code == 404
    assert report(Match(pk=99999), UserFactory(), 2, 0).status_code == 404


def test_the_history_is_for_the_two_players_and_the_organizers_only(
        django_assert_max_num_queries):
    event, rnd = running()
    match = match_of(rnd, "alice")
    report(match, match.player_a.player, 2, 0)
    other = next(m for m in rnd.matches.all() if m.pk != match.pk)
    url = f"/api/matches/{match.pk}/history/"
    for user in (match.player_a.player, match.player_b.player, organizer_of(event)):
        client = client_for(user)
        with django_assert_max_num_queries(6):
            assert client.get(url).status_code == 200
    hidden = client_for(other.player_a.player).get(url)
    assert hidden.status_code == 404 and error_of(hidden)["code"] == "not_found"
    assert client_for(event_of().organizers.get()).get(url).status_code == 404
    assert client_for().get(url).status_code == 403
