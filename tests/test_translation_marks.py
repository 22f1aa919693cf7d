"""Every piece of text the site shows is marked for translation (issue 17, "Proof"): the
templates carry no text outside {% translate %}/{% blocktranslate %}, and the apps' forms,
choices, validation errors, domain errors and messages wrap their strings in gettext. The scanner
is tests/translation_scan.py with the translation_scan_*.py modules beside it (its short,
explained allow-list is in translation_scan_text.py); run `python -m tests.translation_scan` for
the whole list grouped by file."""

from __future__ import annotations

from tests.translation_scan import report
from tests.translation_scan_python import scan_python
from tests.translation_scan_templates import scan_templates


def _failure(findings, where: str) -> str:
    return (f"{len(findings)} untranslated texts in {where} (mark them; the game's words are in "
            f"docs/glossary.md):\n" + "\n".join(map(str, findings)) + "\n" + report(
                findings, summary=True))


def test_templates_have_no_text_outside_translation_tags():
    findings = scan_templates()
    assert not findings, _failure(findings, "the templates")


def test_python_user_facing_strings_are_wrapped_in_gettext():
    findings = scan_python()
    assert not findings, _failure(findings, "the apps' Python modules")
