"""Berserk (rules B-1 to B-9): the pre-game and the stack order of simultaneous triggers.

Pure Python like the rest of `engine`: plain objects in, plain objects out, randomness from a
seeded `engine.clash.rng.Rng` stream.

docs/berserk.md lists the modules and the commands.
"""
