"""Berserk cards that change the cost of later recruits (rule B-9) and the pre-game flags of
rule B-7 on the site: the card import reads and stores them, refusing a bad value with its row
and column and importing nothing, and the site's squad checks price recruits with them, giving
the verdict the engine's command gives for the same squad."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone, translation
from rest_framework.test import APIClient

from core.errors import DomainError
from decks.models import Card, CardSet
from decks.rules import BERSERK
from decks.services.card_import import card_import
from decks.services.catalogue import other_game
from decks.services.squads import squad_check_for_list
from engine.berserk import squad_file
from tests.factories import EventFactory, UserFactory
from tests.factories.decks import BerserkCardFactory, DecklistFactory, DecklistVersionFactory
from tests.factories.tournaments import SeatFactory
from tournaments.models import Match, SquadCheck
from tournaments.services.events import event_start
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db

SQUAD_FILES = Path(__file__).resolve().parents[1] / "engine" / "berserk" / "squads"

# The seed's example (B-9): once Soultrad is in the squad, members of the Coven cost 1 less.
COVEN = """name,cost,elite,element,before_recruitment,once_per_turn,unique,groups,cost_changes
Coven Adept,4,false,forest,false,false,false,coven,
Soultrad,5,false,forest,true,false,true,,coven:-1
Bark Giant,5,false,forest,false,false,false,,
"""
# 15 silver and no gold: 4 + 5 + 3 + 3 with Soultrad; the printed costs would need 17.
WITH_SOULTRAD = {"player": "first", "crystals": {"gold": 0, "silver": 15},
                 "deal": ["Coven Adept", "Soultrad", "Coven Adept", "Coven Adept"],
                 "squad": ["Coven Adept", "Soultrad", "Coven Adept #2", "Coven Adept #3"],
                 "placement": {"Coven Adept": "r2c3", "Soultrad": "r2c2",
                               "Coven Adept #2": "r2c4", "Coven Adept #3": "r1c3"}}
# The same squad with a card of the same cost that changes nothing in Soultrad's place.
WITHOUT_SOULTRAD = {**WITH_SOULTRAD,
                    "deal": ["Coven Adept", "Bark Giant", "Coven Adept", "Coven Adept"],
                    "squad": ["Coven Adept", "Bark Giant", "Coven Adept #2", "Coven Adept #3"],
                    "placement": {"Coven Adept": "r2c3", "Bark Giant": "r2c2",
                                  "Coven Adept #2": "r2c4", "Coven Adept #3": "r1c3"}}


def import_cards(text: str, fmt: str = "csv", code: str = "coven"):  # noqa: ANN201
    return card_import(game_slug=BERSERK, set_code=code, set_name="Coven", text=text, fmt=fmt,
                       now=timezone.now())


def refusal(text: str, fmt: str = "csv") -> list[str]:
    with pytest.raises(DomainError) as err:
        import_cards(text, fmt)
    assert err.value.code == "bad_card_file"
    return err.value.problems


def berserk_list(cards: list[str], owner=None):  # noqa: ANN001, ANN201
    decklist = DecklistFactory(game=other_game(BERSERK), owner=owner or UserFactory(),
                               name="Coven")
    return DecklistVersionFactory(decklist=decklist, cards=cards)


@pytest.fixture
def coven():  # noqa: ANN201
    import_cards(COVEN)
    return berserk_list(["Coven Adept"] * 3 + ["Soultrad", "Bark Giant"])


# The import ---------------------------------------------------------------------------------


def test_the_import_stores_groups_cost_changes_and_the_pre_game_flags():
    assert import_cards(COVEN).created == 3
    soultrad = Card.objects.get(name="Soultrad")
    assert soultrad.data == {"cost": 5, "elite": False, "element": "forest",
                             "before_recruitment": True, "once_per_turn": False,
                             "unique": True, "groups": [],
                             "cost_changes": [{"group": "coven", "amount": -1}]}
    assert Card.objects.get(name="Coven Adept").data["groups"] == ["coven"]


def test_several_groups_and_changes_in_csv_are_the_json_lists():
    import_cards("name,cost,groups,cost_changes,once_per_turn\n"
                 "Patron,2,Coven  undead;coven,coven:-1 -2 UNDEAD:+1,yes\n", code="a")
    import_cards('[{"name": "Patron", "cost": 2, "groups": ["coven", "undead"],'
                 ' "once_per_turn": true, "cost_changes": [{"group": "coven", "amount": -1},'
                 ' {"amount": -2}, {"group": "undead", "amount": 1}]}]', fmt="json", code="b")
    by_set = {c.card_set.code: c.data for c in Card.objects.select_related("card_set")}
    assert by_set["a"] == by_set["b"]
    assert by_set["a"]["groups"] == ["coven", "undead"]  # lowercase, each once
    assert by_set["a"]["cost_changes"] == [{"group": "coven", "amount": -1},
                                           {"group": None, "amount": -2},
                                           {"group": "undead", "amount": 1}]
    assert by_set["a"]["once_per_turn"] is True and by_set["a"]["unique"] is False


def test_files_without_the_new_columns_import_as_before():
    result = import_cards("name,cost,elite,element\nHill Sentry,3,false,mountains\n")
    assert result.created == 1
    data = Card.objects.get().data
    assert (data["groups"], data["cost_changes"], data["once_per_turn"], data["unique"]) == (
        [], [], False, False)


def test_every_bad_value_of_the_new_columns_is_named_with_its_row_and_column():
    problems = refusal(
        "name,cost,once_per_turn,unique,groups,cost_changes\n"
        "Good,1,no,no,coven,coven:-1\n"
        "Maybe,1,sometimes,,,\n"
        "Spaced,1,,perhaps,,\n"
        "Odd Group,1,,,coven!,\n"
        "No Amount,1,,,,coven:\n"
        "Zero,1,,,,coven:0\n"
        "Huge,1,,,,-100\n"
        "Bad Group,1,,,,*:-1\n"
        "Two Bad,1,,,dark/coven,coven:x\n")
    assert problems == [
        "line 3 (Maybe): once_per_turn: must be true or false, not 'sometimes'",
        "line 4 (Spaced): unique: must be true or false, not 'perhaps'",
        "line 5 (Odd Group): groups: a group name is letters, digits, - and _, at most 50 "
        "characters, not 'coven!'",
        "line 6 (No Amount): cost_changes: an amount is a whole number from -99 to 99 other "
        "than 0, not ''",
        "line 7 (Zero): cost_changes: an amount is a whole number from -99 to 99 other than 0, "
        "not '0'",
        "line 8 (Huge): cost_changes: an amount is a whole number from -99 to 99 other than 0, "
        "not '-100'",
        "line 9 (Bad Group): cost_changes: a group name is letters, digits, - and _, at most 50 "
        "characters, not '*'",
        # Both bad values of one row, each with its column.
        "line 10 (Two Bad): groups: a group name is letters, digits, - and _, at most 50 "
        "characters, not 'dark/coven'; cost_changes: an amount is a whole number from -99 to "
        "99 other than 0, not 'x'",
    ]


def test_bad_json_values_of_the_new_keys_are_named_with_their_index():
    problems = refusal(json.dumps([
        {"name": "Ok", "cost": 1, "groups": ["coven"]},
        {"name": "Not A List", "cost": 1, "groups": {"coven": True}},
        {"name": "Number Group", "cost": 1, "groups": [7]},
        {"name": "Object", "cost": 1, "cost_changes": {"coven": -1}},
        {"name": "Extra Key", "cost": 1, "cost_changes": [{"group": "coven", "amount": -1,
                                                           "until": "dawn"}]},
        {"name": "Flag", "cost": 1, "cost_changes": [{"group": "coven", "amount": True}]},
        {"name": "Half", "cost": 1, "cost_changes": [{"amount": -0.5}]},
        {"name": "Unique", "cost": 1, "unique": "maybe"},
    ]), fmt="json")
    assert problems == [
        "cards[1] (Not A List): groups: must be like coven undead (group names separated by "
        "spaces), not {'coven': True}",
        "cards[2] (Number Group): groups: a group name is letters, digits, - and _, at most 50 "
        "characters, not 7",
        "cards[3] (Object): cost_changes: must be like coven:-1 (members of coven cost 1 less) "
        "or -1 (every card costs 1 less), not {'coven': -1}",
        "cards[4] (Extra Key): cost_changes: must be like coven:-1 (members of coven cost 1 "
        "less) or -1 (every card costs 1 less), not [{'group': 'coven', 'amount': -1, "
        "'until': 'dawn'}]",
        "cards[5] (Flag): cost_changes: an amount is a whole number from -99 to 99 other than "
        "0, not True",
        "cards[6] (Half): cost_changes: an amount is a whole number from -99 to 99 other than "
        "0, not -0.5",
        "cards[7] (Unique): unique: must be true or false, not 'maybe'",
    ]


def test_a_file_with_one_bad_value_imports_nothing_and_leaves_the_set_as_it_was():
    import_cards(COVEN)
    changed = COVEN.replace("Coven Adept,4,", "Coven Adept,3,").replace("coven:-1", "coven:-9")
    text = changed + "New Card,2,false,,false,false,false,,coven:none\n"
    problems = refusal(text)
    assert problems == ["line 5 (New Card): cost_changes: an amount is a whole number from -99 "
                        "to 99 other than 0, not 'none'"]
    assert Card.objects.count() == 3 and not Card.objects.filter(name="New Card").exists()
    assert Card.objects.get(name="Coven Adept").cost == 4
    assert Card.objects.get(name="Soultrad").data["cost_changes"] == [
        {"group": "coven", "amount": -1}]
    with pytest.raises(DomainError):
        import_cards(text, code="other")
    assert not CardSet.objects.filter(code="other").exists()


def test_a_bad_value_is_refused_in_the_readers_language():
    with translation.override("ru"):
        problems = refusal("name,cost,groups,cost_changes\nZero,1,coven!,coven:0\n")
    assert problems == ["строка 2 (Zero): groups: имя группы состоит из букв, цифр, - и _, не "
                        "более 50 символов, а не 'coven!'; cost_changes: изменение должно быть "
                        "целым числом от -99 до 99, кроме 0, а не '0'"]


def test_the_card_api_gives_the_stored_fields():
    import_cards(COVEN)
    soultrad = Card.objects.get(name="Soultrad")
    answer = APIClient().get(f"/api/cards/{soultrad.pk}/")
    assert answer.status_code == 200
    stats = answer.json()["stats"]
    assert stats["cost_changes"] == [{"group": "coven", "amount": -1}]
    assert stats["unique"] is True and stats["once_per_turn"] is False


# The squad checks ---------------------------------------------------------------------------


def test_b9_a_card_that_makes_later_recruits_cheaper_makes_the_squad_legal(coven):
    report = squad_check_for_list(version=coven, data=WITH_SOULTRAD)
    assert report.valid, report.problems
    assert (report.crystals_left.gold, report.crystals_left.silver) == (0, 0)
    assert [(t.card.id, t.paid.silver, t.cost_change) for t in report.squad] == [
        ("Coven Adept", 4, 0), ("Soultrad", 5, 0), ("Coven Adept #2", 3, -1),
        ("Coven Adept #3", 3, -1)]


def test_b9_without_that_card_the_same_squad_costs_its_printed_costs_and_is_refused(coven):
    report = squad_check_for_list(version=coven, data=WITHOUT_SOULTRAD)
    assert [(p.code, p.where) for p in report.problems] == [
        ("not_enough_crystals", "squad[3]"), ("not_in_squad", "placement.Coven Adept #3")]


@pytest.mark.parametrize("fmt", ["csv", "json"])
@pytest.mark.parametrize("path", sorted(SQUAD_FILES.glob("b9_*.json")), ids=lambda p: p.stem)
def test_b9_the_site_gives_the_engines_verdict_for_each_squad_file(path, fmt):
    """Each B-9 squad file of the engine's tests, its deal imported as cards named by their
    ids: the site's check answers exactly what `python -m engine.berserk.pregame` answers."""
    squad = json.loads(path.read_text(encoding="utf-8"))["squad"]
    deal = squad["deal"]
    if fmt == "csv":
        lines = ["name,cost,elite,element,groups,cost_changes"] + [
            ",".join([c["id"], str(c["cost"]), str(c.get("elite", False)).lower(),
                      c["element"] or "", " ".join(c.get("groups", [])),
                      " ".join(f"{x['group']}:{x['amount']}" if x["group"] else str(x["amount"])
                               for x in c.get("cost_changes", []))])
            for c in deal]
        import_cards("\n".join(lines) + "\n")
    else:
        import_cards(json.dumps([{"name": c["id"], **{k: v for k, v in c.items() if k != "id"}}
                                 for c in deal]), fmt="json")
    version = berserk_list([c["id"] for c in deal])
    report = squad_check_for_list(version=version,
                                  data={**squad, "deal": [c["id"] for c in deal]})
    assert squad_file.report_json(report) == squad_file.run(squad)[1]


