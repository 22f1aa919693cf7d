"""Selectors for the tournaments API: the rows an endpoint lists, with the joins that keep a
list to a fixed number of queries, and what the asking user may see of them.

Events, registrations (by name), rounds, pairings and standings are public. A registered
decklist is seen only through decks' visibility rules (`decks.selectors.visible_versions`:
its owner, the organizers of an event it is registered in, everyone once that event has
published its lists); the history of a match only by its two players and the organizers.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, F, Prefetch, Q, QuerySet

from decks.models import Game
from decks.selectors import visible_versions
from tournaments.models import Event, Match, Registration, Round

User = AbstractBaseUser | AnonymousUser


def events_listed(*, status: str | None = None, format: str | None = None,
                  game: Game | None = None) -> QuerySet[Event]:
    """Events newest first, with their game, organizers and the number of players."""
    events = (Event.objects.select_related("game").prefetch_related("organizers")
              .annotate(players=Count("registrations",
                                      filter=Q(registrations__is_ai=False), distinct=True))
              .order_by("-created_at", "-id"))
    if status:
        events = events.filter(status=status)
    if format:
        events = events.filter(format=format)
    if game is not None:
        events = events.filter(game=game)
    return events


@dataclass(frozen=True)
class Viewer:
    """Who is asking, as far as one event is concerned."""

    organizer: bool
    registration: Registration | None

    @property
    def registration_id(self) -> int | None:
        return self.registration.pk if self.registration else None


def viewer_of(event: Event, user: User) -> Viewer:
    if not user.is_authenticated:
        return Viewer(organizer=False, registration=None)
    organizer = event.organizers.filter(pk=user.pk).exists()
    registration = Registration.objects.filter(event=event, player=user).first()
    return Viewer(organizer=organizer, registration=registration)


def registrations_seen(event: Event, user: User) -> list[Registration]:
    """The event's seats in registration order, each with `seen_version`: the registered
    decklist version if `user` may see it, else None (a hidden list is never loaded into the
    answer at all)."""
    registrations = list(Registration.objects.filter(event=event)
                         .select_related("player").order_by("created_at", "id"))
    version_ids = [r.decklist_version_id for r in registrations if r.decklist_version_id]
    seen = {}
    if version_ids:
        seen = {v.pk: v for v in visible_versions(user).filter(pk__in=version_ids)
                .select_related("decklist")}
    for registration in registrations:
        registration.seen_version = seen.get(registration.decklist_version_id)
    return registrations


def registration_of(event: Event, registration_id: int) -> Registration | None:
    return (Registration.objects.filter(event=event, pk=registration_id)
            .select_related("player").first())


# A bye has no table. NULLs sort first on SQLite and last on PostgreSQL, so say where.
BY_TABLE_BYE_LAST = (F("table").asc(nulls_last=True), "id")


def matches_by_table(rnd: Round | None = None) -> QuerySet[Match]:
    """Tables in order, the bye last, on every database."""
    matches = Match.objects.select_related("player_a__player", "player_b__player")
    if rnd is not None:
        matches = matches.filter(round=rnd)
    return matches.order_by(*BY_TABLE_BYE_LAST)


def rounds_with_matches(event: Event) -> QuerySet[Round]:
    """The rounds in order, each with its matches by table (the bye last)."""
    return (Round.objects.filter(event=event).order_by("number")
            .prefetch_related(Prefetch("matches", queryset=matches_by_table())))


def round_of(event: Event, number: int) -> Round | None:
    return rounds_with_matches(event).filter(number=number).first()


def match_seen(match_id: int) -> Match | None:
    """Any match (pairings are public), with its round, event and players."""
    return (Match.objects.select_related("round__event", "player_a__player",
                                         "player_b__player")
            .filter(pk=match_id).first())


def may_see_history(match: Match, user: User) -> bool:
    """The two players of the match and the organizers of its event."""
    if not user.is_authenticated:
        return False
    players = {match.player_a.player_id, match.player_b.player_id if match.player_b else None}
    return user.pk in players or match.round.event.organizers.filter(pk=user.pk).exists()
