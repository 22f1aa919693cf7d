"""URLs of tournaments' endpoints on online play (tournaments/api/match_games.py), mounted
under /api/ beside play.api.urls: their paths and names are the ones they always had."""

from django.urls import path

from tournaments.api import match_games

urlpatterns = [
    path("play/matches/<int:pk>/game/", match_games.MatchGameView.as_view(),
         name="play-match-game"),
    path("play/replays/engine/<int:pk>/", match_games.EngineReplayView.as_view(),
         name="play-replay-engine"),
]
