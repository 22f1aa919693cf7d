"""The card values command: each card's win-rate delta in random duels."""

import subprocess
import sys
from pathlib import Path

import pytest

from engine.clash.cards import load_catalogue
from engine.clash.formats import values as values_module
from engine.clash.formats.values import compute_card_values, load_card_values, main

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


class FakeGame:
    def __init__(self, winner):
        self.winner = winner


def test_a_value_is_the_win_rate_of_the_decks_holding_the_card_minus_a_half(monkeypatch):
    # The deck holding ZOMBIE alone wins; otherwise a draw (which counts half).
    def fake_play(decks, seed, agents, catalogue=None):
        has = ["ZOMBIE" in deck for deck in decks]
        return FakeGame(2 if has[0] == has[1] else (0 if has[0] else 1)), None

    monkeypatch.setattr(values_module, "play_game", fake_play)
    values = compute_card_values(400, 5).values
    # Holding ZOMBIE: a win unless the other side holds it too (probability 1/4, a draw).
    assert values["ZOMBIE"] == pytest.approx(0.375, abs=0.08)
    assert max(values, key=values.__getitem__) == "ZOMBIE"
    assert all(v < 0.1 for name, v in values.items() if name != "ZOMBIE")


def test_draws_count_half(monkeypatch):
    monkeypatch.setattr(values_module, "play_game", lambda *a, **k: (FakeGame(2), None))
    assert set(compute_card_values(20, 1).values.values()) == {0.0}


def test_an_unknown_ai_level_is_refused(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["--games", "2", "--ai", "grandmaster", "--out", str(tmp_path / "v.json")])
    assert "unknown AI level" in capsys.readouterr().err
    assert not (tmp_path / "v.json").exists()
