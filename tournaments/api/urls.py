"""URLs of the tournaments API, mounted under /api/."""

from django.urls import path

from tournaments.api import (
    announcements,
    clock,
    corrections,
    events,
    match_games,
    matches,
    pods,
    rounds,
)

EVENT = "events/<int:pk>/"
SEAT = EVENT + "registrations/<int:registration_id>/"
ROUND = EVENT + "rounds/<int:number>/"

urlpatterns: list = [
    path("events/", events.EventListView.as_view(), name="events"),
    path(EVENT, events.EventDetailView.as_view(), name="event"),
    path(EVENT + "organizers/", events.EventOrganizersView.as_view(), name="event-organizers"),
    path(EVENT + "start/", events.EventStartView.as_view(), name="event-start"),
    path(EVENT + "complete/", events.EventCompleteView.as_view(), name="event-complete"),
    path(EVENT + "lists/publish/", events.EventListsPublishView.as_view(),
         name="event-lists-publish"),
    path(EVENT + "deck-checks/", events.EventDeckChecksView.as_view(),
         name="event-deck-checks"),
    path(EVENT + "announcements/", announcements.EventAnnouncementsView.as_view(),
         name="event-announcements"),
    path(EVENT + "announcements/<int:announcement_id>/",
         announcements.EventAnnouncementView.as_view(), name="event-announcement"),
    path(EVENT + "registrations/", events.RegistrationListView.as_view(),
         name="event-registrations"),
    path(SEAT, events.RegistrationDetailView.as_view(), name="event-registration"),
    path(SEAT + "drop/", events.RegistrationDropView.as_view(), name="event-registration-drop"),
    path(SEAT + "undrop/", corrections.RegistrationUndropView.as_view(),
         name="event-registration-undrop"),
    path(SEAT + "check-in/", events.RegistrationCheckInView.as_view(),
         name="event-registration-check-in"),
    path(SEAT + "decklist/", events.RegistrationDecklistView.as_view(),
         name="event-registration-decklist"),
    path(EVENT + "rounds/", rounds.RoundListView.as_view(), name="event-rounds"),
    path(ROUND, rounds.RoundDetailView.as_view(), name="event-round"),
    path(ROUND + "pairings/csv/", rounds.RoundPairingsCSVView.as_view(),
         name="event-round-pairings-csv"),
    path(ROUND + "unpair/", corrections.RoundUnpairView.as_view(), name="event-round-unpair"),
    path(ROUND + "swap/", corrections.RoundSwapView.as_view(), name="event-round-swap"),
    path(ROUND + "clock/", clock.RoundClockView.as_view(), name="event-round-clock"),
    path(ROUND + "clock/start/", clock.RoundClockStartView.as_view(),
         name="event-round-clock-start"),
    path(ROUND + "clock/pause/", clock.RoundClockPauseView.as_view(),
         name="event-round-clock-pause"),
    path(ROUND + "clock/resume/", clock.RoundClockResumeView.as_view(),
         name="event-round-clock-resume"),
    path(ROUND + "clock/add/", clock.RoundClockAddView.as_view(), name="event-round-clock-add"),
    path("matches/<int:pk>/time/", clock.MatchTimeView.as_view(), name="match-time"),
    path(EVENT + "top-cut/", rounds.TopCutStartView.as_view(), name="event-top-cut"),
    path(EVENT + "top-cut/advance/", rounds.TopCutAdvanceView.as_view(),
         name="event-top-cut-advance"),
    path(EVENT + "standings/", rounds.StandingsView.as_view(), name="event-standings"),
    path(EVENT + "standings/csv/", rounds.StandingsCSVView.as_view(),
         name="event-standings-csv"),
    path("matches/<int:pk>/", matches.MatchDetailView.as_view(), name="match"),
    path("matches/<int:pk>/report/", matches.MatchReportView.as_view(), name="match-report"),
    path("matches/<int:pk>/result/", matches.MatchResultView.as_view(), name="match-result"),
    path("matches/<int:pk>/history/", matches.MatchHistoryView.as_view(),
         name="match-history"),
    # Draft pods and ratings
    path("events/<int:event_id>/pods/", pods.EventPodListView.as_view(), name="api-event-pods"),
    path("events/<int:event_id>/draft/", pods.MyDraftView.as_view(), name="api-my-draft"),
    path("pods/<int:pk>/", pods.PodDetailView.as_view(), name="api-pod"),
    path("pod-seats/<int:pk>/draft/", pods.SeatDraftView.as_view(), name="api-seat-draft"),
    path("pod-seats/<int:pk>/pick/", pods.SeatPickView.as_view(), name="api-seat-pick"),
    path("ratings/", pods.RatingListView.as_view(), name="api-ratings"),
    # Online play's endpoints on match games: tournaments' (play sits below and never
    # imports it), under play/ paths they always had.
    path("play/matches/<int:pk>/game/", match_games.MatchGameView.as_view(),
         name="play-match-game"),
    path("play/replays/engine/<int:pk>/", match_games.EngineReplayView.as_view(),
         name="play-replay-engine"),
]
