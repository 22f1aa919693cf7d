"""The card gallery: every card with its numbers and abilities, its filters, and what it says
when nothing matches or the catalogue is not loaded."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.decks.pages.conftest import names_shown
from tests.web import html

pytestmark = pytest.mark.django_db


def test_the_gallery_shows_every_card_with_its_numbers_and_abilities(client, kit):
    response = client.get(reverse("decks:gallery"))
    assert response.status_code == 200
    page = html(response)
    assert "All 32 cards" in page
    assert page.count('<article class="card-face') == 32
    # OGRE: creature, cost 4, 4/4, frenzy; SHAMAN grants rage as an aura; COMBUSTION deals 2.
    ogre = page[page.index('aria-label="OGRE"'):]
    ogre = ogre[:ogre.index("</article>")]
    assert "Cost </span>4" in ogre and "<dd>4</dd>" in ogre and "Frenzy" in ogre
    shaman = page[page.index('aria-label="SHAMAN"'):]
    assert "Aura: Rage" in shaman[:shaman.index("</article>")]
    combustion = page[page.index('aria-label="COMBUSTION"'):]
    combustion = combustion[:combustion.index("</article>")]
    assert "Damage" in combustion and "<dd>2</dd>" in combustion and "Splash" in combustion


@pytest.mark.parametrize(("query", "expected"), [
    ("type=incantation", {"ANNIHILATION", "BOOM!", "COMBUSTION", "METEORITE", "CYCLONE"}),
    ("deck=2&cost=3", {"COMBUSTION", "LIEUTENANT", "SHAMAN"}),
    ("ability=sprint&deck=3", {"VORTEX"}),  # VORTEX grants sprint as an aura
    ("ability=indestructible&type=creature", {"REVENANT", "ALPHA", "SCRIBE"}),
    ("cost=7", {"MARTYR", "ABERRATION"}),
])
def test_the_gallery_filters_by_type_ability_cost_and_deck(client, kit, query, expected):
    response = client.get(reverse("decks:gallery") + "?" + query)
    assert response.status_code == 200
    assert names_shown(response) == expected
    assert f"{len(expected)} of 32 cards" in html(response)


def test_a_filter_value_that_is_no_choice_is_reported_and_ignored(client, kit):
    response = client.get(reverse("decks:gallery") + "?cost=banana&type=creature")
    assert response.status_code == 200
    assert "Select a valid choice" in html(response)
    assert len(names_shown(response)) == 27  # only the type filter applies


def test_filters_that_match_nothing_say_how_to_get_cards_back(client, kit):
    response = client.get(reverse("decks:gallery") + "?type=incantation&ability=frenzy")
    assert "No card matches these filters" in html(response)
    assert "show all 32 cards" in html(response)


def test_the_gallery_before_the_catalogue_is_loaded_says_how_to_load_it(client):
    response = client.get(reverse("decks:gallery"))
    assert response.status_code == 200
    assert "load_catalogue" in html(response)
