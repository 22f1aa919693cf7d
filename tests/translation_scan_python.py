"""The translation scan of the apps' Python source (not engine/, tests/ or migrations): an AST
scan for plain strings where a reader sees them, as described in tests/translation_scan.py."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.translation_scan_text import ROOT, Finding, has_letter

PYTHON_APPS = ("accounts", "decks", "lab", "play", "tournaments", "eventfile", "bench", "core",
               "clash")

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
