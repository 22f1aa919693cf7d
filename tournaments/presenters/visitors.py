"""What a visitor's live page is sent with each hint (tournaments/consumers.py): the
changing part of the standings or the pairings page as every visitor who is not signed in
sees it, the same part their page would fetch (`?fragment=1`), from the same kept renders."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.core.paginator import Paginator

from tournaments.presenters.pairings import pairing_rounds, pairings_part
from tournaments.presenters.standings import (
    STANDINGS_PER_PAGE,
    standings_count,
    standings_kept_part,
)
from tournaments.selectors.events import events_for_pages

# The pages whose visitors are sent their part.
VISITOR_PARTS = ("standings", "pairings")


def visitor_part(part: str, event_id: int, version: int, page: str) -> str | None:
    """The part `part` (one of VISITOR_PARTS) of the event's page at results version
    `version`, for a visitor (page `page` of the standings: "" for the first); None when
    there is no such event."""
    event = events_for_pages().filter(pk=event_id).first()
    if event is None:
        return None
    if part == "standings":
        count = standings_count(event, version)
        shown = Paginator(range(count), STANDINGS_PER_PAGE).get_page(page or None)
        return standings_kept_part(event, version, shown)
    rounds = pairing_rounds(event, version)
    return pairings_part(event, version, rounds[-1] if rounds else None, user=AnonymousUser(),
                         organizes=False, mine=None)
