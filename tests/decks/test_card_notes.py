"""The catalogue's card notes (engine/clash/data/starter_kit.csv) are listed for translation in
decks.card_notes, and the gallery shows them to the staff in the reader's language: a note
added to the data and not listed (so not translated) fails here. A note says how the import
read a card's printed codes: the staff's business, never shown to players, on the gallery or
in the API."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from decks.card_notes import NOTES
from engine.clash.cards import load_catalogue
from tests.factories import UserFactory, starter_kit
from tests.web import client_for, html

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
def test_the_gallery_shows_a_cards_note_to_the_staff_in_the_readers_language(language):
    starter_kit()
    staff = Client(HTTP_ACCEPT_LANGUAGE=language)
    staff.force_login(UserFactory(is_staff=True))
    shaman = face_of(html(staff.get(reverse("decks:gallery"))), "SHAMAN")
    note = notes_of_the_data()["SHAMAN"]
    with translation.override(language):
        said = translation.gettext(note)
    assert said != note
    assert f'<p class="card-notes">{said}</p>' in shaman


def face_of(page: str, name: str) -> str:
    face = page[page.index(f'aria-label="{name}"'):]
    return face[:face.index("</article>")]


@pytest.mark.django_db
def test_players_and_visitors_see_no_card_notes_in_the_gallery():
    starter_kit()
    player = Client()
    player.force_login(UserFactory())
    for client in (Client(), player):
        page = html(client.get(reverse("decks:gallery")))
        assert face_of(page, "SHAMAN")  # the card is there, without its note
        assert 'class="card-notes"' not in page
        assert not [note for note in NOTES if note in page]


@pytest.mark.django_db
def test_the_cards_api_gives_a_note_to_the_staff_only():
    starter_kit()
    note = notes_of_the_data()["SHAMAN"]

    def shaman(client) -> dict:  # noqa: ANN001
        cards = client.get("/api/cards/").json()["results"]
        found = next(card for card in cards if card["name"] == "SHAMAN")
        assert client.get(f"/api/cards/{found['id']}/").json() == found
        return found

    assert "notes" not in shaman(client_for())["stats"]
    assert "notes" not in shaman(client_for(UserFactory()))["stats"]
    assert shaman(client_for(UserFactory(is_staff=True)))["stats"]["notes"] == note
