"""No module outside the migrations grows past about 500 lines (docs/architecture.md): past
that, it becomes a package with one module per use case. The tests are held to it too."""

from __future__ import annotations

from tests.source_scan import ROOT

PACKAGES = ("engine", "core", "accounts", "clash", "decks", "lab", "play", "tournaments",
            "eventfile", "bench", "tests")
LIMIT = 500


def line_counts() -> dict[str, int]:
    counts = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if "/migrations/" not in name:
                counts[name] = len(path.read_text(encoding="utf-8").splitlines())
    return counts


def test_no_module_is_over_the_limit() -> None:
    counts = line_counts()
    assert len(counts) > 500  # the scan found the project's modules
    assert {name: n for name, n in counts.items() if n > LIMIT} == {}
