"""Building lists of The Spoils and Berserk on the deck pages: choose the game, set the copies
of its cards, save. The game's rules module judges the whole list (S-8, B-6): every problem
is named with its rule and what to change, and an illegal list is not saved at all."""

from collections import Counter

import pytest
from django.urls import reverse

from decks.models import Card, Decklist, DecklistVersion
from tests.decks.test_other_games import berserk_deck, load, spoils_deck
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
NEW = reverse("decks:decklist_new")


def copies_form(slug: str, cards: list[str], **fields: str) -> dict:
    """The builder's POST: a count for every card of the game (0 for those not in `cards`)."""
    counts = Counter(cards)
    data = {"game": slug, **fields}
    for card in Card.objects.filter(card_set__game__slug=slug):
        data[f"copies-{card.pk}"] = str(counts.get(card.name, 0))
    return data


def page(response) -> str:  # noqa: ANN001
    return response.content.decode()


@pytest.fixture
def player(client):  # noqa: ANN001, ANN201
    user = UserFactory(username="ines")
    client.force_login(user)
    return user


def test_my_decks_offers_a_builder_for_each_game_with_cards(client, player):
    assert "New The Spoils decklist" not in page(client.get(reverse("decks:decklists")))
    load("spoils")
    load("berserk")
    listing = page(client.get(reverse("decks:decklists")))
    assert f"{NEW}?game=spoils" in listing and f"{NEW}?game=berserk" in listing
    assert f"{NEW}?game=berserk" in page(client.get(NEW))  # from the Clash builder too


def test_the_spoils_builder_lists_the_games_cards_and_its_formats(client, player):
    load("spoils")
    answer = client.get(NEW, {"game": "spoils"})
    assert answer.status_code == 200
    html = page(answer)
    for name in ("Lantern Guild", "Greed", "Brass Courier", "Old Counting House"):
        assert name in html
    assert "at least 75 cards besides the faction" in html and "Limited" in html
    assert 'name="game" value="spoils"' in html


def test_a_legal_spoils_list_is_saved_with_its_copies(client, player):
    load("spoils")
    answer = client.post(NEW, copies_form("spoils", spoils_deck(), name="Guild",
                                          deck_format="constructed"))
    decklist = Decklist.objects.get(owner=player)
    assert answer.status_code == 302 and answer.url == reverse("decks:decklist",
                                                               args=[decklist.pk])
    assert decklist.game.slug == "spoils" and decklist.deck_format == "constructed"
    assert Counter(decklist.current.cards) == Counter(spoils_deck())
    shown = page(client.get(answer.url))
    assert "The Spoils, constructed" in shown and "76 cards" in shown
    assert "<td>40</td><th scope=\"row\">Greed</th>" in shown


def test_an_illegal_spoils_list_names_each_rule_and_the_fix_and_saves_nothing(client, player):
    load("spoils")
    cards = spoils_deck(**{"Lantern Guild": 2, "Copper Ledger": 5, "Greed": 10})
    answer = client.post(NEW, copies_form("spoils", cards, name="Guild",
                                          deck_format="constructed"))
    assert answer.status_code == 400
    html = page(answer)
    assert ("2 faction cards (2 x Lantern Guild): a deck has exactly one: keep one of them "
            "(S-8)") in html
    assert ("5 copies of Copper Ledger: at most 4 (only the staple resources are unlimited): "
            "remove 1 (S-8)") in html
    assert "46 cards besides the faction: Constructed needs at least 75: add 29" in html
    assert not Decklist.objects.exists() and not DecklistVersion.objects.exists()
    # The copies the player set are still on the page to fix.
    guild = Card.objects.get(name="Lantern Guild")
    assert f'name="copies-{guild.pk}" value="2"' in html


def test_the_spoils_size_depends_on_the_format(client, player):
    load("spoils")
    limited = spoils_deck(**{"Greed": 10, "Rage": 11})  # the faction and 45 others
    answer = client.post(NEW, copies_form("spoils", limited, name="Sealed",
                                          deck_format="constructed"))
    assert answer.status_code == 400
    assert "45 cards besides the faction: Constructed needs at least 75: add 30" in page(answer)
    answer = client.post(NEW, copies_form("spoils", limited, name="Sealed",
                                          deck_format="limited"))
    assert answer.status_code == 302
    assert Decklist.objects.get().deck_format == "limited"
    answer = client.post(NEW, copies_form("spoils", limited, name="Other"))
    assert answer.status_code == 400 and "This field is required" in page(answer)


def test_a_berserk_list_is_built_and_checked_by_b6(client, player):
    load("berserk")
    html = page(client.get(NEW, {"game": "berserk"}))
    assert "Ridge Captain" in html and "30 to 50 cards" in html and "deck_format" not in html
    too_many = berserk_deck(30) + ["Road Scout"] * 2
    answer = client.post(NEW, copies_form("berserk", too_many, name="Hills"))
    assert answer.status_code == 400
    assert "5 copies of Road Scout: at most 3: remove 2 (B-6)" in page(answer)
    short = berserk_deck(20)
    assert "20 cards: a deck has 30 to 50: add 10 (B-6)" in page(
        client.post(NEW, copies_form("berserk", short, name="Hills")))
    assert not Decklist.objects.exists()
    answer = client.post(NEW, copies_form("berserk", berserk_deck(30), name="Hills"))
    assert answer.status_code == 302
    decklist = Decklist.objects.get()
    assert decklist.game.slug == "berserk" and len(decklist.current.cards) == 30


