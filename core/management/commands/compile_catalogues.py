"""Compile every complete catalogue of the project (locale/*/LC_MESSAGES/*.po) to its .mo
with Python alone (core/i18n_mo.py): what `compilemessages` does without needing GNU gettext.

A language is offered once its catalogue is compiled (core.i18n.languages_offered), so only a
language whose every catalogue is complete (each entry translated, every plural form, none
fuzzy) is compiled; a language still being translated is named and keeps no .mo, so a
half-English page is never offered."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from core.i18n import forget_languages_offered
from core.i18n_mo import PoError, compile_po, untranslated


class Command(BaseCommand):
    help = "Compile locale/*/LC_MESSAGES/*.po to .mo files (no GNU gettext needed)."

    def handle(self, *args, **options) -> None:  # noqa: ANN002, ANN003
        catalogues = sorted(po for root in settings.LOCALE_PATHS
                            for po in Path(root).glob("*/LC_MESSAGES/*.po"))
        if not catalogues:
            self.stdout.write("No catalogue to compile.")
            return
        by_language: dict[Path, list[Path]] = {}
        for po in catalogues:
            by_language.setdefault(po.parent, []).append(po)
        for folder, files in sorted(by_language.items()):
            try:
                missing = sum(untranslated(po) for po in files)
            except (PoError, UnicodeDecodeError) as exc:
                raise CommandError(f"{folder}: {exc}") from None
            if missing:
                for po in files:
                    po.with_suffix(".mo").unlink(missing_ok=True)
                self.stdout.write(f"{folder.parent.name}: {missing} entries still to translate, "
                                  f"not compiled")
                continue
            for po in files:
                count = compile_po(po, po.with_suffix(".mo"))
                self.stdout.write(f"{po.with_suffix('.mo')}: {count} entries")
        forget_languages_offered()  # this process offers what is compiled now
