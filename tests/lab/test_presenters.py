"""What the lab pages show of a run's numbers: percentages and intervals in the reader's own
number format, and the progress sentence with its numbers grouped."""

from __future__ import annotations

from django.utils import translation

from lab.presenters import interval, percent, progress_text
from lab.selectors import Progress


def test_a_win_rate_reads_as_a_percentage_with_one_decimal():
    assert percent(0.6554) == "65.5%" and percent(1.0) == "100.0%" and percent(0) == "0.0%"
    assert interval(0.511, 0.767) == "51.1% to 76.7%"


def test_percentages_follow_the_readers_language():
    with translation.override("cs"):
        assert percent(0.6554) == "65,5\u00a0%"
    with translation.override("ru"):
        assert interval(0.511, 0.767) == "от 51,1\u00a0% до 76,7\u00a0%"
    with translation.override("tr"):
        assert percent(0.6554) == "%65,5"


def test_the_progress_sentence_groups_the_thousands():
    assert progress_text(Progress(12_500, 100_000)) == (
        "12,500 of 100,000 games played (12%).")
    with translation.override("ru"):
        assert progress_text(Progress(12_500, 100_000)).startswith("Сыграно 12")
