"""factory-boy factories for the apps' models, one module per app (decks.py, tournaments.py).

Tests build the rows they need with these instead of loading JSON fixtures.
"""
