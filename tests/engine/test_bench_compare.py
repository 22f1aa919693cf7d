"""The bench's side-by-side runs (engine/tools/bench_compare.py): this checkout against the
reference loop and against another checkout, alternating, the ratios printed; the timed lab run."""

import io
import re
import subprocess
import sys
from pathlib import Path

from engine.tools import bench_compare

ROOT = Path(__file__).resolve().parents[2]


def _reference_loop(tmp_path: Path) -> str:
    """A stand-in for ../shared/bench/minimal_loop.py that prints what it prints."""
    script = tmp_path / "loop.py"
    script.write_text("import time\nt = time.perf_counter()\nsum(range(100000))\n"
                      "print(f'{5000 / max(time.perf_counter() - t, 1e-6):.0f} games/s, "
                      "avg turns 7.9', {0: 1, 1: 1, None: 0})\n")
    return str(script)


def test_a_checkout_compared_with_itself_and_the_reference_loop_prints_every_ratio(tmp_path):
    out = io.StringIO()
    assert bench_compare.compare(games=8, seed=2, repeat=2, reference=_reference_loop(tmp_path),
                                 baseline=str(ROOT), out=out) == 0
    text = out.getvalue()
    assert len(re.findall(r"^round \d: this \d+ games/s \(\d+ turns/s, verification "
                          r"\d+\.\d\dx play\), baseline \d+ games/s \(\d+ turns/s\), "
                          r"reference \d+ games/s", text, re.M)) == 2
    for label in ("random games/s", "random turns/s", "verifications/s", "greedy games/s",
                  "lab games/s", "search playouts/s"):
        row = next(line for line in text.splitlines() if line.startswith(label))
        assert re.search(r"\d\.\d\dx", row), row
    assert re.search(r"^random games/s .* \d+\.\d\dx +\d+ +\d+\.\d\dx$", text, re.M)
    assert "verification / play: this" in text


def test_the_cpu_clock_reads_the_figures_of_a_checkout_and_of_the_reference_loop(tmp_path):
    figures = bench_compare.bench_figures(ROOT, 6, 1, cpu=True)
    assert figures["games_per_s"] > 0 and figures["avg_turns"] > 1
    assert figures["turns_per_s"] == figures["games_per_s"] * figures["avg_turns"]
    assert set(figures) >= {"verifications_per_s", "greedy_games_per_s", "lab_games_per_s",
                            "search_playouts_per_s"}
    reference = bench_compare.reference_figures(_reference_loop(tmp_path), cpu=True)
    assert reference["avg_turns"] == 7.9 and reference["games_per_s"] > 0


def test_a_lab_run_merges_the_same_result_however_many_processes_play_it():
    _, _, one = bench_compare.lab_seconds(60, 3, 1, chunk=25)
    _, cpu, two = bench_compare.lab_seconds(60, 3, 2, chunk=25)
    assert one == two and one["games"] == 60
    assert cpu > 0


def test_the_bench_command_runs_side_by_side_by_its_documented_path(tmp_path):
    run = subprocess.run([sys.executable, "-m", "engine.clash.bench", "--games", "6",
                          "--against-reference", _reference_loop(tmp_path), "--cpu-time"],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert "x reference" in run.stdout and "random turns/s" in run.stdout
