"""`python -m engine.clash.expert_bench` runs `python -m engine.tools.expert_bench`, as every
tool of engine/tools/ answers by its engine/clash path too; the command lives in
engine/tools/expert_bench.py."""

import sys

from engine.tools.expert_bench import BenchResult, main, play_seeds, run

__all__ = ["BenchResult", "main", "play_seeds", "run"]

if __name__ == "__main__":
    sys.exit(main())
