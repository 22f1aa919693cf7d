"""The engine's command-line tools: the bench, the game viewer and the ladder."""

import io
import json
import subprocess
import sys

from engine.clash import bench, ladder, play
from engine.clash.record import GameRecord, replay


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
    run = subprocess.run([sys.executable, "-m", "engine.clash.play", "--ai", "random,smart"],
                         capture_output=True, text=True)
    assert run.returncode == 2
    assert "unknown AI level 'smart'" in run.stderr


def test_the_ladder_prints_a_matrix_with_intervals():
    out = io.StringIO()
    results = ladder.run(4, 1, levels=("random", "scripted"), jobs=1, out=out)
    assert results[("random", "scripted")].games == 4
    assert "scripted" in out.getvalue() and "[" in out.getvalue()


def test_the_balance_report_has_every_section():
    from engine.clash import balance

    out = io.StringIO()
    figures = balance.run(2, "scripted", seed=3, solo_games=1, jobs=1, out=out)
    text = out.getvalue()
    for heading in ("preconstructed matchups", "first player's win rate",
                    "card win-rate deltas", "solo: the player's win rate"):
        assert heading in text
    assert len(figures["duels"]) == 16
    assert len(figures["solo"]) == 4 * 5
    # A deck against itself, each seed from both seats, scores exactly one half.
    for n in (1, 2, 3, 4):
        score, games, _, _ = figures["duels"][(n, n)]
        assert score / games == 0.5
