"""Which rules module checks a decklist of each game besides Clash of Decks.

The Spoils decks go through `engine.spoils.deck` (S-8: one faction, the least number of cards,
at most 4 copies but the staple resources), Berserk decks through `engine.berserk.cards`
(B-6: 30 to 50 cards, at most 3 copies). The checks themselves live in the engine; this module
only loads the cards' types from the catalogue and passes them on. These games are played at
the table: their results are reported, never decided by the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from decks.models import Card, Game
from engine.berserk import cards as berserk_cards
from engine.spoils import deck as spoils_deck

SPOILS, BERSERK = "spoils", "berserk"
GAME_NAMES = {SPOILS: "The Spoils", BERSERK: "Berserk"}


def other_game(slug: str) -> Game:
    """The Game row of The Spoils or Berserk, made on first use."""
    game, _ = Game.objects.get_or_create(slug=slug, defaults={"name": GAME_NAMES[slug]})
    return game


def has_rules_module(game: Game | None) -> bool:
    return game is not None and game.slug in GAME_NAMES


def engine_plays(game: Game) -> bool:
    """Only Clash of Decks matches may be played by the engine (AI seats, engine jobs)."""
    return not has_rules_module(game)


def deck_problems(*, game: Game, cards: Sequence[str],
                  fmt: str = spoils_deck.CONSTRUCTED) -> list[str]:
    """Every reason the list of card names (one name per copy) is not a legal deck of
    `game`, in the players' words with the rule named. `fmt` is The Spoils' format."""
    names = [str(c) for c in cards]
    kinds = dict(Card.objects.filter(card_set__game=game, name__in=set(names))
                 .values_list("name", "kind"))
    problems = [f"{n} is not a card of {game.name}" for n in dict.fromkeys(names)
                if n not in kinds]
    known = [n for n in names if n in kinds]
    if game.slug == SPOILS:
        entries = [spoils_deck.DeckEntry(name, kinds[name], count)
                   for name, count in Counter(known).items()]
        problems += [f"{p.message} (S-8, {p.code})"
                     for p in spoils_deck.deck_problems(entries, fmt=fmt)]
    elif game.slug == BERSERK:
        # B-6 counts every card given, so unknown names still count towards the size.
        problems += [f"{p} (B-6)" for p in berserk_cards.deck_problems(names)]
    else:
        raise ValueError(f"{game.slug}: no rules module checks its decks")
    return problems
