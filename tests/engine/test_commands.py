"""The engine's command-line tools (engine/tools/): the bench, the game viewer, the ladder and
the balance report, and the old `python -m engine.clash.<tool>` paths that other tools call."""

import io
import json
import subprocess
import sys

import pytest

from engine.clash.ai import LEVELS
from engine.clash.record import GameRecord, replay
from engine.tools import bench, ladder, play


def test_the_bench_prints_every_figure():
    out = io.StringIO()
    figures = bench.run(40, 3, out=out)
    text = out.getvalue()
    for line in ("games/s:", "average turns per game:", "record verifications/s:",
                 "greedy-vs-greedy:", "deck lab (scripted, unrecorded):", "search player:"):
        assert line in text
    assert figures["failures"] == 0
    assert figures["avg_turns"] > 1
    assert figures["lab_games_per_s"] > 0


def test_the_viewer_prints_a_game_turn_by_turn_and_its_record_replays(tmp_path):
    out = io.StringIO()
    path = tmp_path / "game.json"
    record = play.watch(4, (2, 4), ("scripted", "greedy"), out=out, record_path=str(path))
    text = out.getvalue()
    assert "== turn 1: player" in text and "== turn 2: player" in text
    assert "replay confirms it" in text
    assert replay(GameRecord.from_json(json.loads(path.read_text()))).ok
    assert record.result in ("A", "B", "draw")


def test_the_viewer_refuses_bad_options_with_a_message():
    run = subprocess.run([sys.executable, "-m", "engine.clash.play", "--decks", "1,9"],
                         capture_output=True, text=True)
    assert run.returncode == 2
    assert "no preconstructed deck 9" in run.stderr
    run = subprocess.run([sys.executable, "-m", "engine.tools.play", "--ai", "random,smart"],
                         capture_output=True, text=True)
    assert run.returncode == 2
    assert "unknown AI level 'smart'" in run.stderr


def test_the_ladder_prints_a_matrix_with_intervals():
    out = io.StringIO()
    results = ladder.run(4, 1, levels=("random", "scripted"), jobs=1, out=out)
    assert results[("random", "scripted")].games == 4
    assert "scripted" in out.getvalue() and "[" in out.getvalue()


def test_the_balance_report_has_every_section():
    from engine.tools import balance

    out = io.StringIO()
    figures = balance.run(2, "scripted", seed=3, solo_games=1, jobs=1, out=out)
    text = out.getvalue()
    for heading in ("preconstructed matchups", "first player's win rate",
                    "card win-rate deltas", "solo: the player's win rate"):
        assert heading in text
    assert len(figures["duels"]) == 16
    assert len(figures["solo"]) == len(LEVELS) * 5  # every AI level at every difficulty
    # A deck against itself, each seed from both seats, scores exactly one half.
    for n in (1, 2, 3, 4):
        score, games, _, _ = figures["duels"][(n, n)]
        assert score / games == 0.5


@pytest.mark.parametrize(("old", "new"), [
    ("engine.clash.bench", "engine.tools.bench"),
    ("engine.clash.balance", "engine.tools.balance"),
    ("engine.clash.expert_bench", "engine.tools.expert_bench"),
    ("engine.clash.ladder", "engine.tools.ladder"),
    ("engine.clash.play", "engine.tools.play"),
])
def test_the_old_module_of_a_tool_is_the_tool(old, new):
    import importlib

    old_module, new_module = importlib.import_module(old), importlib.import_module(new)
    for name in old_module.__all__:
        assert getattr(old_module, name) is getattr(new_module, name)


def test_the_bench_still_runs_by_its_old_path():
    run = subprocess.run([sys.executable, "-m", "engine.clash.bench", "--games", "4"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "games/s:" in run.stdout and "(0 failed)" in run.stdout


def test_the_scenario_runner_answers_by_both_paths(tmp_path):
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps({"players": {"A": {"hand": ["BASTION", "BRUTE"]},
                                            "B": {"hand": ["BASTION", "GNOME"]}},
                                "active": "A", "turn": 1, "actions": [{"end_turn": True}]}))
    outputs = []
    for module in ("engine.clash.scenario", "engine.tools.scenario"):
        run = subprocess.run([sys.executable, "-m", module, str(path)],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        outputs.append(json.loads(run.stdout))
    assert outputs[0] == outputs[1]
    assert outputs[0]["active"] == "B"


def test_the_expert_bench_prints_the_score_its_interval_and_the_times():
    from engine.tools import expert_bench

    out = io.StringIO()
    result = expert_bench.run(4, 3, jobs=1, options={"playouts": 16, "width": 8}, out=out)
    text = out.getvalue()
    assert result.games == 4 and result.wins + result.draws + result.losses == 4
    assert sum(result.by_seed.values()) == 2  # two seeds, each from both seats
    for line in ("games 4 (seeds 3..4", "95% Wilson interval", "expert: ",
                 "expert (CPU time): ", "search: "):
        assert line in text
    assert len(result.expert_ms) == len(result.expert_cpu_ms) > 0


def test_the_leaf_fit_finds_the_term_that_decides_the_games():
    from engine.tools.expert_bench import fit_leaf

    # Whoever has more life wins (the other terms are noise around it).
    rows = [([life, (i * 7) % 5 - 2, (i * 3) % 4 - 1.5, 0.0, 0.0], int(life > 0))
            for i, life in enumerate([-3, -2, -1, 1, 2, 3] * 20)]
    rows += [([1.0, 0, 0, 0, 0], 0), ([-1.0, 0, 0, 0, 0], 1)]  # not separable: finite weights
    leaf = fit_leaf(rows)
    assert leaf.life > 1 and abs(leaf.reserve) < leaf.life / 4
