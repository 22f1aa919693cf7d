"""CLASH_COMPILED_ENGINE=DIR: this process runs the compiled build of the engine in DIR.

`make compiled` builds it in build/compiled (engine/tools/build_compiled.py; docs/engine.md).
The site, the workers and the commands all start with this package, so `clash/__init__.py`
calls `use_compiled_engine()` before anything imports `engine`: with the variable set, DIR goes
first on the path and `engine` is loaded from it. A build of other sources than this checkout's
is refused with an error that says how to rebuild it (a stale build would play old rules), as is
a variable that names no build. Without the variable the engine runs as Python, as in the tests
(the compiled build's own test run uses tests.compiled_engine).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from . import env

VARIABLE = "CLASH_COMPILED_ENGINE"
_TOOL = Path(__file__).resolve().parents[1] / "engine" / "tools" / "build_compiled.py"


class CompiledEngineError(RuntimeError):
    pass


def _build_tool():  # noqa: ANN202
    """engine/tools/build_compiled.py loaded from its file: importing it as a module of the
    `engine` package would load the source `engine` before the choice is made."""
    spec = importlib.util.spec_from_file_location("clash_engine_build_tool", _TOOL)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def use_compiled_engine() -> Path | None:
    """Put the compiled build named by CLASH_COMPILED_ENGINE first on the path (and return its
    folder), or do nothing when the variable is unset or empty."""
    named = env.compiled_engine()
    if named is None:
        return None
    dest = Path(named).resolve()
    if "engine" in sys.modules:
        raise CompiledEngineError(f"{VARIABLE} is set but the engine was imported before the "
                                  f"clash package chose it")
    tool = _build_tool()
    built = tool.built_from(dest)
    if built is None:
        raise CompiledEngineError(f"{VARIABLE}={named} names no compiled engine: run make "
                                  f"compiled (or python -m engine.tools.build_compiled {named}), "
                                  f"or unset {VARIABLE} to run the engine as Python")
    if built != tool.source_digest():
        raise CompiledEngineError(f"the compiled engine in {named} was built from other sources "
                                  f"than this checkout's: run make compiled to rebuild it")
    sys.path.insert(0, str(dest))
    # Loaded now: later imports (Celery's, Django's) put the project's folder first on the
    # path, and `engine` would then come from the source.
    import engine

    if engine.build() != "compiled":
        raise CompiledEngineError(f"{VARIABLE}={named}: the engine loaded from "
                                  f"{engine.__file__}, not from the compiled build")
    return dest
