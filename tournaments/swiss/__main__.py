"""`python -m tournaments.swiss pair FILE.json` / `python -m tournaments.swiss standings FILE.json`.

Input for both: `{"seed": 7, "players": [{"id": "p1", "dropped": false}, ...], "matches":
[{"round": 1, "a": "p1", "b": "p2", "a_wins": 2, "b_wins": 1, "draws": 0},
{"round": 1, "a": "p3", "bye": true}, ...]}`, and optionally a player's `"awarded_byes": 2`
(byes in rounds 1 and 2) and `"apart": [["p1", "p2"], ...]` (pairs never to be paired unless
every pairing must). Output JSON on stdout; bad input: exit 2 and a message on stderr that
names the problem.
"""

from __future__ import annotations

import sys

from engine.cli import print_json, read_json_argument

from .model import SwissError, parse_tournament
from .pairing import pair_round
from .standings import compute_standings

USAGE = "usage: python -m tournaments.swiss {pair|standings} FILE.json"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in ("pair", "standings"):
        print(USAGE, file=sys.stderr)
        return 2
    loaded = read_json_argument(args, USAGE, count=2)
    if isinstance(loaded, int):
        return loaded
    (command, path), data = loaded
    try:
        tournament = parse_tournament(data)
        if command == "pair":
            output = pair_round(tournament).to_json()
        else:
            output = {"standings": [s.to_json() for s in compute_standings(tournament)]}
    except SwissError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 2
    print_json(output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
