"""URLs of the draft pod and rating API, mounted under /api/."""

from django.urls import path

from tournaments import pods_api as views

urlpatterns: list = [
    path("events/<int:event_id>/pods/", views.EventPodListView.as_view(), name="api-event-pods"),
    path("events/<int:event_id>/draft/", views.MyDraftView.as_view(), name="api-my-draft"),
    path("pods/<int:pk>/", views.PodDetailView.as_view(), name="api-pod"),
    path("pod-seats/<int:pk>/draft/", views.SeatDraftView.as_view(), name="api-seat-draft"),
    path("pod-seats/<int:pk>/pick/", views.SeatPickView.as_view(), name="api-seat-pick"),
    path("ratings/", views.RatingListView.as_view(), name="api-ratings"),
]
