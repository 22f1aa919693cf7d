"""The battle files of `battles/`, one or more a rule: each is run through the command
`python -m engine.spoils.combat FILE.json` and compared with what the rule says.

A file is `{"description": "rule S-11: ...", "battle": {...the command's input...},
"expect": {"exit": 0, "output": SUBSET}}` (the output compared as a subset: objects by the
keys given, lists whole) or `{"exit": 2, "error": TEXT}` for a battle the command refuses
with TEXT in its message.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.spoils import battle_file
from tests.engine.scenario_files import subset_problems

BATTLES = Path(__file__).parent / "battles"
# The rules whose battle files must exist here (S-6 and S-7 have theirs in
# test_battle_file.py and docs/spoils.md).
CITED = ["S-11", "S-12"]


def files() -> list[Path]:
    return sorted(BATTLES.glob("*.json"))


@pytest.mark.parametrize("path", files(), ids=lambda p: p.stem)
def test_battle_file(path: Path, tmp_path: Path, capsys) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert set(data) == {"description", "battle", "expect"}, path.name
    assert re.match(r"rules? S-", data["description"]), path.name
    battle = tmp_path / "battle.json"
    battle.write_text(json.dumps(data["battle"]), encoding="utf-8")
    code = battle_file.main([str(battle)])
    out = capsys.readouterr()
    expect = data["expect"]
    assert code == expect["exit"], out.err or out.out
    if code == 2:
        assert expect["error"] in out.err and out.out == "", out.err
        return
    problems = subset_problems(expect["output"], json.loads(out.out))
    assert not problems, f"{data['description']}\n" + "\n".join(problems)


def test_every_cited_rule_has_a_battle_file() -> None:
    text = " ".join(json.loads(p.read_text(encoding="utf-8"))["description"] for p in files())
    uncited = [r for r in CITED if not re.search(re.escape(r) + r"(?![0-9a-z.])", text)]
    assert not uncited, f"no battle file cites {uncited}"
