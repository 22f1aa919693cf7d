"""Every piece of text the site shows is marked for translation (issue 17, "Proof"): the
templates carry no text outside {% translate %}/{% blocktranslate %}, and the apps' forms,
choices, validation errors, domain errors and messages wrap their strings in gettext. The scanner
and its short, explained allow-list are in tests/translation_scan.py; run
`python -m tests.translation_scan` for the whole list grouped by file.

Until every text is marked, tests/translation_backlog.txt lists those not marked yet (file and
text): a text outside it fails (new text ships marked), and so does an entry of it that is
marked now (take it out: the backlog only shrinks). Issue 17 is done when it is empty."""

from __future__ import annotations

from tests.translation_scan import against_backlog, report, scan_python, scan_templates


def _failure(findings, where: str) -> str:
    return (f"{len(findings)} untranslated texts in {where} (mark them; the game's words are in "
            f"docs/glossary.md):\n" + "\n".join(map(str, findings)) + "\n" + report(
                findings, summary=True))


def _spare(spare: list[str]) -> str:
    return (f"{len(spare)} entries of tests/translation_backlog.txt are marked now: take them "
            f"out (`python -m tests.translation_scan --write-backlog`):\n" + "\n".join(spare))


def test_templates_have_no_text_outside_translation_tags():
    fresh, spare = against_backlog(scan_templates(), "templates")
    assert not fresh, _failure(fresh, "the templates")
    assert not spare, _spare(spare)


def test_python_user_facing_strings_are_wrapped_in_gettext():
    fresh, spare = against_backlog(scan_python(), "python")
    assert not fresh, _failure(fresh, "the apps' Python modules")
    assert not spare, _spare(spare)
