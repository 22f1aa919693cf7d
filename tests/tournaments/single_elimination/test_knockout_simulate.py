"""`simulate_event --structure single-elimination --json`: one bracket of every seat, read
only from the JSON line it ends with."""

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


def test_a_single_elimination_of_six_seats_with_a_third_place():
    data = simulate("--players", "5", "--ai", "1", "--structure", "single-elimination",
                    "--third-place", "--seed", "3")
    [phase] = data["phases"]
    assert phase["structure"] == "single-elimination"
    matches = phase["matches"]
    byes = [m for m in matches if m["b"] is None]
    assert len(byes) == 2 and {m["round"] for m in byes} == {1}
    main = [m for m in matches if m["b"] is not None and "bracket" not in m]
    assert len(main) == 5  # n - 1
    lost = Counter(m["b"] if m["winner"] == m["a"] else m["a"] for m in main)
    assert set(lost.values()) == {1} and len(lost) == 5
    final = next(m for m in main if m["round"] == 3)
    third = [m for m in matches if m.get("bracket") == "third_place"]
    assert len(third) == 1 and third[0]["round"] == 3
    places = {p["player"]: p["place"] for p in data["placings"]}
    assert len(places) == 6
    assert places[final["winner"]] == 1 and places[third[0]["winner"]] == 3
    assert sorted(places.values()) == [1, 2, 3, 4, 5, 5]


def test_a_single_elimination_refuses_a_cut_and_rounds():
    with pytest.raises(CommandError, match="leave out --cut"):
        simulate("--players", "4", "--structure", "single-elimination", "--cut", "4")
    with pytest.raises(CommandError, match="leave out --rounds"):
        simulate("--players", "4", "--structure", "single-elimination", "--rounds", "2")
