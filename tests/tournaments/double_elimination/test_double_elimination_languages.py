"""A double elimination's words in each of the six languages: the pairing's explanation
lines, the start's refusal of a field too small, a setting refused under its field, and the
bracket page's sections."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from core.errors import Conflict, DomainError
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import now, organizer_of, pair, settle, start
from tournaments.presenters.explanations import statement_text
from tournaments.services.events import event_create
from tournaments.services.topcut import topcut_advance

pytestmark = pytest.mark.django_db

LANGUAGES = ["cs", "eo", "ru", "sr", "sr-latn", "tr"]
LINES = [
    {"code": "de_seeded", "params": {"players": 13, "byes": 3}},
    {"code": "de_round", "params": {"round": 3, "before": 2}},
    {"code": "de_final", "params": {"round": 9}},
    {"code": "de_reset", "params": {"round": 10}},
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_explanation_lines_are_in_the_readers_language(language):
    english = [statement_text(line, {}) for line in LINES]
    with translation.override(language):
        shown = [statement_text(line, {}) for line in LINES]
    for line, text, words in zip(LINES, shown, english, strict=True):
        assert text != words, (language, text)
        if line["code"] != "de_final":
            for value in line["params"].values():
                assert str(value) in text, (language, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_refusals_are_in_the_readers_language(language):
    event = OrganizedEventFactory(structure="double_elimination", rounds=None, top_cut=0)
    SeatFactory.create_batch(2, event=event)
    with translation.override(language), pytest.raises(Conflict) as refused:
        start(event)
    assert "A double elimination has" not in str(refused.value)
    assert "64" in str(refused.value)
    with translation.override(language), pytest.raises(DomainError) as caught:
        event_create(by=organizer_of(event), name="Cup", format="constructed", now=now(),
                     structure="double_elimination", top_cut=8)
    [problem] = [p for p in caught.value.problems if p.field == "top_cut"]
    assert "no top cut" not in str(problem) and str(problem)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_bracket_page_is_in_the_readers_language(language):
    event = OrganizedEventFactory(structure="double_elimination", rounds=None, top_cut=0)
    SeatFactory.create_batch(4, event=event)
    start(event)
    settle(pair(event))
    topcut_advance(event_id=event.pk, by=organizer_of(event), now=now())
    page = Client(headers={"accept-language": language}).get(
        reverse("tournaments:bracket", args=[event.pk])).content.decode()
    with translation.override(language):
        for words in ("Winners bracket", "Losers bracket", "Bracket"):
            shown = translation.gettext(words)
            assert shown != words and shown in page
