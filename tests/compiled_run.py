"""The compiled engine's run: `python -m tests.compiled_run PYTEST_ARGS...` builds the compiled
engine (engine/tools/build_compiled.py; nothing to do when it is up to date), then runs pytest
with PYTEST_ARGS under it (tests.compiled_engine). Where it cannot be built (no C compiler) it
says so and passes, but fails with CLASH_REQUIRE_COMPILED=1, as in CI.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from engine.tools.build_compiled import DIGEST_FILE, build


def build_dir() -> Path:
    return Path(os.environ.get("CLASH_TEST_COMPILED_DIR", "build/compiled")).resolve()


def compiled_build_or_skip() -> Path:
    """For a test that needs the compiled build: built (or found up to date), or the test is
    skipped where it cannot be built, and failed under CLASH_REQUIRE_COMPILED=1."""
    import pytest

    dest = build_dir()
    if build(dest) or not (dest / "engine" / DIGEST_FILE).exists():
        if os.environ.get("CLASH_REQUIRE_COMPILED") == "1":
            pytest.fail("CLASH_REQUIRE_COMPILED=1 but the compiled engine could not be built")
        pytest.skip("no compiled engine here (no C compiler or no mypyc)")
    return dest


def main(args: list[str]) -> int:
    dest = build_dir()
    code = build(dest)
    if code:
        return code
    if not (dest / "engine" / DIGEST_FILE).exists():
        print("compiled engine run skipped: the engine runs as Python here")
        return 0
    sys.stdout.flush()
    return subprocess.call([sys.executable, "-m", "pytest", "-p", "tests.compiled_engine",
                            *args], env={**os.environ, "CLASH_TEST_COMPILED_DIR": str(dest)})


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
