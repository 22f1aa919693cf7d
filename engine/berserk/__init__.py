"""Berserk (rules B-1 to B-9): the pre-game and the stack order of simultaneous triggers.

Pure Python like the rest of `engine`: plain objects in, plain objects out, randomness from a
seeded `engine.clash.rng.Rng` stream.

- `pregame`: the pre-game (B-2 to B-5) as a state machine, one method per legal step, and the
  command `python -m engine.berserk.pregame FILE.json` (format in docs/berserk.md).
- `recruitment`, `field`: the crystal and placement rules both of them use.
- `squad_check`: every problem of a finished squad and its placement at once.
- `stack`: the order of simultaneous triggers and die rolls on the stack (B-1), and abilities
  that trigger together declared together (B-8).
- `cards`, `editions`: cards as data (what they do in the pre-game, B-4, B-7, and the
  recruitment costs they change, B-9), deck checks (B-6) and the editions' numbers.
"""
