from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks"

    def ready(self) -> None:
        # accounts sits below decks: a person's decks go with their account.
        from accounts import hooks
        from decks.services import accounts

        hooks.account_erasing.connect(accounts.decks_erase)
        hooks.account_data.connect(accounts.decks_data)
