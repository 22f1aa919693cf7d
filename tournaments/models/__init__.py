"""Tournament models, one module per noun. Business logic lives in services/ (writes) and
selectors/ (reads), not here. Every model is importable from `tournaments.models`.

- An `Event` runs one format with its own organizers; its status moves registration ->
  running -> top_cut -> complete (or running -> complete without a top cut). The legal moves
  are `EVENT_TRANSITIONS`; services/ has one function per move.
- A `Registration` is a seat: a player with the decklist the format needs (only ever the
  player's own, attached by the player: an organizer adds a seat without one), or an AI seat
  (`is_ai`, no player) that fills an odd count when the event asks for it. It may carry byes
  awarded for the first rounds and a fixed table; a `KeptApart` is two seats the organizer
  listed as a pairing that must not happen.
- A `Round` is one Swiss or top-cut round; its `Match`es carry both players' reports and the
  confirmed result. A `ResultChange` keeps who changed a result, when, and what it was before
  and after. A round's clock is timestamps on the Round (no status); a `ClockChange` keeps
  each start, pause, resume and minutes added, to the round or to one table.
- An event plays one or more `Phase`s (Swiss, round robin, single or double elimination),
  each round in one of them; Swiss then a top cut is two.
- An `Announcement` is the organizers' short message to the event's players, shown until it
  is withdrawn (`withdrawn_at`).
- A `Penalty` is an infraction the organizers or the event's judges recorded: a warning, a
  game loss, a match loss (each loss changes its match's result through the result writer)
  or a disqualification (which drops the player).
- A `Correction` keeps each correction an organizer made: a drop undone, a pairing undone, a
  swap.
- A team event (`Event.team_size` 2 or 3) pairs `Team`s: each member's registration has its
  team and seat; a `TeamMatch` is two teams meeting in a round, its seat matches `Match`es.
- An `EventChange` keeps each change of an event's settings after it was created: who, when,
  and each setting before and after.
"""

from tournaments.models.announcements import MAX_ANNOUNCEMENT, Announcement
from tournaments.models.corrections import Correction, CorrectionAction
from tournaments.models.event_changes import EventChange
from tournaments.models.events import (
    EVENT_TRANSITIONS,
    Event,
    EventFormat,
    EventStandings,
    EventStatus,
    EventStructure,
    LatePlayerGets,
    MatchLength,
    TopCut,
    default_tiebreakers,
    lists_open,
)
from tournaments.models.games import EngineGame, GameMode, GameUpload, UploadStatus
from tournaments.models.jobs import JobStatus, MatchJob
from tournaments.models.matches import (
    MATCH_TRANSITIONS,
    Match,
    MatchBracket,
    MatchStatus,
    ResultAction,
    ResultChange,
    SquadCheck,
)
from tournaments.models.penalties import MAX_PENALTY_NOTE, Penalty, PenaltyKind
from tournaments.models.phases import Phase, PhaseAdvance, PhaseStructure
from tournaments.models.pods import DraftPair, DraftSide, DraftStatus, Pod, PodSeat
from tournaments.models.ratings import RatedEvent, Rating
from tournaments.models.registrations import (
    DeckCheck,
    DeckCheckOutcome,
    KeptApart,
    Registration,
    WaitlistEntry,
)
from tournaments.models.rounds import ClockAction, ClockChange, Round, RoundStage, RoundStatus
from tournaments.models.teams import MAX_TEAM_NAME, Team, TeamMatch

__all__ = [
    "EVENT_TRANSITIONS", "MATCH_TRANSITIONS", "MAX_ANNOUNCEMENT", "Announcement", "ClockAction",
    "ClockChange", "Correction", "CorrectionAction", "DeckCheck", "DeckCheckOutcome", "KeptApart",
    "DraftPair", "DraftSide", "DraftStatus",
    "EngineGame", "Event", "EventChange", "EventFormat", "EventStandings", "EventStructure",
    "EventStatus", "GameMode", "GameUpload", "JobStatus", "LatePlayerGets", "Match",
    "MatchBracket", "MatchJob", "MatchLength", "MatchStatus", "MAX_PENALTY_NOTE", "Penalty",
    "PenaltyKind",
    "Phase", "PhaseAdvance", "PhaseStructure", "Pod", "PodSeat", "RatedEvent", "Rating",
    "Registration", "ResultAction", "ResultChange", "Round", "RoundStage", "RoundStatus",
    "SquadCheck", "Team", "TeamMatch", "MAX_TEAM_NAME", "TopCut", "UploadStatus",
    "WaitlistEntry", "default_tiebreakers",
    "lists_open",
]
