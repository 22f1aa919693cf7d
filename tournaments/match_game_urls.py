"""Online play's URLs that belong to tournaments (tournaments/views/match_games.py): mounted
under /play/ in the `play` namespace beside play/urls.py (clash/urls.py joins the two), so
their paths and names are the ones they always had."""

from django.urls import path

from tournaments.views import match_games

urlpatterns = [
    path("match/<int:match_pk>/", match_games.match_game, name="match_game"),
    path("replay/engine/<int:pk>/", match_games.replay_engine, name="replay_engine"),
]
