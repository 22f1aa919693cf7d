"""URLs of the event file's API, mounted under /api/ beside the tournaments API, with the paths
and names they have always had."""

from django.urls import path

from eventfile.api import event_file

urlpatterns: list = [
    path("events/import/", event_file.EventImportView.as_view(), name="event-import"),
    path("events/<int:pk>/file/", event_file.EventFileView.as_view(), name="event-file"),
]
