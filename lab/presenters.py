"""What the lab pages show of a run: win rates as percentages in the reader's number format,
and the geometry of the result's bar chart (an inline SVG sized for a phone)."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext, pgettext

from lab.models import LabRun
from lab.selectors import Progress

# The chart's user units are CSS pixels at a width of WIDTH; the CSS lets it grow to a wider
# screen and shrink to no less than a phone's content width, so the text, FONT units high,
# never reads smaller than 12 px (tests/browser/test_lab_journey.py measures it).
WIDTH = 340
FONT = 15
BAR_WIDTH = 240
BAR = 16
ROW = 56  # a label's line, its bar and the gap to the next


def percent(share: float) -> str:
    """`share` (0 to 1) as a percentage with one decimal, in the active language's format."""
    return pgettext("a percentage", "%(number)s%%") % {
        "number": number_format(round(share * 100, 1), decimal_pos=1)}


def whole_percent(number: int) -> str:
    """A whole percentage (the progress bar's) in the active language's format: "12%",
    "12 %", "%12"."""
    return pgettext("a percentage", "%(number)s%%") % {"number": number}


def interval(low: float, high: float) -> str:
    return gettext("%(low)s to %(high)s") % {"low": percent(low), "high": percent(high)}


def result_rows(rows: list[dict]) -> list[dict]:
    """The result rows (lab.selectors.lab_rows) with their score and 95% interval as text."""
    return [{**row, "score_text": percent(row["score"]),
             "interval_text": interval(row["low"], row["high"])} for row in rows]


def chart(rows: list[dict]) -> dict:
    """Geometry of the bar chart: per row its label on a line of its own, then its bar (the
    score, 0 to 100%) with its 95% interval as a whisker and the score beside it."""
    items = []
    for i, row in enumerate(result_rows(rows)):
        top = 6 + i * ROW
        bar_y = top + FONT + 6
        items.append({**row, "label_y": top + FONT, "y": bar_y, "mid": bar_y + BAR / 2,
                      "y_end": bar_y + BAR, "value_y": bar_y + BAR - 2,
                      "w": round(BAR_WIDTH * row["score"], 1),
                      "x_low": round(BAR_WIDTH * row["low"], 1),
                      "x_high": round(BAR_WIDTH * row["high"], 1)})
    return {"rows": items, "width": WIDTH, "font": FONT, "bar_width": BAR_WIDTH, "bar": BAR,
            "value_x": BAR_WIDTH + 8, "half": BAR_WIDTH / 2,
            "height": 6 + len(items) * ROW}


def progress_text(progress: Progress) -> str:
    """"12,500 of 100,000 games played (12%).", the numbers in the reader's format."""
    return ngettext("%(done)s of %(total)s game played (%(percent)s%%).",
                    "%(done)s of %(total)s games played (%(percent)s%%).", progress.total) % {
        "done": number_format(progress.done, force_grouping=True),
        "total": number_format(progress.total, force_grouping=True),
        "percent": progress.percent}


def run_items(runs: Iterable[LabRun]) -> list[dict]:
    """The lab page's list of runs, each with its score as a percentage once it has one."""
    return [{"run": run, "score_text": percent(run.result["score"]) if run.result else ""}
            for run in runs]
