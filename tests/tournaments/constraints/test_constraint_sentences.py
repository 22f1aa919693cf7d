"""The pairing explanation's lines about the organizer's constraints read in all six languages,
with the players' names in them."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.presenters.explanations import statement_text
from tournaments.swiss.explain import statement

NAMES = {"R1": "Ada", "R2": "Ben"}
LINES = [
    statement("awarded_bye", player="R1", byes=1),
    statement("awarded_bye", player="R1", byes=3),
    statement("kept_apart", player="R1", opponent="R2"),
    statement("apart_paired", player="R1", opponent="R2", count=2, proven=True),
    statement("apart_paired", player="R1", opponent="R2", count=2, proven=False),
    statement("proof_apart_too_many", players=400, limit=96),
    statement("fixed_table", player="R1", table=4),
    statement("fixed_tables_met", player="R1", opponent="R2", table=4, other=9),
]


@pytest.mark.parametrize("language", ["cs", "eo", "ru", "sr", "sr-latn", "tr"])
def test_each_constraint_line_reads_in_the_language_with_its_names(language):
    for line in LINES:
        with translation.override("en"):
            english = statement_text(line, NAMES)
        with translation.override(language):
            text = statement_text(line, NAMES)
        assert text != english, (language, line["code"])
        for pid, name in NAMES.items():
            if pid in line["params"].values():
                assert name in text, (language, text)
