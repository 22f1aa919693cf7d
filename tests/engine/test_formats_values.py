"""The card values command: each card's win-rate delta in random duels."""

import subprocess
import sys
from pathlib import Path

import pytest

from engine.clash.cards import load_catalogue
from engine.clash.formats.values import compute_card_values, load_card_values, win_rate_deltas
from engine.tools.values import main

CAT = load_catalogue()
ROOT = Path(__file__).resolve().parents[2]


def test_the_command_measures_forty_games_into_a_file(tmp_path):
    out = tmp_path / "values.json"
    result = subprocess.run(
        [sys.executable, "-m", "engine.clash.formats.values", "--games", "40", "--seed", "3",
         "--ai", "random", "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    assert "40 random vs random duels" in result.stdout
    stored = load_card_values(out)
    assert stored.games == 40 and stored.ai == "random" and stored.seed == 3
    assert stored.catalogue == CAT.version
    assert set(stored.values) == {card.name for card in CAT.cards}


def test_the_same_seed_gives_the_same_values_and_another_seed_others():
    assert compute_card_values(40, 1) == compute_card_values(40, 1)
    assert compute_card_values(40, 1).values != compute_card_values(40, 2).values


def test_a_value_is_the_win_rate_of_the_decks_holding_the_card_minus_a_half():
    names = ["ZOMBIE", "OGRE", "BRUTE"]
    results = [(["ZOMBIE"], ["OGRE"], 0),  # ZOMBIE's deck wins
               (["OGRE"], ["ZOMBIE"], 1),  # ZOMBIE's deck wins again, from seat B
               (["ZOMBIE", "OGRE"], ["BRUTE"], 2)]  # a draw counts half
    values = win_rate_deltas(results, names)
    assert values["ZOMBIE"] == round((1 + 1 + 0.5) / 3 - 0.5, 4)  # stored to 4 decimals
    assert values["OGRE"] == round((0 + 0 + 0.5) / 3 - 0.5, 4)
    assert values["BRUTE"] == pytest.approx(0.0)
    assert win_rate_deltas([], names) == dict.fromkeys(names, 0.0)


def test_values_from_real_games_are_centred_on_zero():
    # Every game hands out one point (a win, or two halves) over two decks of 8 cards, so the
    # deltas weighted by how often each card was drawn average zero; unweighted, near zero.
    values = compute_card_values(200, 4).values
    assert abs(sum(values.values()) / len(values)) < 0.05
    assert any(v > 0 for v in values.values()) and any(v < 0 for v in values.values())


def test_an_unknown_ai_level_is_refused(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["--games", "2", "--ai", "grandmaster", "--out", str(tmp_path / "v.json")])
    assert "unknown AI level" in capsys.readouterr().err
    assert not (tmp_path / "v.json").exists()
