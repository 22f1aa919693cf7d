"""Finds user-facing text that is not marked for translation (issue 17), in the templates and in
the apps' Python source, so that a test can hold every page to the six languages and a person can
list what is left:

    python -m tests.translation_scan            # every finding, grouped by file, with counts
    python -m tests.translation_scan --summary  # the counts only, by app

Templates (every file under templates/): Django's own template Lexer splits a template into text,
variable, block and comment tokens. The text is what a reader sees once the HTML tags, comments,
<script> and <style> are taken away, plus the values of the attributes a reader or a screen reader
meets (aria-label, title, placeholder, alt, a button's value...). Text inside {% blocktranslate %}
and {% comment %} is marked or invisible; a {% translate %} tag or a {{ variable }} is data, not
text. A piece of text is a finding when it still holds a letter once the allowed names (ALLOWED
in translation_scan_text.py) are taken out: whitespace, punctuation, symbols, numbers and
entities never are. The literal arguments of the filters that print text (`|default:"nothing
yet"`, `|yesno:"on,off"`) and of {% firstof %} are findings too.

Python (the apps, core and clash, but not engine/, tests/ or migrations): an AST scan reports a
plain string (a literal, an f-string, a literal joined or %-formatted) where the reader sees it:

- form fields' label, help_text and empty_label, `choices=` labels, widget attrs (placeholder,
  title, aria-label), `error_messages` values (API serializers are left out: their help texts are
  the OpenAPI descriptions, which stay English);
- the labels of TextChoices/IntegerChoices members (`OPEN = "open", "Open"`), which pages show;
- the message of ValidationError(...) and of form.add_error(field, ...);
- the message of core.errors DomainError, NotFound, Forbidden and Conflict, and from_engine's
  prefix;
- django.contrib.messages calls (messages.success(request, ...), add_message(request, level, ...));
- gettext and its kin called with anything but one plain literal (an f-string or a variable
  cannot be extracted into the catalogues).

Each finding is (path, line, text) and prints as `path:line "text"`.

The scan is in three modules beside this one: translation_scan_templates.py,
translation_scan_python.py and translation_scan_text.py (what both share: the findings and the
allowed names). This module groups the findings into a report and is the command above.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict

from tests.translation_scan_python import scan_python
from tests.translation_scan_templates import scan_templates
from tests.translation_scan_text import Finding


def report(findings: list[Finding], *, summary: bool = False) -> str:
    """The findings grouped by file with a count each, then the totals by app."""
    by_file: dict[str, list[Finding]] = defaultdict(list)
    for finding in findings:
        by_file[finding.path].append(finding)
    lines = []
    if not summary:
        for path in sorted(by_file):
            lines.append(f"{path} ({len(by_file[path])})")
            lines += [f"  {f.line}: {f.text}" for f in by_file[path]]
    by_app = Counter(_app(f.path) for f in findings)
    lines.append("")
    lines.append("by app:")
    lines += [f"  {app}: {count}" for app, count in sorted(by_app.items())]
    lines.append(f"total: {len(findings)} in {len(by_file)} files")
    return "\n".join(lines)


def _app(path: str) -> str:
    """templates/tournaments/x.html -> "templates/tournaments"; decks/forms.py -> "decks"."""
    parts = path.split("/")
    if parts[0] == "templates":
        return "templates/" + (parts[1] if len(parts) > 2 else "(top)")
    return parts[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.translation_scan",
                                     description="User-facing text not marked for translation.")
    parser.add_argument("--templates", action="store_true", help="only the templates")
    parser.add_argument("--python", action="store_true", help="only the Python modules")
    parser.add_argument("--summary", action="store_true", help="only the counts")
    args = parser.parse_args(argv)
    both = not (args.templates or args.python)
    findings = (scan_templates() if both or args.templates else []) + (
        scan_python() if both or args.python else [])
    print(report(findings, summary=args.summary))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
