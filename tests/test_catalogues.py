"""The catalogues (issue 17): a language is offered once its catalogue is compiled, and only a
complete catalogue is compiled. So each compiled catalogue has no entry left untranslated or
fuzzy (every plural form given), and its .mo holds exactly its .po's translations, compared by
content (a clone resets file times); a catalogue still being translated has no .mo."""

from __future__ import annotations

import gettext
import io
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from core.i18n_mo import mo_bytes, parse_po, untranslated
from tests.conftest import _unavailable

LOCALE = Path(settings.LOCALE_PATHS[0])
FOLDERS = sorted(p for p in LOCALE.glob("*") if (p / "LC_MESSAGES").is_dir())


def catalogue_of(mo: Path) -> dict:
    with mo.open("rb") as handle:
        return dict(gettext.GNUTranslations(handle)._catalog)


def compiled_from(po: Path) -> dict:
    """The translations a .mo of `po` must hold, read back as gettext reads a .mo."""
    data = mo_bytes(parse_po(po.read_text(encoding="utf-8"), name=str(po)))
    return dict(gettext.GNUTranslations(io.BytesIO(data))._catalog)


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_a_compiled_catalogue_is_complete_and_holds_exactly_its_sources_translations(folder):
    for po in sorted((folder / "LC_MESSAGES").glob("*.po")):
        mo = po.with_suffix(".mo")
        missing = untranslated(po)
        if missing:
            assert not mo.exists(), (f"{mo} is compiled but {missing} entries of {po.name} are "
                                     f"untranslated or fuzzy: a half-translated language would "
                                     f"be offered")
            continue
        assert mo.exists(), f"{po} is complete: compile it (manage.py compile_catalogues)"
        assert catalogue_of(mo) == compiled_from(po), f"{mo} is not {po} compiled"


def test_the_command_compiles_only_complete_catalogues(tmp_path, settings):
    folder = tmp_path / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    header = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
              '"Plural-Forms: nplurals=4; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && '
              'n%10<=4 && (n%100<12 || n%100>14) ? 1 : n%10==0 || (n%10>=5 && n%10<=9) || '
              '(n%100>=11 && n%100<=14)? 2 : 3);\\n"\n\n')
    plural = ('msgid "%(n)d game"\nmsgid_plural "%(n)d games"\n'
              'msgstr[0] "%(n)d игра"\nmsgstr[1] "%(n)d игры"\n')
    settings.LOCALE_PATHS = [tmp_path]
    (folder / "django.po").write_text(header + plural, encoding="utf-8")
    call_command("compile_catalogues")
    assert not (folder / "django.mo").exists()  # two of four plural forms
    (folder / "django.po").write_text(
        header + plural + 'msgstr[2] "%(n)d игр"\nmsgstr[3] "%(n)d игры"\n', encoding="utf-8")
    call_command("compile_catalogues")
    translation = gettext.GNUTranslations((folder / "django.mo").open("rb"))
    assert [translation.ngettext("%(n)d game", "%(n)d games", n) % {"n": n}
            for n in (1, 2, 5, 21)] == ["1 игра", "2 игры", "5 игр", "21 игра"]
    (folder / "django.po").write_text(header + plural, encoding="utf-8")
    call_command("compile_catalogues")
    assert not (folder / "django.mo").exists()  # a stale .mo goes


def _msgids(po: Path) -> set[tuple]:
    return {(e.context, e.msgid, e.plural)
            for e in parse_po(po.read_text(encoding="utf-8"), name=str(po)) if e.msgid}


def test_the_catalogues_hold_every_marked_text_and_nothing_else(tmp_path):
    """Every text marked in the code is in every catalogue (a new string ships in all six
    languages) and none is left that the code no longer has: makemessages, run in a mirror of
    the project whose locale folder is a copy (so the real catalogues are never touched),
    finds the same entries as the committed catalogues. Needs GNU gettext (CI installs it)."""
    if not (shutil.which("xgettext") and shutil.which("msgmerge")):
        _unavailable("needs GNU gettext (xgettext, msgmerge) to extract the marked texts")
    root = Path(settings.BASE_DIR)
    mirror = tmp_path / "project"
    mirror.mkdir()
    for entry in root.iterdir():
        if entry.name not in ("locale", ".git", ".venv", "node_modules", "staticfiles"):
            (mirror / entry.name).symlink_to(entry)
    shutil.copytree(LOCALE, mirror / "locale")
    ignored = ["-i", ".venv", "-i", "tests", "-i", "docs", "-i", "engine", "-i", "staticfiles"]
    for domain in ("django", "djangojs"):
        subprocess.run([sys.executable, "manage.py", "makemessages", "--all", "--symlinks",
                        "--no-location", "-d", domain, "-v", "0", *ignored],
                       cwd=mirror, check=True, capture_output=True, timeout=120)
    for folder in FOLDERS:
        for po in sorted((folder / "LC_MESSAGES").glob("*.po")):
            fresh = mirror / "locale" / folder.name / "LC_MESSAGES" / po.name
            new, gone = _msgids(fresh) - _msgids(po), _msgids(po) - _msgids(fresh)
            assert not new and not gone, (
                f"{po} is not current: run `manage.py makemessages --all --no-location` (and "
                f"`-d djangojs`), then translate. New: {sorted(new)[:10]}; gone: "
                f"{sorted(gone)[:10]}")
