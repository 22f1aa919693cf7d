"""The Spoils and Berserk in the catalogue: card files imported whole or not at all, and
decklists checked by each game's rules module (S-8, B-6)."""

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from core.errors import DomainError
from decks.models import Card, CardSet, DecklistVersion
from decks.rules import BERSERK, SPOILS, decklist_problems
from decks.services.card_import import card_import
from decks.services.catalogue import other_game
from decks.services.decklists import decklist_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def example(game: str, fmt: str = "csv") -> str:
    return (EXAMPLES / f"{game}_cards.{fmt}").read_text()


def load(game: str, fmt: str = "csv", code: str = "core"):  # noqa: ANN201
    return card_import(game_slug=game, set_code=code, set_name="Core", text=example(game, fmt),
                       fmt=fmt, now=timezone.now())


def spoils_deck(**changes: int) -> list[str]:
    """A legal Constructed deck from the example file: the faction and 75 other cards."""
    counts = {"Lantern Guild": 1, "Greed": 40, "Rage": 11, "Copper Ledger": 4,
              "Toll Collector": 4, "Brass Courier": 4, "Sudden Audit": 4,
              "Weighted Purse": 4, "Old Counting House": 4}
    counts.update(changes)
    return [name for name, n in counts.items() for _ in range(n)]


def berserk_deck(size: int = 30) -> list[str]:
    names = [line.split(",")[0] for line in example(BERSERK).splitlines()[1:]]
    return [names[i % len(names)] for i in range(size)]


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_the_spoils_example_file_imports_every_field(fmt):
    result = load(SPOILS, fmt)
    assert (result.created, result.changed) == (9, 0)
    assert result.card_set.game.slug == SPOILS and result.card_set.game.name == "The Spoils"
    courier = Card.objects.get(name="Brass Courier")
    assert courier.kind == "character" and courier.cost == 3
    assert courier.data == {"type": "character", "trade": "gearsmith", "staple": False,
                            "threshold": {"elitism": 1, "greed": 1},
                            "strength": 1, "life": 2, "speed": 4}
    assert Card.objects.get(name="Greed").data["staple"] is True
    assert Card.objects.get(name="Lantern Guild").data["influence"] == 25
    assert Card.objects.get(name="Old Counting House").data["structure"] == 6


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_the_berserk_example_file_imports_every_field(fmt):
    result = load(BERSERK, fmt)
    assert (result.created, result.changed) == (10, 0)
    captain = Card.objects.get(name="Ridge Captain")
    assert captain.kind == "elite" and captain.cost == 7
    assert captain.data == {"cost": 7, "elite": True, "element": "mountains",
                            "before_recruitment": False, "once_per_turn": False,
                            "unique": False, "groups": [], "cost_changes": []}
    assert Card.objects.get(name="Road Scout").data["element"] is None


def test_both_formats_of_an_example_give_the_same_cards():
    load(SPOILS, "csv", code="a")
    load(SPOILS, "json", code="b")
    rows = {c.card_set.code: {} for c in Card.objects.all()}
    for c in Card.objects.select_related("card_set"):
        rows[c.card_set.code][c.name] = (c.kind, c.cost, c.data)
    assert rows["a"] == rows["b"]


def test_importing_the_same_set_again_changes_nothing():
    first = load(BERSERK)
    again = load(BERSERK, "json")
    assert again.card_set.pk == first.card_set.pk
    assert (again.created, again.changed, again.unchanged) == (0, 0, 10)
    assert Card.objects.count() == 10 and CardSet.objects.count() == 1


def test_a_changed_card_is_updated_in_place():
    load(BERSERK)
    card = Card.objects.get(name="Road Scout")
    text = example(BERSERK).replace("Road Scout,1,", "Road Scout,2,")
    result = card_import(game_slug=BERSERK, set_code="core", set_name="", text=text, fmt="csv",
                         now=timezone.now())
    assert (result.created, result.changed) == (0, 1)
    card.refresh_from_db()
    assert card.cost == 2 and card.data["cost"] == 2


