"""The squad files of `squads/`, one or more a rule: each is run through the command
`python -m engine.berserk.pregame FILE.json` and compared with what the rule says.

A file is `{"description": "rule B-9: ...", "squad": {...the command's input...},
"expect": {"exit": 0 | 1, "output": SUBSET}}`; the output is compared as a subset (objects by
the keys given, lists whole), as for the Clash of Decks scenario files.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.berserk import squad_file
from tests.engine.scenario_files import subset_problems

SQUADS = Path(__file__).parent / "squads"
# The rules and rulings that need a squad file here (B-4 and B-5 have theirs in
# test_squad_file.py; the pre-game's steps are tested through the Python API in
# test_pregame_*.py, the stack in test_stack.py).
CITED = ["B-4a", "B-9"]


def files() -> list[Path]:
    return sorted(SQUADS.glob("*.json"))


@pytest.mark.parametrize("path", files(), ids=lambda p: p.stem)
def test_squad_file(path: Path, tmp_path: Path, capsys) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert set(data) == {"description", "squad", "expect"}, path.name
    assert re.match(r"(rules?|rulings?) B-", data["description"]), path.name
    squad = tmp_path / "squad.json"
    squad.write_text(json.dumps(data["squad"]), encoding="utf-8")
    code = squad_file.main([str(squad)])
    out = capsys.readouterr()
    assert code == data["expect"]["exit"], out.err or out.out
    problems = subset_problems(data["expect"]["output"], json.loads(out.out))
    assert not problems, f"{data['description']}\n" + "\n".join(problems)


def test_every_cited_rule_has_a_squad_file() -> None:
    text = " ".join(json.loads(p.read_text(encoding="utf-8"))["description"] for p in files())
    uncited = [r for r in CITED if not re.search(re.escape(r) + r"(?![0-9a-z.])", text)]
    assert not uncited, f"no squad file cites {uncited}"
