"""URLs of the decks pages, mounted under /decks/."""

from django.urls import path
from django.views.generic import RedirectView

from decks.views import bans, card_import, cards, collection, decklists, squads

app_name = "decks"
urlpatterns = [
    path("", RedirectView.as_view(pattern_name="decks:gallery"), name="index"),
    path("cards/", cards.card_gallery, name="gallery"),
    path("cards/import/", card_import.card_import_page, name="card_import"),
    path("collection/", collection.collection, name="collection"),
    path("collection/starter-kit/", collection.collection_add_starter_kit,
         name="collection_starter_kit"),
    path("collection/count/", collection.collection_count, name="collection_count"),
    path("collection/import/", collection.collection_import, name="collection_import"),
    path("collection/export/", collection.collection_export, name="collection_export"),
    path("lists/", decklists.decklist_index, name="decklists"),
    path("lists/new/", decklists.decklist_new, name="decklist_new"),
    path("lists/validate/", decklists.decklist_validate, name="decklist_validate"),
    path("lists/<int:pk>/", decklists.decklist_detail, name="decklist"),
    path("lists/<int:pk>/edit/", decklists.decklist_edit, name="decklist_edit"),
    path("lists/<int:pk>/squad/", squads.squad_check_page, name="squad_check"),
    path("bans/", bans.ban_index, name="bans"),
    path("bans/new/", bans.ban_start, name="ban_start"),
    path("bans/<int:pk>/", bans.ban_session_page, name="ban_session"),
]
