"""The problems The Spoils' and Berserk's checks report, in the reader's language.

The engine stays free of Django: each of its problems carries a stable code, an English
message (its command-line tools print it) and the values the message names (`params`). This
module writes each code's whole sentence again from those values, with ngettext where a count
decides the form; the English sentences are the engine's messages word for word
(tests/test_game_problems.py holds them to it). Every page and API that shows these problems
goes through here: a decklist's problems (`decks.rules.deck_problems`, the
builder, registration, the organizers' list checks, the API) and a Berserk squad check's (the
`problem_text` filter on the list's squad page and on a match page).

A problem whose code has no sentence here, or whose params do not fill it (a squad check
stored before the params were), keeps the text it came with.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext, ngettext, pgettext

Params = Mapping[str, Any]

# The Spoils (rule S-8; threshold, cost and Unique: S-2, S-12) ------------------------------


def _spoils_format(fmt: str) -> str:
    return {"constructed": pgettext("Spoils deck format", "Constructed"),
            "limited": pgettext("Spoils deck format", "Limited")}.get(fmt, fmt.capitalize())


def _spoils_resource(resource: str) -> str:
    return {"obsession": pgettext("Spoils resource", "obsession"),
            "greed": pgettext("Spoils resource", "greed"),
            "elitism": pgettext("Spoils resource", "elitism"),
            "deception": pgettext("Spoils resource", "deception"),
            "rage": pgettext("Spoils resource", "rage")}.get(resource, resource)


def _spoils_copies(p: Params) -> str:
    return ngettext(
        "%(count)d copies of %(card)s: at most %(most)d (only the staple resources are "
        "unlimited): remove %(remove)d",
        "%(count)d copies of %(card)s: at most %(most)d (only the staple resources are "
        "unlimited): remove %(remove)d", p["count"]) % p


def _spoils_too_few(p: Params) -> str:
    return ngettext("%(count)d cards besides the faction: %(format)s needs at least "
                    "%(least)d: add %(add)d",
                    "%(count)d cards besides the faction: %(format)s needs at least "
                    "%(least)d: add %(add)d", p["count"]) % {
        **p, "format": _spoils_format(p["format"])}


def _spoils_cost(p: Params) -> str:
    return ngettext("cost %(cost)d: %(ready)d undepleted resource to deplete",
                    "cost %(cost)d: %(ready)d undepleted resources to deplete",
                    p["ready"]) % p


SPOILS: dict[str, Callable[[Params], str]] = {
    "no_faction": lambda p: gettext("no faction card: a deck has exactly one: add one"),
    "several_factions": lambda p: ngettext(
        "%(count)d faction cards (%(cards)s): a deck has exactly one: keep one of them",
        "%(count)d faction cards (%(cards)s): a deck has exactly one: keep one of them",
        p["count"]) % p,
    "too_many_copies": _spoils_copies,
    "too_few_cards": _spoils_too_few,
    "threshold": lambda p: gettext("threshold %(need)d %(resource)s: %(have)d in play") % {
        **p, "resource": _spoils_resource(p["resource"])},
    "cost": _spoils_cost,
    "unique": lambda p: gettext("Unique %(unique)s: you have a card with Unique %(unique)s "
                                "in play already (S-12)") % p,
}

# Berserk: the deck (rule B-6) --------------------------------------------------------------

BERSERK_DECK: dict[str, Callable[[Params], str]] = {
    "too_many_copies": lambda p: ngettext(
        "%(count)d copies of %(card)s: at most %(most)d: remove %(remove)d",
        "%(count)d copies of %(card)s: at most %(most)d: remove %(remove)d", p["count"]) % p,
    "too_few_cards": lambda p: ngettext(
        "%(count)d cards: a deck has %(least)d to %(most)d: add %(add)d",
        "%(count)d cards: a deck has %(least)d to %(most)d: add %(add)d", p["count"]) % p,
    "too_many_cards": lambda p: ngettext(
        "%(count)d cards: a deck has %(least)d to %(most)d: remove %(remove)d",
        "%(count)d cards: a deck has %(least)d to %(most)d: remove %(remove)d",
        p["count"]) % p,
}

# Berserk: a squad and its placement (rules B-4, B-5, B-9) ----------------------------------


def _payment_not_cost(p: Params) -> str:
    if "printed" in p:
        return gettext("%(card)s costs %(cost)d (printed %(printed)d, changed by the squad, "
                       "B-9): pays %(gold)d gold and %(silver)d silver") % p
    return gettext("%(card)s costs %(cost)d: pays %(gold)d gold and %(silver)d silver") % p


def _not_enough_gold(p: Params) -> str:
    if "element" in p:
        return gettext("%(card)s is elite and costs %(cost)d gold: %(gold)d gold left (after "
                       "the 1 gold lost to the new element %(element)s)") % p
    return gettext("%(card)s is elite and costs %(cost)d gold: %(gold)d gold left") % p


def _not_enough_crystals(p: Params) -> str:
    if "paid_gold" in p:
        if "element" in p:
            return gettext("%(card)s: pays %(paid_gold)d gold and %(paid_silver)d silver, "
                           "%(gold)d gold (after the 1 gold lost to the new element "
                           "%(element)s) and %(silver)d silver left") % p
        return gettext("%(card)s: pays %(paid_gold)d gold and %(paid_silver)d silver, "
                       "%(gold)d gold and %(silver)d silver left") % p
    if "printed" in p and "element" in p:
        return gettext("%(card)s costs %(cost)d (printed %(printed)d, changed by the squad, "
                       "B-9): %(gold)d gold (after the 1 gold lost to the new element "
                       "%(element)s) and %(silver)d silver left") % p
    if "printed" in p:
        return gettext("%(card)s costs %(cost)d (printed %(printed)d, changed by the squad, "
                       "B-9): %(gold)d gold and %(silver)d silver left") % p
    if "element" in p:
        return gettext("%(card)s costs %(cost)d: %(gold)d gold (after the 1 gold lost to the "
                       "new element %(element)s) and %(silver)d silver left") % p
    return gettext("%(card)s costs %(cost)d: %(gold)d gold and %(silver)d silver left") % p


def _cell_priority(p: Params) -> str:
    # B-5: the first player fills the central 3x3, then the edge cells of rows 2 and 3, then
    # those of row 1; the second player the central 3x3 with row 1's edges, then the rest.
    sentences = {
        ("first", 1): gettext("%(cell)s is in the edge cells of rows 2 and 3, which the first "
                              "player fills only after the central 3x3; free there: %(free)s "
                              "(B-5)"),
        ("first", 2): gettext("%(cell)s is in the edge cells of row 1, which the first player "
                              "fills only after the central 3x3 and the edge cells of rows 2 "
                              "and 3; free there: %(free)s (B-5)"),
        ("second", 1): gettext("%(cell)s is in the edge cells of rows 2 and 3, which the "
                               "second player fills only after the central 3x3 and the edge "
                               "cells of row 1; free there: %(free)s (B-5)"),
    }
    return sentences[(p["position"], p["tier"])] % p


SQUAD: dict[str, Callable[[Params], str]] = {
    "not_in_deal": lambda p: gettext("%(card)s is not in the deal") % p,
    "already_recruited": lambda p: gettext("%(card)s is already in the squad") % p,
    "no_gold_for_element": lambda p: gettext(
        "%(card)s adds the element %(element)s beyond %(elements)s, which costs 1 gold before "
        "it is taken, and no gold is left (B-4)") % p,
    "payment_not_cost": _payment_not_cost,
    "elite_needs_gold": lambda p: gettext("%(card)s is elite: it is recruited with gold only, "
                                          "not %(silver)d silver (B-4)") % p,
    "not_enough_gold": _not_enough_gold,
    "not_enough_crystals": _not_enough_crystals,
    "not_in_squad": lambda p: gettext("%(card)s is not in the squad") % p,
    "no_such_cell": lambda p: gettext("'%(cell)s' is no cell: r1c1 to r3c5, row 1 in front")
    % p,
    "cell_blocked": lambda p: gettext("%(cell)s is not free") % p,
    "cell_taken": lambda p: gettext("%(cell)s already holds %(other)s: one card a cell") % p,
    "cell_priority": _cell_priority,
    "not_placed": lambda p: gettext("%(card)s is not placed and %(free)s is free: every squad "
                                    "card goes on the field (B-5)") % p,
}


def _render(table: Mapping[str, Callable[[Params], str]], code: str | None,
            params: Params | None, english: str) -> str:
    sentence = table.get(code or "")
    if sentence is None or params is None:
        return english
    try:
        return sentence(params)
    except (KeyError, TypeError, ValueError):
        return english


def spoils_problem_text(problem: Any) -> str:  # noqa: ANN401
    """An `engine.spoils.deck.Problem` in the active language (without its rule tag)."""
    return _render(SPOILS, problem.code, problem.params, problem.message)


def berserk_deck_problem_text(problem: Any) -> str:  # noqa: ANN401
    """An `engine.berserk.cards.DeckProblem` in the active language (without "(B-6)")."""
    return _render(BERSERK_DECK, problem.code, problem.params, problem.message)


def squad_problem_text(code: str | None, params: Params | None, english: str) -> str:
    """A Berserk squad check's problem (`engine.berserk.squad_check.Problem`, or its stored
    JSON) in the active language, naming what the English names; `english` when its params
    are missing."""
    return _render(SQUAD, code, params, english)


def with_rule(text: str, rule: str) -> str:
    """A problem's sentence followed by the rule it breaks: "... (S-8)"."""
    return gettext("%(problem)s (%(rule)s)") % {"problem": text, "rule": rule}
