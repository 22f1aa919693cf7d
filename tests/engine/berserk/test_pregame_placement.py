"""Placement in the pre-game (rule B-5), and every step refused out of its turn or after the
end with the pre-game unchanged."""

from engine.berserk.editions import Crystals
from engine.berserk.pregame import DONE, PLACEMENT, Pregame

from .builders import all_ids, cheap_deck, deck, no_mulligans, placing, refused

# B-5: placement -------------------------------------------------------------------------------

CENTRE = ["r1c2", "r1c3", "r1c4", "r2c2", "r2c3", "r2c4", "r3c2", "r3c3", "r3c4"]
BACK_EDGES = ["r2c1", "r2c5", "r3c1", "r3c5"]
FRONT_EDGES = ["r1c1", "r1c5"]


def place_all(pg: Pregame, seat: str, cells) -> None:
    for card, cell in zip(pg.sides[seat].squad, cells, strict=False):
        pg.place(seat, card.id, cell)


def test_b5_the_first_player_places_the_whole_squad_first():
    pg = placing(1, 1, first="A")
    assert pg.status == PLACEMENT and pg.placing == "A"
    b_card = pg.sides["B"].squad[0].id
    refused(pg, "not_your_placement", pg.place, "B", b_card, "r2c3")
    pg.place("A", pg.sides["A"].squad[0].id, "r2c3")
    pg.finish_placement("A")
    pg.place("B", b_card, "r1c1")
    pg.finish_placement("B")
    assert pg.status == DONE


def test_b5_the_first_player_fills_the_central_3x3_first():
    pg = placing(15, 1, first="A")
    cards = [c.id for c in pg.sides["A"].squad]
    place_all(pg, "A", CENTRE[:8])
    error = refused(pg, "cell_priority", pg.place, "A", cards[8], "r2c1")
    assert "free there: r3c4" in error.message
    refused(pg, "cell_priority", pg.place, "A", cards[8], "r1c1")
    pg.place("A", cards[8], "r3c4")


def test_b5_the_first_player_then_fills_rows_2_and_3_and_row_1s_edges_last():
    pg = placing(15, 1, first="A")
    cards = [c.id for c in pg.sides["A"].squad]
    place_all(pg, "A", CENTRE + BACK_EDGES[:3])
    error = refused(pg, "cell_priority", pg.place, "A", cards[12], "r1c5")
    assert "the edge cells of row 1" in error.message and "free there: r3c5" in error.message
    pg.place("A", cards[12], "r3c5")
    pg.place("A", cards[13], "r1c5")
    pg.place("A", cards[14], "r1c1")
    pg.finish_placement("A")


def test_b5_the_second_player_fills_the_centre_and_row_1s_edges_first():
    pg = placing(1, 15, first="A")
    pg.place("A", pg.sides["A"].squad[0].id, "r1c3")
    pg.finish_placement("A")
    cards = [c.id for c in pg.sides["B"].squad]
    pg.place("B", cards[0], "r1c1")  # row 1's edge cells are first-tier for the second player
    pg.place("B", cards[1], "r1c5")
    place_all_from = dict(zip(cards[2:], CENTRE[:8], strict=False))
    for card, cell in place_all_from.items():
        pg.place("B", card, cell)
    refused(pg, "cell_priority", pg.place, "B", cards[10], "r3c1")
    pg.place("B", cards[10], "r3c4")
    for card, cell in zip(cards[11:], BACK_EDGES, strict=True):
        pg.place("B", card, cell)
    pg.finish_placement("B")
    assert pg.status == DONE


def test_b5_one_card_per_cell_on_the_half_field():
    pg = placing(2, 1, first="A")
    one, two = (c.id for c in pg.sides["A"].squad)
    pg.place("A", one, "r2c3")
    refused(pg, "cell_taken", pg.place, "A", two, "r2c3")
    refused(pg, "already_placed", pg.place, "A", one, "r2c2")
    refused(pg, "no_such_cell", pg.place, "A", two, "r4c1")
    refused(pg, "no_such_cell", pg.place, "A", two, "r1c6")
    refused(pg, "not_in_squad", pg.place, "A", "B00", "r2c2")


def test_b5_every_squad_card_is_placed_while_a_cell_is_free():
    pg = placing(2, 1, first="A")
    pg.place("A", pg.sides["A"].squad[0].id, "r2c3")
    error = refused(pg, "cards_left_to_place", pg.finish_placement, "A")
    assert "r1c2 is free" in error.message


def test_b5_cards_that_cannot_be_placed_return_to_the_deck_as_if_never_recruited():
    blocked = {"A": CENTRE[:6] + BACK_EDGES + FRONT_EDGES}  # 3 cells left
    pg = placing(5, 1, first="A", blocked=blocked)
    side = pg.sides["A"]
    cards = [c.id for c in side.squad]
    assert side.crystals == Crystals(24, 17)
    refused(pg, "cell_blocked", pg.place, "A", cards[0], "r1c2")
    place_all(pg, "A", CENTRE[6:])
    pg.finish_placement("A")
    assert [c.id for c in side.squad] == cards[:3] and side.returned == cards[3:]
    assert side.crystals == Crystals(24, 19)  # their crystals are back
    assert all_ids(pg, "A") == sorted(c.id for c in cheap_deck("A"))
    assert pg.placing == "B"


# Steps out of order ---------------------------------------------------------------------------

def test_every_step_is_refused_out_of_its_turn_with_the_pregame_unchanged():
    pg = Pregame(deck("A"), deck("B"), seed=1)
    refused(pg, "wrong_step", pg.choose_order, "A", go_first=True)
    refused(pg, "wrong_step", pg.deal)
    refused(pg, "wrong_step", pg.declare_mulligan, "A", True)
    refused(pg, "wrong_step", pg.recruit, "A", "A00")
    refused(pg, "wrong_step", pg.place, "A", "A00", "r2c3")
    refused(pg, "wrong_step", pg.use_before_recruitment, "A", "A00")
    pg.roll_for_first()
    refused(pg, "wrong_step", pg.roll_for_first)
    refused(pg, "unknown_seat", pg.choose_order, "C", go_first=True)
    pg.choose_order(pg.roll_winner, go_first=True)
    refused(pg, "wrong_step", pg.finish_recruitment, "A")
    pg.deal()
    refused(pg, "wrong_step", pg.deal)
    refused(pg, "wrong_step", pg.pass_before_recruitment, "A")
    no_mulligans(pg)
    refused(pg, "wrong_step", pg.declare_mulligan, pg.first, False)
    refused(pg, "wrong_step", pg.finish_placement, "A")


def test_a_finished_pregame_refuses_every_step():
    pg = placing(1, 1, first="A")
    pg.place("A", pg.sides["A"].squad[0].id, "r2c3")
    pg.finish_placement("A")
    refused(pg, "not_your_placement", pg.finish_placement, "A")
    pg.place("B", pg.sides["B"].squad[0].id, "r2c3")
    pg.finish_placement("B")
    assert pg.status == DONE
    for step, args in ((pg.place, ("A", "A00", "r2c2")), (pg.finish_placement, ("A",)),
                       (pg.recruit, ("A", "A00"))):
        refused(pg, "wrong_step", step, *args)
