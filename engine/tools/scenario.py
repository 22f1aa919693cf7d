"""The scenario runner: `python -m engine.tools.scenario FILE.json`.

Reads a position and a list of actions, applies them, prints the resulting position as JSON.
Exit 0 on success; 2 with a message naming the bad field when the file is malformed; 3 with
`{"error": {"code", "message", "action_index"}}` on stdout when an action is illegal.
The format itself (reading, applying, writing) is `engine.clash.scenario`, documented in
docs/scenario-format.md.
"""

from __future__ import annotations

import sys

from engine.clash.scenario import EXIT_MALFORMED, ScenarioError, run
from engine.cli import print_json, read_json_argument


def main(argv: list[str] | None = None) -> int:
    loaded = read_json_argument(argv, "usage: python -m engine.tools.scenario FILE.json")
    if isinstance(loaded, int):
        return loaded
    (path,), data = loaded
    try:
        code, output = run(data)
    except ScenarioError as exc:
        print(f"{path}: malformed scenario: {exc}", file=sys.stderr)
        return EXIT_MALFORMED
    print_json(output)
    return code


if __name__ == "__main__":
    sys.exit(main())
