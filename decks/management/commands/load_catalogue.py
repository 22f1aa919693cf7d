"""`python manage.py load_catalogue`: load the engine's Starter Kit cards (idempotent)."""

from django.utils import timezone

from core.commands import DatabaseCommand
from decks.services.catalogue import catalogue_load


class Command(DatabaseCommand):
    help = "Load the Clash of Decks Starter Kit from the engine's catalogue file (idempotent)."

    def handle(self, *args, **options) -> None:
        card_set, changed = catalogue_load(now=timezone.now())
        self.stdout.write(f"{card_set.name}: {card_set.cards.count()} cards, catalogue "
                          f"{card_set.catalogue_version} ({changed} created or changed)")
