"""Checking a Berserk squad and placement against a list (rules B-4, B-5): the deal comes
from the list, the engine's squad check names every problem, nothing is written, and a hidden
list stays hidden."""

import json

import pytest
from django.urls import reverse
from django.utils import timezone

from core.errors import DomainError
from decks.rules import BERSERK, deal_ids
from decks.services.catalogue import other_game
from decks.services.decklists import decklist_create
from decks.services.squads import squad_check_for_list
from tests.decks.test_other_games import berserk_deck, load
from tests.factories import EventFactory, RegistrationFactory, UserFactory

pytestmark = pytest.mark.django_db

# Costs from docs/examples/berserk_cards.csv: Ridge Captain 7 elite mountains, Hill Sentry 3
# mountains, Moss Archer 4 forest, Road Scout 1 neutral, Thorn Druid 6 elite forest.
LEGAL = {"player": "first",
         "deal": ["Ridge Captain", "Hill Sentry", "Hill Sentry", "Moss Archer", "Road Scout",
                  "Thorn Druid"],
         "squad": ["Ridge Captain", "Hill Sentry", "Hill Sentry #2", "Moss Archer"],
         "placement": {"Ridge Captain": "r1c3", "Hill Sentry": "r2c3",
                       "Hill Sentry #2": "r2c2", "Moss Archer": "r1c2"}}


@pytest.fixture
def hills():  # noqa: ANN201
    load(BERSERK)
    return decklist_create(user=UserFactory(username="owner"), name="Hills",
                           kind="constructed", cards=berserk_deck(30), now=timezone.now(),
                           game=other_game(BERSERK))


def test_copies_dealt_get_their_own_names():
    assert deal_ids(["a", "b", "a", "a"]) == ["a", "b", "a #2", "a #3"]


def test_b4_b5_a_legal_squad_spends_its_crystals_and_loses_gold_to_a_second_element(hills):
    report = squad_check_for_list(version=hills.current, data=LEGAL)
    assert report.valid
    # 24 gold - 7 (elite) - 1 (forest, the second element); 22 silver - 3 - 3 - 4.
    assert (report.crystals_left.gold, report.crystals_left.silver) == (16, 12)
    assert report.elements == ["mountains", "forest"]
    assert report.back_to_deck == ["Road Scout", "Thorn Druid"]


def test_b4_an_elite_card_paid_with_silver_is_named(hills):
    data = {**LEGAL, "squad": [{"id": "Ridge Captain", "gold": 2, "silver": 5},
                               *LEGAL["squad"][1:]]}
    report = squad_check_for_list(version=hills.current, data=data)
    assert [p.code for p in report.problems] == ["elite_needs_gold", "not_in_squad"]
    assert "(B-4)" in report.problems[0].message


def test_b5_the_first_player_fills_the_central_cells_first(hills):
    data = {**LEGAL, "placement": {**LEGAL["placement"], "Moss Archer": "r1c1"}}
    report = squad_check_for_list(version=hills.current, data=data)
    assert [p.code for p in report.problems] == ["cell_priority"]
    assert report.problems[0].where == "placement.Moss Archer"
    assert "(B-5)" in report.problems[0].message


def test_a_deal_must_come_from_the_list(hills):
    with pytest.raises(DomainError) as err:
        squad_check_for_list(version=hills.current, data={
            **LEGAL, "deal": ["Road Scout"] * 4 + ["Golden Dragon"]})
    assert err.value.code == "deal_not_from_list"
    assert err.value.problems == ["Road Scout: 4 dealt, the list holds 3",
                                  "Golden Dragon: 1 dealt, the list holds 0"]
    with pytest.raises(DomainError, match="player: must be"):
        squad_check_for_list(version=hills.current, data={**LEGAL, "player": "third"})


def test_the_page_shows_the_answer_to_whoever_may_see_the_list(client, hills):
    url = reverse("decks:squad_check", args=[hills.pk])
    client.force_login(hills.owner)
    assert url in client.get(reverse("decks:decklist", args=[hills.pk])).content.decode()
    answer = client.post(url, {"squad": json.dumps(LEGAL)})
    assert answer.status_code == 200
    assert "The squad and its placement are legal" in answer.content.decode()
    assert "16 gold, 12 silver" in answer.content.decode()
    bad = client.post(url, {"squad": json.dumps({**LEGAL, "placement": {}})})
    assert bad.status_code == 200 and "every squad card goes on the field (B-5)" in (
        bad.content.decode())
    broken = client.post(url, {"squad": "{not json"})
    assert broken.status_code == 400 and "Not JSON" in broken.content.decode()
    # An organizer of an event the list is registered in may check it; nobody else.
    organizer = UserFactory(username="judge")
    event = EventFactory(game=hills.game, organizers=[organizer])
    RegistrationFactory(event=event, player=hills.owner, decklist_version=hills.current)
    client.force_login(organizer)
    assert client.post(url, {"squad": json.dumps(LEGAL)}).status_code == 200
    client.force_login(UserFactory(username="snoop"))
    assert client.get(url).status_code == 404
    assert client.post(url, {"squad": json.dumps(LEGAL)}).status_code == 404
