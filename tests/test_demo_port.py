"""`make demo` on a machine where port 8000 is taken: `make demo PORT=8010` serves the demo
there instead (8000 stays the default). Checked with a dry run, so nothing is installed or
served."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def demo_commands(*arguments: str) -> str:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    done = subprocess.run(["make", "--dry-run", "--always-make", "-C", str(ROOT), "demo",
                           *arguments], capture_output=True, text=True, check=True, timeout=60)
    return done.stdout


def test_make_demo_port_was_fixed_at_8000_and_now_takes_another():
    commands = demo_commands("PORT=8010")
    assert "manage.py runserver 127.0.0.1:8010" in commands
    assert "http://127.0.0.1:8010/" in commands
    assert "8000" not in commands


def test_make_demo_still_serves_on_8000_by_default():
    assert "manage.py runserver 127.0.0.1:8000" in demo_commands()


def test_make_demo_also_opens_an_event_a_newcomer_can_register_in():
    """Today every event the demo made was complete: nothing to join."""
    (line,) = [c for c in demo_commands().splitlines() if "simulate_event" in c]
    assert "--open-event" in line.split()
