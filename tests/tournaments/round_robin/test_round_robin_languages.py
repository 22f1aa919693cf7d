"""A round robin's words in each of the six languages: the pairing's explanation lines, the
start's refusal of a group too small, and the group tables' heading on the standings page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from core.errors import Conflict
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import pair, start
from tournaments.presenters.explanations import statement_text

pytestmark = pytest.mark.django_db

LANGUAGES = ["cs", "eo", "ru", "sr", "sr-latn", "tr"]
LINES = [
    {"code": "group_table", "params": {"table": 3, "group": 2, "round": 1, "player": "R1",
                                       "opponent": "R2"}},
    {"code": "group_bye", "params": {"group": 1, "round": 4, "player": "R1"}},
    {"code": "group_dropped", "params": {"group": 1, "round": 2, "player": "R1",
                                         "opponent": "R2"}},
    {"code": "group_done", "params": {"group": 2, "rounds": 3}},
    {"code": "cut_from_groups", "params": {"size": 8, "groups": 2, "per": 4}},
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_explanation_lines_are_in_the_readers_language(language):
    names = {"R1": "Ada", "R2": "Ben"}
    english = [statement_text(line, names) for line in LINES]
    with translation.override(language):
        shown = [statement_text(line, names) for line in LINES]
    for line, text, words in zip(LINES, shown, english, strict=True):
        assert text != words, (language, text)
        for value in line["params"].values():
            assert str(names.get(value, value)) in text, (language, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_group_too_small_is_refused_in_the_readers_language(language):
    event = OrganizedEventFactory(structure="round_robin", groups=3, rounds=None)
    SeatFactory.create_batch(8, event=event)
    with translation.override(language), pytest.raises(Conflict) as refused:
        start(event)
    assert "a group has 3 to 16 players" not in str(refused.value)
    assert "8" in str(refused.value) and "16" in str(refused.value)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_group_tables_are_headed_in_the_readers_language(language):
    event = OrganizedEventFactory(structure="round_robin", groups=2, rounds=None)
    SeatFactory.create_batch(6, event=event)
    start(event)
    pair(event)
    page = Client(headers={"accept-language": language}).get(
        reverse("tournaments:standings", args=[event.pk])).content.decode()
    with translation.override(language):
        heading = translation.gettext("Group %(group)s") % {"group": 1}
        note = translation.gettext("Each group has its own table: # is the rank in the group.")
    assert heading != "Group 1" and heading in page
    assert note in page.replace("\n", " ") or note.replace("'", "&#x27;") in page
