"""URLs of the online-play API, mounted under /api/ (clash/urls.py:
`path("api/", include("play.api.urls"))`). The match games' endpoints under /api/play/ are
tournaments' (tournaments/api/urls.py)."""

from django.urls import path

from play.api import replays, views

urlpatterns = [
    path("play/games/", views.GameListView.as_view(), name="play-games"),
    path("play/games/<int:pk>/", views.GameDetailView.as_view(), name="play-game"),
    path("play/games/<int:pk>/actions/", views.GameActionView.as_view(),
         name="play-game-actions"),
    path("play/games/<int:pk>/bans/", views.GameBanView.as_view(), name="play-game-bans"),
    path("play/games/<int:pk>/picks/", views.GamePickView.as_view(), name="play-game-picks"),
    path("play/solo/games/", views.SoloGameView.as_view(), name="play-solo-games"),
    path("play/solo/record/", views.SoloRecordView.as_view(), name="play-solo-record"),
    path("play/invitations/", views.InvitationListView.as_view(), name="play-invitations"),
    path("play/invitations/<str:code>/", views.InvitationDetailView.as_view(),
         name="play-invitation"),
    path("play/invitations/<str:code>/join/", views.InvitationJoinView.as_view(),
         name="play-invitation-join"),
    path("play/invitations/<str:code>/cancel/", views.InvitationCancelView.as_view(),
         name="play-invitation-cancel"),
    path("play/replays/online/<int:pk>/", replays.OnlineReplayView.as_view(),
         name="play-replay-online"),
]
