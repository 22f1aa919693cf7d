"""The pre-game (rules B-2 to B-5) step by step: rolls, crystals, deal, mulligans,
recruitment and placement, and every illegal step refused with the pre-game unchanged."""

import pytest

from engine.berserk.cards import Card, CostChange
from engine.berserk.editions import ALTERNATE, Crystals
from engine.berserk.errors import IllegalStep
from engine.berserk.pregame import (
    BEFORE_RECRUITMENT,
    CHOOSE,
    DEAL,
    DONE,
    LOST,
    MULLIGAN,
    PLACEMENT,
    RECRUITMENT,
    Pregame,
)

from .builders import cheap_deck, deck, no_mulligans, pick, placing, pregame, recruiting


def refused(pg: Pregame, reason: str, step, *args, **kwargs) -> IllegalStep:
    before = pg.snapshot()
    with pytest.raises(IllegalStep) as caught:
        step(*args, **kwargs)
    assert caught.value.reason == reason and caught.value.code == "illegal"
    assert pg.snapshot() == before
    return caught.value


def all_ids(pg: Pregame, seat: str) -> list[str]:
    side = pg.sides[seat]
    return sorted(c.id for c in (*side.deck, *side.deal, *side.squad))


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


# B-4: "before recruitment" abilities ---------------------------------------------------------

def with_abilities(seed: int = 7) -> Pregame:
    decks = (deck("A", ability_every=2), deck("B", ability_every=2))
    return no_mulligans(pregame(seed, first="A", decks=decks))


def ability_card(pg: Pregame, seat: str) -> str:
    side = pg.sides[seat]
    return next(c.id for c in side.deal if c.before_recruitment
                and c.id not in side.abilities_used)


def test_b4_before_recruitment_abilities_alternate_starting_with_the_first_player():
    pg = with_abilities()
    assert pg.status == BEFORE_RECRUITMENT and pg.ability_turn == "A"
    refused(pg, "not_your_turn", pg.use_before_recruitment, "B", ability_card(pg, "B"))
    pg.use_before_recruitment("A", ability_card(pg, "A"))
    assert pg.ability_turn == "B"
    pg.use_before_recruitment("B", ability_card(pg, "B"))
    assert pg.ability_turn == "A"


def test_b4_a_player_who_passes_uses_no_more_abilities_and_the_other_goes_on():
    pg = with_abilities()
    pg.pass_before_recruitment("A")
    assert pg.ability_turn == "B"
    pg.use_before_recruitment("B", ability_card(pg, "B"))
    assert pg.ability_turn == "B"  # A passed: B keeps the turn
    refused(pg, "not_your_turn", pg.use_before_recruitment, "A", ability_card(pg, "A"))
    pg.pass_before_recruitment("B")
    assert pg.status == RECRUITMENT


def test_b4_each_before_recruitment_ability_is_used_once_and_only_from_the_deal():
    pg = with_abilities()
    used = ability_card(pg, "A")
    pg.use_before_recruitment("A", used)
    pg.use_before_recruitment("B", ability_card(pg, "B"))
    refused(pg, "ability_used", pg.use_before_recruitment, "A", used)
    plain = next(c.id for c in pg.sides["A"].deal if not c.before_recruitment)
    refused(pg, "no_such_ability", pg.use_before_recruitment, "A", plain)
    refused(pg, "not_in_deal", pg.use_before_recruitment, "A", "B00")


def test_b4_without_before_recruitment_abilities_recruitment_starts_at_once():
    assert recruiting().status == RECRUITMENT


# B-7: what the pre-game refuses -------------------------------------------------------------

def with_cards(a_cards, seed: int = 7, blocked=None) -> Pregame:
    """A pre-game at its "before recruitment" step where A's deck is `a_cards` and 27 plain
    cards, dealt so that `a_cards` are all in A's deal (the deck is 15 cards plus 15)."""
    filler = [Card(f"A{i:02d}", 1) for i in range(15 - len(a_cards))]
    rest = [Card(f"Z{i:02d}", 1) for i in range(15)]
    pg = pregame(seed, first="A", decks=([*a_cards, *filler, *rest], deck("B")), blocked=blocked)
    side = pg.sides["A"]
    side.deck = [*side.deal, *side.deck]
    side.deal = [c for c in side.deck if not c.id.startswith("Z")]
    side.deck = [c for c in side.deck if c.id.startswith("Z")]
    return no_mulligans(pg)


def test_b7_a_once_per_turn_ability_is_never_used_in_the_pregame():
    pg = with_cards([Card("scout", 2, before_recruitment=True, once_per_turn=True),
                     Card("healer", 2, before_recruitment=True)])
    assert pg.status == BEFORE_RECRUITMENT and pg.ability_turn == "A"
    error = refused(pg, "once_per_turn_in_pregame", pg.use_before_recruitment, "A", "scout")
    assert error.params == {"card": "scout"} and "(B-7)" in error.message
    pg.use_before_recruitment("A", "healer")


