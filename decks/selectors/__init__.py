"""Reads of the decks app, a module by noun (STYLE.md, habit 2): cards (the catalogue and the
gallery), collections, decklists, bans, and visibility (who may see what).

Who may see a decklist or a ban session is decided in `visibility` alone; every other read
builds on it and never widens what it lets through. Its three functions are named here too,
so `from decks.selectors import visible_versions` reads as the rule it is.
"""

from decks.selectors.visibility import visible_ban_sessions, visible_decklists, visible_versions

__all__ = ["visible_ban_sessions", "visible_decklists", "visible_versions"]
