"""The deck lab pages: a signed-in user tests a deck against a field of preconstructed decks on
the workers. Views parse input, call one service (or selector) and render (STYLE.md, habit 3).
"""
