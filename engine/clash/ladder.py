"""The old path of `python -m engine.tools.ladder`, kept so that `python -m engine.clash.ladder`
and imports from here keep working; the command lives in engine/tools/ladder.py."""

import sys

from engine.tools.ladder import PairResult, main, play_pair, print_matrix, run, wilson

__all__ = ["PairResult", "main", "play_pair", "print_matrix", "run", "wilson"]

if __name__ == "__main__":
    sys.exit(main())
