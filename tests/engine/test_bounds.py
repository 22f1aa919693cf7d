"""The bounds of an input's numbers and lists (engine/clash/limits.py): a scenario, a card file,
a catalogue or a game record past them is refused where it is read, with the field named, and
alike by both builds (the compiled one keeps numbers in 64-bit words, where a number past the
bounds would wrap: a creature hit twice for 2**62 "survived" with damage -2**63)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.clash.cards import CardDef, Catalogue, load_catalogue, parse_catalogue_csv
from engine.clash.errors import CatalogueError, SetupError
from engine.clash.game import new_game
from engine.clash.limits import MAX_CARDS, MAX_NUMBER
from engine.clash.scenario import ScenarioError, load_position
from tests.compiled_run import compiled_build_or_skip

ROOT = Path(__file__).resolve().parents[2]
BIG = 2 ** 62


def scenario(**top: object) -> dict:
    data: dict = {"players": {"A": {"hand": ["BASTION", "BRUTE"]},
                              "B": {"hand": ["BASTION", "GNOME"]}},
                  "active": "A", "turn": 3, "phase": "attack", "actions": [{"attack": "all"}]}
    data.update(top)
    return data


def titan_and_two_smashers() -> dict:
    """A creature of health 2**63 - 1 hit twice for 2**62: 2**63 of damage, past a word."""
    return scenario(
        cards={"TITAN": {"type": "creature", "cost": 1, "attack": 0, "health": 2 ** 63 - 1},
               "SMASH": {"type": "creature", "cost": 1, "attack": BIG, "health": 1}},
        players={"A": {"hand": ["BASTION", "BRUTE"],
                       "lanes": {"top": [{"card": "SMASH"}, {"card": "SMASH"}]}},
                 "B": {"hand": ["BASTION", "GNOME"], "lanes": {"top": [{"card": "TITAN"}]}}})


def sprinter() -> dict:
    """A Sprint creature whose bonus would carry its attack past a word."""
    return scenario(players={
        "A": {"hand": ["BASTION", "BRUTE"],
              "lanes": {"top": [{"card": "ASSASSIN", "sprint_bonus": 2 ** 63 - 1}]}},
        "B": {"hand": ["BASTION", "GNOME"], "lanes": {"top": [{"card": "GNOME"}]}}})


def automaton(deck: list[str]) -> dict:
    return scenario(players={"A": {"hand": ["BASTION", "BRUTE"]},
                             "B": {"automaton": {"deck": deck}}})


# Each out-of-bound input with the field its refusal names.
OUT_OF_BOUNDS = {
    "health past a word": (titan_and_two_smashers(), "cards.TITAN.health"),
    "a Sprint bonus past a word": (sprinter(), "players.A.lanes.top[0].sprint_bonus"),
    "mana of 10**30": (scenario(mana=10 ** 30), "mana"),
    "a turn cap of 10**30": (scenario(turn_cap=10 ** 30), "turn_cap"),
    "a turn of 2**63": (scenario(turn=2 ** 63), "turn"),
    "a 200,000-card automaton deck": (automaton(["GNOME"] * 200_000),
                                      "players.B.automaton.deck"),
    "an automaton seed of 2**63": (
        scenario(players={"A": {"hand": ["BASTION", "BRUTE"]},
                          "B": {"automaton": {"deck": ["GNOME"], "seed": 2 ** 63}}}),
        "players.B.automaton.seed"),
}


@pytest.mark.parametrize("name", OUT_OF_BOUNDS)
def test_a_scenario_past_the_bounds_is_refused_naming_the_field(name):
    data, field = OUT_OF_BOUNDS[name]
    with pytest.raises(ScenarioError) as refused:
        load_position(data)
    assert str(refused.value).startswith(f"{field}: ")


def test_the_bounds_themselves_are_accepted():
    load_position(scenario(mana=MAX_NUMBER, turn_cap=MAX_NUMBER, turn=MAX_NUMBER))
    load_position(automaton(["GNOME"] * MAX_CARDS))
    load_position(scenario(cards={"HULK": {"type": "creature", "cost": MAX_NUMBER,
                                           "attack": MAX_NUMBER, "health": MAX_NUMBER}}))


@pytest.mark.parametrize("value, message", [
    ("1000001", "line 2 (X) attack: 1000001 is more than 1,000,000"),
    ("9" * 5000, "line 2 (X) attack: 99999999999999999... is more than 1,000,000"),
    ("-3", "line 2 (X) attack: -3 must not be negative"),
    ("one", "line 2 (X) attack: 'one' is not a whole number"),
])
def test_a_card_file_number_past_the_bounds_is_refused_naming_the_line(value, message):
    text = ("name,deck,type,cost,attack,health,abilities,aura,spell_damage\n"
            f"X,,creature,1,{value},1,,,\n")
    with pytest.raises(CatalogueError) as refused:
        parse_catalogue_csv(text)
    assert refused.value.message == message


def test_a_catalogue_built_from_cards_past_the_bounds_is_refused():
    huge = CardDef(name="HUGE", type="creature", cost=1, attack=1, health=2 ** 63)
    with pytest.raises(CatalogueError, match="card HUGE's health must be a whole number from 0 "
                                             "to 1,000,000"):
        Catalogue.build("test", [huge])


@pytest.mark.parametrize("seed, turn_cap, message", [
    (2 ** 63, 200, "the seed must be a whole number from 0 to 2\\*\\*63 - 1"),
    (1, 10 ** 30, "the turn cap must be a whole number from 1 to 1,000,000"),
])
def test_a_duel_is_not_set_up_past_the_bounds(seed, turn_cap, message):
    catalogue = load_catalogue()
    with pytest.raises(SetupError, match=message):
        new_game((catalogue.deck(1), catalogue.deck(2)), seed, turn_cap=turn_cap)


def run_scenario(path: Path, build: Path | None) -> subprocess.CompletedProcess:
    """The scenario runner in a process of its own: the Python build (the checkout's source)
    or the compiled build in `build`."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "CLASH_COMPILED_ENGINE")}
    if build is None:
        command = [sys.executable, "-m", "engine.tools.scenario", str(path)]
    else:  # -P: the build first on the path, not the working directory's source
        env["PYTHONPATH"] = str(build)
        command = [sys.executable, "-P", "-c",
                   "import engine, runpy; assert engine.build() == 'compiled'; "
                   "runpy.run_module('engine.tools.scenario', run_name='__main__')", str(path)]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120, check=False)


def test_both_builds_refuse_the_same_inputs_alike(tmp_path):
    compiled = compiled_build_or_skip()
    for name, (data, field) in OUT_OF_BOUNDS.items():
        path = tmp_path / "scenario.json"
        path.write_text(json.dumps(data))
        runs = [run_scenario(path, build) for build in (None, compiled)]
        for done in runs:
            assert done.returncode == 2, (name, done.stdout[-300:], done.stderr[-300:])
            assert done.stderr.startswith(f"{path}: malformed scenario: {field}: "), name
            assert done.stderr.count("\n") == 1, name
        assert runs[0].stderr == runs[1].stderr, name