def test_a_negative_count_is_refused_next_to_its_card(client, player):
    load("berserk")
    data = copies_form("berserk", berserk_deck(30), name="Hills")
    scout = Card.objects.get(name="Road Scout")
    data[f"copies-{scout.pk}"] = "-1"
    answer = client.post(NEW, data)
    assert answer.status_code == 400 and "greater than or equal to 0" in page(answer)
    assert not Decklist.objects.exists()


def test_editing_a_list_adds_and_removes_copies_as_a_new_version(client, player):
    load("spoils")
    client.post(NEW, copies_form("spoils", spoils_deck(), name="Guild",
                                 deck_format="constructed"))
    decklist = Decklist.objects.get()
    edit = reverse("decks:decklist_edit", args=[decklist.pk])
    form = page(client.get(edit))
    greed = Card.objects.get(name="Greed")
    assert f'name="copies-{greed.pk}" value="40"' in form
    changed = spoils_deck(Greed=41, **{"Sudden Audit": 3})
    answer = client.post(edit, copies_form("spoils", changed, name="Guild",
                                           deck_format="constructed", base_version="1"))
    assert answer.status_code == 302
    assert Counter(decklist.current.cards) == Counter(changed)
    history = page(client.get(reverse("decks:decklist", args=[decklist.pk])))
    assert "<ins>+Greed</ins>" in history and "<del>&minus;Sudden Audit</del>" in history
    bad = client.post(edit, copies_form("spoils", spoils_deck(Greed=0), name="Guild",
                                        deck_format="constructed", base_version="2"))
    assert bad.status_code == 400 and "add 40 (S-8)" in page(bad)
    assert decklist.versions.count() == 2
    stale = client.post(edit, copies_form("spoils", spoils_deck(), name="Guild",
                                          deck_format="constructed", base_version="1"))
    assert stale.status_code == 409 and decklist.versions.count() == 2


def test_the_live_check_answers_the_games_problems(client, player):
    load("berserk")
    answer = client.post(reverse("decks:decklist_validate"),
                         copies_form("berserk", berserk_deck(29), name="Hills"))
    body = answer.json()
    assert body["valid"] is False and body["picked"] == 29
    assert body["errors"] == {"cards": ["29 cards: a deck has 30 to 50: add 1 (B-6)"]}
    ok = client.post(reverse("decks:decklist_validate"),
                     copies_form("berserk", berserk_deck(30), name="Hills")).json()
    assert ok["valid"] is True and ok["problems"] == []
    assert not Decklist.objects.exists()


def test_another_players_list_of_these_games_stays_hidden(client, player):
    load("berserk")
    client.post(NEW, copies_form("berserk", berserk_deck(30), name="Secret hills"), follow=True)
    decklist = Decklist.objects.get()
    client.force_login(UserFactory(username="snoop"))
    assert client.get(reverse("decks:decklist", args=[decklist.pk])).status_code == 404
    edit = reverse("decks:decklist_edit", args=[decklist.pk])
    assert client.get(edit).status_code == 404
    assert client.post(edit, copies_form("berserk", berserk_deck(31), name="Mine",
                                         base_version="1")).status_code == 404
    assert "Secret hills" not in page(client.get(reverse("decks:decklists")))
    assert decklist.versions.count() == 1


def test_ban_practice_offers_only_clash_lists(client, player):
    load("berserk")
    client.post(NEW, copies_form("berserk", berserk_deck(30), name="Hills"), follow=True)
    assert Decklist.objects.filter(name="Hills").exists()
    assert "Hills" not in page(client.get(reverse("decks:bans")))


def test_a_spoils_list_page_in_czech_names_each_problem_in_czech(client, player):
    load("spoils")
    cards = spoils_deck(**{"Lantern Guild": 2, "Copper Ledger": 5, "Greed": 10})
    answer = client.post(NEW, copies_form("spoils", cards, name="Guild",
                                          deck_format="constructed"),
                         HTTP_ACCEPT_LANGUAGE="cs")
    assert answer.status_code == 400
    html = page(answer)
    assert ("2 karty frakce (2 x Lantern Guild): balíček má právě jednu: ponechte jednu z nich "
            "(S-8)") in html
    assert ("5 kopií karty Copper Ledger: nejvýše 4 (bez omezení jsou jen základní zdroje): "
            "odeberte 1 (S-8)") in html
    assert ("46 karet kromě frakce: formát Constructed potřebuje nejméně 75: přidejte 29 "
            "(S-8)") in html
    assert "copies of" not in html and "besides the faction" not in html


def test_a_berserk_list_page_in_russian_names_each_problem_in_russian(client, player):
    load("berserk")
    answer = client.post(NEW, copies_form("berserk", berserk_deck(30) + ["Road Scout"] * 2,
                                          name="Hills"), HTTP_ACCEPT_LANGUAGE="ru")
    assert answer.status_code == 400
    assert "5 копий карты Road Scout: не больше 3: уберите 2 (B-6)" in page(answer)
    short = page(client.post(NEW, copies_form("berserk", berserk_deck(21), name="Hills"),
                             HTTP_ACCEPT_LANGUAGE="ru"))
    assert "21 карта: в колоде от 30 до 50 карт: добавьте 9 (B-6)" in short
    assert "a deck has" not in short and "copies of" not in page(answer)
