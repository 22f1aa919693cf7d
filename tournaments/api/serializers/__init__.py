"""Input and output serializers of the tournaments API.

Inputs (`...In`) check the shape of a request: types, ranges, which fields go together, that
a named player or game exists. The rules (who may do what, in which state, which decklist a
format takes) live in the services, which answer with domain errors. A result's game counts
are checked here too, against the match's format (`ResultIn`, given it as context), with the
services' own check and error (`tournaments.rules.score_check`: rule C-7.5b).
Outputs (`...Out`) only present what the selectors let the user see.

One module per noun: `events`, `registrations` (with deck checks and the waitlist), `rounds`
(with their matches), `results`, `standings`, `pods` (the draft pods and the ratings), `clock`,
`ai_seats`, `announcements`, `constraints`, `corrections`, `penalties`, `walkins`;
`fields` holds what they share. One convention: a serializer is named `<Noun>In` (a request)
or `<Noun>Out` (an answer), after the use case or the noun it serves, and every endpoint
names it through this package (`from tournaments.api import serializers as s`, then
`s.EventCreateIn`), never through its module.
"""

from tournaments.api.serializers.ai_seats import AISeatsIn
from tournaments.api.serializers.announcements import AnnouncementIn, AnnouncementOut
from tournaments.api.serializers.clock import (
    ClockAddIn,
    ClockOut,
    MatchClockOut,
    MatchTimeIn,
    RoundClockOut,
)
from tournaments.api.serializers.constraints import (
    ConstraintsOut,
    KeptApartIn,
    KeptApartOut,
    SeatConstraintOut,
    SeatConstraintsIn,
)
from tournaments.api.serializers.corrections import (
    CorrectionOut,
    LatePlayerIn,
    LatePlayerOut,
    NoShowIn,
)
from tournaments.api.serializers.events import (
    EventCreateIn,
    EventDetailOut,
    EventFilterIn,
    EventOut,
    EventStartIn,
    EventUpdateIn,
    EventYouOut,
    OrganizerAddIn,
)
from tournaments.api.serializers.fields import MAX_NOTE, player_field, status_field
from tournaments.api.serializers.penalties import JudgeIn, JudgeOut, PenaltyIn, PenaltyOut
from tournaments.api.serializers.pods import (
    DraftPairOut,
    DraftRecordOut,
    DraftSeatOut,
    DraftStateOut,
    PickIn,
    PodOut,
    PodSeatOut,
    RatingFilterIn,
    RatingOut,
    SeatHandIn,
)
from tournaments.api.serializers.registrations import (
    DeckCheckIn,
    DeckCheckOut,
    RegisteredDecklistOut,
    RegistrationDecklistIn,
    RegistrationIn,
    RegistrationOut,
    WaitlistIn,
    WaitlistOut,
)
from tournaments.api.serializers.results import MAX_GAMES, ResultChangeOut, ResultIn, ResultSetIn
from tournaments.api.serializers.rounds import (
    MatchDetailOut,
    MatchOut,
    ResultOut,
    RoundDetailOut,
    RoundOut,
    RoundPairIn,
    RoundSwapIn,
    SeatOut,
    TopCutAdvanceIn,
)
from tournaments.api.serializers.standings import StandingOut
from tournaments.api.serializers.teams import TeamMemberOut, TeamStandingOut
from tournaments.api.serializers.walkins import ClaimIn, GuestDecklistIn, GuestIn, GuestOut

__all__ = [
    "AISeatsIn",
    "AnnouncementIn",
    "AnnouncementOut",
    "ClaimIn",
    "ClockAddIn",
    "ClockOut",
    "ConstraintsOut",
    "CorrectionOut",
    "DeckCheckIn",
    "DeckCheckOut",
    "DraftPairOut",
    "DraftRecordOut",
    "DraftSeatOut",
    "DraftStateOut",
    "EventCreateIn",
    "EventDetailOut",
    "EventFilterIn",
    "EventOut",
    "EventStartIn",
    "EventUpdateIn",
    "EventYouOut",
    "GuestDecklistIn",
    "GuestIn",
    "GuestOut",
    "JudgeIn",
    "JudgeOut",
    "KeptApartIn",
    "KeptApartOut",
    "LatePlayerIn",
    "LatePlayerOut",
    "MAX_GAMES",
    "MAX_NOTE",
    "MatchClockOut",
    "MatchDetailOut",
    "MatchOut",
    "MatchTimeIn",
    "NoShowIn",
    "OrganizerAddIn",
    "PenaltyIn",
    "PenaltyOut",
    "PickIn",
    "PodOut",
    "PodSeatOut",
    "RatingFilterIn",
    "RatingOut",
    "RegisteredDecklistOut",
    "SeatHandIn",
    "RegistrationDecklistIn",
    "RegistrationIn",
    "RegistrationOut",
    "ResultChangeOut",
    "ResultIn",
    "ResultOut",
    "ResultSetIn",
    "RoundClockOut",
    "RoundDetailOut",
    "RoundOut",
    "RoundPairIn",
    "RoundSwapIn",
    "SeatConstraintOut",
    "SeatConstraintsIn",
    "SeatOut",
    "StandingOut",
    "TeamMemberOut",
    "TeamStandingOut",
    "TopCutAdvanceIn",
    "WaitlistIn",
    "WaitlistOut",
    "player_field",
    "status_field",
]
