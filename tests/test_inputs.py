"""Input every app shares (core/inputs.py): sizes checked before reading, JSON without
dangerous depth or NUL characters, CSV errors as problems, and at most 50 problems an answer.
Each use (card files, collections, squads, game records) answers a clear 400, never a 500."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from core.api.errors import http_status
from core.errors import MAX_PROBLEMS, DomainError, capped
from core.inputs import InputError, csv_rows, json_loads, read_upload
from decks.forms import CollectionImportForm, SquadCheckForm
from decks.services.card_import import card_file_check
from decks.services.collections import collection_import_csv
from tests.factories import UserFactory, starter_kit
from tests.tournaments.engine_matches.test_verification import player_against_ai, report
from tournaments.rules import MAX_RECORD_BYTES
from tournaments.services.verification import game_record_upload
from tournaments.views.records import RecordForm

DEEP = "[" * 100_000 + "]" * 100_000
LONG_FIELD = "x" * 200 * 1024


# The shared pieces -------------------------------------------------------------------------


def test_json_nested_deeper_than_the_parser_can_go_is_refused_not_a_recursion_error() -> None:
    with pytest.raises(InputError, match="nests deeper than 32 levels"):
        json_loads(DEEP)


def test_json_nested_a_little_too_deep_is_refused_too() -> None:
    with pytest.raises(InputError, match="nests deeper than 32 levels"):
        json_loads("[" * 33 + "]" * 33)
    assert json_loads("[" * 32 + "]" * 32)


@pytest.mark.parametrize("text", ['{"name": "a\\u0000b"}', '{"a\\u0000b": 1}',
                                  '[["a\\u0000"]]'])
def test_json_strings_with_a_nul_character_are_refused(text: str) -> None:
    with pytest.raises(InputError, match="NUL"):
        json_loads(text)


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", "1" * 5000, "{", b"\xff"])
def test_json_that_is_not_standard_json_text_is_refused(text: str | bytes) -> None:
    with pytest.raises(InputError):
        json_loads(text)


def test_a_csv_field_over_the_csv_modules_limit_is_a_problem_on_its_line() -> None:
    with pytest.raises(InputError, match="line 2: a field is longer than 131,072 characters"):
        csv_rows(f"set,card,count\nstarter,{LONG_FIELD},1\n")


def test_problems_are_capped_at_fifty_and_the_rest_counted() -> None:
    problems = capped([f"line {n}: bad" for n in range(1, 1001)])

    assert len(problems) == MAX_PROBLEMS + 1
    assert problems[-1] == "... and 950 more problems"
    assert len(DomainError("bad", "bad", problems=["x" * 10_000]).problems[0]) < 400


class Unreadable:
    """An upload that must not be read: its size alone refuses it."""

    size = MAX_RECORD_BYTES + 1

    def read(self, *args: object) -> bytes:
        raise AssertionError("an oversized upload was read")


def test_an_oversized_upload_is_refused_by_its_size_before_it_is_read() -> None:
    with pytest.raises(InputError, match="at most 200,000 are accepted"):
        read_upload(Unreadable(), limit=MAX_RECORD_BYTES)


# Card files, collections, squads, records ----------------------------------------------------


@pytest.mark.parametrize(("fmt", "text"), [
    ("json", DEEP),
    ("json", '[{"name": "a\\u0000b", "cost": 1, "elite": false}]'),
    ("csv", f"name,cost,elite\n{LONG_FIELD},1,no\n"),
])
def test_a_card_file_that_cannot_be_read_is_a_domain_error(fmt: str, text: str) -> None:
    with pytest.raises(DomainError) as refused:
        card_file_check(game_slug="berserk", text=text, fmt=fmt)

    assert http_status(refused.value) == 400


@pytest.mark.django_db
def test_a_collection_csv_with_a_huge_field_is_refused_with_its_line() -> None:
    starter_kit()
    with pytest.raises(DomainError, match="line 2: a field is longer than"):
        collection_import_csv(user=UserFactory(), text=f"set,card,count\n{LONG_FIELD},x,1\n")


@pytest.mark.django_db
def test_a_csv_of_thousands_of_bad_lines_reports_fifty_and_counts_the_rest() -> None:
    user = UserFactory(username="olga")
    starter_kit()
    body = "set,card,count\n" + "nope,NOTHING,1\n" * 20_000
    client = Client()
    client.force_login(user)

    response = client.post("/api/collection/import/", body, content_type="text/csv")

    assert response.status_code == 400
    error = response.json()["error"]
    assert error["message"] == "20000 bad lines; nothing was imported"
    assert len(error["problems"]) == MAX_PROBLEMS + 1
    assert error["problems"][-1] == "... and 19,950 more problems"
    assert len(response.content) < 10_000


@pytest.mark.django_db
def test_an_eleven_megabyte_csv_body_is_refused_before_it_is_read() -> None:
    client = Client()
    client.force_login(UserFactory())

    response = client.post("/api/collection/import/", "x" * 11_000_000, content_type="text/csv")

    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"


def test_the_collection_upload_is_refused_by_its_size_before_it_is_read() -> None:
    upload = SimpleUploadedFile("big.csv", b"x" * 1_000_001)
    form = CollectionImportForm(data={}, files={"file": upload})

    assert not form.is_valid()
    assert "at most 1,000,000 are accepted" in form.errors["file"][0]


@pytest.mark.parametrize(("text", "says"), [
    (DEEP[:19_998], "nests deeper than"),
    ('{"player": "first\\u0000"}', "NUL"),
    ("{", "Not JSON"),
])
def test_a_squad_that_cannot_be_read_is_a_form_error(text: str, says: str) -> None:
    form = SquadCheckForm(data={"squad": text})

    assert not form.is_valid()
    assert says in form.errors["squad"][0]


def test_a_record_upload_is_refused_by_its_size_before_it_is_read() -> None:
    upload = SimpleUploadedFile("record.json", b" " * (MAX_RECORD_BYTES + 1))
    form = RecordForm(data={}, files={"record": upload})

    assert not form.is_valid()
    assert "at most 200,000 are accepted" in form.errors["record"][0]


@pytest.mark.django_db
@pytest.mark.parametrize("text", [DEEP[:150_000], json.dumps({"format": "a\x00b"})])
def test_a_game_record_that_cannot_be_read_is_refused_as_invalid(text: str) -> None:
    match, player, played = player_against_ai()
    report(match, player, played)

    with pytest.raises(DomainError) as refused:
        game_record_upload(match_id=match.pk, by=player, text=text.encode(),
                           now=timezone.now())

    assert refused.value.code == "invalid_record"


@pytest.mark.parametrize("text", ["set;card;count\nstarter-kit;OGRE;2\n",
                                  "set,card,count\nstarter-kit,OGRE,2\n",
                                  '"set";"card";"count"\r\nstarter-kit;OGRE;2\r\n'])
def test_a_semicolon_separated_csv_was_read_as_one_field_per_line_and_now_splits(text):
    assert csv_rows(text) == [["set", "card", "count"], ["starter-kit", "OGRE", "2"]]


def test_a_comma_file_keeps_semicolons_inside_its_fields():
    # The header decides: a Spoils threshold may be written rage:2;greed:1 in a comma file.
    assert csv_rows("name,threshold\nX,rage:2;greed:1\n")[1] == ["X", "rage:2;greed:1"]
