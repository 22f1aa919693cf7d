"""The decks REST API (Django REST Framework)."""
