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

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.errors import Problem
from core.game_problems import berserk_deck_problem_text, spoils_problem_text, with_rule
from decks.models import Card, CardGame
from engine.berserk import cards as berserk_cards
from engine.spoils import deck as spoils_deck

SPOILS, BERSERK = "spoils", "berserk"
GAME_NAMES = {SPOILS: "The Spoils", BERSERK: "Berserk"}
# The deck formats a game's lists choose from (S-8); a game not listed has one format.
DECK_FORMATS = {SPOILS: {spoils_deck.CONSTRUCTED: _("Constructed: at least 75 cards besides "
                                                    "the faction"),
                         spoils_deck.LIMITED: _("Limited (sealed or draft): at least 45 cards "
                                                "besides the faction")}}
RULES = {SPOILS: "S-8", BERSERK: "B-6"}


def other_game(slug: str) -> CardGame:
    """The CardGame row of The Spoils or Berserk, made on first use."""
    game, _ = CardGame.objects.get_or_create(slug=slug, defaults={"name": GAME_NAMES[slug]})
    return game


def has_rules_module(game: CardGame | None) -> bool:
    return game is not None and game.slug in GAME_NAMES


def engine_plays(game: CardGame) -> bool:
    """Only Clash of Decks matches may be played by the engine (AI seats, engine jobs)."""
    return not has_rules_module(game)


def format_problems(*, game: CardGame, deck_format: str | None) -> list[str]:
    """Why `deck_format` is not one of `game`'s deck formats (None: the game's default),
    each tagged `deck_format`."""
    formats = DECK_FORMATS.get(game.slug, {})
    if deck_format is None or (deck_format == "" and not formats):
        return []
    if not formats:
        return [Problem(gettext("%(game)s has one deck format: leave the format empty")
                        % {"game": game.name}, "deck_format")]
    if deck_format not in formats:
        return [Problem(gettext("choose the format of the list: %(formats)s (%(rule)s)")
                        % {"formats": " or ".join(formats), "rule": RULES[game.slug]},
                        "deck_format")]
    return []


def default_format(game: CardGame) -> str:
    """The format a list of `game` is checked in when none is given: The Spoils' events are
    Constructed."""
    return spoils_deck.CONSTRUCTED if game.slug in DECK_FORMATS else ""


def deck_problems(*, game: CardGame, cards: Sequence[str], fmt: str | None = None) -> list[str]:
    """Every reason the list of card names (one name per copy) is not a legal deck of
    `game`, in the reader's language with the rule named (`core.game_problems`), each a
    `core.errors.Problem` that keeps the engine's code and params. `fmt` is The Spoils'
    format (Constructed when None)."""
    fmt = fmt or default_format(game)
    names = [str(c) for c in cards]
    kinds = dict(Card.objects.filter(card_set__game=game, name__in=set(names))
                 .values_list("name", "kind"))
    problems = [Problem(gettext("%(card)s is not a card of %(game)s")
                        % {"card": n, "game": game.name},
                        code="unknown_card", params={"card": n, "game": game.name})
                for n in dict.fromkeys(names) if n not in kinds]
    known = [n for n in names if n in kinds]
    if game.slug == SPOILS:
        entries = [spoils_deck.DeckEntry(name, kinds[name], count)
                   for name, count in Counter(known).items()]
        problems += [Problem(with_rule(spoils_problem_text(p), RULES[SPOILS]), code=p.code,
                             params=p.params)
                     for p in spoils_deck.deck_problems(entries, fmt=fmt)]
    elif game.slug == BERSERK:
        # B-6 counts every card given, so unknown names still count towards the size.
        problems += [Problem(with_rule(berserk_deck_problem_text(p), RULES[BERSERK]),
                             code=p.code, params=p.params)
                     for p in berserk_cards.deck_problem_list(names)]
    else:
        raise ValueError(f"{game.slug}: no rules module checks its decks")
    return problems
