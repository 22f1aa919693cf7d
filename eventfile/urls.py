"""URLs of the event file's pages, under /events/ in the tournaments namespace, where they have
always been: clash/urls.py joins them to tournaments/urls.py (tournaments sits below the event
file and never imports it), so `tournaments:event_import` and `tournaments:event_file` keep
their paths and names."""

from django.urls import path

from eventfile.views import event_file

urlpatterns: list = [
    path("import/", event_file.event_import, name="event_import"),
    path("<int:pk>/manage/event-file/", event_file.event_file_download, name="event_file"),
]
