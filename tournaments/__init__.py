"""Django app: events, pods, rounds, matches, games, results, standings and ratings."""
