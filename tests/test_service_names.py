"""A service module's public names are its `__all__`: its use cases, and what other modules
genuinely need of it (a lock, a limit, a step callers compose). This reads every module under
an app's `services/` and fails on one that binds names but has no `__all__`, and on an
`__all__` that names something its module does not bind. A package's `__init__.py` that only
holds a docstring binds nothing and needs none. What is not in `__all__` is the module's own
(tests/test_private_names.py: no other module imports a private name)."""

from __future__ import annotations

import ast

import pytest

from tests.source_scan import ROOT, app_modules


def service_modules() -> list[str]:
    return [name for name in app_modules() if "/services/" in name]


def _bound(statements: list[ast.stmt]) -> set[str]:
    """The names the module binds at its top level (in an `if` or a `try` there too)."""
    found: set[str] = set()
    for node in statements:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            if isinstance(node, ast.ImportFrom) and node.module == "__future__":
                continue
            found.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found.update(name.id for target in targets for name in ast.walk(target)
                         if isinstance(name, ast.Name))
        elif isinstance(node, ast.If | ast.Try):
            found |= _bound([*node.body, *node.orelse, *getattr(node, "finalbody", []),
                             *(line for handler in getattr(node, "handlers", [])
                               for line in handler.body)])
    return found


def _all_of(tree: ast.Module) -> list[str] | None:
    """The names a module's `__all__` lists (a literal list or tuple of strings), or None."""
    for node in tree.body:
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AnnAssign) else [])
        if any(isinstance(target, ast.Name) and target.id == "__all__" for target in targets):
            assert isinstance(node.value, ast.List | ast.Tuple), "__all__ is a literal list"
            return [item.value for item in node.value.elts if isinstance(item, ast.Constant)]
    return None


def problems(source: str) -> list[str]:
    """What is wrong with a service module's public names."""
    tree = ast.parse(source)
    bound = _bound(tree.body) - {"__all__"}
    listed = _all_of(tree)
    if listed is None:
        return ["no __all__"] if bound else []
    return [f"__all__ names {name!r}, which the module does not define" for name in listed
            if name not in bound]


def test_every_service_module_names_its_public_names_in_all() -> None:
    found = {name: wrong for name in service_modules()
             if (wrong := problems((ROOT / name).read_text()))}
    assert found == {}, ("a service module's public names are its __all__: list its use cases "
                         "(and what other modules need of it), and keep the rest private")


def test_the_scan_reads_every_apps_services() -> None:
    apps = {name.split("/")[0] for name in service_modules()}
    assert {"accounts", "decks", "lab", "play", "tournaments", "eventfile"} <= apps


@pytest.mark.parametrize(("source", "expected"), [
    ('"""Only a docstring."""', []),
    ("from __future__ import annotations", []),
    ("def thing_do(*, now): pass", ["no __all__"]),
    ("from .games import game_begin", ["no __all__"]),
    ('__all__ = ["thing_do"]\ndef thing_do(*, now): pass', []),
    ('from .games import game_begin\n__all__ = ["game_begin"]', []),
    ('__all__ = ["LIMIT"]\nLIMIT: int = 3', []),
    ('__all__ = ["Thing"]\nif True:\n    class Thing: pass', []),
    ('__all__ = ["thing_do"]\ndef _thing_do(): pass',
     ["__all__ names 'thing_do', which the module does not define"]),
])
def test_the_scan_sees_a_missing_all_and_a_name_it_does_not_define(
        source: str, expected: list[str]) -> None:
    assert problems(source) == expected
