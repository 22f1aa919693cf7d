"""The pairing's explanation, the top cut's and a failed engine job's reason are stored as
codes and params and put into the reader's language when read: the pairings page, the
dashboard, the match page and the API speak Russian or Turkish with no English line left,
English reads as it always did, and rows stored as English text before the codes still show."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from core.errors import Conflict
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.engine_scene import ai_round
from tests.tournaments.event_steps import organizer_of, pair, seats, settle, start
from tests.tournaments.results.test_result_paths import engine_ends_matches, top_cut_job
from tests.tournaments.rounds.test_topcut import after_swiss, cut
from tests.web import client_for
from tournaments.models import JobStatus, MatchJob, Round
from tournaments.presenters.explanations import round_explanation
from tournaments.services import engine_jobs
from tournaments.services.engine_jobs import jobs_for_round, jobs_sweep, match_job_run

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_afterwards():
    """A request leaves its language active in the thread: the next tests read English."""
    yield
    translation.deactivate()

NAMES = "alice bob carol dave erin"
# The words of the English sentences (none of them a Turkish or Russian word).
ENGLISH = re.compile(r"\b(round|players?|points?|pair(ed|ing|ings)?|group|bye|the|and|within|"
                     r"down|optimal|proven|exact|matching|against|lowest|table|seed(ed)?|"
                     r"winners|meet|dropped|cut|engine|result|recorded|gave|deliver(y|ies)|"
                     r"attempts?)\b", re.IGNORECASE)


def second_round():
    """Five players, round 1 played (one bye), round 2 paired: score groups, a bye, a
    pair-down and the proof."""
    event = OrganizedEventFactory(format="preconstructed", rounds=3)
    seats(event, NAMES)
    start(event)
    settle(pair(event))
    return event, pair(event)


def explanation_on_page(client: Client, event, language: str) -> list[str]:
    page = client.get(reverse("tournaments:pairings", args=[event.pk]),
                      HTTP_ACCEPT_LANGUAGE=language).content.decode()
    block = re.search(r'<details class="explanation">(.*?)</details>', page, re.S).group(1)
    return [re.sub(r"<[^>]+>", "", item) for item in re.findall(r"<li>(.*?)</li>", block, re.S)]


def without_names(line: str) -> str:
    for name in NAMES.split():
        line = line.replace(name, "")
    return line


def test_the_round_stores_codes_and_reads_in_english_as_the_lines_always_did(client):
    event, rnd = second_round()
    lines = rnd.explanation["lines"]
    assert all(set(line) == {"code", "params"} for line in lines)
    codes = [line["code"] for line in lines]
    assert codes[0] == "round" and codes[1] == "bye" and "group" in codes
    assert codes[-1] in ("proof_exact", "proof_bounds")
    english = explanation_on_page(client, event, "en")
    with translation.override("en"):
        assert english == round_explanation(rnd)
    assert english[0] == "round 2: 5 players to pair"
    assert re.fullmatch(r"bye: \w+ \(\d points\), the lowest-ranked player who has not had a "
                        r"bye; it counts as a 2-0 win", english[1])
    assert english[-1] == "proven optimal: an exact matching over all 4 players"


@pytest.mark.parametrize("language, first, proof", [
    ("ru", "тур 2: к жеребьёвке 5 игроков",
     "доказано оптимально: точное паросочетание по всем 4 игрокам"),
    ("tr", "raunt 2: eşleştirilecek 5 oyuncu",
     "en iyisi olduğu kanıtlandı: 4 oyuncunun tamamı üzerinde kesin bir eşleştirme")])
def test_the_pairings_page_explains_the_round_in_the_reader_s_language(
        client, language, first, proof):
    event, _ = second_round()
    lines = explanation_on_page(client, event, language)
    assert len(lines) == len(explanation_on_page(client, event, "en"))
    assert lines[0] == first and lines[-1] == proof
    for line in lines:
        assert not ENGLISH.search(without_names(line)), line
        if language == "ru":
            assert not re.search(r"[a-z]{2,}", without_names(line)), line


def test_the_api_answers_in_the_request_s_language_and_gives_the_codes():
    event, rnd = second_round()
    url = f"/api/events/{event.pk}/rounds/2/"
    english = client_for().get(url, HTTP_ACCEPT_LANGUAGE="en").json()
    russian = client_for().get(url, HTTP_ACCEPT_LANGUAGE="ru").json()
    with translation.override("en"):
        assert english["explanation"] == round_explanation(rnd)
    assert len(russian["explanation"]) == len(english["explanation"])
    assert russian["explanation"][0] == "тур 2: к жеребьёвке 5 игроков"
    assert not any(ENGLISH.search(without_names(line)) for line in russian["explanation"])
    assert russian["explanation_codes"] == english["explanation_codes"] == \
        rnd.explanation["lines"]
    bye = russian["explanation_codes"][1]
    assert bye["code"] == "bye" and re.fullmatch(r"R\d+", bye["params"]["player"])


def test_the_top_cut_is_explained_in_russian_too():
    event = after_swiss(8, top_cut=4)
    quarters = cut(event)
    url = f"/api/events/{event.pk}/rounds/{quarters.number}/"
    russian = client_for().get(url, HTTP_ACCEPT_LANGUAGE="ru").json()["explanation"]
    english = client_for().get(url, HTTP_ACCEPT_LANGUAGE="en").json()["explanation"]
    assert english[0].startswith("top 4 seeded from the Swiss standings after round")
    assert english[1].startswith("table 1: ") and "(seed 1) against" in english[1]
    assert russian[0].startswith("топ-4 посеян по турнирной таблице швейцарской системы")
    assert russian[1].startswith("стол 1: ") and "(посев 1) против" in russian[1]
    assert len(russian) == len(english) == 3


def test_a_round_stored_with_english_text_lines_still_shows_them_as_they_were(client):
    event, rnd = second_round()
    alice = next(pid for pid, name in rnd.explanation["players"].items() if name == "alice")
    Round.objects.filter(pk=rnd.pk).update(explanation={
        "lines": ["round 2: 4 players to pair", f"{alice} and R999 meet again: no pairing "
                  "with fewer rematches exists"],
        "players": rnd.explanation["players"]})
    for language in ("en", "ru"):
        assert explanation_on_page(client, event, language) == [
            "round 2: 4 players to pair",
            "alice and R999 meet again: no pairing with fewer rematches exists"]
    body = client_for().get(f"/api/events/{event.pk}/rounds/2/",
                            HTTP_ACCEPT_LANGUAGE="ru").json()
    assert body["explanation_codes"] == [None, None]


# A failed engine job's reason -----------------------------------------------------------------

def test_a_refused_result_s_reason_is_given_in_the_organizer_s_language(monkeypatch):
    event, _, match, job = top_cut_job()
    engine_ends_matches(monkeypatch, engine_jobs, (1, 1, 3))
    assert match_job_run(job_id=job.pk, clock=timezone.now) is False
    job.refresh_from_db()
    assert job.error_code == "result_refused"
    assert job.error_params["refusal"]["code"] == "invalid_result"
    organizer = Client()
    organizer.force_login(organizer_of(event))
    pages = {language: [organizer.get(reverse(f"tournaments:{name}", args=args),
                                      HTTP_ACCEPT_LANGUAGE=language).content.decode()
                        for name, args in (("dashboard", [event.pk]),
                                           ("match", [event.pk, match.pk]))]
             for language in ("en", "ru", "cs")}
    said = {
        "en": "the engine&#x27;s result 1-1-3 was not recorded: a top-cut match needs a "
              "winner: it cannot end in a draw",
        "ru": "результат движка правил 1-1-3 не записан: в матче плей-офф нужен победитель: "
              "он не может закончиться вничью",
        "cs": "výsledek herního jádra 1-1-3 nebyl zapsán: zápas play-off potřebuje vítěze: "
              "nemůže skončit remízou"}
    for language, (dashboard, match_page) in pages.items():
        assert said[language] in dashboard and said[language] in match_page, language
    for page in pages["ru"] + pages["cs"]:
        assert "was not recorded" not in page and "needs a winner" not in page


def test_the_sweeper_s_giving_up_is_told_in_two_languages(django_capture_on_commit_callbacks):
    rnd = ai_round(tables=1)
    with django_capture_on_commit_callbacks():
        [job] = jobs_for_round(round_id=rnd.pk, now=timezone.now() - timedelta(minutes=1))
    later = timezone.now()
    for _ in range(3):
        later += timedelta(minutes=1)
        with django_capture_on_commit_callbacks():
            jobs_sweep(now=later, held=lambda deliveries, **_: set(), max_deliveries=3)
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED and job.error_code == "gave_up"
    assert job.error_params == {"deliveries": 3, "attempts": 0}
    organizer = Client()
    organizer.force_login(organizer_of(rnd.event))
    url = reverse("tournaments:match", args=[rnd.event.pk, job.match_id])
    told = {language: organizer.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
            for language in ("en", "ru", "tr")}
    assert "gave up after 3 deliveries and 0 attempts" in told["en"]
    assert "работа прекращена, было: 3 доставки и 0 попыток" in told["ru"]
    assert "3 gönderim ve 0 deneme sonunda vazgeçildi" in told["tr"]


def test_a_job_that_failed_before_the_codes_shows_its_english_text():
    event, _, match, job = top_cut_job()
    MatchJob.objects.filter(pk=job.pk).update(
        status=JobStatus.FAILED, error="gave up after 5 deliveries and 5 attempts")
    organizer = Client()
    organizer.force_login(organizer_of(event))
    for name, args in (("dashboard", [event.pk]), ("match", [event.pk, match.pk])):
        page = organizer.get(reverse(f"tournaments:{name}", args=args),
                             HTTP_ACCEPT_LANGUAGE="ru").content.decode()
        assert "gave up after 5 deliveries and 5 attempts" in page, name


def test_the_job_status_running_has_its_own_words():
    with translation.override("ru"):
        assert str(JobStatus.RUNNING.label) == "Выполняется"
    with translation.override("en"):
        assert str(JobStatus.RUNNING.label) == "Running"


@pytest.mark.parametrize("top_cut, english, russian", [
    (0, "The 1 Swiss round of {} is played: complete the event",
     "1 тур по швейцарской системе в {} сыгран: завершите турнир"),
    (4, "The 1 Swiss round of {} is played: start the top 4",
     "1 тур по швейцарской системе в {} сыгран: начните топ-4")])
def test_pairing_after_the_last_swiss_round_says_what_comes_next_in_the_reader_s_language(
        top_cut, english, russian):
    event = OrganizedEventFactory(format="preconstructed", rounds=1, top_cut=top_cut)
    seats(event, NAMES)
    start(event)
    settle(pair(event))
    for language, message in (("en", english), ("ru", russian)):
        with translation.override(language), pytest.raises(Conflict) as refused:
            pair(event)
        assert refused.value.message == message.format(event.name)
