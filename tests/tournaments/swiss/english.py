"""The pairing's statements as the English reader sees them (the web side's renderer)."""

from django.utils import translation

from tournaments.presenters.explanations import statement_text


def english(lines: list) -> list[str]:
    with translation.override("en"):
        return [statement_text(line) for line in lines]