def test_cards_imported_before_the_cost_changes_keep_their_printed_cost():
    """A row stored before the import knew groups and cost changes has neither key."""
    BerserkCardFactory(name="Old Patron", cost=1)
    BerserkCardFactory(name="Old Recruit", cost=4)
    version = berserk_list(["Old Patron", "Old Recruit"])
    report = squad_check_for_list(version=version, data={
        "player": "first", "deal": ["Old Patron", "Old Recruit"],
        "squad": ["Old Patron", "Old Recruit"],
        "placement": {"Old Patron": "r2c3", "Old Recruit": "r2c2"}})
    assert report.valid and [t.paid.silver for t in report.squad] == [1, 4]


def test_b9_the_list_page_finds_the_squad_legal_and_refuses_it_without_the_card(client, coven):
    url = reverse("decks:squad_check", args=[coven.decklist.pk])
    client.force_login(coven.decklist.owner)
    legal = client.post(url, {"squad": json.dumps(WITH_SOULTRAD)})
    assert legal.status_code == 200
    assert "The squad and its placement are legal" in legal.content.decode()
    assert "0 gold, 0 silver" in legal.content.decode()
    refused = client.post(url, {"squad": json.dumps(WITHOUT_SOULTRAD)})
    assert refused.status_code == 200
    assert "The squad and its placement are legal" not in refused.content.decode()
    assert "squad[3]" in refused.content.decode()


