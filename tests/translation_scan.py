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
below) are taken out: whitespace, punctuation, symbols, numbers and entities never are. The
literal arguments of the filters that print text (`|default:"nothing yet"`, `|yesno:"on,off"`)
and of {% firstof %} are findings too.

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
"""

from __future__ import annotations

import argparse
import ast
import csv
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from django.template.base import Lexer, TokenType

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
PYTHON_APPS = ("accounts", "decks", "lab", "play", "tournaments", "core", "clash")
CARD_CATALOGUE = ROOT / "engine" / "clash" / "data" / "starter_kit.csv"

# Names that stay as they are in every language, so text made of them alone needs no marking.
# Kept short on purpose: anything else a reader sees is translated (docs/glossary.md).
ALLOWED = (
    "Clash",  # the site's brand name (the game's name, "Clash of Decks", is translated: the
              # Serbian rulebook calls it Сукоб шпилова)
    "The Spoils",  # a game's name, printed in English in its Czech rulebook too (seed 002)
    "OpenAPI", "Swagger", "ReDoc",  # product names of the API documentation pages
    "CSV", "JSON", "UTF-8", "BOM",  # file formats, written the same in every language
    "μ", "σ",  # a rating's skill and uncertainty, the statistics' own symbols (docs/glossary.md)
)


def card_names() -> tuple[str, ...]:
    """The Clash of Decks card names as printed (BOOM!, MICROCTOPUS...): every rulebook prints
    them in capitalised English, so a template may show them as they are (C-2.3)."""
    with CARD_CATALOGUE.open(encoding="utf-8", newline="") as handle:
        return tuple(row["name"] for row in csv.DictReader(handle))


@dataclass(frozen=True, order=True)
class Finding:
    path: str
    line: int
    text: str

    def __str__(self) -> str:
        return f'{self.path}:{self.line} "{self.text}"'


# ---------------------------------------------------------------------------------------------
# Text

# A template tag or variable, as it stands in the flattened text: a character of the private
# use area, which is neither a letter nor whitespace.
PLACEHOLDER = "\ue000"


def has_letter(text: str) -> bool:
    return any(unicodedata.category(ch).startswith("L") for ch in text)


def _allowed_pattern(allowed: tuple[str, ...]) -> re.Pattern:
    words = sorted(set(allowed), key=len, reverse=True)
    # whole words: not inside a longer word (a digit may touch them: "3σ")
    letter = r"[^\W\d_]"
    return re.compile(rf"(?<!{letter})(?:" + "|".join(re.escape(w) for w in words)
                      + rf")(?!{letter})")


# A web address, a site path or an e-mail address: shown as it is in every language.
# A query string after a {% url %} ("{% url 'x' %}?round={{ n }}") is part of an address too.
_ADDRESS = re.compile(r"(?<!\S)(?:https?://\S+|/[\w./?=&%-]*|\?[\w=&%-]+|"
                      r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+)(?!\S)")


class _Allow:
    def __init__(self, allowed: tuple[str, ...]) -> None:
        self.pattern = _allowed_pattern(allowed) if allowed else None

    def visible(self, text: str) -> str:
        """The text a reader sees, its whitespace collapsed and each run of tags and variables
        written {…}; "" when nothing in it needs translating."""
        text = re.sub(PLACEHOLDER + r"[\s" + PLACEHOLDER + "]*", " {…} ", text)
        text = " ".join(text.split()).removeprefix("{…}").removesuffix("{…}").strip()
        rest = self.pattern.sub(" ", text) if self.pattern else text
        rest = _ADDRESS.sub(" ", rest)
        return text if has_letter(rest.replace("{…}", "")) else ""


def default_allow() -> _Allow:
    return _Allow(ALLOWED + card_names())


# ---------------------------------------------------------------------------------------------
# Templates

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
    def __init__(self, allow: _Allow) -> None:
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
                         allow: _Allow | None = None) -> list[Finding]:
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


# ---------------------------------------------------------------------------------------------
# Python

GETTEXT = {"_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy", "pgettext",
           "pgettext_lazy", "npgettext", "npgettext_lazy", "gettext_noop", "_lazy"}
DOMAIN_ERRORS = {"DomainError", "NotFound", "Forbidden", "Conflict"}
MESSAGE_LEVELS = {"debug", "info", "success", "warning", "error"}
FORM_KEYWORDS = {"label", "help_text", "empty_label"}
WIDGET_TEXT_KEYS = {"placeholder", "title", "aria-label", "alt"}
CHOICES_BASES = {"TextChoices", "IntegerChoices", "Choices"}


def _literal_text(node: ast.AST | None) -> str | None:
    """The text of a plain string the reader would see untranslated: a literal, an f-string,
    a literal joined with + or formatted with % or .format(); None for anything else (a
    gettext call, a variable, an expression)."""
    if node is None:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value if has_letter(node.value) else None
    if isinstance(node, ast.JoinedStr):
        text = "".join(v.value if isinstance(v, ast.Constant) else "{...}" for v in node.values)
        return text if has_letter(text.replace("{...}", "")) else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        return _literal_text(node.left) or (
            _literal_text(node.right) if isinstance(node.op, ast.Add) else None)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format"):
        return _literal_text(node.func.value)
    return None


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _owner(node: ast.Call) -> str:
    """`messages` for messages.success(...), "" for a bare name."""
    func = node.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return func.value.id
    return ""


def _argument(node: ast.Call, index: int, keyword: str) -> ast.AST | None:
    for kw in node.keywords:
        if kw.arg == keyword:
            return kw.value
    ahead = node.args[: index + 1]
    if len(node.args) > index and not any(isinstance(a, ast.Starred) for a in ahead):
        return node.args[index]
    return None


class _Imports(ast.NodeVisitor):
    """What the module's names stand for: local name -> dotted origin."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def visit_Import(self, node):
        for alias in node.names:
            self.names[alias.asname or alias.name.split(".")[0]] = (
                alias.name if alias.asname else alias.name.split(".")[0])

    def visit_ImportFrom(self, node):
        for alias in node.names:
            self.names[alias.asname or alias.name] = f"{node.module or ''}.{alias.name}"


