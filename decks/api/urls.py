"""URLs of the decks API, mounted under /api/."""

from django.urls import path

from decks.api import views

app_name = "api"

urlpatterns = [
    path("games/", views.CardGameListView.as_view(), name="games"),
    path("sets/", views.CardSetListView.as_view(), name="sets"),
    path("sets/<int:pk>/", views.CardSetDetailView.as_view(), name="set"),
    path("cards/", views.CardListView.as_view(), name="cards"),
    path("cards/<int:pk>/", views.CardDetailView.as_view(), name="card"),
    path("collection/", views.CollectionView.as_view(), name="collection"),
    path("collection/cards/<int:card_id>/", views.CollectionCardView.as_view(),
         name="collection-card"),
    path("collection/add-set/", views.CollectionAddSetView.as_view(), name="collection-add-set"),
    path("collection/export/", views.CollectionExportView.as_view(), name="collection-export"),
    path("collection/import/", views.CollectionImportView.as_view(), name="collection-import"),
    path("decklists/", views.DecklistListView.as_view(), name="decklists"),
    path("decklists/validate/", views.DecklistValidateView.as_view(), name="decklist-validate"),
    path("decklists/<int:pk>/", views.DecklistDetailView.as_view(), name="decklist"),
    path("decklists/<int:pk>/versions/", views.DecklistVersionsView.as_view(),
         name="decklist-versions"),
    path("ban-sessions/", views.BanSessionListView.as_view(), name="ban-sessions"),
    path("ban-sessions/<int:pk>/", views.BanSessionDetailView.as_view(), name="ban-session"),
    path("ban-sessions/<int:pk>/ban/", views.BanSessionBanView.as_view(), name="ban-session-ban"),
]
