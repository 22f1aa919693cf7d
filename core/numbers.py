"""Numbers in the sentences the site writes for people, in the reader's format
(docs/languages.md, "Dates and numbers"): "100,000" in English, "100 000" in Czech and
Russian, "100.000" in Serbian and Turkish. What machines read (CSV, JSON, the API) keeps plain
digits and dot decimals, and never comes through here."""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.functional import lazy


def grouped(number: int) -> str:
    """A whole number with the active language's thousands separator."""
    return number_format(number, force_grouping=True)


# For a text made before any language is active (a form field's help text).
grouped_lazy = lazy(grouped, str)
