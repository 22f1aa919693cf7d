"""One seat vocabulary (engine/seats.py): the engine's 0/1 and DRAW, the records' letters and
the web layer's match sides, and the conversions between them."""

import pytest

from engine import seats
from engine.clash import state
from engine.clash.formats import common
from engine.clash.match_rules import OUTCOMES
from engine.seats import DRAW, SEAT_A, SEAT_B


def test_the_seats_and_the_draw_are_the_integers_games_have_always_stored():
    assert (SEAT_A, SEAT_B, DRAW) == (0, 1, 2)
    assert seats.other(SEAT_A) == SEAT_B and seats.other(SEAT_B) == SEAT_A


def test_a_record_writes_the_seats_as_a_and_b_and_a_drawn_game_as_draw():
    assert [seats.result_name(w) for w in (SEAT_A, SEAT_B, DRAW, None)] == ["A", "B", "draw", None]
    assert [seats.winner_of_result(n) for n in OUTCOMES] == [SEAT_A, SEAT_B, DRAW]
    assert [seats.letter(s) for s in seats.BOTH_SEATS] == ["A", "B"]
    assert seats.seat_of_letter("B") == SEAT_B and seats.other_letter("A") == "B"


def test_the_web_layers_match_sides_are_a_and_b_in_lower_case():
    assert [seats.side(s) for s in seats.BOTH_SEATS] == ["a", "b"]
    assert seats.seat_of_side("b") == SEAT_B


@pytest.mark.parametrize("name", ["a", "C", "", "draw"])
def test_anything_but_a_seat_letter_is_refused(name):
    with pytest.raises(ValueError, match="a seat is"):
        seats.seat_of_letter(name)


def test_the_old_names_are_the_same_words():
    assert state.SEATS == seats.LETTERS == common.SEATS
    assert (state.A, state.B, state.DRAW) == (SEAT_A, SEAT_B, DRAW)
