"""Checking a Berserk squad and its placement against a decklist (rules B-4, B-5).

At the table a player is dealt 15 cards of their deck, recruits a squad paying crystals and
places it (B-3 to B-5). Given the deal as card names of a registered list, this use case makes
the engine's cards from the catalogue (cost, elite, element, and the groups and cost changes
by which cards already recruited price later recruits, B-9), checks the deal is cards of that
list, and runs `engine.berserk.squad_check` on the squad and placement: the same verdict as
`python -m engine.berserk.pregame` gives for the same cards. Nothing is written: it answers
every problem at once.

Input (a JSON object, the squad file of docs/berserk.md with the deal given by name):
`player` ("first" or "second"), optional `edition` and `crystals`, `deal` (card names, a name
once per copy dealt), `squad` (in recruitment order, a card named as in the deal; the second
copy of a name dealt is "Name #2"), optional gold/silver splits, `placement` and `blocked`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from core.errors import DomainError, from_engine
from decks.models import Card, DecklistVersion
from decks.rules import BERSERK, deal_ids
from engine.berserk.squad_check import SquadReport, squad_check
from engine.berserk.squad_file import SquadFileError, load_squad

__all__ = ["squad_check_for_list"]


def _engine_card(cid: str, card: Card) -> dict[str, Any]:
    """The card as the squad file gives it. Cards imported before B-9's fields have none:
    no groups and no cost changes, their printed cost is all there is."""
    data = card.data or {}
    return {"id": cid, "name": card.name, "cost": card.cost or 0,
            "elite": bool(data.get("elite")), "element": data.get("element"),
            "groups": list(data.get("groups") or []),
            "cost_changes": list(data.get("cost_changes") or [])}


def squad_check_for_list(*, version: DecklistVersion, data: Any) -> SquadReport:
    """Every B-4/B-5 problem of the squad and placement in `data`, dealt from `version`.

    DomainError `bad_squad_file` when `data` is malformed (naming the field), and
    `deal_not_from_list` when the deal holds cards the list does not (every one named)."""
    if version.decklist.game.slug != BERSERK:
        raise DomainError("not_berserk",
                          gettext("a squad is checked against a Berserk list only"))
    if not isinstance(data, Mapping):
        raise DomainError("bad_squad_file", gettext("the squad must be a JSON object with "
                                                    "player, deal, squad and placement"))
    deal = data.get("deal")
    if not isinstance(deal, list) or not all(isinstance(n, str) for n in deal):
        raise DomainError("bad_squad_file",
                          gettext("deal: a list of the names of the cards dealt"))
    in_list, dealt = Counter(version.cards), Counter(deal)
    problems = [gettext("%(card)s: %(count)d dealt, the list holds %(held)d")
                % {"card": name, "count": count, "held": in_list[name]}
                for name, count in dealt.items() if count > in_list[name]]
    if problems:
        raise DomainError("deal_not_from_list", "; ".join(problems), problems=problems)
    cards = {c.name: c for c in Card.objects.filter(card_set__game=version.decklist.game,
                                                     name__in=list(dealt))}
    missing = [name for name in dealt if name not in cards]
    if missing:
        problems = [gettext("%(card)s is no longer a card of Berserk") % {"card": name}
                    for name in missing]
        raise DomainError("deal_not_from_list", "; ".join(problems), problems=problems)
    engine_deal = [_engine_card(cid, cards[name])
                   for cid, name in zip(deal_ids(deal), deal, strict=True)]
    try:
        arguments = load_squad({**data, "deal": engine_deal})
    except SquadFileError as exc:
        raise from_engine(exc, "bad_squad_file") from None
    return squad_check(**arguments)
