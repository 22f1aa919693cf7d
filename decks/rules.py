"""The decks app's rules: pure checks and constants, no writes.

What a list of each game must be, the sizes and limits the services and forms enforce, and
the names of the games. Selectors, forms and services of any app import them from here, so a
read never reaches into a service.

- Clash of Decks lists are checked here (`decklist_problems`: rules C-2.3 to C-2.5).
- The Spoils decks go through `engine.spoils.deck` (S-8: one faction, the least number of
  cards, at most 4 copies but the staple resources), Berserk decks through
  `engine.berserk.cards` (B-6: 30 to 50 cards, at most 3 copies). Those checks live in the
  engine; `deck_problems` only loads the cards' types from the catalogue and passes them on.
  These games are played at the table: their results are reported, never decided by the
  engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.errors import Problem
from core.game_problems import berserk_deck_problem_text, spoils_problem_text, with_rule
from decks.models import Card, CardGame, CollectionEntry, DecklistKind
from engine.berserk import cards as berserk_cards
from engine.clash.cards import load_catalogue
from engine.spoils import deck as spoils_deck

# The games -------------------------------------------------------------------------------

CLASH, CLASH_NAME = "clash", "Clash of Decks"
STARTER_KIT = "starter-kit"  # the set the engine's catalogue is loaded as
SPOILS, BERSERK = "spoils", "berserk"
# The games besides Clash of Decks, whose decks a rules module of the engine checks.
GAME_NAMES = {SPOILS: "The Spoils", BERSERK: "Berserk"}
# The deck formats a game's lists choose from (S-8); a game not listed has one format.
DECK_FORMATS = {SPOILS: {spoils_deck.CONSTRUCTED: _("Constructed: at least 75 cards besides "
                                                    "the faction"),
                         spoils_deck.LIMITED: _("Limited (sealed or draft): at least 45 cards "
                                                "besides the faction")}}
RULES = {SPOILS: "S-8", BERSERK: "B-6"}

# Sizes and limits ------------------------------------------------------------------------

CONSTRUCTED_SIZE = 10  # rule C-2.5
DECK_SIZE = 8  # rules C-2.3, C-2.4
MAX_NAME = 100  # a decklist's name
MAX_COUNT = 99  # copies of a card in a collection
CSV_COLUMNS = ["set", "card", "count"]  # a collection's CSV, exported and imported


# A list's game ---------------------------------------------------------------------------

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


# A decklist ------------------------------------------------------------------------------

def _clash_game() -> CardGame:
    """Clash of Decks' row, read only: a check writes nothing. Before the catalogue is
    loaded there is no row and no card, so every card named is unknown."""
    return (CardGame.objects.filter(slug=CLASH).first()
            or CardGame(slug=CLASH, name=CLASH_NAME))


def _name_too_long() -> str:
    return gettext("the name is longer than %(max)d characters") % {"max": MAX_NAME}


def decklist_problems(*, user: AbstractBaseUser | None, kind: str, cards: Sequence[str] = (),
                      preconstructed_deck: int | None = None, name: str | None = None,
                      game: CardGame | None = None, deck_format: str | None = None) -> list[str]:
    """Every reason the list cannot be registered, all at once (empty when it can).

    `deck_format` is the game's deck format where it has several (The Spoils: constructed
    or limited, rule S-8); None checks the list in the format its events use.

    `user` None checks a walk-in guest's list (decks/services/guest_lists.py): a guest has
    no collection here, so for rule C-2.5 the cards available to them are the ones they
    bring, which the organizer vouches for by entering the list. Every other check (the
    card count, cards of the catalogue, all different, the game's rules) applies alike."""
    problems: list[str] = []
    # The problems about the name and the format are tagged so (core.errors.Problem): the
    # forms show them beside those fields; the others are about the cards or the deck.
    if name is not None and not name.strip():
        problems.append(Problem(gettext("the list needs a name"), "name"))
    elif name is not None and len(name) > MAX_NAME:
        problems.append(Problem(_name_too_long(), "name"))
    if kind not in DecklistKind.values:
        return problems + [gettext("kind must be one of %(kinds)s, not %(kind)s") % {
            "kinds": ", ".join(DecklistKind.values), "kind": repr(kind)}]
    if has_rules_module(game):
        # Other games: a constructed list of card names with repeats, checked by the game's
        # rules module; no collection is needed.
        if kind != DecklistKind.CONSTRUCTED:
            problems.append(gettext("a %(game)s list is constructed, not %(kind)s")
                            % {"game": game.name, "kind": kind})
        wrong_format = format_problems(game=game, deck_format=deck_format)
        if wrong_format:
            return problems + wrong_format
        return problems + deck_problems(game=game, cards=cards, fmt=deck_format)
    if deck_format:
        problems.append(Problem(gettext("%(game)s has no deck formats: leave the format empty")
                                % {"game": (game or _clash_game()).name}, "deck_format"))
    catalogue = load_catalogue()
    if kind == DecklistKind.PRECONSTRUCTED:
        if preconstructed_deck not in catalogue.deck_numbers:
            numbers = ", ".join(str(n) for n in catalogue.deck_numbers)
            problems.append(gettext("choose one of the preconstructed decks %(numbers)s "
                                    "(rule C-2.3)") % {"numbers": numbers})
        return problems
    names = [str(c) for c in cards]
    game = game or _clash_game()
    # By the slug (unique): Clash of Decks' row may not be saved yet (`_clash_game`).
    known = set(Card.objects.filter(card_set__game__slug=game.slug, name__in=names)
                .values_list("name", flat=True))
    unknown = [n for n in dict.fromkeys(names) if n not in known]
    for n in unknown:
        problems.append(gettext("%(card)s is not a card of %(game)s")
                        % {"card": n, "game": game.name})
    counts = Counter(names)
    for n, count in counts.items():
        if count > 1:
            problems.append(gettext("%(card)s appears %(count)d times: every card must be "
                                    "different") % {"card": n, "count": count})
    if kind == DecklistKind.CONSTRUCTED:
        if user is not None:  # a guest's cards are the ones they bring (see above)
            owned = set(CollectionEntry.objects.filter(owner=user, card__name__in=names,
                                                       card__card_set__game__slug=game.slug)
                        .values_list("card__name", flat=True))
            for n in dict.fromkeys(names):
                if n in known and n not in owned:
                    problems.append(gettext("%(card)s is not in your collection")
                                    % {"card": n})
        size = CONSTRUCTED_SIZE
    else:
        size = DECK_SIZE
    if len(names) != size:
        problems.append(gettext("%(count)d cards, %(size)d needed")
                        % {"count": len(names), "size": size})
    return problems


def version_contents(kind: str, cards: Sequence[str],
                     preconstructed_deck: int | None) -> dict:
    """What a new version of a list holds: a preconstructed deck's cards as the catalogue
    gives them (rule C-2.3), else the card names given."""
    if kind == DecklistKind.PRECONSTRUCTED:
        return {"cards": load_catalogue().deck(preconstructed_deck),
                "preconstructed_deck": preconstructed_deck}
    return {"cards": [str(c) for c in cards], "preconstructed_deck": None}


# A Berserk deal --------------------------------------------------------------------------

def deal_ids(names: list[str]) -> list[str]:
    """The id of each card dealt: its name, and "Name #2", "#3" for further copies."""
    seen: Counter[str] = Counter()
    ids = []
    for name in names:
        seen[name] += 1
        ids.append(name if seen[name] == 1 else f"{name} #{seen[name]}")
    return ids
