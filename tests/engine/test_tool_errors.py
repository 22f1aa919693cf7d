"""The command-line tools on bad input and bad paths: one line of error on stderr and a
non-zero exit, never a traceback, and nothing half-written; and their worker processes end
with them when they are killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILE_COMMANDS = ("engine.tools.scenario", "engine.spoils.combat", "engine.berserk.pregame")


def command(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout, check=False)


def assert_one_line_error(done: subprocess.CompletedProcess, *phrases: str) -> None:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    for phrase in phrases:
        assert phrase in done.stderr


@pytest.mark.parametrize("module", FILE_COMMANDS)
@pytest.mark.parametrize("text, problem", [
    ("[" * 100_000 + "]" * 100_000, "not valid JSON: it nests too deeply"),
    ('{"turn": ' + "7" * 4301 + "}", "not valid JSON: a number has more than 4,300 digits"),
])
def test_a_file_past_what_json_reads_is_one_line_of_error(tmp_path, module, text, problem):
    path = tmp_path / "input.json"
    path.write_text(text)
    assert_one_line_error(command(module, str(path)), f"{path}: {problem}")


@pytest.mark.parametrize("where", ["missing/record.json", "."])
def test_the_viewer_refuses_a_record_path_it_cannot_write_before_playing(tmp_path, where):
    path = tmp_path / where
    done = command("engine.tools.play", "--seed", "3", "--record", str(path))
    assert_one_line_error(done, "error: --record: ")
    assert done.stdout == ""  # refused before the game was played
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("where", ["missing/values.json", "."])
def test_the_card_values_refuse_an_out_path_they_cannot_write_before_playing(tmp_path, where):
    path = tmp_path / where
    done = command("engine.tools.values", "--games", "2", "--out", str(path))
    assert_one_line_error(done, "error: --out: ")
    assert list(tmp_path.iterdir()) == []


def test_the_card_values_write_their_file_whole(tmp_path):
    path = tmp_path / "values.json"
    done = command("engine.tools.values", "--games", "4", "--ai", "random", "--out", str(path))
    assert done.returncode == 0, done.stderr
    assert path.read_text().startswith("{") and [p.name for p in tmp_path.iterdir()] == [
        "values.json"]


@pytest.mark.parametrize("option, where, problem", [
    ("--baseline-path", "missing", "is not a folder"),
    ("--baseline-path", ".", "holds no engine package"),
    ("--against-reference", "missing.py", "does not exist"),
    ("--against-reference", ".", "is a folder"),
])
def test_the_bench_refuses_a_checkout_or_script_it_cannot_run(tmp_path, option, where, problem):
    done = command("engine.tools.bench", "--games", "2", option, str(tmp_path / where))
    assert_one_line_error(done, f"error: {option}: ", problem)


@pytest.mark.parametrize("argv", [
    ("engine.tools.play", "--seed", str(2 ** 63)),
    ("engine.tools.values", "--seed", str(2 ** 63)),
])
def test_a_seed_past_the_bounds_is_refused_by_the_tools(argv):
    done = command(*argv)
    assert done.returncode == 2 and "2**63 - 1" in done.stderr and "Traceback" not in done.stderr


def children_of(pid: int) -> set[int]:
    """The live (not zombie) processes whose parent is `pid`."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, parent = stat.rsplit(")", 1)[1].split()[:2]
        if int(parent) == pid and state != "Z":
            found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("argv", [
    ("engine.tools.balance", "--games", "4000", "--ai", "greedy", "--jobs", "2"),
    ("engine.tools.ladder", "--games", "4000", "--levels", "greedy,search", "--jobs", "2"),
])
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_the_worker_processes_end_with_a_killed_tool(argv, sig):
    tool = subprocess.Popen([sys.executable, "-m", *argv], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            workers = children_of(tool.pid)
        assert len(workers) >= 2, "the tool started no workers"
        time.sleep(1)  # the workers are playing
        os.kill(tool.pid, sig)
        tool.wait(timeout=10)
        deadline = time.monotonic() + 5
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [w for w in workers if alive(w)]
    finally:
        if tool.poll() is None:
            tool.kill()
            tool.wait()
        for worker in workers:  # what a failed run left (its own processes, by their ids)
            if alive(worker):
                os.kill(worker, signal.SIGKILL)


@pytest.mark.parametrize("args", [
    ("engine.tools.bench", "--games", "2"),
    ("engine.tools.balance", "--games", "2"),
    ("engine.tools.ladder", "--games", "2"),
    ("engine.tools.expert_bench", "--games", "2"),
])
def test_the_runs_of_games_refuse_a_first_seed_past_what_their_seeds_are_derived_within(args):
    """Each game's and player's seed is derived from --seed (the bench's by 2 * 1,000,003 times
    it): a first seed near 2**63 made the game's setup fail with a traceback."""
    done = command(*args, "--seed", str(2 ** 63 - 1))
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.splitlines()[-1].endswith(
        "error: --seed must be a whole number from 0 to 2**40"), done.stderr
