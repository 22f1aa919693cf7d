"""The old path of `python -m engine.tools.play`, kept so that `python -m engine.clash.play`
and imports from here keep working; the command lives in engine/tools/play.py."""

import sys

from engine.tools.play import main, render_board, watch

__all__ = ["main", "render_board", "watch"]

if __name__ == "__main__":
    sys.exit(main())
