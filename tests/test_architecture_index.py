"""docs/architecture.md holds one table of every concern and the files that carry it, room by
room. This scan keeps it true: a module of an app that the table does not name, or a path the
table names that no longer exists, fails here, so the table cannot drift as the docstrings that
listed modules once did."""

from __future__ import annotations

import re

from tests.source_scan import ROOT

INDEXED = ("core", "accounts", "decks", "lab", "play", "tournaments", "eventfile", "bench", "clash")
HEADING = "## Concerns and their files"
PATH = re.compile(r"`([a-z_]+/[^`\s]*)`")
BRACES = re.compile(r"\{([^{}]*)\}")


def expanded(pattern: str) -> list[str]:
    """`tournaments/{views,api}/clock.py` as the two paths it stands for."""
    match = BRACES.search(pattern)
    if match is None:
        return [pattern]
    head, tail = pattern[:match.start()], pattern[match.end():]
    return [path for part in match.group(1).split(",")
            for path in expanded(head + part.strip() + tail)]


def index_paths() -> list[str]:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert HEADING in text, f"docs/architecture.md has no section {HEADING!r}"
    section = text.split(HEADING, 1)[1].split("\n## ", 1)[0]
    return [path for found in PATH.findall(section) for path in expanded(found)]


def app_modules() -> list[str]:
    found = []
    for app in INDEXED:
        for path in sorted((ROOT / app).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if "/migrations/" not in name and path.name != "__init__.py":
                found.append(name)
    return found


def covered(module: str, listed: set[str]) -> bool:
    """A module is named by its own path or by its package's folder (`.../event_checks/`)."""
    return module in listed or any(
        entry.endswith("/") and module.startswith(entry) for entry in listed)


def test_every_module_is_in_the_index() -> None:
    listed = set(index_paths())
    modules = app_modules()
    assert len(modules) > 200  # the scan found the apps
    assert [module for module in modules if not covered(module, listed)] == []


def test_the_index_names_only_what_exists() -> None:
    assert [path for path in index_paths() if not (ROOT / path).exists()] == []


def test_braces_stand_for_each_path() -> None:
    assert expanded("tournaments/{views,api}/clock.py") == [
        "tournaments/views/clock.py", "tournaments/api/clock.py"]
    assert expanded("a/{b,c}/{d,e}.py") == ["a/b/d.py", "a/b/e.py", "a/c/d.py", "a/c/e.py"]
