"""The translation scan of the templates (every file under templates/): the text a reader sees,
the attributes they meet and the literals of the filters that print text, as described in
tests/translation_scan.py."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from django.template.base import Lexer, TokenType

from tests.translation_scan_text import PLACEHOLDER, ROOT, Allow, Finding, default_allow

TEMPLATES = ROOT / "templates"

# Attributes whose values a reader (or a screen reader) meets.
TEXT_ATTRIBUTES = {"aria-label", "aria-description", "aria-placeholder", "aria-roledescription",
                   "aria-valuetext", "title", "placeholder", "alt", "label"}
# <input type="submit" value="Save"> shows its value.
BUTTON_INPUT_TYPES = {"submit", "button", "reset"}
# Content a reader does not see, or that stays as it is in every language: a command or an
# identifier in <code>, <kbd> or <samp>, and any element marked translate="no" (the HTML way to
# say "data, not text": a card name typed into the page, an example file line).
HIDDEN_CONTENT = {"script", "style", "template", "code", "kbd", "samp"}
VOID_ELEMENTS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                 "source", "track", "wbr"}
# Blocks whose content is marked (blocktranslate) or never shown (comment); verbatim holds text
# that is shown but may look like tags.
SKIPPED_BLOCKS = {"blocktranslate": "endblocktranslate", "blocktrans": "endblocktrans",
                  "comment": "endcomment"}
# Filters whose literal argument is printed.
TEXT_FILTERS = ("default", "default_if_none", "yesno")
_QUOTED = r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\''
_FILTER_LITERAL = re.compile(r"\|\s*(" + "|".join(TEXT_FILTERS) + r")\s*:\s*(" + _QUOTED + ")")
_STRING = re.compile(_QUOTED)
_TRANSLATED_LITERAL = re.compile(r"_\(\s*(" + _QUOTED + r")\s*\)")


def _flatten(source: str) -> tuple[str, list[tuple[int, str]]]:
    """The template as HTML with each tag and variable replaced by PLACEHOLDER and the skipped
    blocks emptied (their line breaks kept, so that line numbers stay true), and the literal
    texts found in tags and variables as (line, text)."""
    parts: list[str] = []
    literals: list[tuple[int, str]] = []
    closing: str | None = None
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.TEXT:
            parts.append("\n" * token.contents.count("\n") if closing else token.contents)
            continue
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split(maxsplit=1)[0] if token.contents.strip() else ""
            if closing:
                if name == closing:
                    closing = None
                continue
            if name in SKIPPED_BLOCKS:
                closing = SKIPPED_BLOCKS[name]
                continue
            if name == "firstof":
                body = _TRANSLATED_LITERAL.sub(" ", token.contents)
                literals += [(token.lineno, s[1:-1]) for s in _STRING.findall(body)]
        elif token.token_type == TokenType.VAR and not closing:
            literals += [(token.lineno, m.group(2)[1:-1])
                         for m in _FILTER_LITERAL.finditer(token.contents)]
        if not closing:
            parts.append(PLACEHOLDER)
    return "".join(parts), literals


class _TextFinder(HTMLParser):
    def __init__(self, allow: Allow) -> None:
        super().__init__(convert_charrefs=True)
        self.allow = allow
        self.found: list[tuple[int, str]] = []
        # the element whose content is hidden, and how many of its kind are open inside it
        self.hidden: tuple[str, int] | None = None

    def _report(self, line: int, text: str) -> None:
        shown = self.allow.visible(text)
        if shown:
            self.found.append((line, shown))

    def _attributes(self, tag, attrs) -> None:
        """Report the attribute values a reader meets, each on its own line of a long tag."""
        if self.hidden:
            return
        values = dict(attrs)
        if (values.get("translate") or "").lower() == "no":
            return
        line = self.getpos()[0]
        written = (self.get_starttag_text() or "").lower()
        for name, value in attrs:
            if value and (name in TEXT_ATTRIBUTES or (
                    name == "value" and tag == "input"
                    and (values.get("type") or "").lower() in BUTTON_INPUT_TYPES)
                    or (name == "content" and tag == "meta"
                        and (values.get("name") or "").lower() == "description")):
                at = re.search(r"\s" + re.escape(name) + r"\s*=", written)
                self._report(line + (written[: at.start() + 1].count("\n") if at else 0), value)

    def handle_starttag(self, tag, attrs):
        self._attributes(tag, attrs)
        if tag in VOID_ELEMENTS:
            return
        if self.hidden:
            if self.hidden[0] == tag:
                self.hidden = (tag, self.hidden[1] + 1)
        elif tag in HIDDEN_CONTENT or (dict(attrs).get("translate") or "").lower() == "no":
            self.hidden = (tag, 1)

    def handle_startendtag(self, tag, attrs):
        self._attributes(tag, attrs)

    def handle_endtag(self, tag):
        if self.hidden and self.hidden[0] == tag:
            depth = self.hidden[1] - 1
            self.hidden = (tag, depth) if depth else None

    def handle_data(self, data):
        if self.hidden:
            return
        line = self.getpos()[0]
        stripped = data.lstrip()
        line += data[: len(data) - len(stripped)].count("\n")
        self._report(line, data)


def scan_template_source(source: str, path: str = "<template>", *,
                         allow: Allow | None = None) -> list[Finding]:
    """The untranslated text of one template's source."""
    allow = allow or default_allow()
    html, literals = _flatten(source)
    finder = _TextFinder(allow)
    finder.feed(html)
    finder.close()
    found = [Finding(path, line, text) for line, text in finder.found]
    for line, text in literals:
        shown = allow.visible(text)
        if shown:
            found.append(Finding(path, line, shown))
    return sorted(found)


def template_paths() -> list[Path]:
    return sorted(p for p in TEMPLATES.rglob("*") if p.is_file())


def scan_templates() -> list[Finding]:
    allow = default_allow()
    found: list[Finding] = []
    for path in template_paths():
        found += scan_template_source(path.read_text(encoding="utf-8"),
                                      path.relative_to(ROOT).as_posix(), allow=allow)
    return found
