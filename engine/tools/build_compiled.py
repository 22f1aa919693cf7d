"""The compiled build of the engine: the same Python source compiled with mypyc (as black and
mypy ship themselves), in a folder of its own.

    python -m engine.tools.build_compiled [DEST]        (DEST defaults to build/compiled)

copies the `engine` package into DEST and compiles the modules of COMPILED there, each into an
extension module beside its `.py`. Built in place, the extension modules would shadow the
source of the editable install for every process; in DEST they are used only by a process that
puts DEST first on its path: `PYTHONPATH=DEST python -P ...` (`-P` keeps the working
directory's source `engine` from coming before it). `engine.build()` says which one a process
loaded. Records are the same under both: tests/engine runs under the compiled build too
(`make test`), its seeded games compared with the digests the Python build was held to.

Where there is no C compiler, or no mypyc, nothing is built: the engine runs as Python and the
command says so and succeeds (with CLASH_REQUIRE_COMPILED=1, as in CI, it fails instead).
DEST/engine/SOURCE holds the digest of the sources it was built from and the mypy that built
it: an up-to-date build is left alone, a stale one is built again, and a process told to run
the build (CLASH_COMPILED_ENGINE, clash/compiled_engine.py) refuses a build of other sources.
Two builds of one DEST at once (the test runs side by side) take turns: the second finds the
first's up to date.

This module imports nothing of the engine, so that a process can read the digest before it
chooses which `engine` to import.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1]  # the engine package

# The modules compiled: the rules, the records, the AI players, the deck lab and the solo game
# (everything a game, a replay or an AI decision runs through). The rest stays Python in the
# build, imported beside them: the scenario format, the command lines, The Spoils and Berserk,
# the errors (which the other games subclass), the catalogue (its frozen dataclasses cross
# processes by pickle, which compiled ones refuse), the match loop (its tests replace
# `play_game`) and the solo options (their checks of bad input raise the engine's errors).
COMPILED = (
    "clash/actions.py", "clash/attack.py", "clash/copies.py", "clash/deaths.py",
    "clash/duel.py", "clash/events.py", "clash/game.py", "clash/hashing.py", "clash/lab.py",
    "clash/observation.py", "clash/record.py", "clash/rng.py", "clash/rules.py",
    "clash/state.py",
    "clash/ai/base.py", "clash/ai/evaluate.py", "clash/ai/expert.py", "clash/ai/greedy.py",
    "clash/ai/random_agent.py", "clash/ai/scripted.py", "clash/ai/search.py",
    "clash/ai/turns.py",
    "clash/solo/game.py",
    "seats.py",
)
DIGEST_FILE = "SOURCE"


def source_digest(source: Path = SOURCE) -> str:
    """SHA-256 over the engine's Python files, their paths and contents."""
    h = hashlib.sha256()
    for path in sorted(source.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        h.update(str(path.relative_to(source)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def built_from(dest: Path) -> str | None:
    """The source digest the build in `dest` was made from (None when there is none)."""
    stamp = dest / "engine" / DIGEST_FILE
    return stamp.read_text().split()[0] if stamp.exists() else None


def _stamp() -> str:
    """What a build records: the sources' digest, then the mypy that compiled them."""
    try:
        import mypy.version
        version = mypy.version.__version__
    except ImportError:
        version = "none"
    return f"{source_digest()} mypy-{version}\n"


def missing_tools() -> str | None:
    """Why the build cannot be made here, or None when it can."""
    compiler = os.environ.get("CC", "cc")
    if shutil.which(compiler) is None and shutil.which("gcc") is None:
        return f"no C compiler ({compiler} or gcc) on this machine"
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return "mypyc is not installed (pip install -e '.[dev]' installs it)"
    return None


def build(dest: Path, out=sys.stdout) -> int:  # noqa: ANN001
    dest.parent.mkdir(parents=True, exist_ok=True)
    with open(dest.parent / f".{dest.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        return _build(dest, out)


def _build(dest: Path, out) -> int:  # noqa: ANN001
    wanted = _stamp()
    stamp = dest / "engine" / DIGEST_FILE
    if stamp.exists() and stamp.read_text() == wanted:
        print(f"compiled engine in {dest} is up to date", file=out)
        return 0
    why = missing_tools()
    if why is not None:
        shutil.rmtree(dest, ignore_errors=True)  # never leave a stale build to be loaded
        print(f"compiled engine not built: {why}; the engine runs as Python", file=out)
        return 1 if os.environ.get("CLASH_REQUIRE_COMPILED") == "1" else 0
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    shutil.copytree(SOURCE, dest / "engine",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.c"))
    modules = [f"engine/{name}" for name in COMPILED]
    done = subprocess.run([sys.executable, "-m", "mypyc", *modules], cwd=dest,
                          capture_output=True, text=True, check=False)
    if done.returncode:
        print(done.stdout[-8000:] + done.stderr[-8000:], file=out)
        shutil.rmtree(dest, ignore_errors=True)
        print("compiled engine: mypyc failed (above); nothing was kept", file=out)
        return 1
    shutil.rmtree(dest / "build", ignore_errors=True)  # mypyc's C files and objects
    env = {**os.environ, "PYTHONPATH": str(dest)}
    loaded = subprocess.run([sys.executable, "-P", "-c", "import engine; print(engine.build())"],
                            env=env, capture_output=True, text=True, check=False)
    if loaded.stdout.strip() != "compiled":
        print(loaded.stdout + loaded.stderr, file=out)
        shutil.rmtree(dest, ignore_errors=True)
        print(f"compiled engine: {dest} does not load as the compiled build; nothing was kept",
              file=out)
        return 1
    stamp.write_text(wanted)
    print(f"compiled engine built in {dest}: {len(COMPILED)} modules", file=out)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dest", nargs="?", default="build/compiled",
                        help="the folder to build in (default build/compiled)")
    args = parser.parse_args(argv)
    return build(Path(args.dest).resolve())


if __name__ == "__main__":
    sys.exit(main())
