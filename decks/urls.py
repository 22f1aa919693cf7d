"""URLs of the decks pages, mounted under /decks/."""

app_name = "decks"
urlpatterns: list = []
