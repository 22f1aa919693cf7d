"""Why a score cannot be a match's result (rule C-7.5b) in the reader's language: the engine's
one check gives codes and values (`MatchFormat.score_problems`), its English is word for word
what the web side writes in English, and every other language has its own sentence, on the
match page and in the API alike."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from engine.clash.match_rules import MatchFormat
from tests.factories import UserFactory, starter_kit
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import pair, seats, start
from tests.web import html
from tournaments.models import Match, MatchStatus, Round
from tournaments.presenters.score_problems import score_problems

LANGUAGES = ("sr", "sr-latn", "eo", "tr", "cs", "ru")
# One score per reason the check gives (best of 3, and a top-cut draw).
WRONG = [(MatchFormat(3), (3, 0, 0)), (MatchFormat(3), (2, 2, 0)), (MatchFormat(3), (2, 1, 3)),
         (MatchFormat(3), (0, 0, 0)), (MatchFormat(3), (-1, 2, 0)),
         (MatchFormat(1, top_cut=True), (0, 0, 1)), (MatchFormat(1), (2, 0, 0))]


def test_each_reason_has_its_code_and_the_english_is_the_engines():
    codes = [code for fmt, score in WRONG for code, _ in fmt.score_problems(*score)]
    assert set(codes) == {"wins_past_needed", "both_at_needed", "too_many_games", "no_games",
                          "not_a_count", "top_cut_draw"}
    with translation.override("en"):
        for fmt, score in WRONG:
            assert score_problems(fmt, *score) == fmt.problems(*score)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_reason_reads_in_every_language(language):
    for fmt, score in WRONG:
        english = fmt.problems(*score)
        with translation.override(language):
            shown = score_problems(fmt, *score)
        assert len(shown) == len(english)
        for line, original in zip(shown, english, strict=True):
            assert line != original, (language, original)


@pytest.mark.django_db
def test_a_wrong_score_on_the_russian_match_page_and_api_is_refused_in_russian():
    starter_kit()
    olga = UserFactory(username="olga")
    event = OrganizedEventFactory(organizers=[olga], format="preconstructed", rounds=3)
    seats(event, "alice bob carol dave")
    start(event)
    pair(event)
    match = Round.objects.get(event=event, number=1).matches.exclude(player_b=None).first()
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(match.player_a.player)
    response = client.post(reverse("tournaments:match_report", args=[event.pk, match.pk]),
                           {"report-a_wins": 3, "report-b_wins": 0, "report-draws": 0})
    with translation.override("ru"):
        expected = score_problems(MatchFormat(3), 3, 0, 0)[0]
    assert response.status_code == 400
    assert expected in html(response) and "nobody wins more" not in html(response)
    answer = client.post(f"/api/matches/{match.pk}/report/",
                         {"a_wins": 3, "b_wins": 0, "draws": 0},
                         content_type="application/json", HTTP_ACCEPT_LANGUAGE="ru").json()
    assert expected in str(answer) and "nobody wins more" not in str(answer)
    assert Match.objects.get(pk=match.pk).status == MatchStatus.PENDING
