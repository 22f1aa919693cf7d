"""Berserk (rules B-1 to B-6): the pre-game and the stack order of simultaneous triggers.

Pure Python like the rest of `engine`: plain objects in, plain objects out, randomness from a
seeded `engine.clash.rng.Rng` stream.

- `pregame`: the pre-game (B-2 to B-5) as a state machine, one method per legal step, and the
  command `python -m engine.berserk.pregame FILE.json` (format in docs/berserk.md).
- `recruitment`, `field`: the crystal and placement rules both of them use.
- `squad_check`: every problem of a finished squad and its placement at once.
- `stack`: the order of simultaneous triggers and die rolls on the stack (B-1).
- `cards`, `editions`: cards as data, deck checks (B-6) and the editions' numbers.
"""
