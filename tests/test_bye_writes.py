"""One writer of the bye: only `tournaments/services/byes.py` makes a bye match. This reads the
apps' source and fails on any other module that creates or updates a match with no opponent
(`player_b=None`, `player_b_id=None`), records a result change of the bye's kind
(`ResultAction.BYE`) or writes the bye's score itself (`BYE_SCORE` is read from the rules).
The pairing and a late player's bye both call `bye_write`; the Swiss standings count a bye
with the same `BYE_SCORE`."""

from __future__ import annotations

import ast

import pytest

from tests.source_scan import ROOT, app_modules

BYE_WRITER = "tournaments/services/byes.py"
# Where BYE_SCORE may be named: its one definition (the pure Swiss core, which counts a bye in
# the standings and reads the CLI's byes), the rules that name it, and the writer.
BYE_SCORE_READERS = {"tournaments/swiss/model.py", "tournaments/swiss/standings.py",
                     "tournaments/swiss/bench.py", "tournaments/rules.py", BYE_WRITER,
                     # The event file's checks compare an imported bye's score with it.
                     "eventfile/services/event_file_checks/rounds.py"}
WRITES = {"Match", "create", "update", "get_or_create", "update_or_create"}


def _is_none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _writes_row(call: ast.Call) -> bool:
    """A call that makes or changes a row: a model built, created or updated."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name in WRITES


def _is_bye_write(node: ast.AST, may_name_score: bool) -> bool:
    if isinstance(node, ast.Call):
        return _writes_row(node) and any(
            k.arg in ("player_b", "player_b_id") and _is_none(k.value) for k in node.keywords)
    if isinstance(node, ast.Attribute):
        return (node.attr == "BYE" and isinstance(node.value, ast.Name)
                and node.value.id == "ResultAction")
    name = node.id if isinstance(node, ast.Name) else getattr(node, "name", None)
    return not may_name_score and isinstance(node, ast.Name | ast.alias) and name == "BYE_SCORE"


def bye_writes(source: str, *, may_name_score: bool = False) -> list[int]:
    """The line numbers of `source` that write a bye."""
    return sorted(node.lineno for node in ast.walk(ast.parse(source))
                  if _is_bye_write(node, may_name_score))


def test_only_the_bye_writer_makes_a_bye() -> None:
    writes = {name: lines for name in app_modules(leaving_out={BYE_WRITER})
              if name.startswith("tournaments/")
              and (lines := bye_writes((ROOT / name).read_text(),
                                       may_name_score=name in BYE_SCORE_READERS))}
    assert writes == {}, ("a bye is written outside tournaments/services/byes.py: call "
                          "bye_write instead")


def test_the_writer_itself_is_seen() -> None:
    assert bye_writes((ROOT / BYE_WRITER).read_text())


@pytest.mark.parametrize("line", [
    "Match.objects.create(round=rnd, table=None, player_a=seat, player_b=None)",
    "Match(round=rnd, player_a=seat, player_b=None)",
    "Match.objects.filter(pk=1).update(player_b_id=None)",
    "change_record(match=m, by=None, action=ResultAction.BYE, before={}, now=now)",
    "from tournaments.rules import BYE_SCORE",
    "a_wins, b_wins, draws = BYE_SCORE",
])
def test_the_scan_sees_every_kind_of_bye_write(line: str) -> None:
    assert bye_writes(line) == [1]


@pytest.mark.parametrize("line", [
    "Match.objects.filter(player_b=None).count()",
    "if match.bye: raise Conflict('bye', 'a bye has no games')",
    "Match.objects.create(round=rnd, table=1, player_a=a, player_b=b)",
])
def test_the_scan_leaves_reads_and_other_matches_alone(line: str) -> None:
    assert bye_writes(line) == []
