"""Registrations follow their player's new decklist version until the event fixes its lists.

decks announces every new version on `decks.hooks.decklist_saved` (registered in
TournamentsConfig.ready). The owner's seats in events whose lists are not fixed yet (not
started, decklist deadline not passed: `Event.lists_fixed`) move to the new version; the
others keep theirs, so a finished event keeps what was played. A list of a game with a rules
module must stay legal for those events, or the change is refused and undone.
"""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext

from core.errors import DomainError, Problem
from decks.models import Decklist, DecklistVersion
from decks.rules import deck_problems, has_rules_module
from tournaments.models import Registration, lists_open

__all__ = ["registrations_follow_version"]


def registrations_follow_version(*, decklist: Decklist, version: DecklistVersion,
                                 now: datetime) -> int:
    """Move the owner's open registrations of `decklist` to `version`; returns how many
    moved. Runs inside the transaction of the change (decks' `decklist_update`)."""
    following = Registration.objects.filter(decklist_version__decklist=decklist,
                                            player_id=decklist.owner_id).filter(lists_open(now))
    if has_rules_module(decklist.game):
        # The registrations follow the change, so it must stay legal in the events' format
        # (a Spoils list moved to Limited may be too small for a Constructed event).
        events = sorted({r.event.name for r in following.select_related("event")})
        broken = (deck_problems(game=decklist.game, cards=version.cards)
                  if events else [])
        if broken:
            problems = [Problem(gettext("%(problem)s: the list is registered in %(events)s, "
                                        "which takes it as it changes")
                                % {"problem": p, "events": ", ".join(events)},
                                code=getattr(p, "code", None), params=getattr(p, "params", None))
                        for p in broken]
            raise DomainError("breaks_registration", "; ".join(problems), problems=problems)
    return following.update(decklist_version=version)
