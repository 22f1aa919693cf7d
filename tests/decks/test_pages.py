"""The decks pages: what each shows, their forms, CSV import and export, the builder and its
validate endpoint, and a ban session against an AI seat played to the end."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from decks.models import BanSession, BanStatus, CollectionEntry, Decklist, DecklistVersion
from decks.services.bans import ban_session_start
from decks.services.decklists import decklist_create, decklist_create_drafted
from tests.factories import UserFactory, give_starter_kit, starter_kit
from tests.factories.decklists import LIST_A, LIST_B

pytestmark = pytest.mark.django_db


@pytest.fixture
def kit():
    return starter_kit()


@pytest.fixture
def player(client, kit):
    user = UserFactory(username="alice")
    client.force_login(user)
    return user


@pytest.fixture
def collector(player):
    give_starter_kit(player)
    return player


def html(response) -> str:
    return response.content.decode()


def owned(user) -> dict[str, int]:
    return dict(CollectionEntry.objects.filter(owner=user)
                .values_list("card__name", "count"))


# The card gallery --------------------------------------------------------------------------

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


def names_shown(response) -> set[str]:
    return set(re.findall(r'<article class="card-face[^"]*" aria-label="([^"]+)"', html(response)))


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


# My collection -----------------------------------------------------------------------------

def test_an_empty_collection_says_what_to_do_next(client, player):
    response = client.get(reverse("decks:collection"))
    assert response.status_code == 200
    assert "You do not own any cards yet" in html(response)
    assert "Add the Starter Kit" in html(response)


def test_the_whole_starter_kit_is_added_in_one_step(client, player):
    response = client.post(reverse("decks:collection_starter_kit"), {"copies": "2"},
                           follow=True)
    assert response.status_code == 200
    assert "Added 2 of each of the 32 cards of the Starter Kit." in html(response)
    assert len(owned(player)) == 32 and set(owned(player).values()) == {2}
    assert "32 different cards, 64 in all." in html(response)


def test_a_bad_number_of_copies_is_shown_next_to_the_field_and_adds_nothing(client, player):
    response = client.post(reverse("decks:collection_starter_kit"), {"copies": "0"})
    assert response.status_code == 400
    page = html(response)
    assert 'id="id_copies-errors"' in page
    assert "Ensure this value is greater than or equal to 1." in page
    assert owned(player) == {}


def test_setting_a_count_changes_it_and_zero_removes_the_card(client, collector, kit):
    ogre = kit.cards.get(name="OGRE")
    response = client.post(reverse("decks:collection_count"),
                           {"card": ogre.pk, "count": "3", "panel": "row"}, follow=True)
    assert "You now own 3 × OGRE." in html(response)
    assert owned(collector)["OGRE"] == 3
    response = client.post(reverse("decks:collection_count"),
                           {"add-card": ogre.pk, "add-count": "0", "add-panel": "add"},
                           follow=True)
    assert "OGRE removed from your collection." in html(response)
    assert "OGRE" not in owned(collector)


def test_a_bad_count_is_shown_in_its_row_and_changes_nothing(client, collector, kit):
    ogre = kit.cards.get(name="OGRE")
    before = owned(collector)
    response = client.post(reverse("decks:collection_count"),
                           {"card": ogre.pk, "count": "100", "panel": "row"})
    assert response.status_code == 400
    page = html(response)
    row = page[page.index(f'id="count-{ogre.pk}"'):]
    row = row[:row.index("</form>")]
    assert "Ensure this value is less than or equal to 99." in row
    assert owned(collector) == before


def test_a_bad_count_in_the_add_panel_is_shown_there(client, player):
    response = client.post(reverse("decks:collection_count"),
                           {"add-card": "", "add-count": "-1", "add-panel": "add"})
    assert response.status_code == 400
    page = html(response)
    assert "This field is required." in page and "greater than or equal to 0" in page
    assert 'id="id_add-card-errors"' in page
    assert owned(player) == {}


def test_csv_import_and_export_through_the_page(client, player):
    upload = SimpleUploadedFile("mine.csv", b"\xef\xbb\xbfset,card,count\n"
                                            b"starter-kit,OGRE,2\nstarter-kit,ZOMBIE,1\n",
                                content_type="text/csv")
    response = client.post(reverse("decks:collection_import"), {"file": upload}, follow=True)
    assert "Imported 2 card lines from the file." in html(response)
    assert owned(player) == {"OGRE": 2, "ZOMBIE": 1}
    response = client.get(reverse("decks:collection_export"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    assert response.content.decode() == (
        "set,card,count\nstarter-kit,OGRE,2\nstarter-kit,ZOMBIE,1\n")


def test_a_bad_csv_reports_every_bad_line_and_imports_nothing(client, player):
    bad = (b"set,card,count\nstarter-kit,BRUTE,1\nstarter-kit,DRAGON,1\nnope,OGRE,1\n"
           b"starter-kit,BARON,two\n")
    response = client.post(reverse("decks:collection_import"),
                           {"file": SimpleUploadedFile("bad.csv", bad)})
    assert response.status_code == 400
    page = html(response)
    errors = page[page.index('id="id_file-errors"'):]
    errors = errors[:errors.index("</ul>")]
    for line in ("line 3: &#x27;DRAGON&#x27; is not a card of starter-kit",
                 "line 4: unknown set &#x27;nope&#x27;",
                 "line 5: count &#x27;two&#x27; is not a whole number"):
        assert line in errors
    assert "3 bad lines; nothing was imported." in page
    assert owned(player) == {}  # BRUTE, the good line, was not imported either


def test_a_semicolon_separated_csv_was_refused_by_its_header_and_now_imports(client, player):
    """What a spreadsheet program saves in many European locales (the comma is the decimal
    mark there): the header line says which separator the file uses."""
    upload = SimpleUploadedFile("tabelle.csv", b"\xef\xbb\xbfset;card;count\r\n"
                                               b"starter-kit;OGRE;2\r\nstarter-kit;ZOMBIE;1\r\n",
                                content_type="text/csv")
    response = client.post(reverse("decks:collection_import"), {"file": upload}, follow=True)
    assert "Imported 2 card lines from the file." in html(response)
    assert owned(player) == {"OGRE": 2, "ZOMBIE": 1}


def test_a_bad_csvs_line_errors_were_only_at_the_foot_of_the_page_not_by_the_summary(
        client, collector):
    """A phone shows the top of the page first: the summary (the messages) and every bad
    line come before the page's own content, not only under the import form at its foot."""
    bad = b"set;card;count\nstarter-kit;DRAGON;1\nstarter-kit;OGRE;two\n"
    response = client.post(reverse("decks:collection_import"),
                           {"file": SimpleUploadedFile("bad.csv", bad)})
    assert response.status_code == 400
    page = html(response)
    top = page[:page.index('<header class="page-header">')]
    assert "2 bad lines; nothing was imported." in top
    assert top.index("2 bad lines") < top.index("What to fix in the file")
    for line in ("line 2: &#x27;DRAGON&#x27; is not a card of starter-kit",
                 "line 3: count &#x27;two&#x27; is not a whole number"):
        assert line in top
    assert '<a href="#csv-heading">To the import form</a>' in top
    assert owned(collector)["OGRE"] == 1  # the Starter Kit's, unchanged


