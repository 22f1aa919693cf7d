"""The live pages' WebSocket URLs (core/live.py, docs/live.md), beside clash/urls.py's pages.
Each names one thing to follow; its consumer decides who may."""

from django.urls import path

from play.consumers import GameConsumer
from tournaments.consumers import DashboardConsumer, EventPagesConsumer, MatchConsumer

websocket_urlpatterns = [
    path("ws/play/<int:pk>/", GameConsumer.as_asgi()),
    path("ws/events/<int:pk>/", EventPagesConsumer.as_asgi()),
    path("ws/events/<int:pk>/manage/", DashboardConsumer.as_asgi()),
    path("ws/events/<int:pk>/matches/<int:match>/", MatchConsumer.as_asgi()),
]
