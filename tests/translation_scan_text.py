"""What the translation scan (tests/translation_scan.py) shares between its templates and its
Python: the findings, the names allowed to stay as they are in every language, and the test of
whether a piece of text still needs translating once they are taken out."""

from __future__ import annotations

import csv
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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


class Allow:
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


def default_allow() -> Allow:
    return Allow(ALLOWED + card_names())
