"""Measure the card values: `python -m engine.tools.values --games N --seed S [--ai LEVEL]
[--out PATH]` (also by its old path, `python -m engine.clash.formats.values`).

Plays N duels between two AI players of level LEVEL over random 8-card decks and writes each
card's win-rate delta to `engine/clash/data/card_values.json` (or PATH); the method is
`engine.clash.formats.values`, documented in docs/formats.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TextIO

from engine.clash.ai import LEVELS, make_agent
from engine.clash.formats.values import (
    COMMAND,
    VALUES_FILE,
    compute_card_values,
    write_card_values,
)
from engine.clash.limits import SEED_LIMIT
from engine.cli import fail, output_path_problem


def main(argv: list[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ai", default="random",
                        help=f"AI level of both players: {', '.join(LEVELS)} (default random)")
    parser.add_argument("--out", default=None, help=f"where to write (default {VALUES_FILE})")
    args = parser.parse_args(argv)
    if args.games < 1 or not 0 <= args.seed < SEED_LIMIT:
        parser.error("--games must be at least 1 and --seed from 0 to 2**63 - 1")
    try:
        make_agent(args.ai, 0)
    except ValueError as exc:
        parser.error(str(exc))
    # Checked before the duels are played; the file is written whole or not at all.
    problem = output_path_problem(args.out or VALUES_FILE)
    if problem:
        return fail(f"--out: {problem}")
    start = time.perf_counter()
    values = compute_card_values(args.games, args.seed, args.ai)
    try:
        file = write_card_values(values, args.out)
    except OSError as exc:
        return fail(f"--out: cannot write {args.out or VALUES_FILE}: {exc.strerror}")
    seconds = time.perf_counter() - start
    print(f"{args.games} {args.ai} vs {args.ai} duels in {seconds:.1f} s, catalogue "
          f"{values.catalogue}; wrote {file}", file=out)
    for name, value in sorted(values.values.items(), key=lambda kv: -kv[1]):
        print(f"{value:+.4f}  {name}", file=out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
