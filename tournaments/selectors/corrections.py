"""An event's corrections trail, read (organizers only: the page and the API check): each
`Correction` newest first, with who made it, when, the round, and what it did in words.
Two queries however long the trail: the rows with their organizers, and the names of every
seat they mention."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext, ngettext

from accounts.selectors.profiles import shown_name_of
from tournaments.models import Correction, CorrectionAction, Event, LatePlayerGets, Registration
from tournaments.models.registrations import registration_shown_name


@dataclass(frozen=True)
class CorrectionLine:
    """One correction as the trail shows it."""

    id: int
    action: str  # CorrectionAction
    action_label: str
    round_number: int | None
    registration_id: int | None
    by: str | None  # the organizer's username; None once their account is gone
    at: datetime
    text: str  # what it did, in words
    details: dict


def corrections_of(event: Event) -> list[CorrectionLine]:
    """The event's corrections, newest first."""
    rows = list(Correction.objects.filter(event=event).select_related("by")
                .order_by("-at", "-id"))
    names = _seat_names(event, {pk for row in rows for pk in _seats_named(row)})
    return [CorrectionLine(
        id=row.pk, action=row.action, action_label=row.get_action_display(),
        round_number=row.round_number, registration_id=row.registration_id,
        by=row.by.get_username() if row.by else None, at=row.at,
        text=correction_text(row, names), details=_shown_details(event, row.details))
        for row in rows]


def _shown_details(event: Event, details: dict) -> dict:
    """A correction's details as organizers read them: an undone pairing keeps the round's
    seed, which is the event's, so it stays out until the seed is public."""
    if "seed" in details and not event.seed_public:
        return {**details, "seed": None}
    return details


def _seats_named(row: Correction) -> list[int]:
    seats = [row.registration_id] if row.registration_id else []
    if row.action == CorrectionAction.SWAP:
        seats += row.details.get("seats", [])
    if row.action == CorrectionAction.LATE and row.details.get("ai_seat"):
        seats.append(row.details["ai_seat"])
    return seats


def _seat_names(event: Event, ids: set[int]) -> dict[int, str]:
    if not ids:
        return {}
    return {pk: registration_shown_name(pk, is_ai, ai_name, shown, guest)
            for pk, is_ai, ai_name, shown, guest
            in Registration.objects.filter(event=event, pk__in=sorted(ids)).values_list(
                "id", "is_ai", "ai_name", shown_name_of("player"), "guest_name")}


def correction_text(row: Correction, names: dict[int, str]) -> str:
    """What the correction did, as a sentence for the organizers."""
    def name(pk: int | None) -> str:
        return names.get(pk) or gettext("a removed seat")

    details = row.details or {}
    player = name(row.registration_id)
    if row.action == CorrectionAction.UNDROP:
        return gettext("Undid the drop of %(player)s: paired again from the next round on") % {
            "player": player}
    if row.action == CorrectionAction.UNPAIR:
        tables = len(details.get("tables", []))
        return ngettext("Undid the pairing of round %(round)d (%(count)d match)",
                        "Undid the pairing of round %(round)d (%(count)d matches)", tables) % {
            "round": row.round_number, "count": tables}
    if row.action == CorrectionAction.SWAP:
        first, second = (details.get("seats") or [None, None])[:2]
        one, two = (details.get("tables") or [0, 0])[:2]
        return gettext("Swapped %(first)s (table %(one)d) and %(second)s (table %(two)d)") % {
            "first": name(first), "second": name(second), "one": one, "two": two}
    if row.action == CorrectionAction.LATE:
        if details.get("gets") == LatePlayerGets.AI_MATCH:
            return gettext("Added %(player)s to round %(round)d after its pairing: a match "
                           "against %(ai)s at table %(table)d") % {
                "player": player, "round": row.round_number,
                "ai": name(details.get("ai_seat")), "table": details.get("table") or 0}
        return gettext("Added %(player)s to round %(round)d after its pairing: a bye") % {
            "player": player, "round": row.round_number}
    if row.action == CorrectionAction.NO_SHOW:
        return gettext("Gave %(player)s a match loss as a no-show at table %(table)d "
                       "(%(minutes)d minutes into the round clock or later)") % {
            "player": player, "table": details.get("table") or 0,
            "minutes": details.get("minutes") or 0}
    return row.get_action_display()
