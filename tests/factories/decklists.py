"""The constructed decklists the tests register, edit and hide: ten legal Starter Kit cards
each, made of different cards so that two of them can meet in a ban-two procedure.

They are lists, as the API and the services take them; copy before changing one.
"""

from __future__ import annotations

# Preconstructed deck 1's eight cards and two more.
LIST_A = ["ANNIHILATION", "BARON", "BOOM!", "BRUTE", "CARAPACE", "PARTISAN", "REVENANT",
          "TROLL", "OGRE", "ALPHA"]
# Preconstructed deck 3's eight cards and two more: no card in common with LIST_A.
LIST_B = ["BRIGAND", "DISCIPLE", "GNOME", "GRRR", "MARTYR", "METEORITE", "PARASITE", "VORTEX",
          "ZOMBIE", "MUTANT"]
# Cards in neither of the two: a third player's list, kept secret in the permission tests.
LIST_C = ["ABOMINATION", "COMBUSTION", "LIEUTENANT", "MICROCTOPUS", "SCRIBE", "SHAMAN",
          "ABERRATION", "ASSASSIN", "CARNIVORE", "MACHINE"]
