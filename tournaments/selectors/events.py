"""Reading events: the event list, who is asking (an organizer, a seat), and the organizer's
dashboard. Events are public."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Exists, JSONField, OuterRef, Q, QuerySet, Subquery

from decks.models import CardGame
from play.models import GameStatus, OnlineGame
from tournaments.models import (
    Event,
    EventStatus,
    JobStatus,
    Match,
    MatchJob,
    MatchStatus,
    Registration,
    ResultChange,
    Round,
    RoundStage,
)
from tournaments.selectors.access import is_organizer
from tournaments.selectors.matches import matches_by_table
from tournaments.selectors.registrations import user_registration
from tournaments.selectors.rounds import (
    ROUND_COMPLETE,
    champion_of,
    round_sentence,
    rounds_labelled,
)

User = AbstractBaseUser | AnonymousUser


def events_for_pages() -> QuerySet[Event]:
    """The events with their game and their results version (`selectors.results_version`),
    as the event pages load one: one query for both."""
    return (Event.objects.select_related("game", "standings_state")
            .defer("standings_state__final"))


def events_listed(*, status: str | None = None, format: str | None = None,
                  game: CardGame | None = None) -> QuerySet[Event]:
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


def events_organized_by(user: AbstractBaseUser) -> QuerySet[Event]:
    return Event.objects.filter(organizers=user)


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
    organizer = is_organizer(event, user)
    registration = user_registration(event, user)
    return Viewer(organizer=organizer, registration=registration)


# The organizer's dashboard -------------------------------------------------------------------

@dataclass
class Dashboard:
    """What the organizer can do next, from the event's state. The services still decide:
    a button shown at the wrong moment answers with the service's reason."""

    rounds: list[Round]
    last: Round | None
    # The last round's results to confirm, each with `job_error` (why its engine job failed,
    # or None), `last_note` (the note of its last change: why the engine disputed it), both
    # as stored with their codes and params (presenters.result_notes.reasons_shown puts them
    # into words), and `playing_online` (a game of it is being played online: the engine
    # will decide it).
    open_matches: list[Match] = field(default_factory=list)
    next_number: int = 1
    can_pair: bool = False
    can_start_top_cut: bool = False
    can_advance: bool = False
    can_complete: bool = False
    champion: Registration | None = None

    @property
    def last_complete(self) -> str:
        """"Round 3 is complete.", "The semifinals are complete.": the last round's."""
        last = self.last
        return round_sentence(ROUND_COMPLETE, last.stage, last.number, last.tables) if last else ""


def dashboard_for(event: Event) -> Dashboard:
    rounds = rounds_labelled(event)
    last = rounds[-1] if rounds else None
    open_ = []
    if last is not None:
        # Disputed first: they wait for the organizer; then one report, then none.
        order = {MatchStatus.DISPUTED: 0, MatchStatus.REPORTED: 1, MatchStatus.PENDING: 2}
        # Why a match waits for the organizer, read with it: the reason its engine job
        # failed (a refused result), the note of its last change (why it is disputed).
        failed = MatchJob.objects.filter(match=OuterRef("pk"), status=JobStatus.FAILED)
        last_change = ResultChange.objects.filter(match=OuterRef("pk")).order_by("-id")
        reasons = matches_by_table(last).annotate(
            job_error=Subquery(failed.values("error")[:1]),
            job_error_code=Subquery(failed.values("error_code")[:1]),
            job_error_params=Subquery(failed.values("error_params")[:1],
                                      output_field=JSONField()),
            last_note=Subquery(last_change.values("note")[:1]),
            last_note_code=Subquery(last_change.values("note_code")[:1]),
            last_note_params=Subquery(last_change.values("note_params")[:1],
                                      output_field=JSONField()),
            # A game of it is being played online: the engine decides, not the reports.
            playing_online=Exists(OnlineGame.objects.filter(match=OuterRef("pk")).exclude(
                status=GameStatus.FINISHED)))
        open_ = sorted((m for m in reasons if m.status != MatchStatus.CONFIRMED),
                       key=lambda m: (order[m.status], m.table or 0))
    board = Dashboard(rounds=rounds, last=last, open_matches=open_,
                      next_number=(last.number if last else 0) + 1)
    settled = last is None or not open_
    swiss_played = sum(1 for r in rounds if r.stage == RoundStage.SWISS)
    if event.status == EventStatus.RUNNING and settled:
        if swiss_played < (event.swiss_rounds or 0):
            board.can_pair = True
        elif event.top_cut:
            board.can_start_top_cut = True
        else:
            board.can_complete = True
    elif event.status == EventStatus.TOP_CUT and settled and last is not None:
        if event.double_elimination:  # the next round until the grand final is decided
            board.champion = champion_of(last)
            board.can_complete = board.champion is not None
            board.can_advance = not board.can_complete
        elif last.tables > 1:
            board.can_advance = True
        else:
            board.can_complete = True
            board.champion = champion_of(last)
    elif event.status == EventStatus.COMPLETE:
        board.champion = champion_of(last)
    return board
