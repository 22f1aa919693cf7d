"""Checking a finished squad and its placement (rules B-4, B-5) and the command
`python -m engine.berserk.pregame FILE.json` with docs/berserk.md's example."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.berserk import squad_file
from engine.berserk.cards import Card, CostChange
from engine.berserk.editions import Crystals
from engine.berserk.recruitment import Payment
from engine.berserk.squad_check import SquadEntry, squad_check

DOCS = Path(__file__).resolve().parents[3] / "docs" / "berserk.md"


def doc_block(marker: str):
    text = DOCS.read_text(encoding="utf-8")
    match = re.search(rf"<!-- {marker} -->\s*```json\n(.*?)```", text, re.S)
    assert match, f"docs/berserk.md has no {marker} block"
    return json.loads(match.group(1))


def cli(tmp_path, squad) -> subprocess.CompletedProcess:
    path = tmp_path / "squad.json"
    path.write_text(squad if isinstance(squad, str) else json.dumps(squad))
    return subprocess.run([sys.executable, "-m", "engine.berserk.pregame", str(path)],
                          capture_output=True, text=True)


def test_the_documented_squad_is_valid_with_the_documented_crystals_left(tmp_path):
    run = cli(tmp_path, doc_block("squad-input"))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == doc_block("squad-output")


def test_b5_a_squad_placed_out_of_order_exits_1_with_the_problem(tmp_path):
    squad = doc_block("squad-input")
    squad["placement"]["c4"] = "r1c1"
    run = cli(tmp_path, squad)
    assert run.returncode == 1
    assert json.loads(run.stdout) == doc_block("squad-problems")


def test_b4_every_problem_of_a_squad_is_named_at_once(tmp_path):
    squad = {
        "player": "second",
        "crystals": {"gold": 8, "silver": 2},
        "deal": [{"id": "e1", "cost": 5, "elite": True, "element": "swamp"},
                 {"id": "e2", "cost": 4, "elite": True, "element": "forest"},
                 {"id": "o1", "cost": 3, "element": "forest"},
                 {"id": "o2", "cost": 1, "element": None},
                 {"id": "o3", "cost": 2, "element": None}],
        "squad": ["e1", {"id": "e2", "gold": 2, "silver": 2}, "e2", "o1", "o1", "zz",
                  {"id": "o2", "gold": 1, "silver": 0}, "o3"],
        "placement": {"e1": "r2c3", "e2": "r2c3", "o3": "r2c2", "o2": "r2c1"},
    }
    run = cli(tmp_path, squad)
    assert run.returncode == 1, run.stderr
    problems = [(p["code"], p["where"]) for p in json.loads(run.stdout)["problems"]]
    assert problems == [
        ("elite_needs_gold", "squad[1]"),     # e2 offers silver
        ("not_enough_gold", "squad[2]"),      # 8 - 5 = 3 gold, 1 lost to forest first: 2 < 4
        ("already_recruited", "squad[4]"),    # o1 took 2 silver and 1 gold after the loss
        ("not_in_deal", "squad[5]"),
        ("not_enough_crystals", "squad[7]"),  # o2 took the last gold
        ("not_in_squad", "placement.e2"),
        ("not_in_squad", "placement.o3"),
        ("cell_priority", "placement.o2"),    # r2c1 while the centre has free cells
        ("not_placed", "placement"),          # o1
    ]


def test_b5_second_player_layout_and_crystals():
    deal = [Card(f"c{i}", 1, False, "forest") for i in range(12)]
    cells = ["r1c1", "r1c5"] + [f"r{r}c{c}" for r in (1, 2, 3) for c in (2, 3, 4)] + ["r3c1"]
    report = squad_check(deal=deal, position="second", budget=Crystals(25, 23),
                         squad=[SquadEntry(c.id) for c in deal],
                         placement={c.id: cell for c, cell in zip(deal, cells, strict=True)})
    assert report.valid, report.problems
    assert report.crystals_left == Crystals(25, 11)


def test_b5_cards_with_no_free_cell_go_back_as_if_never_recruited():
    deal = [Card("a", 2, True, "swamp"), Card("b", 1, False, "forest"),
            Card("c", 1, False, "forest")]
    blocked = [f"r{r}c{c}" for r in (1, 2, 3) for c in range(1, 6) if (r, c) != (2, 3)]
    report = squad_check(deal=deal, position="first", budget=Crystals(24, 22),
                         squad=[SquadEntry("a"), SquadEntry("b", Payment(1, 0)),
                                SquadEntry("c")],
                         placement={"a": "r2c3"}, blocked=blocked)
    assert report.valid
    assert [t.card.id for t in report.squad] == ["a"]
    assert report.crystals_left == Crystals(22, 22)  # b's gold and forest's gold are back
    assert report.back_to_deck == ["b", "c"]


def test_b5_an_unplaced_card_with_a_free_cell_is_a_problem():
    deal = [Card("a", 1, False, None), Card("b", 1, False, None)]
    report = squad_check(deal=deal, position="first", budget=Crystals(24, 22),
                         squad=[SquadEntry("a"), SquadEntry("b")], placement={"a": "r2c3"})
    assert [(p.code, p.message) for p in report.problems] == [
        ("not_placed", "b is not placed and r1c2 is free: every squad card goes on the field "
                       "(B-5)")]


def test_b9_a_card_only_a_returned_cards_change_paid_for_goes_back_with_it():
    # B-5: soultrad finds no cell and goes back as if never recruited, so the Coven costs its
    # printed 4 again: its 1 silver back and the 1 left pay coven-1 and coven-2 (8 of 10), and
    # coven-3, which the 2 left cannot pay, could not have been taken: it goes back too.
    soultrad = Card("soultrad", 1, False, "forest", cost_changes=(CostChange(-1, "coven"),))
    coven = [Card(f"coven-{i}", 4, False, "forest", groups=("coven",)) for i in (1, 2, 3)]
    free = ("r2c2", "r2c3", "r2c4")
    blocked = [f"r{r}c{c}" for r in (1, 2, 3) for c in range(1, 6)
               if f"r{r}c{c}" not in free]
    report = squad_check(deal=[soultrad, *coven], position="first", budget=Crystals(0, 10),
                         squad=[SquadEntry(c.id) for c in (soultrad, *coven)],
                         placement={c.id: cell for c, cell in zip(coven, free, strict=True)},
                         blocked=blocked)
    assert report.valid, report.problems
    assert [(t.card.id, t.paid.silver) for t in report.squad] == [("coven-1", 4),
                                                                   ("coven-2", 4)]
    assert report.crystals_left == Crystals(0, 2)
    assert report.back_to_deck == ["soultrad", "coven-3"]
    assert report.placement == {"coven-1": "r2c2", "coven-2": "r2c3"}


BASE = {"player": "first",
        "deal": [{"id": "c1", "cost": 2, "elite": False, "element": "forest"}],
        "squad": ["c1"], "placement": {"c1": "r2c3"}}


def with_(**changes):
    squad = json.loads(json.dumps(BASE))
    for key, value in changes.items():
        if key.startswith("deal0_"):
            squad["deal"][0][key[6:]] = value
        else:
            squad[key] = value
    return squad


@pytest.mark.parametrize(("squad", "message"), [
    (with_(player="third"), 'player: must be "first" or "second"'),
    (with_(edition="deluxe"), "edition: must be one of standard, alternate"),
    (with_(deal0_elite="yes"), "deal[0].elite: must be true or false, not 'yes'"),
    (with_(deal0_cost=-1), "deal[0].cost: must be a whole number from 0 to 99, not -1"),
    (with_(deal0_colour="red"), "deal[0].colour: unknown field"),
    (with_(deal=[{"id": "c1", "cost": 1}]), "deal[0].element: missing"),
    (with_(deal=[{"id": f"c{i}", "cost": 1, "element": None} for i in range(16)]),
     "deal: 16 cards: a deal has at most 15"),
    (with_(deal=[{"id": "c1", "cost": 1, "element": None}] * 2),
     "deal[1].id: 'c1' names another card of the deal too"),
    (with_(placement={"c1": "r4c1"}), "placement.c1: 'r4c1' is no cell"),
    (with_(squad=[{"id": "c1", "gold": -1}]), "squad[0].gold: must be a whole number"),
    (with_(squad="c1"), "squad: must be a list"),
    (with_(crystals={"gold": 1}), "crystals.silver: missing"),
    (with_(blocked=["x"]), "blocked[0]: 'x' is no cell"),
    (with_(extra=1), "extra: unknown field"),
    (with_(deal0_groups="coven"), "deal[0].groups: must be a list of group names"),
    (with_(deal0_cost_changes=[{"group": "coven"}]),
     "deal[0].cost_changes[0].amount: must be a whole number from -99 to 99 other than 0"),
    (with_(deal0_cost_changes=[{"group": "coven", "amount": -1, "when": "now"}]),
     "deal[0].cost_changes[0].when: unknown field"),
    (with_(deal0_cost_changes=[{"group": 3, "amount": -1}]),
     "deal[0].cost_changes[0].group: must be a group name or null"),
])
def test_a_malformed_squad_file_exits_2_naming_the_field(tmp_path, squad, message):
    run = cli(tmp_path, squad)
    assert run.returncode == 2
    assert message in run.stderr
    assert run.stdout == ""


def test_valid_minimal_squad_exits_0_with_the_crystals_left(tmp_path):
    run = cli(tmp_path, BASE)
    assert run.returncode == 0
    assert json.loads(run.stdout)["crystals_left"] == {"gold": 24, "silver": 20}
    run = cli(tmp_path, with_(player="second", edition="alternate"))
    assert json.loads(run.stdout)["crystals_left"] == {"gold": 23, "silver": 21}


def test_a_file_that_is_not_json_or_not_there_exits_2(tmp_path):
    run = cli(tmp_path, "[1, 2")
    assert run.returncode == 2 and "not valid JSON" in run.stderr
    run = subprocess.run([sys.executable, "-m", "engine.berserk.pregame",
                          str(tmp_path / "missing.json")], capture_output=True, text=True)
    assert run.returncode == 2 and "cannot read the file" in run.stderr
    with pytest.raises(squad_file.SquadFileError, match="must be an object"):
        squad_file.run([])
