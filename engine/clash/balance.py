"""The old path of `python -m engine.tools.balance`, kept so that `python -m engine.clash.balance`
and imports from here keep working; the command lives in engine/tools/balance.py."""

import sys

from engine.tools.balance import DIFFICULTIES, main, matchup, run, solo_rate

__all__ = ["DIFFICULTIES", "main", "matchup", "run", "solo_rate"]

if __name__ == "__main__":
    sys.exit(main())
