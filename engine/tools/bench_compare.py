"""Side-by-side runs of the engine bench: this checkout against the reference loop and against
another checkout, alternating in one run, the figures quoted as ratios (`python -m
engine.tools.bench --help`).

Each run is a fresh process (the bench of a checkout runs from that checkout's own tree, its
`.venv` when it has one), and its printed figures are read back, so a checkout whose bench
prints only the original figures (main before issue 18) compares as well as this one. A round
runs this checkout, then the baseline, then the reference loop; the ratios of a round are taken
within it, and the table gives the median of each over the rounds.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The bench's printed figures, as every version of it prints them.
FIGURES = (
    ("games_per_s", "random games/s", r"^games/s: (\d+)"),
    ("avg_turns", "average turns", r"^average turns per game: ([\d.]+)"),
    ("verifications_per_s", "verifications/s", r"^record verifications/s: (\d+)"),
    ("greedy_games_per_s", "greedy games/s", r"^greedy-vs-greedy: (\d+) games/s"),
    ("lab_games_per_s", "lab games/s", r"^deck lab \(scripted, unrecorded\): (\d+) games/s"),
    ("search_playouts_per_s", "search playouts/s", r"^search player: (\d+) playouts/s"),
)
REFERENCE = re.compile(r"^(\d+) games/s, avg turns ([\d.]+)", re.M)


def _python(tree: Path) -> str:
    venv = tree / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


# With `cpu=True` a run measures the CPU time of its process instead of the wall clock: the
# bench and the reference loop time themselves with `time.perf_counter`, which is pointed at
# `time.process_time` before they start. On a machine that others load, the wall clock counts
# their work too; the CPU time counts less of it (hyper-threads still share a core).
_CPU_CLOCK = "import runpy, time; time.perf_counter = time.process_time; "


def bench_figures(tree: Path, games: int, seed: int, cpu: bool = False) -> dict[str, float]:
    """One run of the bench of the checkout `tree`, in its own process; its figures."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    if cpu:
        command = [_python(tree), "-c", _CPU_CLOCK + "runpy.run_module('engine.clash.bench', "
                   "run_name='__main__', alter_sys=True)"]
    else:
        command = [_python(tree), "-m", "engine.clash.bench"]
    done = subprocess.run(command + ["--games", str(games), "--seed", str(seed)], cwd=tree,
                          env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"the bench of {tree} failed:\n{done.stdout}{done.stderr}")
    figures: dict[str, float] = {}
    for key, _, pattern in FIGURES:
        found = re.search(pattern, done.stdout, re.M)
        if found:
            figures[key] = float(found.group(1))
    figures["turns_per_s"] = figures["games_per_s"] * figures["avg_turns"]
    return figures


def reference_figures(script: str, cpu: bool = False) -> dict[str, float]:
    command = ([sys.executable, "-c", _CPU_CLOCK + f"runpy.run_path({script!r}, "
                "run_name='__main__')"] if cpu else [sys.executable, script])
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    found = REFERENCE.search(done.stdout)
    if found is None:
        raise RuntimeError(f"the reference loop printed no games/s: {done.stdout!r}")
    games, turns = float(found.group(1)), float(found.group(2))
    return {"games_per_s": games, "avg_turns": turns, "turns_per_s": games * turns}


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def compare(*, games: int, seed: int, repeat: int, reference: str | None,
            baseline: str | None, cpu: bool = False, out=sys.stdout) -> int:  # noqa: ANN001
    """Alternate the runs `repeat` times; print every round and the medians."""
    base = Path(baseline).resolve() if baseline else None
    mine_runs: list[dict[str, float]] = []
    base_runs: list[dict[str, float]] = []
    ref_runs: list[dict[str, float]] = []
    print(f"side by side, {repeat} round(s): this checkout ({ROOT})"
          + (f", baseline ({base})" if base else "")
          + (f", reference loop ({reference})" if reference else "")
          + f"; bench --games {games} --seed {seed}"
          + ("; CPU time of each process" if cpu else "; wall-clock time"), file=out)
    for r in range(1, repeat + 1):
        mine = bench_figures(ROOT, games, seed, cpu)
        mine_runs.append(mine)
        line = (f"round {r}: this {mine['games_per_s']:.0f} games/s "
                f"({mine['turns_per_s']:.0f} turns/s, verification "
                f"{mine['verifications_per_s'] / mine['games_per_s']:.2f}x play)")
        if base is not None:
            theirs = bench_figures(base, games, seed, cpu)
            base_runs.append(theirs)
            line += (f", baseline {theirs['games_per_s']:.0f} games/s "
                     f"({theirs['turns_per_s']:.0f} turns/s)")
        if reference:
            ref = reference_figures(reference, cpu)
            ref_runs.append(ref)
            line += (f", reference {ref['games_per_s']:.0f} games/s "
                     f"({ref['turns_per_s']:.0f} turns/s)")
        print(line, file=out, flush=True)

    rows = [(key, label) for key, label, _ in FIGURES if key != "avg_turns"]
    rows.insert(1, ("turns_per_s", "random turns/s"))
    head = f"{'figure':<20} {'this':>9}"
    if base is not None:
        head += f" {'baseline':>9} {'x baseline':>10}"
    if reference:
        head += f" {'reference':>9} {'x reference':>11}"
    print(head, file=out)
    for key, label in rows:
        if key not in mine_runs[0]:
            continue
        row = f"{label:<20} {_median([m[key] for m in mine_runs]):>9.0f}"
        if base is not None:
            both = [(m, b) for m, b in zip(mine_runs, base_runs, strict=True) if key in b]
            row += (f" {_median([b[key] for _, b in both]):>9.0f}"
                    f" {_median([m[key] / b[key] for m, b in both]):>9.2f}x")
        if reference and key in ("games_per_s", "turns_per_s"):
            pairs = zip(mine_runs, ref_runs, strict=True)
            row += (f" {_median([f[key] for f in ref_runs]):>9.0f}"
                    f" {_median([m[key] / f[key] for m, f in pairs]):>10.2f}x")
        print(row, file=out)
    verify = _median([m["verifications_per_s"] / m["games_per_s"] for m in mine_runs])
    line = f"verification / play: this {verify:.2f}x"
    if base is not None:
        theirs = _median([b["verifications_per_s"] / b["games_per_s"] for b in base_runs])
        line += f", baseline {theirs:.2f}x"
    print(line, file=out)
    print("(medians over the rounds; each ratio is taken within its round)", file=out)
    return 0


