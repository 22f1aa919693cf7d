"""The event's live pages (core/live.py, docs/live.md). Every change the pairings, standings
or dashboard show bumps the event's results version (services/standings.py), and the bump
hints the event's public pages and its organizers' dashboard once it commits; a reported or
confirmed result also hints its match's page. The pages' consumers coalesce the hints to one
a second (tournaments/consumers.py)."""

from __future__ import annotations

from core import live

__all__ = [
    "DASHBOARD",
    "PODS",
    "PUBLIC",
    "clock_changed",
    "draft_changed",
    "event_changed",
    "event_group",
    "match_changed",
    "match_group",
    "pair_group",
]

# The event's groups: the public pages (pairings, standings), the organizers' dashboard and
# the pods page (each pair's progress, pick by pick).
PUBLIC = "pages"
DASHBOARD = "dashboard"
PODS = "pods"
# The kind of a clock's hint.
_CLOCK = "clock"


def event_group(event_id: int, part: str) -> str:
    return live.group("event", event_id, part)


def match_group(match_id: int) -> str:
    return live.group("match", match_id)


def event_changed(*, event_id: int) -> None:
    for part in (PUBLIC, DASHBOARD):
        live.hint(event_group(event_id, part), "event")


def pair_group(pair_id: int) -> str:
    return live.group("draft", pair_id)


def draft_changed(*, event_id: int, pair_id: int, picks: int) -> None:
    """A pick in a pair's draft (rule C-2.4): its two seats' pages (the next reveal, the
    other's pick), with the number of picks made, and the pods page."""
    live.hint(pair_group(pair_id), "draft", picks)
    live.hint(event_group(event_id, PODS), "draft")


def clock_changed(*, event_id: int, match_id: int | None = None) -> None:
    """The round's clock (or a table's time) changed: the pages' clocks resync."""
    for part in (PUBLIC, DASHBOARD):
        live.hint(event_group(event_id, part), _CLOCK)
    if match_id is not None:
        live.hint(match_group(match_id), _CLOCK)


def match_changed(*, match_id: int) -> None:
    live.hint(match_group(match_id), "match")
