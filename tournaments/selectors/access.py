"""Who may see what of an event, written once for the pages, the API and the services.

Pairings, standings and pods are public. A match (its page, its result history, its game
records) is seen by its two players and the event's organizers and judges; a decklist is seen
through decks' visibility rules (`decks.selectors.visible_versions`), which the tournaments
side feeds through decks' hooks.

A judge of an event (named by its organizers, `Event.judges`) records and withdraws its
penalties, sees all of them, gives a table extra time and reads the event's registered lists
for deck checks; nothing else an organizer does, and nothing at all in another event. A named
judge who holds a seat in the event (any seat, a dropped one too) does none of it there
(`acts_as_judge`): they would read their opponents' hidden lists and rule on their own table.
The services refuse a judge every way into the event (services.guards.require_not_judge);
this is the second guard, for a seat however it came.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from tournaments.models import Event, Match, Registration
from tournaments.selectors.matches import side_of

User = AbstractBaseUser | AnonymousUser


def is_organizer(event: Event, user: User | None) -> bool:
    return (user is not None and user.is_authenticated
            and event.organizers.filter(pk=user.pk).exists())


def is_judge(event: Event, user: User | None) -> bool:
    return (user is not None and user.is_authenticated
            and event.judges.filter(pk=user.pk).exists())


def holds_seat(event: Event, user: User | None) -> bool:
    """`user` has a seat in the event, dropped or not."""
    return (user is not None and user.is_authenticated
            and Registration.objects.filter(event=event, player=user).exists())


def acts_as_judge(event: Event, user: User | None) -> bool:
    """A judge of the event who holds no seat in it: the one definition every judge power
    reads (decks.selectors.visibility says the same for the registered lists)."""
    return is_judge(event, user) and not holds_seat(event, user)


def may_judge(event: Event, user: User | None) -> bool:
    """An organizer, or a judge of the event who does not play in it (`acts_as_judge`): who
    records its penalties and sees them all, gives a table extra time and reads its lists
    for deck checks."""
    return is_organizer(event, user) or acts_as_judge(event, user)


def may_read_deck_checks(event: Event, user: User | None) -> bool:
    """The organizers only: a deck check's outcome and note are the organizers' record of a
    player's deck (docs/tournaments.md). A judge reads the registered list itself for a deck
    check (`may_judge`), not the checks made of it. The page and the API both ask here."""
    return is_organizer(event, user)


def may_see_match(match: Match, user: User | None, event: Event | None = None) -> bool:
    """The two players of the match and the organizers and judges of its event (`event`,
    when the caller holds it, else the match's round's)."""
    if user is None or not user.is_authenticated:
        return False
    return side_of(match, user) is not None or may_judge(event or match.round.event, user)
