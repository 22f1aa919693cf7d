"""The event log (engine/clash/events.py): events are codes and plain values, and their English
rendering is the engine's sentence, word for word as the log read before it held events."""

from __future__ import annotations

import json

import pytest

from engine.clash import events as ev
from engine.clash.ai import make_agent
from engine.clash.cards import load_catalogue
from engine.clash.game import play_game
from engine.clash.solo import SoloOptions, play_solo_game

CAT = load_catalogue()

# A duel of preconstructed decks 4 and 2, seed 3, two random players, turn cap 6: the whole
# log as the engine wrote it in sentences.
DUEL_SEED_3 = [
    "the coin gives the first turn to A",
    "turn 1: A gains 6 mana",
    "A plays ASSASSIN to bottom (4 mana left)",
    "A plays MACHINE to top (1 mana left)",
    "A enters the Attack phase",
    "turn 1: A ends the turn",
    "turn 2: B gains 9 mana",
    "B casts COMBUSTION at MACHINE (A top 0)",
    "MACHINE takes 2 damage",
    "ASSASSIN takes 2 damage",
    "destroyed: MACHINE, ASSASSIN",
    "B enters the Attack phase",
    "turn 2: B ends the turn",
    "turn 3: A gains 9 mana",
    "A plays ABERRATION to top (2 mana left)",
    "A plays ZOMBIE to top (1 mana left)",
    "A enters the Attack phase",
    "turn 3: A ends the turn",
    "turn 4: B gains 9 mana",
    "B plays OGRE to top (5 mana left)",
    "B plays LIEUTENANT to top (2 mana left)",
    "B enters the Attack phase",
    "turn 4: B ends the turn",
    "turn 5: A gains 7 mana",
    "A plays CARNIVORE to top (1 mana left)",
    "A enters the Attack phase",
    "CARNIVORE sprints past 2 creatures: +2 damage this phase",
    "CARNIVORE attacks OGRE for 4",
    "destroyed: OGRE",
    "ZOMBIE attacks LIEUTENANT: Protection absorbs it",
    "ABERRATION sprints past 1 creature: +1 damage this phase",
    "ABERRATION attacks LIEUTENANT for 3",
    "destroyed: LIEUTENANT",
    "turn 5: A ends the turn",
    "turn 6: B gains 9 mana",
    "B plays ABOMINATION to bottom (3 mana left)",
    "B plays MICROCTOPUS to bottom (1 mana left)",
    "B enters the Attack phase",
    "turn 6: B ends the turn",
    "the turn cap of 6 turns is reached: a draw",
]

# A solo game (preconstructed deck 2, seed 1, resistance, a random player): its start.
SOLO_SEED_1_START = [
    "solo game: the player goes first",
    "turn 1: A gains 6 mana",
    "A enters the Attack phase",
    "turn 1: A ends the turn",
    "turn 2: B (the automaton) gains 6 mana (6 + 1 x 0 creatures of A)",
    "B reveals MACHINE and places it in the top lane (3 mana left)",
    "B reveals ZOMBIE and places it in the bottom lane (2 mana left)",
    "B reveals METEORITE: no creature of A in the top lane, so it is discarded at no cost",
    "B reveals CARNIVORE and places it in the bottom lane (0 mana left)",
    "B enters the Attack phase",
    "turn 2: B ends the turn",
    "turn 3: A gains 9 mana",
    "A casts COMBUSTION at CARNIVORE (B bottom 1)",
    "CARNIVORE takes 2 damage",
    "A plays LIEUTENANT to top (3 mana left)",
    "A plays MICROCTOPUS to top (1 mana left)",
    "A enters the Attack phase",
    "turn 3: A ends the turn",
    "turn 4: B (the automaton) gains 8 mana (6 + 1 x 2 creatures of A)",
    "B reveals MARTYR and places it in the top lane (1 mana left)",
    "B reveals TROLL and places it in the bottom lane (0 mana left)",
]


def duel_log() -> list[tuple]:
    log: list[tuple] = []
    play_game((CAT.deck(4), CAT.deck(2)), 3, (make_agent("random", 3), make_agent("random", 4)),
              catalogue=CAT, log=log, turn_cap=6)
    return log


def test_a_seeded_duel_renders_its_sentences_word_for_word():
    assert ev.render_all(duel_log(), CAT) == DUEL_SEED_3


def test_a_seeded_solo_game_renders_its_sentences_word_for_word():
    log: list[tuple] = []
    play_solo_game(1, make_agent("random", 1), deck=2, options=SoloOptions(resistance=True),
                   level=2, catalogue=CAT, log=log, turn_cap=21)
    assert ev.render_all(log, CAT)[:len(SOLO_SEED_1_START)] == SOLO_SEED_1_START


def test_events_are_a_code_and_plain_values():
    for event in duel_log():
        code, *values = event
        assert code in ev.CODES
        assert len(values) == len(ev.FIELDS[code])
        json.dumps(values)  # numbers and tuples of numbers only


def sample(code: str) -> tuple:
    """An event of `code` with a value of the right kind for each field."""
    values = {"cards": (CAT.id("OGRE"), CAT.id("ZOMBIE")), "card": CAT.id("OGRE"),
              "target": CAT.id("ZOMBIE"), "attacker": CAT.id("OGRE"), "lane": 1}
    return (code, *(values.get(f, 1) for f in ev.FIELDS[code]))


@pytest.mark.parametrize("code", ev.CODES)
def test_every_code_renders_a_sentence(code):
    text = ev.render(sample(code), CAT)
    assert text and "{" not in text


def test_an_unknown_code_is_a_bug():
    with pytest.raises(ValueError, match="unknown event code"):
        ev.render(("no_such_code",), CAT)


def test_params_name_seats_lanes_and_cards_in_words():
    assert ev.params(sample(ev.CAST), CAT) == {
        "caster": "B", "card": "OGRE", "target": "ZOMBIE", "owner": "B", "lane": "bottom",
        "position": 1}
    assert ev.params(sample(ev.DESTROYED), CAT) == {"cards": ["OGRE", "ZOMBIE"]}
