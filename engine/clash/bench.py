"""The old path of `python -m engine.tools.bench`, kept so that `python -m engine.clash.bench`
and imports from here keep working; the command lives in engine/tools/bench.py."""

import sys

from engine.tools.bench import main, run

__all__ = ["main", "run"]

if __name__ == "__main__":
    sys.exit(main())
