from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "play"
    verbose_name = "Online play"

    def ready(self) -> None:
        # accounts sits below play: a person's games are in their data download.
        from accounts import hooks
        from play.selectors.accounts import games_data

        hooks.account_data.connect(games_data)
