"""Cards are data (rule C-10): the catalogue file, its version, and card definitions."""

import pytest

from engine.clash.cards import (
    CREATURE,
    FRENZY,
    PIERCE,
    PROTECTION,
    RAGE,
    SPLASH,
    SPRINT,
    card_from_json,
    load_catalogue,
    parse_catalogue_csv,
)
from engine.clash.errors import CatalogueError

HEADER = "name,deck,type,cost,attack,health,abilities,aura,spell_damage,notes\n"


def test_the_starter_kit_has_32_cards_in_four_decks_of_eight():
    cat = load_catalogue()
    assert len(cat) == 32
    assert cat.deck_numbers == [1, 2, 3, 4]
    for n in cat.deck_numbers:
        assert len(cat.deck(n)) == 8


def test_preconstructed_decks_match_rule_c_2_3():
    cat = load_catalogue()
    assert sorted(cat.deck(1)) == ["ANNIHILATION", "BARON", "BOOM!", "BRUTE", "CARAPACE",
                                   "PARTISAN", "REVENANT", "TROLL"]
    assert sorted(cat.deck(4)) == ["ABERRATION", "ASSASSIN", "CARNIVORE", "CYCLONE", "MACHINE",
                                   "MUTANT", "REPTILE", "ZOMBIE"]


def test_card_values_and_abilities_come_from_the_file():
    cat = load_catalogue()
    troll = cat["TROLL"]
    assert (troll.cost, troll.attack, troll.health) == (6, 3, 6)
    assert troll.abilities == RAGE | FRENZY
    assert cat["SHAMAN"].aura == RAGE and cat["SHAMAN"].abilities == 0
    assert cat["VORTEX"].aura == SPRINT
    cyclone = cat["CYCLONE"]
    assert cyclone.is_incantation and cyclone.damage == 3
    assert cyclone.abilities == SPLASH | PIERCE
    assert cat["CARAPACE"].abilities == PROTECTION


def test_the_version_names_the_content():
    cat = load_catalogue()
    assert cat.version.startswith("starter-kit@")
    text = (HEADER + "X,,creature,1,1,1,,,,\n")
    other = parse_catalogue_csv(text)
    assert other.version != cat.version
    assert parse_catalogue_csv(text).version == other.version


def test_definitions_are_immutable():
    card = load_catalogue()["OGRE"]
    with pytest.raises(AttributeError):
        card.attack = 9  # type: ignore[misc]


@pytest.mark.parametrize("row, message", [
    ("X,,creature,1,1,1,flying,,,", "unknown ability 'flying'"),
    ("X,,creature,one,1,1,,,,", "'one' is not a whole number"),
    ("X,,creature,1,1,0,,,,", "health of at least 1"),
    ("X,,spell,1,,,,,2,", "type must be creature or incantation"),
    ("X,,incantation,1,,,rage,,2,", "only have splash or pierce"),
    (",,creature,1,1,1,,,,", "needs a name"),
])
def test_bad_catalogue_rows_are_named(row, message):
    with pytest.raises(CatalogueError, match=message):
        parse_catalogue_csv(HEADER + row + "\n")


def test_a_card_cannot_be_listed_twice():
    with pytest.raises(CatalogueError, match="appears twice"):
        parse_catalogue_csv(HEADER + "X,,creature,1,1,1,,,,\nX,,creature,2,2,2,,,,\n")


def test_scenario_cards_override_and_extend_the_catalogue():
    cat = load_catalogue()
    hound = card_from_json("HOUND", {"type": "creature", "cost": 2, "attack": 3, "health": 2,
                                     "abilities": ["rage"], "aura": None}, "cards.HOUND")
    ogre = card_from_json("OGRE", {"type": "creature", "cost": 1, "attack": 1, "health": 1},
                          "cards.OGRE")
    custom = cat.with_cards({"HOUND": hound, "OGRE": ogre})
    assert custom["HOUND"].abilities == RAGE
    assert custom["OGRE"].attack == 1
    assert cat["OGRE"].attack == 4
    assert custom.version != cat.version


def test_no_card_name_appears_in_rules_code():
    """Rule C-10: the engine must not special-case a card name."""
    from pathlib import Path

    import engine.clash as pkg

    names = [c.name for c in load_catalogue().cards]
    root = Path(pkg.__file__).parent
    for path in root.rglob("*.py"):
        text = path.read_text()
        for name in names:
            assert f'"{name}"' not in text and f"'{name}'" not in text, (path, name)


def test_the_hot_paths_tables_hold_each_cards_printed_numbers():
    """The rules read a card's numbers from these tables, not from the card (rules.py's play
    and cast): they must be the card's, in their order."""
    cat = load_catalogue()
    for card_id, card in enumerate(cat.cards):
        assert cat.numbers[card_id] == (card.cost, card.attack, card.health, card.abilities,
                                        card.aura, card.damage)
        assert cat.costs[card_id] == card.cost
        assert cat.creature[card_id] == (card.type == CREATURE)
