"""A leading underscore means "this module's own": no other module imports it. This reads the
project's source (engine, core, the apps and the project package; not the tests, which may
reach into a module to test it) and fails on `from x import _y` or `x._y` where `x` is another
module of the project. A service module's public names are its `__all__`; what it keeps to
itself is private, and a name another module needs is public (tournaments/services: the use
cases, the steps callers compose, and `guards` for the checks and locks).

Names of other packages (Django's, the standard library's) are not this rule's business, and
dunder names (`__all__`, `__version__`) are not private."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.source_scan import ROOT

PACKAGES = ("engine", "core", "accounts", "decks", "lab", "play", "tournaments", "eventfile",
            "bench", "clash")


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name: str) -> bool:
    where = ROOT / name.replace(".", "/")
    return where.with_suffix(".py").exists() or (where / "__init__.py").exists()


def _source_of(node: ast.ImportFrom, path: Path) -> str:
    if not node.level:
        return node.module or ""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    package = package[:len(package) - node.level + 1]
    return ".".join([*package, *([node.module] if node.module else [])])


def _ours(name: str) -> bool:
    return name.split(".")[0] in PACKAGES


def private_imports(path: Path, source: str | None = None) -> list[tuple[int, str]]:
    """Each line of the module at `path` that takes another module's private name, with the
    name taken as "module.name"."""
    tree = ast.parse(path.read_text() if source is None else source)
    me = module_name(path)
    found: list[tuple[int, str]] = []
    modules: dict[str, str] = {}  # a local name bound to a module of the project
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and _ours(source_of := _source_of(node, path)):
            for alias in node.names:
                if is_module(f"{source_of}.{alias.name}"):
                    modules[alias.asname or alias.name] = f"{source_of}.{alias.name}"
                if is_private(alias.name) and source_of != me:
                    found.append((node.lineno, f"{source_of}.{alias.name}"))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if _ours(alias.name):
                    modules[alias.asname or alias.name.split(".")[0]] = (
                        alias.name if alias.asname else alias.name.split(".")[0])
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and is_private(node.attr)):
            continue
        chain, value = [], node.value
        while isinstance(value, ast.Attribute):
            chain.append(value.attr)
            value = value.value
        if isinstance(value, ast.Name) and value.id in modules:
            target = ".".join([modules[value.id], *reversed(chain)])
            if target != me and is_module(target):
                found.append((node.lineno, f"{target}.{node.attr}"))
    return sorted(found)


def _modules() -> list[Path]:
    return [path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))
            if "migrations" not in path.parts]


def test_no_module_imports_another_modules_private_name() -> None:
    taken = {f"{path.relative_to(ROOT).as_posix()}:{line}": name for path in _modules()
             for line, name in private_imports(path)}
    assert taken == {}, ("a module imports another module's private name: make the "
                              "name public (in the module's __all__) or keep it where it is used")


SERVICES = ROOT / "tournaments" / "services" / "results.py"


@pytest.mark.parametrize("line", [
    "from tournaments.services.rounds import _seat_ai",
    "from .rounds import _seat_ai",
    "from tournaments.services import rounds\nrounds._seat_ai(event, now)",
    "import tournaments.services.rounds as r\nr._seat_ai(event, now)",
    "import tournaments.services.rounds\ntournaments.services.rounds._seat_ai(event, now)",
])
def test_the_scan_sees_every_way_to_take_a_private_name(line: str) -> None:
    assert [name for _, name in private_imports(SERVICES, line)] == [
        "tournaments.services.rounds._seat_ai"]


@pytest.mark.parametrize("line", [
    "from django.utils.translation import gettext as _",
    "from tournaments.services.rounds import round_pair",
    "def _mine(): pass\n_mine()",
    "from tournaments.services import rounds\nrounds.__all__",
    "from tournaments.models import Match\nMatch._meta",
])
def test_the_scan_leaves_public_and_own_names_alone(line: str) -> None:
    assert private_imports(SERVICES, line) == []
