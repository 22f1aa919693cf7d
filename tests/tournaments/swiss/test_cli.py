"""`python -m tournaments.swiss pair|standings FILE.json`: the format other tools rely on."""

import json
import subprocess
import sys

import pytest

EVENT = {
    "seed": 7,
    "players": [{"id": f"p{i}", "dropped": i == 9} for i in range(1, 10)],
    "matches": [
        {"round": 1, "a": "p1", "b": "p2", "a_wins": 2, "b_wins": 1, "draws": 0},
        {"round": 1, "a": "p3", "b": "p4", "a_wins": 0, "b_wins": 2, "draws": 0},
        {"round": 1, "a": "p5", "b": "p6", "a_wins": 1, "b_wins": 1, "draws": 1},
        {"round": 1, "a": "p7", "b": "p8", "a_wins": 2, "b_wins": 0, "draws": 0},
        {"round": 1, "a": "p9", "bye": True},
    ],
}


def run(command, data, tmp_path):
    path = tmp_path / "event.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return subprocess.run([sys.executable, "-m", "tournaments.swiss", command, str(path)],
                          capture_output=True, text=True)


def test_pair_prints_the_round_pairings_bye_and_explanation(tmp_path):
    result = run("pair", EVENT, tmp_path)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["round"] == 2
    assert set(out) == {"round", "pairings", "bye", "awarded", "explanation", "optimal", "proof"}
    paired = [p for pair in out["pairings"] for p in pair]
    assert "p9" not in paired  # dropped
    assert out["bye"] is None and len(paired) == 8 and len(set(paired)) == 8
    # Statements, put into words by the web side in the reader's language.
    assert all(set(line) == {"code", "params"} for line in out["explanation"])
    assert out["explanation"][0] == {"code": "round",
                                     "params": {"round": 2, "players": 8, "dropped": 1}}


def test_standings_prints_ranks_points_and_four_decimal_percentages(tmp_path):
    result = run("standings", EVENT, tmp_path)
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["standings"]
    assert [set(r) for r in rows][0] == {"rank", "id", "match_points", "omw", "gw", "ogw"}
    assert rows[0]["match_points"] == 3
    assert {r["id"] for r in rows} == {f"p{i}" for i in range(1, 10)}
    for r in rows:
        for key in ("omw", "gw", "ogw"):
            assert r[key] == round(r[key], 4)


@pytest.mark.parametrize("data, message", [
    ("{not json", "not valid JSON"),
    ({"seed": 1, "players": []}, "players: must be a non-empty list"),
    ({"seed": -1, "players": [{"id": "a"}]}, "seed: must be a whole number"),
    ({"players": [{"id": "a"}, {"id": "b"}], "matches": [{"round": 0, "a": "a", "b": "b"}]},
     r"matches[0].round"),
])
def test_bad_input_exits_2_with_a_message_naming_the_problem(tmp_path, data, message):
    for command in ("pair", "standings"):
        result = run(command, data, tmp_path)
        assert result.returncode == 2
        assert message in result.stderr
        assert result.stdout == ""


def test_usage_errors_exit_2(tmp_path):
    result = subprocess.run([sys.executable, "-m", "tournaments.swiss", "rank"],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "usage" in result.stderr
