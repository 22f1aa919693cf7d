"""The errors the three games share: one base in engine/errors.py, each game's own below it,
every name still importable from where the apps import it."""

import pytest

from engine import errors
from engine.berserk import errors as berserk
from engine.berserk.squad_file import SquadFileError
from engine.clash import errors as clash
from engine.clash.actions import ActionFormatError
from engine.clash.formats import DeckListError
from engine.clash.scenario import ScenarioError
from engine.spoils import errors as spoils
from engine.spoils.battle_file import BattleFileError
from engine.spoils.opening import IllegalOpening


def test_every_game_names_the_one_shared_base():
    assert clash.EngineError is spoils.EngineError is berserk.EngineError is errors.EngineError
    assert clash.IllegalAction is spoils.IllegalAction is berserk.IllegalAction
    for error in (clash.CatalogueError, clash.SetupError, clash.RecordError, DeckListError,
                  spoils.IllegalDeck, berserk.IllegalDeck):
        assert issubclass(error, errors.EngineError)
    for refusal in (spoils.IllegalCombat, berserk.IllegalStep, IllegalOpening):
        assert issubclass(refusal, errors.IllegalAction)


def test_a_deck_error_of_any_game_is_an_illegal_deck_with_its_problems():
    decklist = DeckListError(["9 cards, not 8"], seat="A")
    squad = berserk.IllegalDeck(["too many elites"], seat="B")
    for error in (decklist, squad):
        assert isinstance(error, errors.IllegalDeck)
        assert error.problems and error.seat in ("A", "B")
    assert decklist.code == "decklist" and squad.code == "deck"  # the codes stay as they were
    assert squad.message == "player B's deck: too many elites"


@pytest.mark.parametrize("error", [ScenarioError, BattleFileError, SquadFileError])
def test_a_malformed_file_is_a_format_error_and_still_a_value_error(error):
    assert issubclass(error, errors.FormatError) and issubclass(error, ValueError)
    assert issubclass(ActionFormatError, errors.FormatError)


def test_the_refusals_of_the_spoils_and_berserk_name_their_reason_in_json():
    assert berserk.IllegalStep("wrong_step", "not now").to_json() == {
        "code": "illegal", "reason": "wrong_step", "message": "not now"}
    # Clash's own refusals keep their two-key JSON.
    assert clash.IllegalAction("not_enough_mana", "too dear").to_json() == {
        "code": "illegal", "message": "too dear"}
