"""The commands that use the database say what to do on a database not made yet or not
reachable, instead of failing on their first query with a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = [["load_catalogue"], ["simulate_event"], ["deck_lab", "--deck", "1", "--field", "2"],
            ["import_cards", "berserk", "B1", "cards.json"], ["bench_standings"],
            ["bench_matches"], ["bench_live"], ["bench_accounts"]]


def run(command: list[str], database: str) -> subprocess.CompletedProcess:
    environment = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "clash.settings.local",
                   "DATABASE_URL": database, "CELERY_BROKER_URL": "memory://",
                   "HOME": str(ROOT)}
    return subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("command", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_a_fresh_database_is_refused_with_what_to_run(command, tmp_path):
    done = run(command, f"sqlite:///{tmp_path / 'fresh.sqlite3'}")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("CommandError: The database ")
    assert line.endswith("run `python manage.py migrate` first.")


def test_a_database_that_cannot_be_reached_is_named(tmp_path):
    done = run(["load_catalogue"], f"sqlite:///{tmp_path / 'no-such-folder' / 'db.sqlite3'}")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("CommandError: Cannot reach the database ")
    assert "Check DATABASE_URL" in done.stderr
