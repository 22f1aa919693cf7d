"""The tournaments API's standings and CSV downloads: public standings with the record and
tiebreakers, the standings and a round's pairings as CSV, and a missing round's 404."""

from __future__ import annotations

import csv
import io

import pytest

from tests.tournaments.api.conftest import event_of, running
from tests.tournaments.event_steps import pair, seats, settle, start
from tests.web import client_for, error_of

pytestmark = pytest.mark.django_db


def test_standings_are_public_with_record_and_tiebreakers(django_assert_max_num_queries):
    event = event_of(rounds=2)
    seats(event, "alice bob carol dave erin")
    start(event)
    for _ in range(2):
        settle(pair(event))
    with django_assert_max_num_queries(4):
        rows = client_for().get(f"/api/events/{event.pk}/standings/").json()
    assert len(rows) == 5
    assert set(rows[0]) == {"rank", "registration", "name", "match_points", "wins", "losses",
                            "draws", "omw", "gw", "ogw", "dropped", "is_ai", "cut", "place"}
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    for row in rows:
        assert row["match_points"] == 3 * row["wins"] + row["draws"]
        assert row["wins"] + row["losses"] + row["draws"] == 2
        assert 0 <= row["omw"] <= 1 and 0 <= row["gw"] <= 1 and 0 <= row["ogw"] <= 1
    assert sum(r["wins"] for r in rows) == sum(r["losses"] for r in rows) + 2  # two byes


def test_the_standings_download_as_csv():
    event = event_of(rounds=1)
    seats(event, "alice bob carol")
    start(event)
    settle(pair(event))
    response = client_for().get(f"/api/events/{event.pk}/standings/csv/")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="event-{event.pk}-standings.csv"')
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    api = client_for().get(f"/api/events/{event.pk}/standings/").json()
    assert [r["name"] for r in rows] == [r["name"] for r in api]
    assert list(rows[0]) == ["rank", "name", "match_points", "wins", "losses", "draws", "omw",
                             "gw", "ogw", "dropped", "ai", "cut", "place"]
    assert rows[0]["match_points"] == "3" and rows[0]["dropped"] == "0"
    assert float(rows[0]["gw"]) == pytest.approx(api[0]["gw"] * 100, abs=0.01)


def test_a_rounds_pairings_download_as_csv_with_the_bye_last():
    event, rnd = running("alice bob carol")
    settle(rnd)
    response = client_for().get(f"/api/events/{event.pk}/rounds/1/pairings/csv/")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    lines = response.content.decode().splitlines()
    assert lines[0] == "table,player_a,player_b,status,a_wins,b_wins,draws"
    assert lines[1].startswith("1,") and lines[1].endswith(",confirmed,2,0,0")
    assert lines[2].startswith("bye,") and lines[2].endswith(",,confirmed,2,0,0")
    assert len(lines) == 3


def test_a_csv_of_a_missing_round_is_a_404_in_the_clients_format():
    event, _ = running()
    response = client_for().get(f"/api/events/{event.pk}/rounds/7/pairings/csv/")
    assert response.status_code == 404
    assert error_of(response)["code"] == "not_found"
    only_csv = client_for().get(f"/api/events/{event.pk}/rounds/7/pairings/csv/",
                                HTTP_ACCEPT="text/csv")
    assert only_csv.status_code == 404
    assert only_csv.content.decode() == f"not_found: {event} has no round 7\n"
