"""Write the Serbian Latin-script catalogues (locale/sr_Latn) from the Cyrillic ones (locale/sr).

Each msgstr is transliterated by the standard Serbian mapping (Љ→Lj, Њ→Nj, Џ→Dž, Ђ→Đ, Ћ→Ć,
Ж→Ž, Ч→Č, Ш→Š...); placeholders (%(name)s, %d), HTML tags and entities are left as they are,
and Latin text (card names, rule numbers) has no Cyrillic letter to change. The msgids, the
comments and the order of the entries are those of locale/sr; the header is sr_Latn's own.
The same input always gives the same output, so the command can be run after every change to
the Cyrillic catalogue.
"""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

DOMAINS = ("django", "djangojs")

_LOWER = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "ђ": "đ", "е": "e", "ж": "ž", "з": "z",
    "и": "i", "ј": "j", "к": "k", "л": "l", "љ": "lj", "м": "m", "н": "n", "њ": "nj", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "ћ": "ć", "у": "u", "ф": "f", "х": "h", "ц": "c",
    "ч": "č", "џ": "dž", "ш": "š",
}
_DIGRAPHS = {"Љ": ("Lj", "LJ"), "Њ": ("Nj", "NJ"), "Џ": ("Dž", "DŽ")}

# Left exactly as written: printf placeholders, HTML tags, entities.
_KEEP = re.compile(r"%(?:\([^)]*\))?[-+ #0]*\d*(?:\.\d+)?[sdifrxXeEgGcu%]|<[^<>]*>|&#?\w+;")

HEADER = (
    'msgid ""\n'
    'msgstr ""\n'
    '"Project-Id-Version: Clash\\n"\n'
    '"Language: sr_Latn\\n"\n'
    '"MIME-Version: 1.0\\n"\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Content-Transfer-Encoding: 8bit\\n"\n'
    '"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && '
    'n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"\n'
)


def _latin_text(text: str) -> str:
    out = []
    for index, char in enumerate(text):
        if char in _DIGRAPHS:
            title, upper = _DIGRAPHS[char]
            after = text[index + 1] if index + 1 < len(text) else ""
            before = text[index - 1] if index else ""
            shouting = after.isupper() or (not after.isalpha() and before.isupper())
            out.append(upper if shouting else title)
        elif char in _LOWER:
            out.append(_LOWER[char])
        elif char.lower() in _LOWER:
            out.append(_LOWER[char.lower()].upper())
        else:
            out.append(char)
    return "".join(out)


def to_latin(text: str) -> str:
    """Serbian Cyrillic text in Latin script, placeholders, tags and entities untouched."""
    parts, last = [], 0
    for kept in _KEEP.finditer(text):
        parts.append(_latin_text(text[last:kept.start()]))
        parts.append(kept.group(0))
        last = kept.end()
    parts.append(_latin_text(text[last:]))
    return "".join(parts)


_MSGSTR = re.compile(r'^(msgstr(?:\[\d+\])?\s+)(".*")\s*$')
_CONTINUATION = re.compile(r'^(\s*)(".*")\s*$')


def latin_catalogue(text: str) -> str:
    """The sr_Latn catalogue of a Cyrillic sr catalogue's text."""
    blocks = re.split(r"\n\s*\n", text.strip("\n"))
    out = [HEADER.rstrip("\n")]
    if blocks and '\nmsgid ""\nmsgstr ""' in "\n" + blocks[0]:
        blocks = blocks[1:]  # the Cyrillic header: sr_Latn has its own
    for block in blocks:
        lines = block.splitlines()
        written, in_msgstr = [], False
        for line in lines:
            found = _MSGSTR.match(line)
            if found:
                in_msgstr = True
                written.append(found.group(1) + to_latin(found.group(2)))
                continue
            if line.startswith(("msgid", "msgctxt", "#")):
                in_msgstr = False
            cont = _CONTINUATION.match(line)
            if in_msgstr and cont:
                written.append(cont.group(1) + to_latin(cont.group(2)))
            else:
                written.append(line)
        out.append("\n".join(written))
    return "\n\n".join(out) + "\n"


class Command(BaseCommand):
    help = "Write locale/sr_Latn/LC_MESSAGES/*.po from locale/sr by Serbian transliteration."

    def handle(self, *args, **options) -> None:  # noqa: ANN002, ANN003
        root = Path(settings.LOCALE_PATHS[0])
        for domain in DOMAINS:
            source = root / "sr" / "LC_MESSAGES" / f"{domain}.po"
            if not source.exists():
                raise CommandError(f"{source} does not exist.")
            target = root / "sr_Latn" / "LC_MESSAGES" / f"{domain}.po"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(latin_catalogue(source.read_text(encoding="utf-8")), encoding="utf-8")
            self.stdout.write(f"{target}: written from {source}")
