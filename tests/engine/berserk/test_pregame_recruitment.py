"""Recruitment in the pre-game (rule B-4, ruling B-4a): paying for each card, the elements,
and what goes back to the deck."""

from engine.berserk.editions import Crystals

from .builders import all_ids, deck, pick, recruiting, refused

# B-4: recruitment -----------------------------------------------------------------------------

def test_b4_cards_are_recruited_one_at_a_time_paying_their_cost():
    pg = recruiting(first="A")
    card = pick(pg, "A", elite=False, element="forest")
    pg.recruit("A", card.id)
    side = pg.sides["A"]
    assert [c.id for c in side.squad] == [card.id] and card not in side.deal
    assert side.crystals == Crystals(24, 20)  # silver first for an ordinary card


def test_b4_elite_cards_are_recruited_with_gold_only():
    pg = recruiting(first="A")
    elite = pick(pg, "A", elite=True)
    refused(pg, "elite_needs_gold", pg.recruit, "A", elite.id, gold=2, silver=1)
    pg.recruit("A", elite.id)
    assert pg.sides["A"].crystals == Crystals(21, 22)


def test_b4_ordinary_cards_are_recruited_with_gold_and_or_silver():
    pg = recruiting(first="A")
    one, two = (pick(pg, "A", element=None), pick(pg, "A", element="forest"))
    pg.recruit("A", one.id, gold=1, silver=0)
    pg.recruit("A", two.id, gold=1, silver=1)
    assert pg.sides["A"].crystals == Crystals(22, 21)
    three = pick(pg, "A", element=None, exclude={one.id})
    refused(pg, "payment_not_cost", pg.recruit, "A", three.id, gold=1, silver=1)


def test_b4_each_element_beyond_the_first_costs_1_gold_before_the_card_is_taken():
    pg = recruiting(first="A")
    forest = pick(pg, "A", element="forest")
    pg.recruit("A", forest.id)
    assert pg.sides["A"].crystals == Crystals(24, 20)
    mountains = pick(pg, "A", element="mountains")
    pg.recruit("A", mountains.id)  # elite, cost 3: 1 gold lost, then 3 gold paid
    assert pg.sides["A"].crystals == Crystals(20, 20)
    another = pick(pg, "A", element="mountains")
    pg.recruit("A", another.id)  # no new element: no loss
    assert pg.sides["A"].crystals == Crystals(17, 20)


def test_b4_the_gold_for_a_new_element_is_lost_before_the_card_is_paid():
    pg = recruiting(first="A")
    pg.recruit("A", pick(pg, "A", element="forest").id)
    pg.sides["A"].crystals = Crystals(3, 20)  # as if other cards had been recruited
    elite = pick(pg, "A", elite=True)  # mountains, 3 gold: 3 are left, but 1 goes first
    error = refused(pg, "not_enough_gold", pg.recruit, "A", elite.id)
    assert "2 gold left (after the 1 gold lost to the new element mountains)" in error.message
    pg.sides["A"].crystals = Crystals(4, 20)
    pg.recruit("A", elite.id)
    assert pg.sides["A"].crystals == Crystals(0, 20)


def test_b4a_a_card_that_would_add_an_element_with_no_gold_left_cannot_be_taken():
    # Ruling B-4a.
    pg = recruiting(first="A")
    pg.recruit("A", pick(pg, "A", element="forest").id)
    pg.sides["A"].crystals = Crystals(0, 20)
    error = refused(pg, "no_gold_for_element", pg.recruit, "A",
                    pick(pg, "A", element="mountains").id)
    assert "costs 1 gold before it is taken" in error.message
    pg.recruit("A", pick(pg, "A", element=None).id)  # a neutral card needs no such gold


def test_b4_neutral_cards_add_no_element():
    pg = recruiting(first="A")
    pg.recruit("A", pick(pg, "A", element="forest").id)
    pg.recruit("A", pick(pg, "A", element=None).id)
    assert pg.sides["A"].crystals == Crystals(24, 19)


def test_b4_a_card_beyond_the_crystals_left_is_refused():
    pg = recruiting(first="A")
    pg.sides["A"].crystals = Crystals(0, 1)
    refused(pg, "not_enough_crystals", pg.recruit, "A", pick(pg, "A", element="forest").id)
    refused(pg, "not_enough_crystals", pg.recruit, "A", pick(pg, "A", element=None).id,
            gold=1, silver=0)


def test_b4_unspent_crystals_are_kept_and_cards_not_recruited_go_back_to_the_deck():
    pg = recruiting(first="A")
    card = pick(pg, "A", element=None)
    pg.recruit("A", card.id)
    pg.finish_recruitment("A")
    side = pg.sides["A"]
    assert side.crystals == Crystals(24, 21) and side.deal == []
    assert len(side.deck) == 29 and all_ids(pg, "A") == sorted(c.id for c in deck("A"))
    refused(pg, "recruitment_finished", pg.recruit, "A", side.deck[0].id)
    refused(pg, "recruitment_finished", pg.finish_recruitment, "A")


def test_b4_only_cards_of_the_players_own_deal_are_recruited_once():
    pg = recruiting(first="A")
    card = pick(pg, "A", element=None)
    pg.recruit("A", card.id)
    refused(pg, "already_recruited", pg.recruit, "A", card.id)
    refused(pg, "not_in_deal", pg.recruit, "A", pg.sides["B"].deal[0].id)
    refused(pg, "not_in_deal", pg.recruit, "A", pg.sides["A"].deck[0].id)
