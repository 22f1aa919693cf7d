"""Swiss pairing, standings and top cut: pure Python, no Django (like `engine/`).

- `model`: players and match results, and reading them from JSON with clear errors
- `standings`: match points and the Magic Tournament Rules tiebreakers, composed in a
  configured order
- `pairing`: the next round's pairings with a plain explanation
- `topcut`: the single-elimination bracket seeded from the standings

`python -m tournaments.swiss pair FILE.json` and `... standings FILE.json` are the CLI.
"""

from .model import Match, SwissError, Tournament, parse_tournament
from .pairing import Pairing, pair_round, rounds_for
from .standings import DEFAULT_ORDER, Standing, compute_standings
from .topcut import bracket, qualifiers

__all__ = ["DEFAULT_ORDER", "Match", "Pairing", "Standing", "SwissError", "Tournament",
           "bracket", "compute_standings", "pair_round", "parse_tournament", "qualifiers",
           "rounds_for"]
