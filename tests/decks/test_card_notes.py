"""The catalogue's card notes (engine/clash/data/starter_kit.csv) are listed for translation in
decks.card_notes, and the gallery shows them in the reader's language: a note added to the data
and not listed (so not translated) fails here."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from decks.card_notes import NOTES
from engine.clash.cards import load_catalogue
from tests.factories import starter_kit
from tests.web import html

LANGUAGES = ("sr", "sr-latn", "eo", "tr", "cs", "ru")


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    translation.activate("en")


def notes_of_the_data() -> dict[str, str]:
    return {card.name: card.notes for card in load_catalogue().cards if card.notes}


def test_every_note_of_the_card_data_is_listed_for_translation():
    notes = notes_of_the_data()
    assert notes, "the catalogue has notes"
    unlisted = {name: note for name, note in notes.items() if note not in NOTES}
    assert not unlisted, f"add these notes to decks/card_notes.py and translate them: {unlisted}"


def test_no_note_is_listed_that_the_data_no_longer_has():
    assert set(NOTES) == set(notes_of_the_data().values())


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_note_is_translated(language):
    with translation.override(language):
        untranslated = [note for note in NOTES if translation.gettext(note) == note]
    assert not untranslated


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["ru", "cs"])
def test_the_gallery_shows_a_cards_note_in_the_readers_language(language):
    starter_kit()
    page = html(Client(HTTP_ACCEPT_LANGUAGE=language).get(reverse("decks:gallery")))
    shaman = page[page.index('aria-label="SHAMAN"'):]
    shaman = shaman[:shaman.index("</article>")]
    note = notes_of_the_data()["SHAMAN"]
    with translation.override(language):
        said = translation.gettext(note)
    assert said != note
    assert f'<p class="card-notes">{said}</p>' in shaman
