"""My decklists and the builder: saving and editing lists as versions, the builder's validate
endpoint, and each kind of list's own rules."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from decks.models import Decklist, DecklistVersion
from decks.services.decklists import decklist_create, decklist_create_drafted
from tests.decks.pages.conftest import names_shown
from tests.factories import UserFactory
from tests.factories.decklists import LIST_A, LIST_B
from tests.web import html

pytestmark = pytest.mark.django_db


def test_no_decklists_yet_points_to_the_builder(client, player):
    response = client.get(reverse("decks:decklists"))
    assert response.status_code == 200
    assert "No decklists yet" in html(response)
    assert reverse("decks:decklist_new") in html(response)


def test_my_decklists_lists_each_with_its_current_version(client, collector):
    mine = decklist_create(user=collector, name="Ogre rush", kind="constructed", cards=LIST_A,
                           now=timezone.now())
    decklist_create(user=collector, name="Deck two", kind="preconstructed",
                    preconstructed_deck=2, now=timezone.now())
    other = UserFactory()
    decklist_create(user=other, name="Not mine", kind="preconstructed",
                    preconstructed_deck=1, now=timezone.now())
    response = client.get(reverse("decks:decklists"))
    page = html(response)
    assert "Ogre rush" in page and "Deck two" in page and "Not mine" not in page
    assert reverse("decks:decklist", args=[mine.pk]) in page
    assert "Preconstructed, deck 2" in page


def test_the_builder_with_an_empty_collection_says_to_add_cards_first(client, player):
    response = client.get(reverse("decks:decklist_new"))
    assert response.status_code == 200
    page = html(response)
    assert "Your collection is empty" in page
    assert reverse("decks:collection") in page
    assert "Deck 1" in page and "BOOM!, BARON, CARAPACE" in page  # preconstructed still works


def test_the_builder_offers_the_owned_cards_as_checkboxes(client, player, kit):
    client.post(reverse("decks:collection_import"), {"file": SimpleUploadedFile(
        "c.csv", b"set,card,count\nstarter-kit,OGRE,1\nstarter-kit,ZOMBIE,2\n")})
    page = html(client.get(reverse("decks:decklist_new")))
    assert re.findall(r'name="cards" value="([^"]+)"', page) == ["OGRE", "ZOMBIE"]
    assert 'data-validate-url="/decks/lists/validate/"' in page
    assert "js/deck-builder.js" in page


def test_a_constructed_list_is_saved_as_version_1(client, collector):
    response = client.post(reverse("decks:decklist_new"),
                           {"name": "Ogre rush", "kind": "constructed", "cards": LIST_A},
                           follow=True)
    decklist = Decklist.objects.get(owner=collector)
    assert response.redirect_chain[-1][0] == reverse("decks:decklist", args=[decklist.pk])
    assert "Saved “Ogre rush” (version 1)." in html(response)
    assert decklist.versions.get().cards == LIST_A


def test_a_preconstructed_list_takes_the_chosen_deck(client, player):
    client.post(reverse("decks:decklist_new"),
                {"name": "Fours", "kind": "preconstructed", "preconstructed_deck": "4"})
    version = DecklistVersion.objects.get(decklist__owner=player)
    assert version.preconstructed_deck == 4 and "ZOMBIE" in version.cards


def test_a_bad_list_shows_every_problem_at_once_and_saves_nothing(client, player):
    client.post(reverse("decks:collection_import"), {"file": SimpleUploadedFile(
        "c.csv", ("set,card,count\n" + "".join(f"starter-kit,{n},1\n" for n in LIST_A[:8]))
        .encode())})
    response = client.post(reverse("decks:decklist_new"), {
        "name": "", "kind": "constructed", "cards": LIST_A[:8] + ["CYCLONE"]})
    assert response.status_code == 400
    page = html(response)
    name_errors = page[page.index('id="id_name-errors"'):]
    assert "This field is required." in name_errors[:name_errors.index("</ul>")]
    card_errors = page[page.index('id="id_cards-errors"'):]
    card_errors = card_errors[:card_errors.index("</ul>")]
    assert "CYCLONE is not in your collection" in card_errors
    assert "9 cards, 10 needed" in card_errors
    assert "Not in your collection" in page  # CYCLONE stays picked, marked
    assert 'value="CYCLONE" id="pick-9" checked' in page
    assert not Decklist.objects.exists()


def test_a_preconstructed_list_needs_a_deck(client, player):
    response = client.post(reverse("decks:decklist_new"),
                           {"name": "Precon", "kind": "preconstructed"})
    assert response.status_code == 400
    errors = html(response)[html(response).index('id="id_preconstructed_deck-errors"'):]
    assert "choose one of the preconstructed decks 1, 2, 3, 4" in errors[:errors.index("</ul>")]
    assert not Decklist.objects.exists()


def test_a_drafted_list_cannot_be_made_by_hand(client, collector):
    response = client.post(reverse("decks:decklist_new"),
                           {"name": "Draft", "kind": "drafted", "cards": LIST_A[:8]})
    assert response.status_code == 400
    assert not Decklist.objects.exists()


def test_the_validate_endpoint_answers_the_problems_per_field(client, player):
    client.post(reverse("decks:collection_starter_kit"), {"copies": "1"})
    answer = client.post(reverse("decks:decklist_validate"), {
        "name": "x", "kind": "constructed", "cards": ["OGRE", "ZOMBIE", "DRAGON"]}).json()
    assert answer["valid"] is False
    assert answer["picked"] == 3 and answer["needed"] == 10
    assert answer["errors"]["cards"] == ["DRAGON is not a card of Clash of Decks",
                                         "3 cards, 10 needed"]
    answer = client.post(reverse("decks:decklist_validate"), {
        "name": "x", "kind": "constructed", "cards": LIST_A}).json()
    assert answer == {"valid": True, "errors": {}, "problems": [], "picked": 10, "needed": 10}
    answer = client.post(reverse("decks:decklist_validate"),
                         {"name": "", "kind": "preconstructed"}).json()
    assert set(answer["errors"]) == {"name", "preconstructed_deck"}
    assert answer["needed"] is None
    assert not Decklist.objects.exists()


def test_the_validate_endpoint_wants_a_signed_in_post(client, kit):
    assert client.post(reverse("decks:decklist_validate"), {"kind": "constructed"}
                       ).status_code == 403
    client.force_login(UserFactory())
    assert client.get(reverse("decks:decklist_validate")).status_code == 405


def test_editing_makes_a_new_version_and_the_page_shows_the_history(client, collector):
    decklist = decklist_create(user=collector, name="Ogre rush", kind="constructed",
                               cards=LIST_A, now=timezone.now())
    page = html(client.get(reverse("decks:decklist_edit", args=[decklist.pk])))
    assert "Saving makes version 2" in page
    assert 'name="base_version" value="1"' in page
    assert page.count(" checked") == 10  # the 10 cards; the kind is fixed, so no radio
    cards = LIST_A[:9] + ["ZOMBIE"]
    response = client.post(reverse("decks:decklist_edit", args=[decklist.pk]), {
        "name": "Zombie rush", "cards": cards, "base_version": "1"}, follow=True)
    assert "Saved “Zombie rush” as version 2." in html(response)
    assert list(decklist.versions.values_list("number", flat=True)) == [1, 2]
    page = html(response)
    assert "<h1>Zombie rush</h1>" in page and "Version 2" in page and "Version 1" in page
    assert "<ins>+ZOMBIE</ins>" in page and "<del>&minus;ALPHA</del>" in page


def test_sending_the_same_save_twice_makes_one_version(client, collector):
    decklist = decklist_create(user=collector, name="Ogre rush", kind="constructed",
                               cards=LIST_A, now=timezone.now())
    data = {"name": "Ogre rush", "cards": LIST_A[:9] + ["ZOMBIE"], "base_version": "1"}
    client.post(reverse("decks:decklist_edit", args=[decklist.pk]), data)
    response = client.post(reverse("decks:decklist_edit", args=[decklist.pk]), data,
                           follow=True)
    assert "Already saved as version 2." in html(response)
    assert decklist.versions.count() == 2


def test_a_save_from_an_older_version_is_refused_with_the_picks_kept(client, collector):
    decklist = decklist_create(user=collector, name="Ogre rush", kind="constructed",
                               cards=LIST_A, now=timezone.now())
    url = reverse("decks:decklist_edit", args=[decklist.pk])
    client.post(url, {"name": "Ogre rush", "cards": LIST_A[:9] + ["ZOMBIE"],
                      "base_version": "1"})
    response = client.post(url, {"name": "Ogre rush", "cards": LIST_A[:9] + ["MUTANT"],
                                 "base_version": "1"})
    assert response.status_code == 409
    page = html(response)
    assert "now at version 2" in page and 'name="base_version" value="2"' in page
    assert 'value="MUTANT" id="pick-' in page
    assert decklist.versions.count() == 2
    # Saving again from the page is deliberate and makes version 3.
    client.post(url, {"name": "Ogre rush", "cards": LIST_A[:9] + ["MUTANT"],
                      "base_version": "2"})
    assert decklist.versions.count() == 3


def test_a_bad_edit_shows_the_problems_and_keeps_the_version(client, collector):
    decklist = decklist_create(user=collector, name="Ogre rush", kind="constructed",
                               cards=LIST_A, now=timezone.now())
    response = client.post(reverse("decks:decklist_edit", args=[decklist.pk]), {
        "name": "Ogre rush", "cards": LIST_A + ["ZOMBIE"], "base_version": "1"})
    assert response.status_code == 400
    assert "11 cards, 10 needed" in html(response)
    assert decklist.versions.count() == 1


def test_editing_a_preconstructed_list_changes_its_deck(client, player):
    decklist = decklist_create(user=player, name="Precon", kind="preconstructed",
                               preconstructed_deck=1, now=timezone.now())
    page = html(client.get(reverse("decks:decklist_edit", args=[decklist.pk])))
    assert 'id="deck-1" checked' in page and 'data-kind-section="constructed"' not in page
    client.post(reverse("decks:decklist_edit", args=[decklist.pk]),
                {"name": "Precon", "preconstructed_deck": "3", "base_version": "1"})
    assert decklist.current.preconstructed_deck == 3


def test_a_drafted_list_can_only_be_renamed(client, player):
    decklist = decklist_create_drafted(user=player, name="Pod 3", cards=LIST_B[:8],
                                       now=timezone.now())
    url = reverse("decks:decklist_edit", args=[decklist.pk])
    page = html(client.get(url))
    assert "only its name can change" in page and ", ".join(LIST_B[:8]) in page
    assert 'name="cards"' not in page and "js/deck-builder.js" not in page
    response = client.post(url, {"name": "", "base_version": "1"})
    assert response.status_code == 400 and ", ".join(LIST_B[:8]) in html(response)
    client.post(url, {"name": "Pod 3, table 2", "cards": ["OGRE"], "base_version": "1"})
    decklist.refresh_from_db()
    assert decklist.name == "Pod 3, table 2" and decklist.current.cards == LIST_B[:8]


def test_the_decklist_page_shows_the_cards_as_faces_and_edit_for_the_owner(client, collector):
    decklist = decklist_create(user=collector, name="Ogre rush", kind="constructed",
                               cards=LIST_A, now=timezone.now())
    response = client.get(reverse("decks:decklist", args=[decklist.pk]))
    assert response.status_code == 200
    page = html(response)
    assert "<title>Ogre rush" in page and "10 cards" in page
    assert names_shown(response) == set(LIST_A)
    assert reverse("decks:decklist_edit", args=[decklist.pk]) in page