def _base_names(node: ast.ClassDef) -> set[str]:
    return {b.attr if isinstance(b, ast.Attribute) else getattr(b, "id", "") for b in node.bases}


def error_subclasses(trees: list[ast.Module]) -> dict[str, int]:
    """The apps' own kinds of domain error (`class RateLimited(Conflict)`) with the position of
    the message among their arguments: where their `__init__` takes `message`, or where the
    class they extend takes it when they keep its `__init__`. A kind that builds its message
    itself (from a list of problems) has none and is left out."""
    classes = [node for tree in trees for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    known = dict.fromkeys(DOMAIN_ERRORS, 1)
    changed = True
    while changed:
        changed = False
        for node in classes:
            parents = [known[b] for b in _base_names(node) if b in known]
            if node.name in known or not parents:
                continue
            init = next((s for s in node.body if isinstance(s, ast.FunctionDef)
                         and s.name == "__init__"), None)
            if init is None:
                known[node.name] = parents[0]
            else:
                names = [a.arg for a in init.args.posonlyargs + init.args.args][1:]
                if "message" not in names:
                    continue
                known[node.name] = names.index("message")
            changed = True
    return {name: at for name, at in known.items() if name not in DOMAIN_ERRORS}


class _PythonFinder(ast.NodeVisitor):
    def __init__(self, path: str, *, api_module: bool, imports: dict[str, str],
                 subclasses: dict[str, int]) -> None:
        self.path = path
        self.api_module = api_module
        self.imports = imports
        self.subclasses = subclasses
        self.found: list[Finding] = []
        self.noop_tables: set[int] = set()

    def _report(self, node: ast.AST, text: str | None, what: str) -> None:
        if text:
            self.found.append(Finding(self.path, node.lineno, f"{what}: {' '.join(text.split())}"))

    def _domain_error_message(self, call: ast.Call) -> int | None:
        """Where the message of a domain error's construction is, or None if `call` builds
        no domain error."""
        name = _call_name(call)
        if name in self.subclasses:
            return self.subclasses[name]
        return 1 if self._is_domain_error(call) else None

    def _is_domain_error(self, call: ast.Call) -> bool:
        name = _call_name(call)
        if name not in DOMAIN_ERRORS:
            return False
        if isinstance(call.func, ast.Name):
            return self.imports.get(name, "").startswith("core.errors.")
        owner = _owner(call)
        return self.imports.get(owner) in {"core.errors", "core.errors.errors"} or owner == "errors"

    def _is_messages(self, call: ast.Call) -> bool:
        owner = _owner(call)
        return bool(owner) and self.imports.get(owner, "") in {
            "django.contrib.messages", "django.contrib.messages.api"}

    def visit_Call(self, node: ast.Call) -> None:
        name = _call_name(node)
        if name in GETTEXT and isinstance(node.func, ast.Name):
            first = node.args[0] if node.args else None
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)) and \
                    node.lineno not in self.noop_tables:
                self.found.append(Finding(self.path, node.lineno,
                                          f"{name}() needs one plain literal to be extracted"))
            # what gettext wraps is marked: look no deeper into the first argument
            for arg in node.args[1:]:
                self.visit(arg)
            for kw in node.keywords:
                self.visit(kw.value)
            return
        message_at = self._domain_error_message(node)
        if message_at is not None:
            self._report(node, _literal_text(_argument(node, message_at, "message")),
                         f"{name} message")
        elif name == "from_engine":
            self._report(node, _literal_text(_argument(node, 99, "prefix")), "from_engine prefix")
        elif name == "ValidationError":
            self._report(node, _literal_text(_argument(node, 0, "message")), "ValidationError")
        elif name == "add_error":
            self._report(node, _literal_text(_argument(node, 1, "error")), "add_error")
        elif self._is_messages(node):
            if name in MESSAGE_LEVELS:
                self._report(node, _literal_text(_argument(node, 1, "message")),
                             f"messages.{name}")
            elif name == "add_message":
                self._report(node, _literal_text(_argument(node, 2, "message")),
                             "messages.add_message")
        if not self.api_module:
            for kw in node.keywords:
                if kw.arg in FORM_KEYWORDS:
                    self._report(kw.value, _literal_text(kw.value), kw.arg)
                elif kw.arg == "choices" and isinstance(kw.value, ast.List | ast.Tuple):
                    for pair in kw.value.elts:
                        if isinstance(pair, ast.Tuple) and len(pair.elts) == 2:
                            self._report(pair, _literal_text(pair.elts[1]), "choice label")
                elif kw.arg == "error_messages" and isinstance(kw.value, ast.Dict):
                    for value in kw.value.values:
                        self._report(value, _literal_text(value), "error message")
                elif kw.arg == "attrs" and isinstance(kw.value, ast.Dict):
                    for key, value in zip(kw.value.keys, kw.value.values, strict=True):
                        if isinstance(key, ast.Constant) and key.value in WIDGET_TEXT_KEYS:
                            self._report(value, _literal_text(value), f"widget {key.value}")
        self.generic_visit(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        if _base_names(node) & CHOICES_BASES:
            for stmt in node.body:
                if (isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Tuple)
                        and len(stmt.value.elts) == 2):
                    self._report(stmt, _literal_text(stmt.value.elts[1]), "choice label")
        self.generic_visit(node)


