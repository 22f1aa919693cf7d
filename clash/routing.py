"""The live pages' WebSocket URLs (core/live.py, docs/live.md), beside clash/urls.py's pages.
Each names one thing to follow; its consumer decides who may."""

from django.urls import path

from lab.consumers import LabRunConsumer
from play.consumers import GameConsumer
from tournaments.consumers import (
    DashboardConsumer,
    DraftConsumer,
    EventPagesConsumer,
    MatchConsumer,
    PodsConsumer,
)

websocket_urlpatterns = [
    path("ws/play/<int:pk>/", GameConsumer.as_asgi()),
    path("ws/events/<int:pk>/", EventPagesConsumer.as_asgi()),
    path("ws/events/<int:pk>/manage/", DashboardConsumer.as_asgi()),
    path("ws/events/<int:pk>/matches/<int:match>/", MatchConsumer.as_asgi()),
    path("ws/events/<int:pk>/pods/", PodsConsumer.as_asgi()),
    path("ws/events/<int:pk>/draft/", DraftConsumer.as_asgi()),
    path("ws/lab/<int:run>/", LabRunConsumer.as_asgi()),
]
