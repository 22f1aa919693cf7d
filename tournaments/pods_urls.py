"""URLs of the draft pod and rating pages (in the tournaments namespace)."""

from django.urls import path

from tournaments import pods_views as views

urlpatterns: list = [
    path("<int:pk>/pods/", views.pods, name="pods"),
    path("<int:pk>/draft/", views.draft, name="draft"),
    path("ratings/", views.ratings, name="ratings"),
]
