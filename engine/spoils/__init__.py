"""The Spoils (rules S-1 to S-12): party combat by speed, resources, deck checks, the opening.

Pure Python like the rest of `engine`: plain objects in, plain objects out.

docs/spoils.md lists the modules and the commands.
"""
