"""What the engine's commands share: one JSON file argument, read with errors a person can act
on (exit 2 and a message naming the file and the problem), and files written whole or not at
all, their paths checked before the work that fills them."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

EXIT_MALFORMED = 2
# The greatest first seed of the tools that play runs of games (bench, balance, ladder,
# expert_bench): each derives its games' and players' seeds from it (the bench multiplies it by
# 1,000,003, then doubles that for the players), and every seed so derived must stay below
# 2**63 (engine/clash/limits.py) for any run of fewer than 10**9 games.
TOOL_SEED_LIMIT = 2 ** 40


def json_problem(exc: ValueError | RecursionError) -> str:
    """What is wrong with JSON that `json.loads` refused: its syntax, nesting deeper than
    Python reads (RecursionError), or a number of more digits than Python converts."""
    if isinstance(exc, RecursionError):
        return "it nests too deeply"
    if isinstance(exc, json.JSONDecodeError):
        return str(exc)
    return f"a number has more than {sys.get_int_max_str_digits():,} digits"


def output_path_problem(path: str | Path) -> str | None:
    """Why a file cannot be written at `path` (None when it can be tried): its folder missing,
    or a folder where the file would be."""
    target = Path(path)
    if target.is_dir():
        return f"{path} is a folder, not a file"
    if not target.parent.is_dir():
        return f"the folder of {path} does not exist"
    return None


def write_file(path: str | Path, text: str) -> None:
    """Write `text` to `path` whole or not at all: into a new file beside it, then renamed over
    it, so that a failure (a full disk) leaves what was there. OSError when it cannot."""
    target = Path(path)
    fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    umask = os.umask(0)
    os.umask(umask)
    try:
        os.chmod(temporary, 0o666 & ~umask)  # as open() would have made it, not mkstemp's 0600
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def first_seed_problem(seed: int) -> str | None:
    """Why `seed` cannot be the first seed of a tool's run of games, or None when it can."""
    if not 0 <= seed <= TOOL_SEED_LIMIT:
        return "--seed must be a whole number from 0 to 2**40"
    return None


def fail(message: str) -> int:
    """Print `message` as the command's one line of error; the exit code to return."""
    print(f"error: {message}", file=sys.stderr)
    return EXIT_MALFORMED


def read_json_argument(argv: list[str] | None, usage: str, *, count: int = 1
                       ) -> tuple[list[str], Any] | int:
    """The command's arguments and the JSON of its last one (a file path), or the exit code
    after printing why they cannot be read."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != count or any(a in ("-h", "--help") for a in args):
        print(usage, file=sys.stderr)
        return EXIT_MALFORMED
    path = args[-1]
    try:
        with open(path, encoding="utf-8") as fh:
            return args, json.load(fh)
    except OSError as exc:
        print(f"{path}: cannot read the file: {exc.strerror}", file=sys.stderr)
    except UnicodeDecodeError as exc:
        print(f"{path}: not valid JSON: {exc}", file=sys.stderr)
    except (ValueError, RecursionError) as exc:  # json.JSONDecodeError is a ValueError
        print(f"{path}: not valid JSON: {json_problem(exc)}", file=sys.stderr)
    return EXIT_MALFORMED


def print_json(output: Any) -> None:
    json.dump(output, sys.stdout, indent=1)
    sys.stdout.write("\n")
