"""A whole event run through the API only, the way an organizer and nine players would: create
it, register with preconstructed decks, start, pair and report every Swiss round, a drop, a
disputed result, a top 4, the final, complete. And the double click on "pair"."""

from __future__ import annotations

import csv
import io

import pytest
from rest_framework.test import APIClient

from core.seeds import seed_commitment
from tests.factories import UserFactory
from tests.web import client_for
from tournaments.models import Event, EventStatus, Match, Registration, Round
from tournaments.selectors.standings import standings_for_event

pytestmark = pytest.mark.django_db

NAMES = [f"p{i:02}" for i in range(1, 10)]  # nine players: a bye while all play


def ok(response, status=200) -> dict | list:
    assert response.status_code == status, response.content
    return response.json()


class Table:
    """One player's view: log in, register, report."""

    def __init__(self, name: str) -> None:
        self.user = UserFactory(username=name)
        self.client = client_for(self.user)


def number_of(name: str) -> int:
    return int(name[1:])


def winner_side(match: dict) -> str:
    """The lower-numbered player always wins, so the standings are predictable."""
    a, b = match["player_a"]["name"], match["player_b"]["name"]
    return "a" if number_of(a) < number_of(b) else "b"


def score(match: dict) -> dict:
    """2-0 at odd tables, 2-1 at even ones, from A's side."""
    losers_games = 0 if match["table"] % 2 else 1
    if winner_side(match) == "a":
        return {"a_wins": 2, "b_wins": losers_games, "draws": 0}
    return {"a_wins": losers_games, "b_wins": 2, "draws": 0}


def report_round(players: dict, rnd: dict, dispute_table: int | None = None,
                 organizer: APIClient | None = None) -> None:
    for match in rnd["matches"]:
        if match["player_b"] is None:
            assert match["status"] == "confirmed"  # the bye
            continue
        a, b = players[match["player_a"]["name"]], players[match["player_b"]["name"]]
        url = f"/api/matches/{match['id']}/report/"
        result = score(match)
        assert ok(a.client.post(url, result, format="json"))["status"] == "reported"
        if match["table"] == dispute_table:
            wrong = {"a_wins": result["b_wins"], "b_wins": result["a_wins"], "draws": 0}
            assert ok(b.client.post(url, wrong, format="json"))["status"] == "disputed"
            settled = ok(organizer.put(f"/api/matches/{match['id']}/result/",
                                       {**result, "note": "both players agreed at the desk"},
                                       format="json"))
            assert settled["status"] == "confirmed"
        else:
            confirmed = ok(b.client.post(url, result, format="json"))
            assert confirmed["status"] == "confirmed" and confirmed["result"] == result


