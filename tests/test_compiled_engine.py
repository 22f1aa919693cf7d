"""CLASH_COMPILED_ENGINE (clash/compiled_engine.py): a process told to run the compiled engine
runs it, or refuses to start with a message that says what to do; untold, it runs Python.
Each case is a fresh process: the choice is made once, before anything imports `engine`."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from engine.tools.build_compiled import DIGEST_FILE
from tests.compiled_run import compiled_build_or_skip

ROOT = Path(__file__).resolve().parents[1]
SHOW = "import clash, engine; print(engine.build())"


def start(variable: str | None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "CLASH_COMPILED_ENGINE"}
    if variable is not None:
        env["CLASH_COMPILED_ENGINE"] = variable
    return subprocess.run([sys.executable, "-c", SHOW], cwd=ROOT, env=env, capture_output=True,
                          text=True, check=False)


def test_without_the_variable_the_engine_runs_as_python():
    done = start(None)
    assert (done.returncode, done.stdout.strip()) == (0, "python")
    assert start("").stdout.strip() == "python"


def test_a_variable_that_names_no_build_stops_the_process_saying_how_to_make_one(tmp_path):
    done = start(str(tmp_path / "nothing"))
    assert done.returncode != 0
    assert "names no compiled engine: run make compiled" in done.stderr


def test_a_build_of_other_sources_is_refused(tmp_path):
    stale = tmp_path / "stale"
    (stale / "engine").mkdir(parents=True)
    (stale / "engine" / DIGEST_FILE).write_text("0" * 64 + " mypy-2.4.1\n")
    done = start(str(stale))
    assert done.returncode != 0
    assert "was built from other sources than this checkout's: run make compiled" in done.stderr


def test_the_compiled_build_is_loaded_when_named():
    dest = compiled_build_or_skip()
    done = start(str(dest))
    assert (done.returncode, done.stdout.strip()) == (0, "compiled"), done.stderr


def test_the_image_runs_the_build_its_first_stage_makes():
    """The Dockerfile builds the compiled engine in a stage with a C compiler (failing the image
    if it cannot) and every process of the image runs that build: the folder the first stage
    writes is the one the second copies and names in CLASH_COMPILED_ENGINE. (No Docker here to
    build the image; the runtime half is the test above: a build named by the variable.)"""
    dockerfile = (ROOT / "Dockerfile").read_text()
    built = re.search(r"CLASH_REQUIRE_COMPILED=1 python -m engine\.tools\.build_compiled (\S+)",
                      dockerfile)
    assert built is not None
    dest = built.group(1)
    assert f"COPY --from=engine-build {dest} {dest}" in dockerfile
    assert re.search(rf"^ENV CLASH_COMPILED_ENGINE={re.escape(dest)}$", dockerfile, re.M)
    # Named before anything in the image imports the engine (collectstatic, at build time).
    assert dockerfile.index("ENV CLASH_COMPILED_ENGINE") < dockerfile.index("collectstatic")
    assert "build" in (ROOT / ".dockerignore").read_text().split()
