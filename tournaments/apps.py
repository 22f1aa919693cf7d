from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # Online play announces finished games and asks about match games through its
        # hooks; it sits below tournaments and never imports it.
        from tournaments import play_hooks

        play_hooks.register()