@pytest.mark.parametrize(("content", "message"), [
    (b"\xff\xfe\x00n\x00o", "The file is not UTF-8 text"),
    (b"", "The submitted file is empty."),
    (b"name,qty\nOGRE,1\n", "line 1: the header must be set,card,count"),
])
def test_an_unreadable_csv_is_refused_next_to_the_file_field(client, player, content, message):
    response = client.post(reverse("decks:collection_import"),
                           {"file": SimpleUploadedFile("x.csv", content)})
    assert response.status_code == 400
    assert message in html(response)
    assert owned(player) == {}


def test_importing_with_replace_removes_the_cards_not_in_the_file(client, collector):
    upload = SimpleUploadedFile("mine.csv", b"set,card,count\nstarter-kit,OGRE,4\n")
    client.post(reverse("decks:collection_import"), {"file": upload, "replace": "on"})
    assert owned(collector) == {"OGRE": 4}


# My decklists and the builder --------------------------------------------------------------

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


# Ban sessions ------------------------------------------------------------------------------

def test_no_ban_sessions_and_no_constructed_list_say_what_to_do(client, player):
    page = html(client.get(reverse("decks:bans")))
    assert "No ban sessions yet" in page
    assert "You need a constructed list first" in page


def test_a_ban_session_against_an_ai_seat_runs_to_the_end(client, collector):
    now = timezone.now()
    a = decklist_create(user=collector, name="Mine", kind="constructed", cards=LIST_A, now=now)
    b = decklist_create(user=collector, name="Practice", kind="constructed", cards=LIST_B,
                        now=now)
    response = client.post(reverse("decks:ban_start"), {"list_a": a.pk, "list_b": b.pk},
                           follow=True)
    session = BanSession.objects.get()
    assert session.player_a == collector and session.player_b is None
    page = html(response)
    first = session.record["bans"][0]  # step 1: the AI seat (B) bans one of A's cards
    assert f"The AI seat banned {first} from your list." in page
    assert "Your step: ban one card of your opponent's list." in page
    buttons = re.findall(r'name="card" value="([^"]+)"', page)
    assert buttons == LIST_B  # B's whole list: nothing of it is banned yet
    url = reverse("decks:ban_session", args=[session.pk])

    # A card of A's own list is refused with a 409 and its reason, and changes nothing.
    response = client.post(url, {"card": "BARON"})
    assert response.status_code == 409
    assert "BARON is not in B&#x27;s list" in html(response)
    session.refresh_from_db()
    assert len(session.record["bans"]) == 1

    response = client.post(url, {"card": "ZOMBIE"}, follow=True)
    assert "You banned ZOMBIE." in html(response)
    assert "ZOMBIE" not in re.findall(r'name="card" value="([^"]+)"', html(response))
    response = client.post(url, {"card": "ZOMBIE"}, follow=True)  # the same ban again
    assert "You had already banned ZOMBIE." in html(response)
    session.refresh_from_db()
    assert len(session.record["bans"]) == 2

    response = client.post(url, {"card": "MUTANT"}, follow=True)
    session.refresh_from_db()
    assert session.status == BanStatus.DONE
    page = html(response)
    fourth = session.record["bans"][3]
    assert f"The AI seat banned {fourth} from your list." in page
    assert "The bans are over: each player keeps 8 cards." in page
    assert 'name="card"' not in page
    for card in session.result_a + session.result_b:
        assert card in page
    assert "<del>" not in page.split("Keeps these 8 cards")[1]

    response = client.post(url, {"card": "GNOME"})
    assert response.status_code == 409 and "the ban-two procedure is over" in html(response)