def test_b9_an_events_match_page_stores_the_squad_ok_and_without_the_card_not(client):
    import_cards(COVEN)
    organizer = UserFactory(username="olga")
    event = EventFactory(game=other_game(BERSERK), check_squads=True, match_length=3,
                         organizers=[organizer])
    ada, ben = UserFactory(username="ada"), UserFactory(username="ben")
    for player in (ada, ben):
        SeatFactory(event=event, player=player, decklist_version=berserk_list(
            ["Coven Adept"] * 3 + ["Soultrad", "Bark Giant"], owner=player))
    event_start(event_id=event.pk, by=organizer, now=timezone.now())
    round_pair(event_id=event.pk, by=organizer, now=timezone.now())
    match = Match.objects.select_related("player_a__player").get()
    url = reverse("tournaments:match", args=[event.pk, match.pk])
    client.force_login(match.player_a.player)
    for game, squad in ((1, WITH_SOULTRAD), (2, WITHOUT_SOULTRAD)):
        answer = client.post(url, {"squad-game_number": str(game),
                                   "squad-squad": json.dumps(squad)}, follow=True)
        assert answer.status_code == 200
    checks = {c.game_number: c for c in SquadCheck.objects.all()}
    assert checks[1].ok and checks[1].problems == []
    assert not checks[2].ok
    assert [p["code"] for p in checks[2].problems] == ["not_enough_crystals", "not_in_squad"]


def test_the_squads_problems_read_in_the_readers_language_on_the_list_and_match_pages(coven):
    """Each problem of the engine's check is shown in its code's sentence, naming the cards
    and crystals the engine's English names, not in that English: on the list's squad page."""
    from django.test import Client
    from django.utils import translation

    from core.game_problems import squad_problem_text

    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(coven.decklist.owner)
    page = client.post(reverse("decks:squad_check", args=[coven.decklist.pk]),
                       {"squad": json.dumps(WITHOUT_SOULTRAD)}).content.decode()
    problems = squad_check_for_list(version=coven, data=WITHOUT_SOULTRAD).problems
    assert [p.code for p in problems] == ["not_enough_crystals", "not_in_squad"]
    with translation.override("ru"):
        expected = [squad_problem_text(p.code, p.params, p.message) for p in problems]
    assert "осталось: золотых кристаллов" in expected[0] and "нет в отряде" in expected[1]
    for sentence in expected:
        assert html.escape(sentence) in page
    assert "not enough crystals" not in page.lower() and "is not in the squad" not in page
