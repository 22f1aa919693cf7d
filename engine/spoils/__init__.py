"""The Spoils (rules S-1 to S-12): party combat by speed, resources, deck checks, the opening.

Pure Python like the rest of `engine`: plain objects in, plain objects out.

- `combat`: the attacking and blocking parties resolved speed step by speed step (S-6, S-7),
  with the responses of the combat's windows (S-11), Micromagic tokens and depleted blockers
  (S-12), and the command `python -m engine.spoils.combat FILE.json` (format in
  docs/spoils.md).
- `policy`: the default damage assignment, used for every step a player did not assign.
- `deck`: deck construction (S-8), threshold and cost against the resources in play (S-2,
  S-3), Unique (S-12).
- `resources`: the turn's resource play face up or face down, and flip-up (S-10).
- `opening`: the zones (S-5) and the opening: the faction and its starting resources in play
  (S-1, S-9), the starting draw (S-8) and the one mulligan (S-5).
"""
