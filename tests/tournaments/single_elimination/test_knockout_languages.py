"""A single elimination's words in each of the six languages: the pairing's explanation lines,
the start's refusal of a third place without 4 players, a setting refused under its field,
and the bracket page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from core.errors import Conflict, DomainError
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import now, organizer_of, pair, start
from tournaments.presenters.explanations import statement_text
from tournaments.services.events import event_create

pytestmark = pytest.mark.django_db

LANGUAGES = ["cs", "eo", "ru", "sr", "sr-latn", "tr"]
LINES = [
    {"code": "knockout_seeded", "params": {"players": 13, "byes": 3}},
    {"code": "knockout_bye", "params": {"player": "R1", "seed": 2}},
    {"code": "knockout_round", "params": {"round": 3, "before": 2}},
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_explanation_lines_are_in_the_readers_language(language):
    names = {"R1": "Ada"}
    english = [statement_text(line, names) for line in LINES]
    with translation.override(language):
        shown = [statement_text(line, names) for line in LINES]
    for line, text, words in zip(LINES, shown, english, strict=True):
        assert text != words, (language, text)
        for value in line["params"].values():
            assert str(names.get(value, value)) in text, (language, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_refusals_are_in_the_readers_language(language):
    event = OrganizedEventFactory(structure="single_elimination", rounds=None, top_cut=0,
                                  third_place=True)
    SeatFactory.create_batch(3, event=event)
    with translation.override(language), pytest.raises(Conflict) as refused:
        start(event)
    assert "third place needs 4 players" not in str(refused.value)
    assert "3" in str(refused.value)
    with translation.override(language), pytest.raises(DomainError) as caught:
        event_create(by=organizer_of(event), name="Cup", format="constructed", now=now(),
                     structure="single_elimination", top_cut=8)
    [problem] = [p for p in caught.value.problems if p.field == "top_cut"]
    assert "no top cut" not in str(problem) and str(problem)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_bracket_page_is_in_the_readers_language(language):
    event = OrganizedEventFactory(structure="single_elimination", rounds=None, top_cut=0)
    SeatFactory.create_batch(5, event=event)
    start(event)
    pair(event)
    page = Client(headers={"accept-language": language}).get(
        reverse("tournaments:bracket", args=[event.pk])).content.decode()
    with translation.override(language):
        tab = translation.gettext("Bracket")
        bye = translation.gettext("bye")
    assert tab != "Bracket" and tab in page
    assert page.count(f">{bye}<") == 3
