"""URLs of the decks API, mounted under /api/."""

urlpatterns: list = []