def _lab_chunk(job: tuple) -> tuple[dict, float]:
    from engine.clash.lab import lab_chunk

    deck, field, seed, start, count = job
    cpu = time.process_time()
    result = lab_chunk(deck, field, seed, start, count, "scripted").to_json()
    return result, time.process_time() - cpu


def lab_seconds(games: int, seed: int, workers: int,
                chunk: int = 2500) -> tuple[float, float, dict]:
    """A deck-lab run as the lab's workers run it: deck 1 against the field of decks 2, 3 and 4
    (the README's run), scripted players, chunks of the lab's size (lab.services.runs.CHUNK)
    taken by `workers` processes, the results merged. The seconds it took, the CPU seconds of
    the chunks shared out over the processes (what it takes on a machine nobody else loads),
    and the merged result."""
    from engine.clash.cards import load_catalogue
    from engine.clash.lab import LabResult, chunks

    # This module runs in a baseline checkout too (_baseline_lab_seconds), as `bench_compare`
    # beside its own `pool`: the engine there may be older than the pool.
    try:
        from engine.tools.pool import worker_pool
    except ImportError:
        from pool import worker_pool  # type: ignore[no-redef]

    catalogue = load_catalogue()
    decks = [catalogue.deck(n) for n in catalogue.deck_numbers]
    jobs = [(decks[0], decks[1:], seed, start, count) for start, count in chunks(games, chunk)]
    start = time.perf_counter()
    total = LabResult()
    cpu = 0.0
    with worker_pool(workers) as pool:
        for part, seconds in pool.map(_lab_chunk, jobs):
            total.merge(LabResult.from_json(part))
            cpu += seconds
    return time.perf_counter() - start, cpu / workers, total.to_json()


def lab_run(games: int, seed: int, workers: int, *, repeat: int = 1,
            baseline: str | None = None, out=sys.stdout) -> None:  # noqa: ANN001
    """Print the seconds of whole lab runs (alternating with the baseline checkout's)."""
    base = Path(baseline).resolve() if baseline else None
    mine_s: list[tuple[float, float]] = []
    base_s: list[tuple[float, float]] = []
    for r in range(1, repeat + 1):
        seconds, cpu, result = lab_seconds(games, seed, workers)
        mine_s.append((seconds, cpu))
        line = (f"round {r}: deck lab run of {games} games on {workers} processes: "
                f"this {seconds:.1f} s ({cpu:.1f} s of CPU per process)")
        if base is not None:
            theirs, their_cpu = _baseline_lab_seconds(base, games, seed, workers)
            base_s.append((theirs, their_cpu))
            line += (f", baseline {theirs:.1f} s ({their_cpu:.1f} s of CPU per process): "
                     f"{theirs / seconds:.2f}x, in CPU {their_cpu / cpu:.2f}x")
        print(line, f"(score {result['score']})", file=out, flush=True)
    line = (f"median: this {_median([m[0] for m in mine_s]):.1f} s "
            f"({_median([m[1] for m in mine_s]):.1f} s of CPU per process)")
    if base is not None:
        pairs = list(zip(mine_s, base_s, strict=True))
        line += (f", baseline {_median([b[0] for b in base_s]):.1f} s "
                 f"({_median([b[1] for b in base_s]):.1f} s of CPU per process): "
                 f"{_median([b[0] / m[0] for m, b in pairs]):.2f}x, "
                 f"in CPU {_median([b[1] / m[1] for m, b in pairs]):.2f}x")
    print(line, file=out)


def _baseline_lab_seconds(tree: Path, games: int, seed: int, workers: int) -> tuple[float, float]:
    """The same lab run in the checkout `tree` (its engine, this module's code run there)."""
    code = (f"import sys; sys.path.insert(0, {str(ROOT / 'engine' / 'tools')!r}); "
            f"import bench_compare as b; "
            f"print(*b.lab_seconds({games}, {seed}, {workers})[:2])")
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([_python(tree), "-c", code], cwd=tree, env=env, capture_output=True,
                          text=True, check=True)
    seconds, cpu = done.stdout.split()[-2:]
    return float(seconds), float(cpu)
