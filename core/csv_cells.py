"""The CSV files the site writes, safe to open in a spreadsheet (docs/csv.md).

A spreadsheet program opens a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage
return as a formula: a player's display name `=HYPERLINK("http://evil/","x")` in the public
standings would become a link, or worse, on the organizer's computer. As OWASP advises
("CSV Injection"), such a text cell is written with an apostrophe before it, which the
spreadsheet shows as text; the csv module quotes a cell holding a comma, a quote or a line
break. A number the site writes as a number (an int or a float: a count, match points, a
tiebreaker) is data and is never changed, so `-3` in a numeric column stays `-3`; a text
that only looks like a number (a name `-3`) is text and gets the apostrophe.

So that a file the site wrote reads back as it was (the collection export is also an import),
a text that already begins with apostrophes before such a character gets one more, and
`csv_uncell` takes exactly one away: `'=x` is written `''=x` and read back `'=x`. A text that
begins with an apostrophe before anything else (`'Tis`) is written and read as it is.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from decimal import Decimal

# The characters that make a spreadsheet read a cell as a formula (OWASP).
FORMULA_STARTS = "=+-@\t\r"
_ESCAPED = re.compile(r"'*[=+\-@\t\r]")


def csv_cell(value: object) -> object:
    """The value as the CSV cell the site writes: a text that a spreadsheet would take for a
    formula, with an apostrophe before it; a number, a bool or None as it is."""
    if isinstance(value, bool | int | float | Decimal) or value is None:
        return value
    text = str(value)
    return "'" + text if _ESCAPED.match(text) else text


def csv_uncell(text: str) -> str:
    """A cell the site wrote, as it was before `csv_cell`: one apostrophe less where one was
    added."""
    return text[1:] if text.startswith("'") and _ESCAPED.match(text, 1) else text


def csv_text(header: list[str], rows: Iterable[Iterable[object]]) -> str:
    """A CSV file: the header, then the rows, each cell through `csv_cell`; comma-separated,
    lines ending in `\\n`, fields quoted only where needed."""
    # The csv module quotes a cell holding a character of its line terminator: with "\n"
    # alone, a carriage return inside a cell would be written bare and end the line for a
    # reader. Each row is written with "\r\n", then ends in "\n".
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    lines = []
    for row in [header, *rows]:
        buffer.seek(0)
        buffer.truncate()
        writer.writerow([csv_cell(value) for value in row])
        lines.append(buffer.getvalue()[:-2] + "\n")
    return "".join(lines)
