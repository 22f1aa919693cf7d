"""`python -m engine.spoils.combat FILE.json` (rule S-6) and docs/spoils.md's worked example."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.spoils import battle_file

DOCS = Path(__file__).resolve().parents[3] / "docs" / "spoils.md"


def doc_block(marker: str):
    text = DOCS.read_text(encoding="utf-8")
    match = re.search(rf"<!-- {marker} -->\s*```json\n(.*?)```", text, re.S)
    assert match, f"docs/spoils.md has no {marker} block"
    return json.loads(match.group(1))


def cli(tmp_path, battle) -> subprocess.CompletedProcess:
    path = tmp_path / "battle.json"
    path.write_text(battle if isinstance(battle, str) else json.dumps(battle))
    return subprocess.run([sys.executable, "-m", "engine.spoils.combat", str(path)],
                          capture_output=True, text=True)


def test_s7_the_documented_example_prints_the_documented_output(tmp_path):
    run = cli(tmp_path, doc_block("s7-input"))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == doc_block("s7-output")
    assert run.stderr == ""


def test_s7_the_documented_assignments_give_the_same_output():
    battle = {**doc_block("s7-input"), **doc_block("s7-assign")}
    expected = doc_block("s7-output")
    for step in expected["steps"]:
        for side in ("attackers", "blockers"):
            step[side]["chosen"] = "given"
    assert battle_file.run(battle) == expected


def test_s11_the_documented_responses_are_the_battle_file_of_their_rule():
    path = Path(__file__).parent / "battles" / (
        "s11_responses_before_the_target_is_hit_change_the_hit.json")
    assert doc_block("s11-input") == json.loads(path.read_text(encoding="utf-8"))["battle"]
    assert battle_file.run(doc_block("s11-input"))["target_hit"] == {"by": ["a2"], "damage": 5}


def test_s6_a_location_target_prints_its_damage(tmp_path):
    run = cli(tmp_path, {"target": {"kind": "location", "structure": 6, "damage": 2},
                         "attackers": [{"id": "a1", "str": 2, "life": 3, "spd": 4},
                                       {"id": "a2", "str": 3, "life": 2, "spd": 2}],
                         "blockers": [{"id": "b1", "str": 1, "life": 2, "spd": 3}],
                         "assign": [{"speed": 4, "side": "attacker", "to": {"b1": 2}}]})
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["target"] == {"kind": "location", "structure": 6, "damage_before": 2,
                             "damage": 3, "damage_after": 5, "destroyed": False}
    assert out["target_hit"] == {"by": ["a2"], "damage": 3}


EXAMPLE = {"target": {"kind": "faction", "influence": 25},
           "attackers": [{"id": "a1", "str": 2, "life": 3, "spd": 4},
                         {"id": "a2", "str": 2, "life": 2, "spd": 4},
                         {"id": "a3", "str": 2, "life": 2, "spd": 3}],
           "blockers": [{"id": "b1", "str": 1, "life": 4, "spd": 4}]}


def with_(**changes):
    battle = json.loads(json.dumps(EXAMPLE))
    for path, value in changes.items():
        *keys, last = path.split("__")
        node = battle
        for key in keys:
            node = node[int(key)] if key.isdigit() else node[key]
        node[int(last) if last.isdigit() else last] = value
    return battle


@pytest.mark.parametrize(("battle", "message"), [
    (with_(attackers__2__spd=-1),
     "malformed battle: attackers[2].spd: must be a whole number from 0 to 99, not -1"),
    (with_(attackers__0__life=0), "attackers[0].life: must be a whole number from 1 to 99"),
    (with_(attackers__1__str="2"), "attackers[1].str: must be a whole number"),
    (with_(blockers__0__covert="yes"), "blockers[0].covert: must be true or false"),
    (with_(attackers__0__speed=4), "attackers[0].speed: unknown field"),
    (with_(target={"kind": "castle"}), 'target.kind: must be "faction" or "location"'),
    (with_(target={"kind": "location", "structure": 3, "damage": 3}),
     "target.damage: 3 damage would already have destroyed"),
    (with_(attackers=[]), "illegal combat (empty_party): attackers:"),
    (with_(blockers__0__id="a1"), "illegal combat (duplicate_id): blockers[0].id:"),
    (with_(assign=[{"speed": 4, "side": "defender", "to": {}}]), "assign[0].side:"),
    (with_(assign=[{"speed": 4, "side": "attacker", "to": {"b1": 0}}]),
     "assign[0].to.b1: must be a whole number >= 1"),
    (with_(assign=[{"speed": 4, "side": "attacker", "to": {"b1": 5}}]),
     "illegal combat (over_assigned): assign[0]: assigns 5 damage but the attackers of "
     "speed 4 have strength 4"),
    (with_(assign=[{"speed": 4, "side": "blocker", "to": {"b1": 1}}]),
     "illegal combat (not_in_opposing_party): assign[0].to.b1: b1 is not in the attacking "
     "party"),
    (with_(attackers__0__covert=True, attackers__1__covert=True, attackers__2__covert=True),
     "illegal combat (covert_party): blockers[0]: b1 is not covert and cannot block a covert "
     "party"),
    (with_(assign=[{"speed": 3, "side": "attacker", "to": {"b1": 2}},
                   {"speed": 3, "side": "attacker", "to": {"b1": 2}}]),
     "illegal combat (duplicate_step): assign[1]"),
    # S-11: responses; S-12: tokens and depleted blockers
    (with_(responses=[{"id": "r1", "window": "during", "by": "attacker", "destroy": ["b1"]}]),
     "malformed battle: responses[0].window: must be 'after_blocks' or 'before_target'"),
    (with_(responses=[{"id": "r1", "window": "after_blocks", "by": "me", "destroy": ["b1"]}]),
     'responses[0].by: must be "attacker" or "defender"'),
    (with_(responses=[{"id": "r1", "window": "after_blocks", "by": "attacker"}]),
     "responses[0]: a response does something"),
    (with_(responses=[{"id": "r1", "window": "after_blocks", "by": "attacker",
                       "strength": {"a1": 0}}]),
     "responses[0].strength.a1: must be a whole number from -99 to 99 other than 0"),
    (with_(responses=[{"id": "r1", "window": "after_blocks", "by": "attacker",
                       "destroy": ["zz"]}]),
     "illegal combat (not_in_combat): responses[0]: zz is in neither party"),
    (with_(responses=[{"id": "b1", "window": "after_blocks", "by": "attacker",
                       "destroy": ["a1"]}]),
     "illegal combat (duplicate_id): responses[0].id: 'b1' already names"),
    (with_(blockers=[{"id": "m1", "token": "micromagic", "str": 3}]),
     "blockers[0].str: a micromagic token's stats are its own (1/1/3, S-12)"),
    (with_(blockers=[{"id": "m1", "token": "goblin"}]), "blockers[0].token: must be one of"),
    (with_(attackers__0__depleted=True), "attackers[0].depleted: every attacker is depleted"),
])
def test_s6_a_bad_battle_exits_2_naming_the_field(tmp_path, battle, message):
    run = cli(tmp_path, battle)
    assert run.returncode == 2
    assert message in run.stderr
    assert run.stdout == ""


def test_a_file_that_is_not_json_or_not_there_exits_2(tmp_path):
    run = cli(tmp_path, "{not json")
    assert run.returncode == 2 and "not valid JSON" in run.stderr
    run = subprocess.run([sys.executable, "-m", "engine.spoils.combat",
                          str(tmp_path / "missing.json")], capture_output=True, text=True)
    assert run.returncode == 2 and "cannot read the file" in run.stderr
    run = subprocess.run([sys.executable, "-m", "engine.spoils.combat"],
                         capture_output=True, text=True)
    assert run.returncode == 2 and "usage:" in run.stderr


def test_a_battle_must_be_an_object():
    with pytest.raises(battle_file.BattleFileError, match="the battle: must be an object"):
        battle_file.run([])
