"""`simulate_event --structure double-elimination --json`: one double elimination of every
seat, read only from the JSON line it ends with."""

from __future__ import annotations

import io
import json
from collections import Counter

import pytest
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


def simulate(*arguments: str) -> dict:
    out = io.StringIO()
    call_command("simulate_event", "--format", "preconstructed", "--password", "rehearsal-7",
                 "--json", *arguments, stdout=out)
    return json.loads(out.getvalue().strip().splitlines()[-1])


@pytest.mark.parametrize("reset", [True, False])
def test_a_double_elimination_of_six_seats(reset):
    data = simulate("--players", "5", "--ai", "1", "--structure", "double-elimination",
                    "--seed", "3", *([] if reset else ["--no-reset"]))
    [phase] = data["phases"]
    assert phase["structure"] == "double-elimination"
    matches = phase["matches"]
    assert {m["bracket"] for m in matches} == {"winners", "losers", "final"}
    byes = [m for m in matches if m["b"] is None]
    assert len(byes) == 2 and {m["round"] for m in byes} == {1}
    assert {m["bracket"] for m in byes} == {"winners"}
    played = [m for m in matches if m["b"] is not None]
    finals = [m for m in played if m["bracket"] == "final"]
    assert len(finals) in ((1, 2) if reset else (1,))
    assert len(played) == 2 * 6 - (1 if len(finals) == 2 else 2)
    lost = Counter(m["b"] if m["winner"] == m["a"] else m["a"] for m in played)
    champion = finals[-1]["winner"]
    assert all(count == 2 for player, count in lost.items() if player != champion)
    assert len(lost) == 6 - (0 if len(finals) == 2 else 1)
    places = {p["player"]: p["place"] for p in data["placings"]}
    assert len(places) == 6 and places[champion] == 1


def test_a_double_elimination_refuses_a_cut_rounds_and_a_third_place():
    with pytest.raises(CommandError, match="leave out --cut"):
        simulate("--players", "4", "--structure", "double-elimination", "--cut", "4")
    with pytest.raises(CommandError, match="leave out --rounds"):
        simulate("--players", "4", "--structure", "double-elimination", "--rounds", "2")
    with pytest.raises(CommandError, match="third place"):
        simulate("--players", "4", "--structure", "double-elimination", "--third-place")
    with pytest.raises(CommandError, match="--no-reset is for"):
        simulate("--players", "4", "--structure", "swiss", "--no-reset")
