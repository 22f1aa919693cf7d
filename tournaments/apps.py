from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # decks sits below tournaments and never imports it: it asks through these hooks.
        from decks import hooks
        from tournaments.selectors import decklists as decklist_reads
        from tournaments.services.decklist_versions import registrations_follow_version

        hooks.decklist_saved.connect(registrations_follow_version)
        hooks.where_registered.register(decklist_reads.registrations_of_decklist)
        hooks.registered_in_event.register(decklist_reads.version_registered_in)
        hooks.organizes.register(decklist_reads.event_organized_by)

        # Online play announces finished games and asks about match games through its
        # hooks; it sits below tournaments and never imports it.
        from tournaments.services import play_hooks

        play_hooks.register()

        # accounts sits below every app: a person leaving, their data and their shown name.
        from accounts import hooks as account_hooks
        from tournaments.services import accounts

        account_hooks.account_blocking.connect(accounts.organizer_blocking)
        account_hooks.account_leaving.connect(accounts.player_leave)
        account_hooks.account_data.connect(accounts.player_data)
        account_hooks.display_name_changed.connect(accounts.names_changed)
