"""factory-boy factories for the tournaments app: events (with an organizer), seats, AI seats,
rounds, their clock trail, matches, engine jobs and games, deck checks, draft pods, ratings,
announcements, teams and team matches.

They write rows directly, for setting the scene; the behaviour under test goes through the
services.
"""

from __future__ import annotations

import factory
from django.utils import timezone

from decks.services.catalogue import clash_game
from tests.factories.decklists import LIST_A
from tests.factories.decks import DecklistVersionFactory
from tests.factories.users import UserFactory
from tournaments.models import (
    Announcement,
    ClockAction,
    ClockChange,
    Correction,
    CorrectionAction,
    DeckCheck,
    DeckCheckOutcome,
    DraftPair,
    EngineGame,
    Event,
    EventChange,
    EventFormat,
    GameMode,
    KeptApart,
    Match,
    MatchJob,
    MatchStatus,
    Penalty,
    PenaltyKind,
    Phase,
    PhaseStructure,
    Pod,
    PodSeat,
    Rating,
    Registration,
    Round,
    RoundStage,
    RoundStatus,
    Team,
    TeamMatch,
    WaitlistEntry,
)
from tournaments.services.phases import phase_for_stage


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Event {n}")
    game = factory.LazyFunction(clash_game)
    format = "constructed"
    seed = 0  # the server draws one for a real event; tests keep theirs fixed
    created_at = factory.LazyFunction(timezone.now)

    @factory.post_generation
    def organizers(self, create, extracted, **kwargs):  # noqa: ANN001, ANN201
        if create and extracted:
            self.organizers.set(extracted)


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Registration

    event = factory.SubFactory(EventFactory)
    player = factory.SubFactory(UserFactory)
    created_at = factory.LazyFunction(timezone.now)


class OrganizedEventFactory(EventFactory):
    """An event in registration with one organizer (or the ones given). Preconstructed by
    default: seats made by the factories need no decklist, and a draft event would seat its
    players in pods (rule C-2.4) and pair nothing before their drafts are done."""

    format = "preconstructed"
    seed = factory.Sequence(lambda n: 1000 + n)

    @factory.post_generation
    def organizers(self, create, extracted, **kwargs):  # noqa: ANN001, ANN201
        if create:
            self.organizers.set(extracted or [UserFactory()])


class SeatFactory(RegistrationFactory):
    """A player's seat; give `event=`."""

    checked_in = True


class ListedSeatFactory(SeatFactory):
    """A player's seat with a list of their own registered (LIST_A's cards); give
    `event=`."""

    decklist_version = factory.LazyAttribute(
        lambda seat: DecklistVersionFactory(decklist__owner=seat.player, cards=list(LIST_A)))


class GuestSeatFactory(RegistrationFactory):
    """A walk-in's seat without an account (the claim code is the services'); give
    `event=`."""

    player = None
    guest_name = factory.Sequence(lambda n: f"Guest {n}")
    checked_in = True


class AISeatFactory(RegistrationFactory):
    player = None
    is_ai = True
    ai_name = "AI player"
    checked_in = True


class PhaseFactory(factory.django.DjangoModelFactory):
    """A phase of an event; give `event=` and `number=` (a Swiss first phase by default)."""

    class Meta:
        model = Phase

    structure = PhaseStructure.SWISS


class RoundFactory(factory.django.DjangoModelFactory):
    """A finished Swiss round; give `event=` and `number=`."""

    class Meta:
        model = Round

    stage = RoundStage.SWISS
    status = RoundStatus.COMPLETE
    paired_at = factory.LazyFunction(timezone.now)
    # The event's phase for the round's stage, written from the event's plan if need be.
    phase = factory.LazyAttribute(lambda o: phase_for_stage(event=o.event, stage=o.stage,
                                                            number=o.number))


class ClockChangeFactory(factory.django.DjangoModelFactory):
    """A line of a round's clock trail; give `round=` (and `match=` for a table's time)."""

    class Meta:
        model = ClockChange

    action = ClockAction.START
    at = factory.LazyFunction(timezone.now)


class ConfirmedMatchFactory(factory.django.DjangoModelFactory):
    """A confirmed result, A's side first; give `round=`, `player_a=`, `player_b=`."""

    class Meta:
        model = Match

    table = factory.Sequence(lambda n: n + 1)
    status = MatchStatus.CONFIRMED
    a_wins = 2
    b_wins = 0
    draws = 0
    confirmed_at = factory.LazyFunction(timezone.now)


class MatchJobFactory(factory.django.DjangoModelFactory):
    """A queued engine job; give `match=` (the simulation gives any match one)."""

    class Meta:
        model = MatchJob

    seed = factory.Sequence(lambda n: 7000 + n)
    queued_at = factory.LazyFunction(timezone.now)


class EngineGameFactory(factory.django.DjangoModelFactory):
    """A verified game of a match with its outcome; give `match=`, `number=` and `winner=`
    ("A", "B" or "draw")."""

    class Meta:
        model = EngineGame

    mode = GameMode.ONLINE
    seed = factory.Sequence(lambda n: 9000 + n)
    verified = True
    created_at = factory.LazyFunction(timezone.now)


