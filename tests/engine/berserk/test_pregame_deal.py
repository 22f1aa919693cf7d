"""The pre-game's start (rules B-2 and B-3): who goes first, the crystals, the shuffle, the
deal and mulligans, and how the other edition changes them (B-6)."""

from engine.berserk.cards import Card
from engine.berserk.editions import ALTERNATE, Crystals
from engine.berserk.pregame import CHOOSE, DEAL, LOST, MULLIGAN, RECRUITMENT, Pregame

from .builders import all_ids, deck, pregame, refused

# B-2: who goes first --------------------------------------------------------------------------

def rolls_for(seed: int) -> list[tuple[int, int]]:
    pg = Pregame(deck("A"), deck("B"), seed=seed)
    pg.roll_for_first()
    return pg.rolls


def test_b2_the_die_rolls_are_the_same_for_the_same_seed():
    assert rolls_for(3) == rolls_for(3)
    assert len({tuple(rolls_for(seed)) for seed in range(20)}) > 5
    assert all(1 <= r <= 6 for seed in range(20) for pair in rolls_for(seed) for r in pair)


def test_b2_tied_rolls_are_rolled_again():
    tied = next(seed for seed in range(500) if len(rolls_for(seed)) > 1)
    rolls = rolls_for(tied)
    assert all(a == b for a, b in rolls[:-1])
    assert rolls[-1][0] != rolls[-1][1]
    assert rolls_for(tied) == rolls  # the re-rolls come from the seed too


def test_b2_the_higher_roll_chooses_to_go_first_or_second():
    for go_first in (True, False):
        pg = Pregame(deck("A"), deck("B"), seed=3)
        a, b = pg.roll_for_first()
        winner = "A" if a > b else "B"
        assert pg.roll_winner == winner and pg.status == CHOOSE
        pg.choose_order(winner, go_first=go_first)
        assert pg.first == (winner if go_first else ("B" if winner == "A" else "A"))
        assert pg.status == DEAL


def test_b2_only_the_higher_roll_chooses():
    pg = Pregame(deck("A"), deck("B"), seed=3)
    pg.roll_for_first()
    loser = "B" if pg.roll_winner == "A" else "A"
    error = refused(pg, "not_the_roll_winner", pg.choose_order, loser, go_first=True)
    assert f"player {pg.roll_winner} rolled higher" in error.message


def test_b2_each_player_gets_24_gold_and_22_silver_and_the_second_1_more_of_each():
    pg = pregame(first="B")
    assert pg.sides["B"].crystals == Crystals(24, 22)
    assert pg.sides["A"].crystals == Crystals(25, 23)


def test_b6_the_other_edition_gives_the_second_player_only_1_more_silver():
    pg = pregame(first="A", edition=ALTERNATE)
    assert pg.sides["A"].crystals == Crystals(23, 22)
    assert pg.sides["B"].crystals == Crystals(23, 23)


def test_b2_decks_are_shuffled_from_the_seed():
    def deal(seed):
        return [c.id for c in pregame(seed).sides["A"].deal]

    assert deal(5) == deal(5)
    assert deal(5) != deal(6)


# B-3: the deal and mulligans ------------------------------------------------------------------

def test_b3_each_player_is_dealt_15_cards():
    pg = pregame()
    assert pg.status == MULLIGAN
    for seat in "AB":
        assert len(pg.sides[seat].deal) == 15 and len(pg.sides[seat].deck) == 15


def test_b3_a_mulligan_deals_one_card_fewer_each_time():
    pg = pregame(first="A")
    pg.declare_mulligan("A", True)
    pg.declare_mulligan("B", True)
    assert [len(pg.sides[s].deal) for s in "AB"] == [14, 14]
    pg.declare_mulligan("A", True)
    pg.declare_mulligan("B", False)
    assert [len(pg.sides[s].deal) for s in "AB"] == [13, 14]
    assert pg.sides["A"].mulligans == 2 and pg.sides["B"].mulligans == 1
    for seat in "AB":  # the deal went back into the deck: no card lost or doubled
        assert all_ids(pg, seat) == sorted(c.id for c in deck(seat))


def test_b3_the_first_player_declares_first():
    pg = pregame(first="B")
    error = refused(pg, "not_your_declaration", pg.declare_mulligan, "A", False)
    assert "player B declares first" in error.message
    pg.declare_mulligan("B", False)
    pg.declare_mulligan("A", False)
    assert pg.status == RECRUITMENT


def test_b3_both_declare_before_either_mulligan_is_taken():
    pg = pregame(first="A")
    pg.declare_mulligan("A", True)
    assert len(pg.sides["A"].deal) == 15
    refused(pg, "already_declared", pg.declare_mulligan, "A", False)
    pg.declare_mulligan("B", False)
    assert len(pg.sides["A"].deal) == 14


def test_b3_a_player_who_declines_may_not_mulligan_later():
    pg = pregame(first="A")
    pg.declare_mulligan("A", False)
    pg.declare_mulligan("B", True)
    error = refused(pg, "mulligan_right_lost", pg.declare_mulligan, "A", True)
    assert "may not take one later" in error.message
    # Only B declares from now on.
    pg.declare_mulligan("B", True)
    assert len(pg.sides["B"].deal) == 13 and pg.status == MULLIGAN
    pg.declare_mulligan("B", False)
    assert pg.status == RECRUITMENT


def test_b3_a_mulligan_declared_with_1_card_in_the_deal_loses():
    pg = pregame(first="A")
    pg.declare_mulligan("A", False)
    for _ in range(14):
        pg.declare_mulligan("B", True)
    assert len(pg.sides["B"].deal) == 1
    pg.declare_mulligan("B", True)
    assert pg.status == LOST and pg.loser == "B"
    refused(pg, "wrong_step", pg.recruit, "A", pg.sides["A"].deal[0].id)


def test_b6_in_the_other_edition_a_mulligan_costs_1_gold_and_deals_15_again():
    pg = pregame(first="A", edition=ALTERNATE)
    pg.declare_mulligan("A", True)
    pg.declare_mulligan("B", False)
    assert len(pg.sides["A"].deal) == 15
    assert pg.sides["A"].crystals == Crystals(22, 22)


def test_b6_in_the_other_edition_a_mulligan_needs_a_gold_crystal():
    cards = [Card(f"A{i:02d}", 1) for i in range(30)]
    pg = pregame(first="A", edition=ALTERNATE, decks=(cards, deck("B")))
    pg.declare_mulligan("A", False)
    for _ in range(23):
        pg.declare_mulligan("B", True)
    assert pg.sides["B"].crystals.gold == 0
    refused(pg, "mulligan_needs_gold", pg.declare_mulligan, "B", True)