def test_an_event_runs_start_to_finish_through_the_api(monkeypatch):
    # The server draws the seed; the test fixes the draw so the run is the same every time.
    monkeypatch.setattr("tournaments.services.events.new_seed", lambda: 7)
    organizer_user = UserFactory(username="organizer")
    organizer = client_for(organizer_user)
    created = ok(organizer.post("/api/events/", {
        "name": "Spring Clash", "format": "preconstructed", "top_cut": 4},
        format="json"), 201)
    event_id = created["id"]
    players = {name: Table(name) for name in NAMES}
    for i, (_name, player) in enumerate(players.items()):
        seat = ok(player.client.post(f"/api/events/{event_id}/registrations/",
                                     {"preconstructed_deck": i % 4 + 1}, format="json"), 201)
        assert seat["decklist"]["preconstructed_deck"] == i % 4 + 1
    seats = ok(organizer.get(f"/api/events/{event_id}/registrations/"))
    assert [s["name"] for s in seats] == NAMES

    started = ok(organizer.post(f"/api/events/{event_id}/start/"))
    assert started["status"] == "running" and started["rounds"] == 4  # 9 players: 4 rounds

    for number in range(1, 5):
        if number == 3:
            # p09 drops after two rounds: from now on eight players, no bye.
            p09 = players["p09"]
            seat_id = ok(p09.client.get(f"/api/events/{event_id}/"))["you"]["registration"]
            dropped = ok(p09.client.post(
                f"/api/events/{event_id}/registrations/{seat_id}/drop/"))
            assert dropped["dropped"] is True
        rnd = ok(organizer.post(f"/api/events/{event_id}/rounds/", {"number": number},
                                format="json"), 201)
        assert rnd["label"] == f"Round {number}" and rnd["explanation"]
        byes = [m for m in rnd["matches"] if m["player_b"] is None]
        assert len(byes) == (1 if number < 3 else 0)
        assert all(m["player_a"]["name"] != "p09" and (m["player_b"] or {}).get("name")
                   != "p09" for m in rnd["matches"]) or number < 3
        report_round(players, rnd, dispute_table=1 if number == 2 else None,
                     organizer=organizer)

    listed = ok(organizer.get(f"/api/events/{event_id}/rounds/"))
    assert [r["status"] for r in listed] == ["complete"] * 4
    for rnd in listed:
        tables = [m["table"] for m in rnd["matches"]]
        assert tables == sorted(t for t in tables if t is not None) + [None] * tables.count(
            None)

    standings = ok(APIClient().get(f"/api/events/{event_id}/standings/"))
    assert len(standings) == 9
    top = standings[0]
    assert top["name"] == "p01" and top["rank"] == 1
    assert (top["wins"], top["losses"], top["draws"], top["match_points"]) == (4, 0, 0, 12)
    assert [r["rank"] for r in standings] == sorted(r["rank"] for r in standings)
    points = [r["match_points"] for r in standings]
    assert points == sorted(points, reverse=True)
    for row in standings:
        assert row["match_points"] == 3 * row["wins"] + row["draws"]
        assert row["dropped"] == (row["name"] == "p09") and row["is_ai"] is False
    p09 = next(r for r in standings if r["name"] == "p09")
    assert p09["wins"] + p09["losses"] + p09["draws"] == 2
    assert sum(r["wins"] for r in standings) == sum(r["losses"] for r in standings) + 2
    event = Event.objects.get(pk=event_id)
    assert [r["name"] for r in standings] == [r.name for r in standings_for_event(event)]

    exported = list(csv.DictReader(io.StringIO(
        APIClient().get(f"/api/events/{event_id}/standings/csv/").content.decode())))
    assert [r["name"] for r in exported] == [r["name"] for r in standings]
    assert [int(r["match_points"]) for r in exported] == points

    disputed = Match.objects.get(round__event=event, round__number=2, table=1)
    history = ok(organizer.get(f"/api/matches/{disputed.pk}/history/"))
    assert [c["action"] for c in history] == ["report", "report", "organizer"]
    assert history[-1]["note"] == "both players agreed at the desk"

    seeds = [r["name"] for r in standings if not r["dropped"]][:4]
    semis = ok(organizer.post(f"/api/events/{event_id}/top-cut/"), 201)
    assert semis["label"] == "Semifinals" and semis["number"] == 5
    assert [(m["player_a"]["name"], m["player_b"]["name"]) for m in semis["matches"]] == [
        (seeds[0], seeds[3]), (seeds[1], seeds[2])]
    assert ok(organizer.get(f"/api/events/{event_id}/"))["status"] == "top_cut"
    report_round(players, semis)

    final = ok(organizer.post(f"/api/events/{event_id}/top-cut/advance/", {"number": 6},
                              format="json"), 201)
    assert final["label"] == "Final" and len(final["matches"]) == 1
    finalists = {final["matches"][0]["player_a"]["name"],
                 final["matches"][0]["player_b"]["name"]}
    assert finalists == {min(seeds[0], seeds[3], key=number_of),
                         min(seeds[1], seeds[2], key=number_of)}
    report_round(players, final)
    decided = ok(organizer.get(f"/api/events/{event_id}/rounds/6/"))["matches"][0]
    winner = decided["player_a"] if decided["result"]["a_wins"] == 2 else decided["player_b"]
    assert winner["name"] == "p01"

    done = ok(organizer.post(f"/api/events/{event_id}/complete/"))
    assert done["status"] == "complete" and done["completed_at"]
    revealed = ok(APIClient().get(f"/api/events/{event_id}/"))  # the seed: public once over
    assert revealed["seed"] == 7
    assert revealed["seed_hash"] == seed_commitment(7, revealed["seed_nonce"])
    # The top cut never changes the Swiss standings; it gives everyone a final place.
    after = ok(APIClient().get(f"/api/events/{event_id}/standings/"))
    assert [{**row, "place": None} for row in after] == standings
    assert {row["name"]: row["place"] for row in after}["p01"] == 1
    assert sorted(row["place"] for row in after)[:2] == [1, 2]
    assert Event.objects.get(pk=event_id).status == EventStatus.COMPLETE


def test_a_double_click_on_pair_pairs_the_round_once():
    organizer_user = UserFactory(username="organizer")
    organizer = client_for(organizer_user)
    event_id = ok(organizer.post("/api/events/", {"name": "Clicks", "format": "preconstructed",
                                                  "rounds": 3}, format="json"), 201)["id"]
    for name in NAMES[:5]:
        ok(client_for(UserFactory(username=name)).post(
            f"/api/events/{event_id}/registrations/", {"preconstructed_deck": 1},
            format="json"), 201)
    ok(organizer.post(f"/api/events/{event_id}/start/"))
    url = f"/api/events/{event_id}/rounds/"
    first = organizer.post(url, {"number": 1}, format="json")
    second = organizer.post(url, {"number": 1}, format="json")
    assert (first.status_code, second.status_code) == (201, 200)
    assert first.json() == second.json()
    assert Round.objects.filter(event_id=event_id).count() == 1
    assert Match.objects.filter(round__event_id=event_id).count() == 3
    # A second tab still showing "pair round 1" after round 2 was paired gets round 1 back.
    for match in Match.objects.filter(round__event_id=event_id, player_b__isnull=False):
        ok(organizer.put(f"/api/matches/{match.pk}/result/", {"a_wins": 2, "b_wins": 0},
                         format="json"))
    assert organizer.post(url, {"number": 2}, format="json").status_code == 201
    stale = organizer.post(url, {"number": 1}, format="json")
    assert stale.status_code == 200 and stale.json()["number"] == 1
    assert Round.objects.filter(event_id=event_id).count() == 2
    assert Registration.objects.filter(event_id=event_id).count() == 5