def test_starting_a_session_needs_two_of_my_constructed_lists(client, collector):
    stranger = UserFactory()
    give_starter_kit(stranger)
    theirs = decklist_create(user=stranger, name="Theirs", kind="constructed", cards=LIST_B,
                             now=timezone.now())
    mine = decklist_create(user=collector, name="Mine", kind="constructed", cards=LIST_A,
                           now=timezone.now())
    response = client.post(reverse("decks:ban_start"), {"list_a": mine.pk,
                                                        "list_b": theirs.pk})
    assert response.status_code == 400
    assert "Select a valid choice" in html(response)
    assert not BanSession.objects.exists()


def test_the_ban_page_waits_when_it_is_not_your_step(client, collector):
    other = UserFactory()
    give_starter_kit(other)
    now = timezone.now()
    a = decklist_create(user=collector, name="Mine", kind="constructed", cards=LIST_A, now=now)
    b = decklist_create(user=other, name="Theirs", kind="constructed", cards=LIST_B, now=now)
    session = ban_session_start(version_a=a.current, version_b=b.current, player_a=collector,
                                player_b=other, now=now)
    page = html(client.get(reverse("decks:ban_session", args=[session.pk])))
    assert "Waiting for B to ban." in page and 'name="card"' not in page
    response = client.post(reverse("decks:ban_session", args=[session.pk]), {"card": "ZOMBIE"})
    assert response.status_code == 409 and "it is B&#x27;s ban (step 1)" in html(response)


# The login page and every page's assets ----------------------------------------------------

def test_the_login_page_signs_in_and_returns_to_the_page_asked_for(client, kit):
    UserFactory(username="bob")
    response = client.get(reverse("decks:collection"))
    assert response.status_code == 302
    login_url = response["Location"]
    assert login_url.startswith(reverse("login"))
    page = html(client.get(login_url))
    assert 'for="id_username"' in page and 'for="id_password"' in page
    response = client.post(reverse("login"), {"username": "bob", "password": "wrong",
                                              "next": reverse("decks:collection")})
    assert response.status_code == 200 and "Please enter a correct username" in html(response)
    response = client.post(reverse("login"), {"username": "bob", "password": "pw-for-tests-1",
                                              "next": reverse("decks:collection")})
    assert response["Location"] == reverse("decks:collection")


def test_the_navigation_follows_the_sign_in(client, kit):
    page = html(client.get(reverse("decks:gallery")))
    assert "Log in" in page and "My collection" not in page
    client.force_login(UserFactory(username="carol"))
    page = html(client.get(reverse("decks:gallery")))
    nav = page[page.index('<ul class="nav-links">'):page.index("</ul>")]
    assert 'href="/me/"' in nav and "Me <span class=\"nav-user\">(carol)</span>" in nav
    assert "Log in" not in nav
    # A person's own pages are one tap away, on Me.
    page = html(client.get(reverse("me")))
    assert "My collection" in page and "My decks" in page and "Log out (carol)" in page


ASSET = re.compile(r'<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)="(https?:)?//',
                   re.IGNORECASE)


def test_no_page_loads_anything_from_another_site(client, collector):
    now = timezone.now()
    a = decklist_create(user=collector, name="Mine", kind="constructed", cards=LIST_A, now=now)
    b = decklist_create(user=collector, name="Practice", kind="constructed", cards=LIST_B,
                        now=now)
    session = ban_session_start(version_a=a.current, version_b=b.current,
                                player_a=collector, player_b=None, now=now)
    urls = [reverse("decks:gallery"), reverse("decks:collection"), reverse("decks:decklists"),
            reverse("decks:decklist_new"), reverse("decks:decklist", args=[a.pk]),
            reverse("decks:decklist_edit", args=[a.pk]), reverse("decks:bans"),
            reverse("decks:ban_session", args=[session.pk]), reverse("login"), "/"]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        page = html(response)
        assert "http://" not in page and "https://" not in page, url
        assert not ASSET.search(page), url
