from django.apps import AppConfig


class EventFileConfig(AppConfig):
    name = "eventfile"
    verbose_name = "Event file"
