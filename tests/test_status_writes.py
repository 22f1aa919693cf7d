"""One writer per status: only the transition modules (`<app>/services/states.py`, built on
core.states) write a status field. This reads the apps' source and fails on any other module
that assigns `.status`, sets it with `setattr`, or writes it in an update: `.update(status=...)`,
`update_or_create(defaults={"status": ...})`, `bulk_update(..., ["status"])`,
`update_rows(..., status=...)` or with "status" among its fields. Creating a row in its first
status is not a move and is allowed."""

from __future__ import annotations

import ast

import pytest

from tests.source_scan import APPS, ROOT, app_modules

TRANSITION_MODULES = {f"{app}/services/states.py" for app in APPS}


def _is_status(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value == "status"


def _has_status(node: ast.AST) -> bool:
    """A literal list, tuple or set of field names with "status" among them."""
    return isinstance(node, ast.List | ast.Tuple | ast.Set) and any(map(_is_status, node.elts))


def _targets(node: ast.AST) -> list[ast.AST]:
    if isinstance(node, ast.Assign):
        found = list(node.targets)
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        found = [node.target]
    else:
        return []
    flat = []
    while found:
        target = found.pop()
        if isinstance(target, ast.Tuple | ast.List):
            found.extend(target.elts)
        else:
            flat.append(target)
    return flat


def _call_writes_status(call: ast.Call) -> bool:
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    defaults = keywords.get("defaults")
    return any((
        name == "setattr" and len(call.args) >= 2 and _is_status(call.args[1]),
        name in ("update", "update_rows") and "status" in keywords,
        name == "update_rows" and len(call.args) >= 2 and _has_status(call.args[1]),
        name == "bulk_update" and any(map(_has_status, [*call.args[1:2],
                                                        *filter(None, [keywords.get("fields")])])),
        name == "update_or_create" and isinstance(defaults, ast.Dict)
        and any(map(_is_status, defaults.keys)),
    ))


def status_writes(source: str) -> list[int]:
    """The line numbers of `source` that write a status."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if any(isinstance(t, ast.Attribute) and t.attr == "status" for t in _targets(node)):
            lines.append(node.lineno)
        if not isinstance(node, ast.Call):
            continue
        if _call_writes_status(node):
            lines.append(node.lineno)
    return sorted(lines)


def _modules() -> list[str]:
    return app_modules(leaving_out=TRANSITION_MODULES)


def test_only_the_transition_modules_write_a_status() -> None:
    writes = {name: lines for name in _modules()
              if (lines := status_writes((ROOT / name).read_text()))}
    assert writes == {}, ("a status is written outside the transition modules "
                          "(<app>/services/states.py): move it there")


@pytest.mark.parametrize("line", [
    "job.status = 'done'",
    "job.status, job.error = 'failed', why",
    "setattr(match, 'status', to)",
    "Match.objects.filter(pk=1).update(status='confirmed')",
    "update_rows(Match, ('a_wins', 'status'), rows)",
    "update_rows(Match, ('a_wins',), rows, status='confirmed')",
    "Match.objects.bulk_update(matches, ['status', 'a_wins'])",
    "Match.objects.bulk_update(matches, fields=['status'])",
    "GameUpload.objects.update_or_create(game=g, defaults={'status': 'pending'})",
])
def test_the_scan_sees_every_kind_of_status_write(line: str) -> None:
    assert status_writes(line) == [1]


@pytest.mark.parametrize("line", [
    "Match.objects.filter(status='confirmed').update(a_wins=2)",
    "Match.objects.create(round=rnd, status='confirmed')",
    "response.status_code = 200",
    "job.save(update_fields=['status', 'error'])",
])
def test_the_scan_leaves_reads_and_new_rows_alone(line: str) -> None:
    assert status_writes(line) == []
