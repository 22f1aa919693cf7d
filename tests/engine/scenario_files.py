"""What the scenario-file tests share: reading a file and checking the engine against it.

A file is `{"description", "scenario", "expect"}`; `expect` is `{"exit": 0|3, "output":
SUBSET}` (objects compared by the keys given, lists whole, their objects again as subsets)
or `{"exit": 2, "error_field": "players.A.hand"}` for a malformed scenario whose message
starts with that field. `whole=True` compares the output exactly (without `events`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.clash.scenario import ScenarioError, run


def load(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as fh:
        return json.load(fh)


def subset_problems(expected: Any, actual: Any, where: str = "output") -> list[str]:
    """Every place where `actual` does not match `expected` (objects compared by subset)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected an object, got {actual!r}"]
        problems = []
        for key, value in expected.items():
            if key not in actual:
                problems.append(f"{where}.{key}: missing, expected {value!r}")
            else:
                problems += subset_problems(value, actual[key], f"{where}.{key}")
        return problems
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {expected!r}, got {actual!r}"]
        problems = []
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            problems += subset_problems(e, a, f"{where}[{i}]")
        return problems
    if type(expected) is not type(actual) or expected != actual:
        return [f"{where}: expected {expected!r}, got {actual!r}"]
    return []


def check_scenario_file(data: dict[str, Any], *, whole: bool = False) -> None:
    """Run the file's scenario and fail the test with every difference from `expect`."""
    expect = data["expect"]
    if expect["exit"] == 2:
        with pytest.raises(ScenarioError) as err:
            run(data["scenario"])
        assert str(err.value).startswith(expect["error_field"]), (
            f"{data['description']}\nthe error should name {expect['error_field']}, "
            f"it says: {err.value}")
        return
    code, output = run(data["scenario"])
    problems = [] if code == expect["exit"] else [
        f"exit: expected {expect['exit']}, got {code}"]
    shown = {k: v for k, v in output.items() if k != "events"}
    if whole:
        if shown != expect["output"]:
            problems.append("the output differs from the whole expected output")
    else:
        problems += subset_problems(expect.get("output", {}), output)
    if problems:
        pytest.fail(f"{data['description']}\n  " + "\n  ".join(problems)
                    + "\nengine output (events left out):\n" + json.dumps(shown, indent=1),
                    pytrace=False)