def test_b7_a_player_with_only_once_per_turn_abilities_passes_at_once():
    pg = with_cards([Card("scout", 2, before_recruitment=True, once_per_turn=True)])
    assert pg.status == RECRUITMENT


def test_b7_a_unique_cards_ability_once_used_is_used_up_for_its_whole_name():
    pg = with_cards([Card("lord-1", 4, name="Lord", unique=True, before_recruitment=True),
                     Card("lord-2", 4, name="Lord", unique=True, before_recruitment=True),
                     Card("elf-1", 2, name="Elf", before_recruitment=True),
                     Card("elf-2", 2, name="Elf", before_recruitment=True)])
    pg.use_before_recruitment("A", "lord-1")  # B has no ability to use: A goes on
    error = refused(pg, "unique_ability_used", pg.use_before_recruitment, "A", "lord-2")
    assert error.params == {"card": "lord-2", "name": "Lord"}
    pg.use_before_recruitment("A", "elf-1")  # not unique: each copy once
    pg.use_before_recruitment("A", "elf-2")
    assert pg.status == RECRUITMENT  # lord-2 is used up, so A has nothing left to use


def test_b7_no_actions_are_declared_in_the_pregame():
    pg = Pregame(deck("A"), deck("B"), seed=3)
    error = refused(pg, "no_actions_in_pregame", pg.declare_action, "A", "attack")
    assert error.params == {"action": "attack"}
    pg.roll_for_first()
    pg.choose_order(pg.roll_winner, go_first=True)
    pg.deal()
    refused(pg, "no_actions_in_pregame", pg.declare_action, "B", "move")
    no_mulligans(pg)
    refused(pg, "no_actions_in_pregame", pg.declare_action, "A", "use an ability")


def test_b7_pregame_abilities_do_nothing_for_cards_taken_after_the_pregame():
    pg = placing(1, 1, first="A")
    pg.place("A", pg.sides["A"].squad[0].id, "r2c3")
    pg.finish_placement("A")
    pg.place("B", pg.sides["B"].squad[0].id, "r2c3")
    pg.finish_placement("B")
    later = pg.sides["A"].deck[0].id  # as if a card of the main phase took it into the squad
    error = refused(pg, "pregame_over", pg.use_before_recruitment, "A", later)
    assert "(B-7)" in error.message
    refused(pg, "wrong_step", pg.declare_action, "A", "attack")


# B-9: cost changes from cards already recruited ----------------------------------------------

def test_b9_a_recruited_card_makes_the_later_members_of_its_group_cheaper():
    soultrad = Card("soultrad", 5, element="forest",
                    cost_changes=(CostChange(-1, "coven"),))
    coven = [Card(f"coven-{i}", 4, element="forest", groups=("coven",)) for i in range(3)]
    pg = with_cards([coven[0], soultrad, coven[1], coven[2]])
    pg.recruit("A", "coven-0")  # before soultrad: the printed 4
    pg.recruit("A", "soultrad")
    pg.recruit("A", "coven-1", gold=0, silver=3)
    refused(pg, "payment_not_cost", pg.recruit, "A", "coven-2", gold=0, silver=4)
    pg.recruit("A", "coven-2")
    assert pg.sides["A"].crystals == Crystals(24, 22 - 4 - 5 - 3 - 3)
    assert [p.silver for p in pg.sides["A"].payments] == [4, 5, 3, 3]


def test_b9_a_returned_cards_cost_change_goes_back_with_it():
    # B-5 and B-9: soultrad finds no cell and goes back as if never recruited, so the Coven
    # costs its printed 4 again: coven-1 and coven-2 are paid from the 10 silver, coven-3
    # cannot be and goes back too, its cell freed.
    free = ["r2c2", "r2c3", "r2c4"]
    blocked = {"A": [f"r{r}c{c}" for r in (1, 2, 3) for c in range(1, 6)
                     if f"r{r}c{c}" not in free]}
    soultrad = Card("soultrad", 1, element="forest", cost_changes=(CostChange(-1, "coven"),))
    coven = [Card(f"coven-{i}", 4, element="forest", groups=("coven",)) for i in (1, 2, 3)]
    pg = with_cards([soultrad, *coven], blocked=blocked)
    side = pg.sides["A"]
    side.budget = side.crystals = Crystals(0, 10)  # as if after mulligans that cost gold
    for card in ("soultrad", "coven-1", "coven-2", "coven-3"):
        pg.recruit("A", card)
    assert side.crystals == Crystals(0, 0)
    pg.finish_recruitment("A")
    pg.finish_recruitment("B")
    for card, cell in zip(("coven-1", "coven-2", "coven-3"), free, strict=True):
        pg.place("A", card, cell)
    pg.finish_placement("A")
    assert [c.id for c in side.squad] == ["coven-1", "coven-2"]
    assert side.returned == ["soultrad", "coven-3"] and side.deck[-2:] == [soultrad, coven[2]]
    assert side.crystals == Crystals(0, 2)
    assert pg.snapshot()["players"]["A"]["placement"] == {"coven-1": "r2c2", "coven-2": "r2c3"}


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
