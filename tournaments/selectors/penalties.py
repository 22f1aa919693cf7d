"""Reading penalties. Who sees them is written here once, for the pages and the API: the
organizers and judges of the event see all of its penalties (withdrawn ones marked); a player
sees their own, not withdrawn; nobody else sees any, not even that one exists (the opponent
of a match a penalty changed sees only that the match's result was changed by a penalty, in
its history: the result is theirs too)."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from tournaments.models import Event, Match, Penalty
from tournaments.selectors.access import may_judge

User = AbstractBaseUser | AnonymousUser


def _loaded(penalties: QuerySet[Penalty]) -> QuerySet[Penalty]:
    return penalties.select_related("registration__player__profile", "by", "withdrawn_by",
                                    "match", "event").order_by("-at", "-id")


def penalties_seen(event: Event, user: User | None) -> list[Penalty]:
    """The event's penalties `user` may see, newest first: all of them for its organizers
    and judges, a player's own live ones for the player, none for anyone else."""
    if user is None or not user.is_authenticated:
        return []
    penalties = Penalty.objects.filter(event=event)
    if not may_judge(event, user):
        penalties = penalties.filter(registration__player=user, withdrawn_at__isnull=True)
    return list(_loaded(penalties))


def penalties_of_match(match: Match, event: Event, user: User | None) -> list[Penalty]:
    """The penalties that changed `match`, for its organizers and judges only."""
    if not may_judge(event, user):
        return []
    return list(_loaded(Penalty.objects.filter(match=match)))


def penalties_of_player(user: User) -> list[Penalty]:
    """A person's own live penalties in every event, newest first (their Me page)."""
    if not user.is_authenticated:
        return []
    return list(_loaded(Penalty.objects.filter(registration__player=user,
                                               withdrawn_at__isnull=True))[:50])


def events_judged_by(user: User) -> QuerySet[Event]:
    """The events a person judges, newest first (their Me page links each judge page); not
    one they hold a seat in (selectors.access.acts_as_judge)."""
    if not user.is_authenticated:
        return Event.objects.none()
    return (Event.objects.filter(judges=user).exclude(registrations__player=user)
            .order_by("-created_at", "-id"))
