"""`python manage.py import_cards GAME SET FILE`: import a card file of The Spoils or Berserk.

Every bad row is printed and nothing is imported; importing the same file again changes
nothing. The columns are in docs/other-games.md.
"""

from pathlib import Path

from django.core.management.base import CommandError
from django.utils import timezone

from core.commands import DatabaseCommand
from core.errors import DomainError
from decks.rules import GAME_NAMES
from decks.services.card_import import FORMATS, card_import


class Command(DatabaseCommand):
    help = "Import a CSV or JSON card file of The Spoils or Berserk as one card set."

    def add_arguments(self, parser) -> None:  # noqa: ANN001
        parser.add_argument("game", choices=sorted(GAME_NAMES))
        parser.add_argument("set_code", help="the set's code, e.g. core-1")
        parser.add_argument("file", type=Path)
        parser.add_argument("--name", default="", help="the set's name (default: the code)")
        parser.add_argument("--format", choices=FORMATS,
                            help="csv or json (default: from the file's extension)")

    def handle(self, *args, **options) -> None:
        path: Path = options["file"]
        fmt = options["format"] or path.suffix.lstrip(".").lower()
        try:
            text = path.read_text(encoding="utf-8-sig")
        except OSError as exc:
            raise CommandError(f"{path}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise CommandError(f"{path}: the file is not UTF-8 text: save it as CSV "
                               f"(UTF-8)") from None
        try:
            result = card_import(game_slug=options["game"], set_code=options["set_code"],
                                 set_name=options["name"], text=text, fmt=fmt,
                                 now=timezone.now())
        except DomainError as exc:
            for problem in exc.problems:
                self.stderr.write(f"{path}: {problem}")
            raise CommandError(f"{path}: {exc.message}") from None
        self.stdout.write(f"{result.card_set}: {result.created} created, {result.changed} "
                          f"changed, {result.unchanged} unchanged")
