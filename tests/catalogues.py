"""Temporary translation catalogues for tests of the language machinery: a .po written from
a few entries and compiled with the project's own compiler (core/i18n_mo.py)."""

from __future__ import annotations

from pathlib import Path

from django.utils.translation import to_locale

from core.i18n_mo import compile_po

PLURALS = {
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
          "(n%100<10 || n%100>=20) ? 1 : 2);",
    "tr": "nplurals=2; plural=(n != 1);",
}


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def write_catalogue(root: Path, code: str, entries: dict[str, str], *,
                    domain: str = "django") -> Path:
    """locale/<folder>/LC_MESSAGES/<domain>.po and .mo under `root`; returns the .mo."""
    folder = root / to_locale(code) / "LC_MESSAGES"
    folder.mkdir(parents=True, exist_ok=True)
    header = ("Content-Type: text/plain; charset=UTF-8\n"
              f"Language: {to_locale(code)}\n"
              f"Plural-Forms: {PLURALS.get(code, 'nplurals=2; plural=(n != 1);')}\n")
    lines = ['msgid ""', f"msgstr {_quoted(header)}", ""]
    for source, translation in entries.items():
        lines += [f"msgid {_quoted(source)}", f"msgstr {_quoted(translation)}", ""]
    po = folder / f"{domain}.po"
    po.write_text("\n".join(lines), encoding="utf-8")
    compile_po(po, po.with_suffix(".mo"))
    return po.with_suffix(".mo")


RUSSIAN = {"Events": "Турниры", "Log in": "Войти", "Language": "Язык",
           "Times in %(zone)s": "Время: %(zone)s"}
