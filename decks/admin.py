"""Admin registrations for the decks app."""
