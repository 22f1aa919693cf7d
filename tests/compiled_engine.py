"""`pytest -p tests.compiled_engine`: the tests run against the compiled build of the engine
(engine/tools/build_compiled.py) in CLASH_TEST_COMPILED_DIR (default build/compiled).

Loaded as a plugin, before Django or any conftest imports `engine`, it puts the build first on
the path (pytest and pytest-django put the project's folder there later, but by then `engine`
is loaded) and refuses to run on the Python build: a test run that says "compiled" runs the
compiled modules.
"""

from __future__ import annotations

import os
import sys

import pytest

BUILD = os.path.abspath(os.environ.get("CLASH_TEST_COMPILED_DIR", "build/compiled"))

if "engine" in sys.modules:
    raise pytest.UsageError("tests.compiled_engine must load before anything imports engine")
sys.path.insert(0, BUILD)
import engine  # noqa: E402

if engine.build() != "compiled":
    raise pytest.UsageError(f"no compiled engine in {BUILD}: make compiled (or python -m "
                            f"engine.tools.build_compiled {BUILD}) builds it")


def pytest_report_header() -> str:
    return f"engine: the compiled build in {BUILD}"
