"""What is said of a round reads right for every kind of round in every language (issue 33):
"The semifinals are paired", never "Semifinals is paired". Each kind of round has its own
whole sentence, so the verb agrees with what it is said of ("Полуфинале је упарено", "Рунда
2 је упарена")."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.tournaments.event_steps import organizer_of, settle
from tests.tournaments.rounds.test_topcut import after_swiss
from tournaments.models import Round, RoundStage
from tournaments.selectors.rounds import (
    ROUND_ALREADY_PAIRED,
    ROUND_COMPLETE,
    ROUND_PAIRED,
    round_kind,
    round_sentence,
)

pytestmark = pytest.mark.django_db

OTHER_LANGUAGES = [code for code, _ in settings.LANGUAGES if code != "en"]
KINDS = {"swiss": (RoundStage.SWISS, 4), "final": (RoundStage.TOP_CUT, 1),
         "semifinals": (RoundStage.TOP_CUT, 2), "quarterfinals": (RoundStage.TOP_CUT, 4),
         "cut": (RoundStage.TOP_CUT, 8)}


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    translation.deactivate()


def test_each_kind_of_round_is_known_by_its_stage_and_tables():
    assert {kind: round_kind(*shape) for kind, shape in KINDS.items()} == {
        kind: kind for kind in KINDS}
    assert round_kind(RoundStage.TOP_CUT, 16) == "cut"


def test_english_names_the_round_with_its_own_verb():
    with translation.override("en"):
        said = {kind: round_sentence(ROUND_PAIRED, stage, 3, tables)
                for kind, (stage, tables) in KINDS.items()}
        assert said["swiss"].startswith("Round 3 is paired.")
        assert said["final"].startswith("The final is paired.")
        assert said["semifinals"].startswith("The semifinals are paired.")
        assert said["quarterfinals"].startswith("The quarterfinals are paired.")
        assert said["cut"].startswith("The round of the last 16 is paired.")
        assert round_sentence(ROUND_COMPLETE, RoundStage.TOP_CUT, 5, 2) == (
            "The semifinals are complete.")
        assert round_sentence(ROUND_ALREADY_PAIRED, RoundStage.TOP_CUT, 6, 1) == (
            "The final was already paired; nothing changed.")


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_sentence_of_every_kind_of_round_is_translated(language):
    for sentences in (ROUND_PAIRED, ROUND_ALREADY_PAIRED, ROUND_COMPLETE):
        for kind, (stage, tables) in KINDS.items():
            english = round_sentence(sentences, stage, 3, tables)
            with translation.override(language):
                said = round_sentence(sentences, stage, 3, tables)
            assert said != english, (language, kind, said)
            if kind == "swiss":
                assert "3" in said, (language, said)
            if kind == "cut":
                assert "16" in said, (language, said)


@pytest.mark.parametrize(("language", "paired", "complete"), [
    ("en", "The semifinals are paired.", "The semifinals are complete."),
    ("sr", "Полуфинале је упарено.", "Полуфинале је завршено."),
    ("ru", "Жеребьёвка полуфиналов проведена.", "Полуфиналы завершены."),
    ("eo", "La duonfinaloj estas parigitaj.", "La duonfinaloj estas finitaj."),
])
def test_the_dashboard_says_the_semifinals_are_paired_then_complete(language, paired,
                                                                   complete):
    event = after_swiss(4, top_cut=4, rounds=2)
    client = Client()
    client.force_login(organizer_of(event))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.post(reverse("tournaments:topcut_start", args=[event.pk]),
                       follow=True).content.decode()
    assert paired in page
    settle(Round.objects.filter(event=event).order_by("-number").first())
    page = client.get(reverse("tournaments:dashboard", args=[event.pk])).content.decode()
    assert complete in page