class DeckCheckFactory(factory.django.DjangoModelFactory):
    """A deck check that found the deck as registered; give `registration=` (a seat with a
    list) and `by=`."""

    class Meta:
        model = DeckCheck

    event = factory.SelfAttribute("registration.event")
    decklist_version = factory.SelfAttribute("registration.decklist_version")
    round_number = 1
    outcome = DeckCheckOutcome.MATCHES
    at = factory.LazyFunction(timezone.now)


class CorrectionFactory(factory.django.DjangoModelFactory):
    """A line of an event's corrections trail (an undone drop); give `event=`."""

    class Meta:
        model = Correction

    action = CorrectionAction.UNDROP
    by = factory.LazyAttribute(lambda c: c.event.organizers.first())
    at = factory.LazyFunction(timezone.now)


class EventChangeFactory(factory.django.DjangoModelFactory):
    """A line of an event's settings changes (the venue fixed); give `event=`."""

    class Meta:
        model = EventChange

    by = factory.LazyAttribute(lambda c: c.event.organizers.first())
    at = factory.LazyFunction(timezone.now)
    changes = factory.LazyFunction(lambda: {"venue": ["Hall A", "Hall B"]})


class KeptApartFactory(factory.django.DjangoModelFactory):
    """Two seats of an event kept apart; give `first=` and `second=` (the lower id first)."""

    class Meta:
        model = KeptApart

    event = factory.LazyAttribute(lambda c: c.first.event)
    by = factory.LazyAttribute(lambda c: c.first.event.organizers.first())
    at = factory.LazyFunction(timezone.now)
    note = ""


class PenaltyFactory(factory.django.DjangoModelFactory):
    """A warning given by the event's (first) organizer to a seat; give `registration=`
    (the event is the seat's)."""

    class Meta:
        model = Penalty

    event = factory.LazyAttribute(lambda p: p.registration.event)
    kind = PenaltyKind.WARNING
    note = "Slow play"
    by = factory.LazyAttribute(lambda p: p.event.organizers.first())
    at = factory.LazyFunction(timezone.now)


class AnnouncementFactory(factory.django.DjangoModelFactory):
    """A live announcement posted by the event's (first) organizer; give `event=`."""

    class Meta:
        model = Announcement

    event = factory.SubFactory(OrganizedEventFactory)
    text = factory.Sequence(lambda n: f"Round {n} starts in ten minutes")
    posted_by = factory.LazyAttribute(lambda a: a.event.organizers.first())
    posted_at = factory.LazyFunction(timezone.now)


class RoundRowFactory(factory.django.DjangoModelFactory):
    """A round as given, the model's defaults otherwise (a scene that sets its own status and
    seed); give `event=` and `number=`."""

    class Meta:
        model = Round

    phase = factory.LazyAttribute(
        lambda o: phase_for_stage(event=o.event, stage=getattr(o, "stage", RoundStage.SWISS)))


class MatchRowFactory(factory.django.DjangoModelFactory):
    """A match as given, the model's defaults otherwise (pending unless told); give `round=`,
    `table=` and the seats."""

    class Meta:
        model = Match


class PodFactory(factory.django.DjangoModelFactory):
    """A draft pod; give `event=` (a draft event) and `number=`."""

    class Meta:
        model = Pod

    created_at = factory.LazyFunction(timezone.now)


class DraftPairFactory(factory.django.DjangoModelFactory):
    """A pair's draft in its first status with an empty record; give `pod=` and `number=`."""

    class Meta:
        model = DraftPair

    seed = factory.Sequence(lambda n: 4000 + n)
    record = factory.LazyFunction(dict)
    updated_at = factory.LazyFunction(timezone.now)


class PodSeatFactory(factory.django.DjangoModelFactory):
    """A seat in a pod's pair; give `pair=`, `number=`, `side=` and `registration=`."""

    class Meta:
        model = PodSeat

    pod = factory.SelfAttribute("pair.pod")


class RatingFactory(factory.django.DjangoModelFactory):
    """A player's constructed rating at the model's start (mu 25, sigma 25/3)."""

    class Meta:
        model = Rating

    player = factory.SubFactory(UserFactory)
    game = factory.LazyFunction(clash_game)
    format = EventFormat.CONSTRUCTED
    mu = 25.0
    sigma = 25.0 / 3
    ordinal = factory.LazyAttribute(lambda o: o.mu - 3 * o.sigma)
    updated_at = factory.LazyFunction(timezone.now)


class WaitlistEntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = WaitlistEntry

    event = factory.SubFactory(EventFactory)
    player = factory.SubFactory(UserFactory)
    created_at = factory.LazyFunction(timezone.now)


class TeamFactory(factory.django.DjangoModelFactory):
    """A team of a team event; give `event=` (its members are seats with `team=`, `seat=`)."""

    class Meta:
        model = Team

    name = factory.Sequence(lambda n: f"Team {n}")
    created_at = factory.LazyFunction(timezone.now)


class TeamMatchFactory(factory.django.DjangoModelFactory):
    """Two teams paired in a round; give `round=`, `team_a=`, `team_b=` (and its seat
    matches with `team_match=`)."""

    class Meta:
        model = TeamMatch

    table = factory.Sequence(lambda n: 3 * n + 1)
