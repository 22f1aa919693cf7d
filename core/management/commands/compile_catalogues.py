"""Compile every catalogue of the project (locale/*/LC_MESSAGES/*.po) to its .mo with Python
alone (core/i18n_mo.py): what `compilemessages` does without needing GNU gettext."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from core.i18n_mo import PoError, compile_po


class Command(BaseCommand):
    help = "Compile locale/*/LC_MESSAGES/*.po to .mo files (no GNU gettext needed)."

    def handle(self, *args, **options) -> None:  # noqa: ANN002, ANN003
        catalogues = sorted(po for root in settings.LOCALE_PATHS
                            for po in Path(root).glob("*/LC_MESSAGES/*.po"))
        if not catalogues:
            self.stdout.write("No catalogue to compile.")
            return
        for po in catalogues:
            try:
                count = compile_po(po, po.with_suffix(".mo"))
            except (PoError, UnicodeDecodeError) as exc:
                raise CommandError(f"{po}: {exc}") from None
            self.stdout.write(f"{po.with_suffix('.mo')}: {count} entries")
