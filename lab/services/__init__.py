"""Services of the deck lab (see STYLE.md, habit 2).

- `chords`: send a run's games to the workers as a Celery chord of chunks
- `runs`: start a run from the lab page, and write its end (result or failure) to its row
- `states`: the run's one status move
"""
