"""`simulate_event --team-size 2|3 --json`: the players form teams that play a team Swiss,
and the JSON's places and matches name the teams. The checks read only that JSON: the team
match points counted from its matches order its places."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


def simulate(*arguments: str) -> tuple[str, dict]:
    out = io.StringIO()
    call_command("simulate_event", "--format", "preconstructed", "--password", "rehearsal-7",
                 "--json", *arguments, stdout=out)
    text = out.getvalue()
    return text, json.loads(text.strip().splitlines()[-1])


def test_teams_of_three_play_a_team_swiss_named_by_their_teams():
    text, data = simulate("--players", "12", "--team-size", "3", "--rounds", "2", "--seed", "4")
    teams = {f"Team {n}" for n in range(1, 5)}
    (phase,) = data["phases"]
    assert phase["structure"] == "swiss"
    assert {m["round"] for m in phase["matches"]} == {1, 2}
    for number in (1, 2):  # every team plays once a round: 2 team matches, no bye
        sides = [s for m in phase["matches"] if m["round"] == number for s in (m["a"], m["b"])]
        assert sorted(sides) == sorted(teams)
    met = [frozenset((m["a"], m["b"])) for m in phase["matches"]]
    assert len(met) == len(set(met))  # no rematch
    points = dict.fromkeys(teams, 0)
    for m in phase["matches"]:
        if m["winner"] is None:
            points[m["a"]] += 1
            points[m["b"]] += 1
        else:
            assert m["winner"] in (m["a"], m["b"])
            points[m["winner"]] += 3
    placed = [p["player"] for p in data["placings"]]
    assert sorted(placed) == sorted(teams)
    assert [points[t] for t in placed] == sorted(points.values(), reverse=True)
    assert "Team standings:" in text and "player1" in text


def test_teams_need_a_player_count_the_size_divides_and_swiss():
    with pytest.raises(CommandError, match="Teams of 3 need a number of players"):
        simulate("--players", "8", "--team-size", "3")
    with pytest.raises(CommandError, match="plays a team Swiss"):
        simulate("--players", "8", "--team-size", "2", "--structure", "round-robin")
