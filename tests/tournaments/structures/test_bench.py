"""The structures' bench runs and prints each structure's figure (the figures themselves are
read by people, in docs/benchmarks.md: no test times them)."""

from __future__ import annotations

from tournaments.structures import bench


def test_the_bench_builds_every_structure_for_4096_players(capsys):
    assert bench.main() == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("round robin: one group of 16 scheduled")
    assert lines[1].startswith("round robin: 4096 players in 256 groups")
    assert "61440 matches and byes" in lines[1]  # 256 groups x 16 x 15 / 2 x 2 cycles
    assert lines[2].startswith("single elimination: 4096 players, built and played through")
    assert lines[3].startswith("double elimination: 4096 players, built and played through")
    assert lines[4].startswith("team Swiss: 4096 teams of 3 (12288 players), round 10 paired")
    assert len(lines) == 5


def test_the_team_bench_lays_out_a_seat_match_per_seat_of_every_team_match():
    """Each team match of the round paired is laid out as one seat match per seat: with no
    drop over one round, 16 teams of 2 make 8 team matches, 16 seat matches."""
    (line,) = bench.teams(count=16, size=2, rounds=2)
    assert line.startswith("team Swiss: 16 teams of 2 (32 players), round 2 paired and laid "
                           "out in 16 seat matches in ")
