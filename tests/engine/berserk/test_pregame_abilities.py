"""The pre-game's "before recruitment" abilities (rule B-4), what the pre-game refuses
(B-7), and cost changes from cards already recruited (B-9)."""

from engine.berserk.cards import Card, CostChange
from engine.berserk.editions import Crystals
from engine.berserk.pregame import BEFORE_RECRUITMENT, RECRUITMENT, Pregame

from .builders import deck, no_mulligans, placing, pregame, recruiting, refused

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
