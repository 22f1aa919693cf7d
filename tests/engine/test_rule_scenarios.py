"""The rules of Clash of Decks (RULES.md C-1 to C-7 and the C-9 FAQ), one scenario file each.

Every file in `scenarios/` is a position, a list of actions and what the rules say must come
out of them, worked out by hand from RULES.md:

    {"description": "rule C-5.2: ...",
     "scenario": {...the input of `python -m engine.clash.scenario`...},
     "expect": {"exit": 0, "output": {...a subset of the output...}}}

The expected output is a subset: for an object only the keys given are checked, a list is
compared whole (its objects again as subsets). `{"exit": 2, "error_field": "players.A.hand"}`
expects a malformed scenario whose message starts with that field. A file may carry
`"known_bug": "..."`: the engine is believed to break that rule, and the test is a strict
expected failure until it is fixed.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.engine.scenario_files import check_scenario_file, load, subset_problems

SCENARIOS = Path(__file__).parent / "scenarios"
REPO = Path(__file__).resolve().parents[2]
FILE_KEYS = {"description", "scenario", "expect", "known_bug"}

# Rules and rulings the scenario files must cite. C-2.1 to C-2.5 (modes and formats) are not
# positions of a game; C-2.3 and C-2.6 are checked through the Python API in test_rules_api.py.
CITED_RULES = [
    "C-1.1", "C-1.2", "C-1.3", "C-1.4", "C-1.5",
    "C-2.6",
    "C-3.1", "C-3.2", "C-3.3", "C-3.4", "C-3.5", "C-3.6",
    "C-4.1", "C-4.2", "C-4.3", "C-4.3a", "C-4.4", "C-4.5", "C-4.6", "C-4.6a", "C-4.7",
    "C-5.1", "C-5.2", "C-5.3", "C-5.4", "C-5.4a", "C-5.4b", "C-5.5", "C-5.6", "C-5.6a", "C-5.7",
    "C-5.8", "C-5.8a", "C-5.8b",
    "C-6.1", "C-6.2", "C-6.3", "C-6.4",
    "C-7.1", "C-7.2", "C-7.3", "C-7.4a", "C-7.4b", "C-7.4c", "C-7.5a",
    "C-9",
]


def scenario_params() -> list[Any]:
    params = []
    for path in sorted(SCENARIOS.glob("*.json")):
        bug = load(path).get("known_bug")
        marks = [pytest.mark.xfail(strict=True, reason=f"engine bug: {bug}")] if bug else []
        params.append(pytest.param(path, id=path.stem, marks=marks))
    return params


@pytest.mark.parametrize("path", scenario_params())
def test_rule_scenario(path: Path) -> None:
    check_scenario_file(load(path))


def test_every_scenario_file_is_well_formed() -> None:
    files = sorted(SCENARIOS.glob("*.json"))
    assert files, "no scenario files"
    for path in files:
        data = load(path)
        assert set(data) <= FILE_KEYS, f"{path.name}: unknown keys {set(data) - FILE_KEYS}"
        assert re.fullmatch(r"(c\d+(_\d+)?[a-z]?|example)_[a-z0-9_]+", path.stem), path.name
        assert data["description"].startswith(("rule C-", "rules C-", "ruling C-",
                                                "rulings C-", "example")), path.name
        expect = data["expect"]
        assert expect["exit"] in (0, 2, 3), path.name
        if expect["exit"] == 2:
            assert set(expect) == {"exit", "error_field"}, path.name
        else:
            assert set(expect) == {"exit", "output"}, path.name
            assert "events" not in expect["output"], f"{path.name}: events are free-form"
        if expect["exit"] == 3:
            assert set(expect["output"]) == {"error"}, path.name
            assert {"code", "action_index"} <= set(expect["output"]["error"]), path.name


def test_every_rule_of_c1_to_c7_and_the_faq_has_a_scenario() -> None:
    descriptions = " ".join(load(p)["description"] for p in SCENARIOS.glob("*.json"))
    uncited = [rule for rule in CITED_RULES
               if not re.search(re.escape(rule) + r"(?![0-9a-z.])", descriptions)]
    assert not uncited, f"no scenario cites {uncited}"


def test_subset_diff_reads_like_a_comparison() -> None:
    expected = {"players": {"B": {"health": 3, "lanes": {"top": [{"card": "DUMMY"}]}}}}
    actual = {"players": {"B": {"health": 4, "hand": [],
                                "lanes": {"top": [{"card": "PAWN", "damage": 0}]}}}}
    assert subset_problems(expected, actual) == [
        "output.players.B.health: expected 3, got 4",
        "output.players.B.lanes.top[0].card: expected 'DUMMY', got 'PAWN'",
    ]
    assert subset_problems([1, 2], [1, 2, 3]) == ["output: expected [1, 2], got [1, 2, 3]"]
    assert subset_problems(False, 0) == ["output: expected False, got 0"]


# ------------------------------------------------------------------ the command line

MINIMAL = {
    "active": "A", "turn": 3, "phase": "summon", "mana": 4,
    "players": {
        "A": {"hand": ["BASTION", "ZOMBIE", "GRRR", "BARON"], "fort": False,
              "lanes": {"top": [{"card": "OGRE"}], "bottom": []}},
        "B": {"hand": ["BASTION", "GNOME", "GRRR"], "fort": False,
              "lanes": {"top": [], "bottom": []}},
    },
}


def run_cli(tmp_path: Path, content: Any) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "scenario.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content),
                    encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "engine.clash.scenario", str(path)],
                          cwd=REPO, capture_output=True, text=True, timeout=60, check=False)


def test_the_command_line_prints_the_position_and_exits_0(tmp_path: Path) -> None:
    scenario = dict(MINIMAL, actions=[{"play": "ZOMBIE", "lane": "bottom"},
                                      {"attack": "all"}])
    done = run_cli(tmp_path, scenario)
    assert done.returncode == 0, done.stderr
    output = json.loads(done.stdout)
    # OGRE (4) finds B's top lane empty and hits the Bastion (health 2): it becomes the Fort.
    assert output["players"]["B"]["hand"] == ["BASTION", "GNOME", "GRRR"]
    assert output["players"]["B"]["fort"] is True
    assert output["players"]["A"]["lanes"]["bottom"][0]["card"] == "ZOMBIE"
    assert output["mana"] == 3
    assert output["winner"] is None
    assert isinstance(output["events"], list)


def test_the_command_line_names_the_bad_field_and_exits_2(tmp_path: Path) -> None:
    scenario = json.loads(json.dumps(MINIMAL))
    scenario["players"]["A"]["hand"] = ["ZOMBIE", "GRRR"]
    done = run_cli(tmp_path, scenario)
    assert done.returncode == 2
    assert "players.A.hand" in done.stderr
    assert done.stdout == ""


def test_the_command_line_refuses_a_file_that_is_not_json(tmp_path: Path) -> None:
    done = run_cli(tmp_path, "{not json")
    assert done.returncode == 2
    assert "JSON" in done.stderr


def test_the_command_line_reports_an_illegal_action_and_exits_3(tmp_path: Path) -> None:
    # 4 mana: BARON (3) is played, GRRR (2) is one too many (rule C-3.3).
    scenario = dict(MINIMAL, actions=[{"play": "BARON", "lane": "top"},
                                      {"play": "GRRR", "lane": "top"}])
    done = run_cli(tmp_path, scenario)
    assert done.returncode == 3
    error = json.loads(done.stdout)["error"]
    assert error["code"] == "illegal"
    assert error["action_index"] == 1
    assert error["message"] == "not enough mana"
