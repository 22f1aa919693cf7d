"""What the engine's file-reading commands share: one JSON file argument, read with errors a
person can act on (exit 2 and a message naming the file and the problem)."""

from __future__ import annotations

import json
import sys
from typing import Any

EXIT_MALFORMED = 2


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
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        print(f"{path}: not valid JSON: {exc}", file=sys.stderr)
    return EXIT_MALFORMED


def print_json(output: Any) -> None:
    json.dump(output, sys.stdout, indent=1)
    sys.stdout.write("\n")
