"""Compiling a gettext catalogue (.po) to the binary file (.mo) Django reads, in Python
alone: a fresh machine needs no GNU gettext (docs/languages.md). It writes what GNU msgfmt
writes by default: every translated entry, neither fuzzy nor obsolete ones nor untranslated
ones, the header included."""

from __future__ import annotations

import ast
import re
import struct
from dataclasses import dataclass, field
from pathlib import Path

MAGIC = 0x950412DE
_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")\s*$")
_CONTINUATION = re.compile(r"^(\".*\")\s*$")


class PoError(ValueError):
    """A .po file that cannot be read, with its file and line."""


@dataclass
class Entry:
    context: str | None = None
    msgid: str | None = None
    plural: str | None = None
    forms: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False

    def key(self) -> bytes:
        text = self.msgid or ""
        if self.plural is not None:
            text += "\0" + self.plural
        if self.context is not None:
            text = self.context + "\x04" + text
        return text.encode("utf-8")

    def value(self) -> bytes:
        return "\0".join(self.forms[i] for i in sorted(self.forms)).encode("utf-8")

    def translated(self) -> bool:
        return bool(self.forms) and bool(self.forms.get(0))


def _unquote(literal: str, where: str) -> str:
    try:
        value = ast.literal_eval(literal)
    except (ValueError, SyntaxError):
        raise PoError(f"{where}: {literal} is not a quoted string") from None
    if not isinstance(value, str):
        raise PoError(f"{where}: {literal} is not a quoted string")
    return value


def parse_po(text: str, *, name: str = "the catalogue") -> list[Entry]:
    """The entries of a .po text, obsolete ones (#~) left out."""
    entries: list[Entry] = []
    entry = Entry()
    flags_fuzzy = False
    part: tuple[str, int | None] | None = None  # where a continuation line goes

    def finish() -> None:
        nonlocal entry, flags_fuzzy, part
        if entry.msgid is not None:
            entries.append(entry)
        entry, flags_fuzzy, part = Entry(), False, None

    for number, raw in enumerate(text.splitlines(), start=1):
        where = f"{name}, line {number}"
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if entry.msgid is not None and entry.forms:
                finish()
            if line.startswith("#,") and "fuzzy" in [f.strip() for f in line[2:].split(",")]:
                flags_fuzzy = True
            continue
        keyword = _KEYWORD.match(line)
        if keyword:
            word, index, literal = keyword.groups()
            value = _unquote(literal, where)
            if word in ("msgctxt", "msgid") and entry.forms:
                finish()  # the next entry, with no comment between
            entry.fuzzy = flags_fuzzy
            if word == "msgctxt":
                entry.context, part = value, ("msgctxt", None)
            elif word == "msgid":
                entry.msgid, part = value, ("msgid", None)
            elif word == "msgid_plural":
                entry.plural, part = value, ("msgid_plural", None)
            else:
                form = int(index) if index is not None else 0
                entry.forms[form] = value
                part = ("msgstr", form)
            continue
        continuation = _CONTINUATION.match(line)
        if continuation and part is not None:
            value = _unquote(continuation.group(1), where)
            kind, form = part
            if kind == "msgctxt":
                entry.context = (entry.context or "") + value
            elif kind == "msgid":
                entry.msgid = (entry.msgid or "") + value
            elif kind == "msgid_plural":
                entry.plural = (entry.plural or "") + value
            else:
                entry.forms[form] = entry.forms.get(form, "") + value  # type: ignore[index]
            continue
        raise PoError(f"{where}: cannot read {line[:60]!r}")
    finish()
    return entries


def mo_bytes(entries: list[Entry]) -> bytes:
    """The .mo file of the entries GNU msgfmt keeps: translated, not fuzzy (the header, the
    empty msgid, is kept even when marked fuzzy, as msgfmt does)."""
    kept = {e.key(): e.value() for e in entries
            if e.translated() and (not e.fuzzy or (e.msgid == "" and e.context is None))}
    keys = sorted(kept)
    count = len(keys)
    originals_at = 7 * 4
    translations_at = originals_at + count * 8
    data_at = translations_at + count * 8
    table_originals, table_translations, data = [], [], b""
    for key in keys:
        table_originals.append((len(key), data_at + len(data)))
        data += key + b"\0"
    for key in keys:
        value = kept[key]
        table_translations.append((len(value), data_at + len(data)))
        data += value + b"\0"
    header = struct.pack("<7I", MAGIC, 0, count, originals_at, translations_at, 0, data_at)
    tables = b"".join(struct.pack("<2I", *pair)
                      for pair in table_originals + table_translations)
    return header + tables + data


def compile_po(po_path: Path | str, mo_path: Path | str) -> int:
    """Write the .mo of a .po file; returns how many entries it holds (the header too)."""
    po_path, mo_path = Path(po_path), Path(mo_path)
    entries = parse_po(po_path.read_text(encoding="utf-8"), name=str(po_path))
    data = mo_bytes(entries)
    mo_path.parent.mkdir(parents=True, exist_ok=True)
    mo_path.write_bytes(data)
    return struct.unpack_from("<I", data, 8)[0]


def untranslated(po_path: Path | str) -> int:
    """How many entries of a .po file are not translated yet: no translation, a plural form
    left empty, or marked fuzzy (the header aside)."""
    po_path = Path(po_path)
    entries = parse_po(po_path.read_text(encoding="utf-8"), name=str(po_path))
    header = next((e.forms.get(0, "") for e in entries if e.msgid == ""), "")
    found = re.search(r"nplurals\s*=\s*(\d+)", header)
    forms = int(found.group(1)) if found else 2
    return sum(1 for e in entries if e.msgid != "" and (
        e.fuzzy or not e.translated() or not all(e.forms.values())
        or (e.plural is not None and len(e.forms) != forms)))
