"""Every seeded game is exactly what the engine played before its hot path was redesigned
(issue 18): records, state hashes, final positions, solo games and lab results of every pairing
of AI levels, compared with digests captured from the engine as it was."""

from __future__ import annotations

import json
from pathlib import Path

from tests.engine.seeded_games import all_digests

CAPTURED = Path(__file__).parent / "data" / "seeded_digests.json"


def test_seeded_games_of_every_pairing_are_unchanged() -> None:
    expected = json.loads(CAPTURED.read_text())
    got = all_digests()
    changed = sorted(k for k in expected if got.get(k) != expected[k])
    assert not changed, f"these seeded games differ from the captured ones: {changed}"
    assert set(got) == set(expected)
