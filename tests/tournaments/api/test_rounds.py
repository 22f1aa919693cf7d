"""The tournaments API's rounds: pairing the round the organizer sees (once), refusals while
results are open, the rounds with their pairings and explanations, and the top cut."""

from __future__ import annotations

import pytest

from tests.tournaments.api.conftest import event_of, running
from tests.tournaments.event_steps import match_of, organizer_of, pair, seats, settle, start
from tests.web import client_for, error_of
from tournaments.models import Event, EventStatus, Match, Round

pytestmark = pytest.mark.django_db


def test_the_organizer_pairs_the_round_they_see_and_a_repeat_returns_it():
    event = event_of(rounds=3)
    seats(event, "alice bob carol dave erin")
    start(event)
    organizer = client_for(organizer_of(event))
    url = f"/api/events/{event.pk}/rounds/"
    first = organizer.post(url, {"number": 1}, format="json")
    assert first.status_code == 201, first.content
    body = first.json()
    assert body["number"] == 1 and body["label"] == "Round 1" and body["stage"] == "swiss"
    assert [m["table"] for m in body["matches"]] == [1, 2, None]  # the bye last
    bye = body["matches"][-1]
    assert bye["player_b"] is None and bye["result"] == {"a_wins": 2, "b_wins": 0, "draws": 0}
    assert body["explanation"] and all("R" not in line.split()[0] for line in
                                       body["explanation"])
    again = organizer.post(url, {"number": 1}, format="json")
    assert again.status_code == 200 and again.json() == body
    assert Round.objects.filter(event=event).count() == 1
    assert Match.objects.filter(round__event=event).count() == 3


def test_pairing_while_results_are_open_is_a_409_listing_the_open_tables():
    event, rnd = running()
    first = match_of(rnd, "alice")
    client_for(first.player_a.player).post(f"/api/matches/{first.pk}/report/",
                                           {"a_wins": 2, "b_wins": 0}, format="json")
    response = client_for(organizer_of(event)).post(f"/api/events/{event.pk}/rounds/",
                                                    {"number": 2}, format="json")
    assert response.status_code == 409
    error = error_of(response)
    assert error["code"] == "results_open"
    assert error["problems"] == ["table 1: reported", "table 2: pending"] or (
        error["problems"] == ["table 1: pending", "table 2: reported"])
    assert "table 1" in error["message"] and "table 2" in error["message"]
    assert Round.objects.filter(event=event).count() == 1


@pytest.mark.parametrize(("body", "problem"), [
    ({}, "number: This field is required."),
    ({"number": "next"}, "number: A valid integer is required."),
    ({"number": 0}, "number: Ensure this value is greater than or equal to 1."),
])
def test_pairing_needs_the_round_number(body, problem):
    event = event_of()
    seats(event, "alice bob")
    start(event)
    response = client_for(organizer_of(event)).post(f"/api/events/{event.pk}/rounds/", body,
                                                    format="json")
    assert response.status_code == 400
    assert error_of(response)["problems"] == [problem]
    assert not Round.objects.exists()


def test_a_number_past_the_next_round_is_a_409():
    event = event_of()
    seats(event, "alice bob")
    start(event)
    response = client_for(organizer_of(event)).post(f"/api/events/{event.pk}/rounds/",
                                                    {"number": 3}, format="json")
    assert response.status_code == 409 and error_of(response)["code"] == "wrong_round"


def test_rounds_are_listed_with_pairings_by_table_in_a_fixed_number_of_queries(
        django_assert_max_num_queries):
    event = event_of(rounds=3)
    seats(event, " ".join(f"p{i:02}" for i in range(11)))
    start(event)
    for _ in range(3):
        settle(pair(event))
    with django_assert_max_num_queries(3):
        body = client_for().get(f"/api/events/{event.pk}/rounds/").json()
    assert [r["number"] for r in body] == [1, 2, 3]
    for rnd in body:
        assert [m["table"] for m in rnd["matches"]] == [1, 2, 3, 4, 5, None]
        assert all(m["status"] == "confirmed" for m in rnd["matches"])
        assert "explanation" not in rnd


def test_a_round_shows_its_explanation_with_player_names():
    event, rnd = running("alice bob carol")
    body = client_for().get(f"/api/events/{event.pk}/rounds/1/").json()
    text = " ".join(body["explanation"])
    assert "alice" in text or "bob" in text or "carol" in text
    assert client_for().get(f"/api/events/{event.pk}/rounds/2/").status_code == 404


def test_the_top_cut_starts_from_the_standings_and_advances_to_the_final():
    event = event_of(rounds=2, top_cut=4)
    seats(event, "p1 p2 p3 p4 p5 p6")
    start(event)
    for _ in range(2):
        settle(pair(event))
    organizer = client_for(organizer_of(event))
    semis = organizer.post(f"/api/events/{event.pk}/top-cut/")
    assert semis.status_code == 201, semis.content
    assert semis.json()["label"] == "Semifinals" and semis.json()["stage"] == "top_cut"
    assert organizer.post(f"/api/events/{event.pk}/top-cut/").status_code == 200
    early = organizer.post(f"/api/events/{event.pk}/top-cut/advance/", {"number": 4},
                           format="json")
    assert early.status_code == 409 and error_of(early)["code"] == "results_open"
    settle(Round.objects.get(event=event, number=3))
    final = organizer.post(f"/api/events/{event.pk}/top-cut/advance/", {"number": 4},
                           format="json")
    assert final.status_code == 201 and final.json()["label"] == "Final"
    repeat = organizer.post(f"/api/events/{event.pk}/top-cut/advance/", {"number": 4},
                            format="json")
    assert repeat.status_code == 200 and repeat.json() == final.json()
    assert Event.objects.get(pk=event.pk).status == EventStatus.TOP_CUT
