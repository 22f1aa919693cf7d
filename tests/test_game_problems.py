"""The problems The Spoils' and Berserk's checks find, in the reader's language
(core.game_problems): each code's English sentence is the engine's message word for word, and
every other language writes the whole sentence with nothing left in English."""

import re

import pytest
from django.utils import translation

from core.game_problems import (
    BERSERK_DECK,
    SPOILS,
    SQUAD,
    berserk_deck_problem_text,
    spoils_problem_text,
    squad_problem_text,
)
from core.templatetags.clash_i18n import problem_text
from engine.berserk.cards import Card, CostChange, deck_problem_list, deck_problems
from engine.berserk.editions import Crystals
from engine.berserk.errors import IllegalStep
from engine.berserk.recruitment import Payment, recruit
from engine.berserk.squad_check import SquadEntry, squad_check
from engine.spoils import deck as spoils

OTHER_LANGUAGES = ("cs", "ru", "sr", "sr-latn", "eo", "tr")
# Words that are English and the language's own too (docs/glossary.md: Turkish "element").
SAME_WORD = {"tr": {"element"}}


def english_left(text: str, english: str, params: dict, language: str) -> list[str]:
    """The English words of `english` (four letters or more) still in `text`, besides the
    values it names (card names, the resource, the format)."""
    values = " ".join(str(v) for v in params.values()).lower()
    words = {w for w in re.findall(r"[A-Za-z]{4,}", english)
             if w.lower() not in values and w not in SAME_WORD.get(language, ())}
    return sorted(w for w in words if re.search(rf"\b{w}\b", text))


# The engine's problems, one or more for each code ------------------------------------------

def spoils_problems() -> list[spoils.Problem]:
    faction = spoils.DeckEntry("Lantern Guild", spoils.FACTION)
    filler = [spoils.DeckEntry(f"Card {i}", spoils.CHARACTER, 4) for i in range(12)]
    found = spoils.deck_problems(filler)  # no faction, too few cards (48)
    found += spoils.deck_problems([spoils.DeckEntry("Lantern Guild", spoils.FACTION, 2),
                                   spoils.DeckEntry("Copper Ledger", spoils.ITEM, 7),
                                   *filler], fmt=spoils.LIMITED)
    found += spoils.deck_problems([faction, spoils.DeckEntry("Other Guild", spoils.FACTION),
                                   *filler])
    rage = spoils.ResourceInPlay("rage")
    found += spoils.play_problems(cost=3, threshold={"greed": 2}, in_play=[rage, rage],
                                  unique="Beatrix", unique_in_play={"Beatrix"})
    found += spoils.play_problems(cost=2, threshold={}, in_play=[rage])
    return found


def recruit_refusals() -> list[IllegalStep]:
    cheaper = Card("soultrad", 1, cost_changes=(CostChange(-1),))
    tries = [
        (Card("flame", 2, element="fire"), {"forest"}, Crystals(0, 10), None, ()),
        (Card("scout", 3), set(), Crystals(5, 5), Payment(1, 1), ()),
        (Card("scout", 3), set(), Crystals(5, 5), Payment(2, 2), (cheaper,)),
        (Card("knight", 3, elite=True), set(), Crystals(5, 5), Payment(2, 1), ()),
        (Card("knight", 5, elite=True), set(), Crystals(2, 5), None, ()),
        (Card("knight", 5, elite=True, element="fire"), {"forest"}, Crystals(3, 5), None, ()),
        (Card("scout", 3), set(), Crystals(1, 0), Payment(3, 0), ()),
        (Card("scout", 3, element="fire"), {"forest"}, Crystals(2, 0), Payment(3, 0), ()),
        (Card("scout", 5), set(), Crystals(1, 1), None, ()),
        (Card("scout", 5), set(), Crystals(1, 1), None, (cheaper,)),
        (Card("scout", 5, element="fire"), {"forest"}, Crystals(2, 1), None, ()),
        (Card("scout", 5, element="fire"), {"forest"}, Crystals(2, 1), None, (cheaper,)),
    ]
    refused = []
    for card, elements, crystals, payment, squad in tries:
        with pytest.raises(IllegalStep) as caught:
            recruit(card, elements, crystals, payment, squad=squad)
        refused.append(caught.value)
    return refused