BAD_SPOILS = """name,type,trade,threshold,cost,strength,life,speed,structure,influence,staple
Lantern Guild,faction,banker,,,,,,,25,
Nameless Thing,monster,,,1,,,,,,
Lost Courier,character,banker,greed:1,2,2,0,2,,,
Bad Toll,tactic,banker,gold:1,1,,,,,,
Odd Trade,item,pirate,,1,,,,,,
Lantern Guild,faction,banker,,,,,,,25,
Fake Greed,resource,banker,,,,,,,,true
No Structure,location,banker,,3,,,,,,
Heavy Tactic,tactic,banker,,x,,,,,,
Short,tactic
"""


def test_every_bad_spoils_row_is_reported_and_nothing_is_imported():
    with pytest.raises(DomainError) as err:
        card_import(game_slug=SPOILS, set_code="core", set_name="Core", text=BAD_SPOILS,
                    fmt="csv", now=timezone.now())
    problems = err.value.problems
    assert err.value.code == "bad_card_file" and len(problems) == 9
    assert problems[0].startswith("line 3 (Nameless Thing): type: must be one of faction")
    assert problems[1].startswith("line 4 (Lost Courier): life: must be a whole number from 1")
    assert problems[2].startswith("line 5 (Bad Toll): threshold:") and "'gold'" in problems[2]
    assert problems[3].startswith("line 6 (Odd Trade): trade: must be one of arcanist")
    assert problems[4] == "line 7: Lantern Guild is already on line 2"
    assert problems[5].startswith("line 8 (Fake Greed): staple: Fake Greed is not a staple")
    assert problems[6] == "line 9 (No Structure): structure: needed"
    assert problems[7].startswith("line 10 (Heavy Tactic): cost: must be a whole number")
    assert problems[8].startswith("line 11: expected 11 fields")
    assert not Card.objects.exists() and not CardSet.objects.exists()


def test_a_bad_threshold_is_named_in_the_readers_language():
    from django.utils import translation

    with translation.override("cs"), pytest.raises(DomainError) as err:
        card_import(game_slug=SPOILS, set_code="core", set_name="Core", text=BAD_SPOILS,
                    fmt="csv", now=timezone.now())
    bad_toll = err.value.problems[2]
    assert "'gold'" in bad_toll and "obsession, greed" in bad_toll
    assert "must name" not in bad_toll and "threshold names" not in bad_toll


def test_every_bad_berserk_card_of_a_json_file_is_reported_and_nothing_is_imported():
    load(BERSERK)  # a set already there keeps its cards untouched
    text = ('[{"name": "Road Scout", "cost": 9}, {"name": "Negative", "cost": -1},'
            ' {"name": "Fuzzy", "cost": 2, "elite": "maybe"}, {"cost": 1},'
            ' {"name": "Extra", "cost": 1, "colour": "red"}, "Bare string",'
            ' {"name": "Half", "cost": 2.5}]')
    with pytest.raises(DomainError) as err:
        card_import(game_slug=BERSERK, set_code="core", set_name="", text=text, fmt="json",
                    now=timezone.now())
    assert err.value.problems == [
        "cards[1] (Negative): cost: must be a whole number from 0 to 99, not -1",
        "cards[2] (Fuzzy): elite: must be true or false, not 'maybe'",
        "cards[3]: name: needed, at most 100 characters",
        "cards[4]: unknown field colour",
        "cards[5]: a card is an object with the keys name, cost, elite, element, "
        "before_recruitment, once_per_turn, unique, groups, cost_changes",
        "cards[6] (Half): cost: must be a whole number from 0 to 99, not 2.5",
    ]
    assert Card.objects.get(name="Road Scout").cost == 1 and Card.objects.count() == 10


