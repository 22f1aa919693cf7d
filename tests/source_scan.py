"""The apps' own source, for the tests that read it to hold a rule in place (one writer per
status, one seat vocabulary): every module of accounts, decks, lab, play, tournaments,
eventfile and bench but their migrations."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("accounts", "decks", "lab", "play", "tournaments", "eventfile", "bench")


def app_modules(*, leaving_out: set[str] = frozenset()) -> list[str]:
    """The apps' modules as paths from the repository root ("play/services/games.py"), but
    migrations and those in `leaving_out`."""
    found = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if "/migrations/" not in name and name not in leaving_out:
                found.append(name)
    return found
