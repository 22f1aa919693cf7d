"""URLs of online play, mounted under /play/. The `play` namespace also holds the match games'
pages (tournaments/urls.py, play_urlpatterns), which clash/urls.py mounts beside these."""

from django.urls import path

from play.views import games, invitations, replays

app_name = "play"
urlpatterns = [
    path("", games.index, name="index"),
    path("new/", games.duel_new, name="duel_new"),
    path("solo/new/", games.solo_new, name="solo_new"),
    path("invitations/", invitations.invitation_find, name="invitation_find"),
    path("invitations/new/", invitations.invitation_new, name="invitation_new"),
    path("invitations/<str:code>/", invitations.invitation_page, name="invitation"),
    path("invitations/<str:code>/cancel/", invitations.invitation_cancel_page,
         name="invitation_cancel"),
    path("<int:pk>/", games.game_page, name="game"),
    path("<int:pk>/board/", games.game_fragment, name="board"),
    path("<int:pk>/replay/", replays.replay_online, name="replay"),
]
