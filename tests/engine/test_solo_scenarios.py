"""Solo mode (RULES.md C-8), one scenario file per rule and ruling, in `scenarios/solo/`.

Each file is a solo position (player B is the automaton), the player's actions, and what the
rules say must come out, worked out by hand:

    {"description": "rule C-8.3: ...",
     "scenario": {...the input of `python -m engine.clash.scenario`...},
     "expect": {"exit": 0, "output": {...a subset of the output...}}}

As for the duel scenarios, the expected output is a subset: for an object only the keys given
are checked, a list is compared whole (its objects again as subsets).
`{"exit": 2, "error_field": "players.B.automaton.deck"}` expects a malformed position whose
message starts with that field. `example_*` files hold the whole expected output (without
`events`), which must match exactly.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.engine.scenario_files import check_scenario_file, load, subset_problems

SOLO = Path(__file__).parent / "scenarios" / "solo"

# Every rule and ruling of C-8 that a scenario file must cite (C-8.1's setup and the points of
# C-8.9 are not positions: test_solo.py checks them through the Python API).
CITED = ["C-8.1", "C-8.2", "C-8.3", "C-8.3a", "C-8.4", "C-8.4a", "C-8.5", "C-8.6", "C-8.7",
         "C-8.7a", "C-8.8", "C-8.8a", "C-8.9", "C-8.9a"]


@pytest.mark.parametrize("path", sorted(SOLO.glob("*.json")), ids=lambda p: p.stem)
def test_solo_scenario(path: Path) -> None:
    check_scenario_file(load(path), whole=path.stem.startswith("example_"))


def test_every_solo_scenario_file_is_well_formed() -> None:
    files = sorted(SOLO.glob("*.json"))
    assert files
    for path in files:
        data = load(path)
        assert set(data) == {"description", "scenario", "expect"}, path.name
        assert re.fullmatch(r"(c8_\d[a-z]?|example)_[a-z0-9_]+", path.stem), path.name
        assert data["description"].startswith(("rule C-8", "rules C-8", "ruling C-8",
                                                "example")), path.name
        expect = data["expect"]
        if expect["exit"] == 2:
            assert set(expect) == {"exit", "error_field"}, path.name
        else:
            assert expect["exit"] in (0, 3) and set(expect) == {"exit", "output"}, path.name
            assert "events" not in expect["output"], path.name
        assert "automaton" in data["scenario"]["players"].get("B", {}) or expect["exit"] == 2


def test_every_solo_rule_and_ruling_has_a_scenario() -> None:
    text = " ".join(load(p)["description"] for p in SOLO.glob("*.json"))
    uncited = [rule for rule in CITED if not re.search(re.escape(rule) + r"(?![0-9a-z.])", text)]
    assert not uncited, f"no solo scenario cites {uncited}"


def test_subset_problems_name_the_place_that_differs() -> None:
    expected = {"players": {"B": {"automaton": {"deck": ["OGRE"]}}}}
    actual = {"players": {"B": {"automaton": {"deck": ["GNOME"], "discard": []}}}}
    assert subset_problems(expected, actual) == [
        "output.players.B.automaton.deck[0]: expected 'OGRE', got 'GNOME'"]
    assert subset_problems(False, 0) == ["output: expected False, got 0"]
