"""`simulate_event --structure ... --json` rehearses each shape of event from the command line
and ends with one line of JSON other tools read: the final places and every phase's matches.
The checks below read only that JSON: the day-2 field is counted from day 1's matches in it,
the bracket's places from its matches."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


def simulate(*arguments: str) -> dict:
    out = io.StringIO()
    call_command("simulate_event", "--format", "preconstructed", "--password", "rehearsal-7",
                 "--json", *arguments, stdout=out)
    return json.loads(out.getvalue().strip().splitlines()[-1])


def points(matches: list[dict]) -> dict[str, int]:
    total: dict[str, int] = {}
    for m in matches:
        for side in (m["a"], m["b"]):
            if side is not None:
                total.setdefault(side, 0)
        if m["winner"] is not None:
            total[m["winner"]] += 3
        else:
            total[m["a"]] += 1
            total[m["b"]] += 1
    return total


def test_a_two_day_event_with_a_top_eight_and_third_place():
    data = simulate("--players", "24", "--ai", "0", "--structure", "two-day", "--rounds", "4",
                    "--day2-points", "6", "--day2-rounds", "2", "--cut", "8", "--third-place",
                    "--seed", "5")
    day_one, day_two, cut = data["phases"]
    assert [p["structure"] for p in data["phases"]] == ["swiss", "swiss", "single-elimination"]
    assert {m["round"] for m in day_one["matches"]} == {1, 2, 3, 4}
    made = {name for name, p in points(day_one["matches"]).items() if p >= 6}
    assert {s for m in day_two["matches"] for s in (m["a"], m["b"]) if s} == made
    assert {m["round"] for m in day_two["matches"]} == {5, 6}
    seeded = {s for m in cut["matches"] if m["round"] == 7 for s in (m["a"], m["b"])}
    assert len(seeded) == 8 and seeded <= made
    final = [m for m in cut["matches"] if m["round"] == 9 and "bracket" not in m]
    third = [m for m in cut["matches"] if m.get("bracket") == "third_place"]
    assert len(final) == 1 and len(third) == 1 and third[0]["round"] == 9
    places = {p["player"]: p["place"] for p in data["placings"]}
    assert places[final[0]["winner"]] == 1 and places[third[0]["winner"]] == 3
    assert len(places) == 24 and sorted(places.values())[:4] == [1, 2, 3, 4]


def test_swiss_alone_places_by_the_standings_and_has_one_phase():
    data = simulate("--players", "6", "--ai", "0", "--structure", "swiss")
    assert [p["structure"] for p in data["phases"]] == ["swiss"]
    assert [p["place"] for p in data["placings"]][0] == 1
    assert len(data["placings"]) == 6


@pytest.mark.parametrize(("arguments", "message"), [
    (["--structure", "swiss", "--cut", "4"], "has no top cut"),
    (["--structure", "swiss-top-cut", "--cut", "0"], "needs a --cut of 2 to 64"),
    (["--structure", "swiss", "--day2-points", "6"], "are for --structure two-day"),
    (["--structure", "two-day", "--day2-rounds", "0"], "--day2-rounds must be a whole number"),
])
def test_a_shape_that_does_not_fit_is_refused_with_the_reason(arguments, message):
    with pytest.raises(CommandError, match=message):
        simulate("--players", "8", "--ai", "0", *arguments)


def test_a_round_robin_in_groups_then_a_top_four_from_the_groups():
    data = simulate("--players", "10", "--ai", "0", "--structure", "round-robin",
                    "--groups", "2", "--cut", "4", "--seed", "3")
    groups, cut = data["phases"]
    assert [p["structure"] for p in data["phases"]] == ["round-robin", "single-elimination"]
    members: dict[int, set[str]] = {}
    for m in groups["matches"]:
        members.setdefault(m["group"], set()).update(s for s in (m["a"], m["b"]) if s)
    assert sorted(len(g) for g in members.values()) == [5, 5]
    # Reference: each pair of a group met once; each player of the odd groups had one bye.
    met = [frozenset((m["a"], m["b"])) for m in groups["matches"] if m["b"]]
    assert len(met) == len(set(met)) == 2 * 10
    assert all(len(pair & members[1]) in (0, 2) for pair in met)
    byes = [m["a"] for m in groups["matches"] if m["b"] is None]
    assert sorted(byes) == sorted(members[1] | members[2])
    # The cut: the best two of each group by points counted here.
    seeded = {s for m in cut["matches"] if m["round"] == 6 for s in (m["a"], m["b"])}
    got = points(groups["matches"])
    for group in members.values():
        inside = group & seeded
        assert len(inside) == 2
        assert min(got[p] for p in inside) >= max(got[p] for p in group - inside)
    assert all("group" not in m for m in cut["matches"])
    assert len(data["placings"]) == 10


def test_round_robin_only_has_one_phase_and_refuses_rounds():
    data = simulate("--players", "4", "--ai", "0", "--structure", "round-robin", "--twice")
    assert [p["structure"] for p in data["phases"]] == ["round-robin"]
    assert len(data["phases"][0]["matches"]) == 12 and {
        m["group"] for m in data["phases"][0]["matches"]} == {1}
    with pytest.raises(CommandError, match="leave out --rounds"):
        simulate("--players", "4", "--structure", "round-robin", "--rounds", "2")
    with pytest.raises(CommandError, match="--groups and --twice are for --structure "
                                           "round-robin"):
        simulate("--players", "4", "--groups", "2")
