"""factory-boy factories shared by the app tests, one module per app (users, decks, play, lab,
tournaments) and the shared decklists (decklists.py). The names most tests use are also
importable from here."""

from __future__ import annotations

from tests.factories.decks import give_starter_kit, starter_kit
from tests.factories.tournaments import EventFactory, RegistrationFactory
from tests.factories.users import UserFactory

__all__ = ["EventFactory", "RegistrationFactory", "UserFactory", "give_starter_kit",
           "starter_kit"]