def test_a_file_with_a_wrong_header_is_refused_whole():
    with pytest.raises(DomainError) as err:
        card_import(game_slug=BERSERK, set_code="core", set_name="", text="card,price\n",
                    fmt="csv", now=timezone.now())
    assert err.value.code == "bad_header"


def test_the_command_imports_a_file_and_prints_each_bad_row(tmp_path):
    out = StringIO()
    call_command("import_cards", "spoils", "core", str(EXAMPLES / "spoils_cards.json"),
                 "--name", "Core", stdout=out)
    assert "9 created, 0 changed, 0 unchanged" in out.getvalue()
    bad = tmp_path / "bad.csv"
    bad.write_text(BAD_SPOILS)
    err = StringIO()
    with pytest.raises(CommandError, match="9 bad row"):
        call_command("import_cards", "spoils", "more", str(bad), stderr=err)
    assert "line 3 (Nameless Thing)" in err.getvalue()
    assert not CardSet.objects.filter(code="more").exists()


# Decklists through the rules modules -------------------------------------------------------

def spoils_problems(cards: list[str]) -> list[str]:
    return decklist_problems(user=UserFactory(), kind="constructed", cards=cards,
                             game=other_game(SPOILS))


def test_a_legal_spoils_deck_has_no_problems_and_keeps_its_repeats():
    load(SPOILS)
    assert spoils_problems(spoils_deck()) == []
    decklist = decklist_create(user=UserFactory(), name="Guild", kind="constructed",
                               cards=spoils_deck(), now=timezone.now(),
                               game=other_game(SPOILS))
    version = DecklistVersion.objects.get(decklist=decklist)
    assert len(version.cards) == 76 and version.cards.count("Greed") == 40


def test_each_s8_problem_of_a_spoils_deck_is_named():
    load(SPOILS)
    problems = spoils_problems(spoils_deck(**{"Lantern Guild": 2, "Copper Ledger": 5,
                                              "Greed": 10}))
    assert [p.code for p in problems] == ["several_factions", "too_many_copies",
                                          "too_few_cards"]
    assert all(p.endswith(" (S-8)") for p in problems)
    assert problems[1].startswith("5 copies of Copper Ledger: at most 4")
    assert problems[1].params == {"card": "Copper Ledger", "count": 5, "most": 4, "remove": 1}
    assert [p.code for p in spoils_problems(spoils_deck(**{"Lantern Guild": 0}))] == [
        "no_faction"]


def test_staple_resources_are_unlimited_in_a_spoils_deck():
    load(SPOILS)
    assert spoils_problems(spoils_deck(Greed=60, Rage=0)) == []


def test_an_unknown_card_is_named_for_the_game():
    load(SPOILS)
    assert "Moon Rock is not a card of The Spoils" in spoils_problems(
        spoils_deck() + ["Moon Rock"])


def test_a_berserk_deck_is_checked_by_b6():
    load(BERSERK)
    game, user = other_game(BERSERK), UserFactory()
    assert decklist_problems(user=user, kind="constructed", cards=berserk_deck(30),
                             game=game) == []
    problems = decklist_problems(user=user, kind="constructed",
                                 cards=berserk_deck(29) + ["Road Scout"] * 3, game=game)
    assert problems == ["6 copies of Road Scout: at most 3: remove 3 (B-6)"]
    assert decklist_problems(user=user, kind="constructed", cards=berserk_deck(29),
                             game=game) == ["29 cards: a deck has 30 to 50: add 1 (B-6)"]
    assert "51 cards: a deck has 30 to 50: remove 1 (B-6)" in decklist_problems(
        user=user, kind="constructed", cards=berserk_deck(51), game=game)


def test_other_games_take_constructed_lists_only():
    load(BERSERK)
    problems = decklist_problems(user=UserFactory(), kind="preconstructed",
                                 cards=berserk_deck(), game=other_game(BERSERK))
    assert problems == ["a Berserk list is constructed, not preconstructed"]
