"""`make test-fast` checks the part one is working on: the linters, then the SQLite tests under
`TESTS` (the whole suite by default), without the browser journeys, tests/integration and the
compiled run, which `make test` keeps. Checked with a dry run, so nothing is installed or run."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def fast_commands(*arguments: str) -> list[str]:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    done = subprocess.run(["make", "--dry-run", "--always-make", "-C", str(ROOT), "test-fast",
                           *arguments], capture_output=True, text=True, check=True, timeout=60)
    return done.stdout.splitlines()


def pytest_line(commands: list[str]) -> list[str]:
    (line,) = [c for c in commands if " -m pytest " in c]
    return line.split()


def test_make_test_fast_lints_then_runs_the_suite_without_browser_integration_or_compiled():
    commands = fast_commands()
    assert any(c.endswith("ruff check .") for c in commands)
    assert any(c.endswith("lint-imports") for c in commands)
    words = pytest_line(commands)
    assert "--ignore=tests/browser" in words and "--ignore=tests/integration" in words
    assert words[-1] == "tests"
    assert not any("compiled" in c or "tests.passes" in c for c in commands)


def test_make_test_fast_narrows_to_the_part_named_by_tests():
    assert pytest_line(fast_commands("TESTS=tests/decks"))[-1] == "tests/decks"