def scan_python_source(source: str, path: str = "<module>", *, api_module: bool = False,
                       subclasses: dict[str, int] | None = None) -> list[Finding]:
    """The untranslated user-facing strings of one module's source; `subclasses` are the
    kinds of domain error defined elsewhere (by default, those the module defines)."""
    tree = ast.parse(source, filename=path)
    return _scan_tree(tree, path, api_module=api_module,
                      subclasses=error_subclasses([tree]) if subclasses is None else subclasses,
                      source=source)


# A gettext() of a variable is allowed on a line that says it translates msgids a table marked
# with gettext_noop (makemessages extracts them there), e.g. core/error_messages.py.
NOOP_PRAGMA = "# msgids marked with gettext_noop"


def _scan_tree(tree: ast.Module, path: str, *, api_module: bool,
               subclasses: dict[str, int], source: str = "") -> list[Finding]:
    imports = _Imports()
    imports.visit(tree)
    finder = _PythonFinder(path, api_module=api_module, imports=imports.names,
                           subclasses=subclasses)
    finder.noop_tables = {number for number, line in enumerate(source.splitlines(), start=1)
                          if NOOP_PRAGMA in line}
    finder.visit(tree)
    return sorted(finder.found)


def python_paths() -> list[Path]:
    found = []
    for app in PYTHON_APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if "/migrations/" not in name and "/settings/" not in name:
                found.append(path)
    return found


def scan_python() -> list[Finding]:
    sources = {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
               for path in python_paths()}
    trees = {name: ast.parse(source) for name, source in sources.items()}
    subclasses = error_subclasses(list(trees.values()))
    found: list[Finding] = []
    for name, tree in trees.items():
        found += _scan_tree(tree, name, api_module="/api/" in name, subclasses=subclasses,
                            source=sources[name])
    return found


# ---------------------------------------------------------------------------------------------
# Reports

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
