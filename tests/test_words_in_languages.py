"""Words the pages build from the engine's values, in the reader's language (issue 17): the
seat letters (Serbian and Russian print А and Б, docs/glossary.md) and every ability of a
list, not only the first."""

from __future__ import annotations

from django.template import Context, Template
from django.utils import translation


def render(source: str, **values) -> str:
    return Template(source).render(Context(values))


def test_a_seat_letter_is_written_as_the_readers_language_writes_it():
    source = "{% load seats %}{{ a|letter }} {{ b|letter }}"
    assert render(source, a="A", b="B") == "A B"
    with translation.override("ru"):
        assert render(source, a="A", b="B") == "А Б"  # Cyrillic letters
    with translation.override("sr"):
        assert render(source, a="A", b="B") == "А Б"
    with translation.override("tr"):
        assert render(source, a="A", b="B") == "A B"


def test_every_ability_of_a_list_is_translated_not_only_the_first():
    source = "{% load words %}{{ abilities|words }}"
    abilities = ["pierce", "indestructible"]
    english = render(source, abilities=abilities)
    with translation.override("ru"):
        russian = render(source, abilities=abilities)
    assert english.startswith("Pierce, ") and "indestructible" in english
    assert "indestructible" not in russian.lower() and "pierce" not in russian.lower()


def test_a_running_event_and_a_running_lab_run_are_worded_apart():
    from lab.models import LabRunStatus
    from tournaments.models import EventStatus

    assert str(EventStatus.RUNNING.label) == str(LabRunStatus.RUNNING.label) == "Running"
    with translation.override("ru"):
        assert (str(EventStatus.RUNNING.label), str(LabRunStatus.RUNNING.label)) == (
            "Идёт", "Выполняется")
    with translation.override("tr"):
        assert (str(EventStatus.RUNNING.label), str(LabRunStatus.RUNNING.label)) == (
            "Devam ediyor", "Çalışıyor")
    for language in ("sr", "sr-latn", "eo", "tr", "cs", "ru"):
        with translation.override(language):
            assert "Running" not in (str(EventStatus.RUNNING.label),
                                     str(LabRunStatus.RUNNING.label)), language
