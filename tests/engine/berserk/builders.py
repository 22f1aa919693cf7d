"""Decks and pre-games at a given step, for the Berserk tests, and the checks the pre-game's
tests share (a refused step leaves the pre-game unchanged)."""

import pytest

from engine.berserk.cards import Card
from engine.berserk.editions import STANDARD
from engine.berserk.errors import IllegalStep
from engine.berserk.pregame import Pregame

KINDS = (  # (cost, elite, element): a third of each deck
    (3, True, "mountains"),
    (2, False, "forest"),
    (1, False, None),
)


def deck(seat: str, n: int = 30, *, kinds=KINDS, ability_every: int = 0) -> list[Card]:
    cards = []
    for i in range(n):
        cost, elite, element = kinds[i % len(kinds)]
        ability = bool(ability_every) and i % ability_every == 0
        cards.append(Card(f"{seat}{i:02d}", cost, elite, element, before_recruitment=ability))
    return cards


def cheap_deck(seat: str, n: int = 30) -> list[Card]:
    return deck(seat, n, kinds=((1, False, "forest"),))


def pregame(seed: int = 7, *, first: str = "A", decks=None, edition=STANDARD,
            blocked=None) -> Pregame:
    """A pre-game after the die rolls, with `first` going first and cards dealt."""
    a, b = decks or (deck("A"), deck("B"))
    pg = Pregame(a, b, seed=seed, edition=edition, blocked=blocked)
    pg.roll_for_first()
    pg.choose_order(pg.roll_winner, go_first=pg.roll_winner == first)
    pg.deal()
    return pg


def no_mulligans(pg: Pregame) -> Pregame:
    pg.declare_mulligan(pg.first, False)
    pg.declare_mulligan(pg.second, False)
    return pg


def recruiting(seed: int = 7, **kwargs) -> Pregame:
    return no_mulligans(pregame(seed, **kwargs))


def placing(n_first: int, n_second: int = 1, **kwargs) -> Pregame:
    """Both squads recruited from cheap decks: n cards for each, then placement begins."""
    kwargs.setdefault("decks", (cheap_deck("A"), cheap_deck("B")))
    pg = recruiting(**kwargs)
    for seat, n in ((pg.first, n_first), (pg.second, n_second)):
        for card in list(pg.sides[seat].deal[:n]):
            pg.recruit(seat, card.id)
        pg.finish_recruitment(seat)
    return pg


def pick(pg: Pregame, seat: str, *, elite=None, element="any", exclude=()) -> Card:
    """A card of that kind from the player's deal."""
    for card in pg.sides[seat].deal:
        if card.id in exclude:
            continue
        if elite is not None and card.elite != elite:
            continue
        if element != "any" and card.element != element:
            continue
        return card
    raise LookupError("no such card in the deal")


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
