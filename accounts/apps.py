from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from accounts.services.preferences import preferences_at_login

        user_logged_in.connect(preferences_at_login, dispatch_uid="accounts-preferences")