def squad_problems() -> list:
    deal = [Card(f"c{i}", 1) for i in range(6)]
    report = squad_check(
        deal=deal, position="first", budget=Crystals(5, 10),
        squad=[SquadEntry("c0"), SquadEntry("c0"), SquadEntry("nobody"), SquadEntry("c1"),
               SquadEntry("c2"), SquadEntry("c3"), SquadEntry("c4")],
        placement={"c0": "r2c1", "c1": "r1c1", "c2": "r9c9", "c3": "r3c3", "c4": "r3c3",
                   "c5": "r1c2"},
        blocked=["r2c2"])
    second = squad_check(deal=deal[:2], position="second", budget=Crystals(5, 10),
                         squad=[SquadEntry("c0"), SquadEntry("c1")],
                         placement={"c0": "r2c5", "c1": "r2c2"}, blocked=["r2c2"])
    unplaced = squad_check(deal=deal[:2], position="first", budget=Crystals(5, 10),
                           squad=[SquadEntry("c0"), SquadEntry("c1")],
                           placement={"c0": "r2c3"})
    return report.problems + second.problems + unplaced.problems


# Every code has a sentence, and the English one is the engine's ----------------------------

def test_every_code_the_checks_report_is_met_here():
    assert {p.code for p in spoils_problems()} == set(SPOILS)
    assert {e.reason for e in recruit_refusals()} | {p.code for p in squad_problems()} == set(
        SQUAD)
    berserk = {p.code for names in (["x"] * 5, ["x"] * 60) for p in deck_problem_list(names)}
    assert berserk == set(BERSERK_DECK)


def test_the_english_sentences_are_the_engines_messages():
    with translation.override("en"):
        for problem in spoils_problems():
            assert spoils_problem_text(problem) == problem.message
        for names in (["x"] * 5, ["x"] * 60, [f"c{i}" for i in range(29)]):
            for problem in deck_problem_list(names):
                assert berserk_deck_problem_text(problem) == problem.message
        for exc in recruit_refusals():
            assert squad_problem_text(exc.reason, exc.params, "") == exc.message
        for problem in squad_problems():
            assert squad_problem_text(problem.code, problem.params, "") == problem.message
            assert problem_text(problem.to_record()) == problem.message


def test_the_cli_messages_of_a_berserk_deck_are_unchanged():
    assert deck_problems(["x"] * 5) == ["5 copies of x: at most 3: remove 2",
                                        "5 cards: a deck has 30 to 50: add 25"]


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_problem_reads_in_the_other_languages_with_no_english_left(language):
    rendered = []
    with translation.override(language):
        rendered += [(spoils_problem_text(p), p.message, p.params) for p in spoils_problems()]
        rendered += [(berserk_deck_problem_text(p), p.message, p.params)
                     for names in (["x"] * 5, ["x"] * 60) for p in deck_problem_list(names)]
        rendered += [(squad_problem_text(e.reason, e.params, ""), e.message, e.params)
                     for e in recruit_refusals()]
        rendered += [(problem_text(p.to_record()), p.message, p.params)
                     for p in squad_problems()]
    for text, english, params in rendered:
        assert text and text != english
        assert english_left(text, english, params, language) == [], (language, text)
        for value in params.values():  # the values named stay in the sentence
            if isinstance(value, str) and value not in ("constructed", "limited", "rage",
                                                        "greed", "first", "second"):
                assert value in text, (language, text, value)


def test_the_counts_take_the_languages_plural_forms():
    copies = [p for p in deck_problem_list(["x"] * 5 + ["y"] * 22 + ["z"] * 4)
              if p.code == "too_many_copies"]
    with translation.override("ru"):
        assert [berserk_deck_problem_text(p) for p in copies] == [
            "5 копий карты x: не больше 3: уберите 2",
            "22 копии карты y: не больше 3: уберите 19",
            "4 копии карты z: не больше 3: уберите 1"]
    with translation.override("cs"):
        assert [berserk_deck_problem_text(p).split(":")[0] for p in copies] == [
            "5 kopií karty x", "22 kopií karty y", "4 kopie karty z"]


def test_a_squad_check_stored_without_params_keeps_the_codes_sentence():
    stored = {"code": "not_in_squad", "where": "placement.x", "message": "x is not in the squad"}
    with translation.override("ru"):
        assert problem_text(stored) == translation.gettext("That card is not in your squad.")
