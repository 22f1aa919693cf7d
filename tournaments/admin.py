"""Admin registrations for the tournaments app.

Results and statuses are read-only here: they change through the services, which check the
state machines and keep the audit trail. Each list filters on its status (or kind) and searches
by what staff look things up by: the event's name, a player's username, a round's number.
The deck lab's runs are registered by the lab.
"""

from django.contrib import admin
from django.db import transaction

from tournaments.models import (
    Announcement,
    ClockChange,
    Correction,
    DeckCheck,
    DraftPair,
    EngineGame,
    Event,
    EventChange,
    EventStandings,
    GameUpload,
    KeptApart,
    Match,
    MatchJob,
    Penalty,
    Pod,
    PodSeat,
    RatedEvent,
    Rating,
    Registration,
    ResultChange,
    Round,
    SquadCheck,
)
from tournaments.services.standings import results_version_bump


class BumpsResultsVersion:
    """Staff can change what the standings show here (an event's tiebreakers or top cut, a
    seat's drop), outside the services: the pages must see a new results version."""

    def save_model(self, request, obj, form, change) -> None:  # noqa: ANN001
        super().save_model(request, obj, form, change)
        results_version_bump(event_id=self.event_id_of(obj))

    def event_id_of(self, obj) -> int:  # noqa: ANN001
        return obj.pk


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    fields = ("player", "is_ai", "ai_name", "guest_name", "decklist_version", "checked_in",
              "dropped", "late_entry")
    readonly_fields = fields
    can_delete = False


@admin.register(Event)
class EventAdmin(BumpsResultsVersion, admin.ModelAdmin):
    list_display = ("name", "game", "format", "status", "rounds", "top_cut", "created_at")
    list_filter = ("status", "format", "game", "top_cut", "fill_with_ai",
                   ("imported_at", admin.EmptyFieldListFilter))
    search_fields = ("name", "organizers__username", "imported_from")
    filter_horizontal = ("organizers",)
    readonly_fields = ("status", "seed", "seed_nonce", "seed_hash", "started_at",
                       "completed_at", "lists_published", "lists_published_at",
                       "lists_published_by",
                       # An imported event stays one: it never feeds the ratings.
                       "imported_at", "imported_from")
    inlines = [RegistrationInline]


@admin.register(Registration)
class RegistrationAdmin(BumpsResultsVersion, admin.ModelAdmin):
    list_display = ("__str__", "event", "is_ai", "checked_in", "dropped", "late_entry",
                    "awarded_byes", "fixed_table")
    list_filter = ("is_ai", "dropped", "checked_in", "late_entry", "event__status")
    search_fields = ("event__name", "player__username", "ai_name", "guest_name")
    list_select_related = ("event", "player")
    raw_id_fields = ("player", "decklist_version")

    def event_id_of(self, obj) -> int:  # noqa: ANN001
        return obj.event_id

    @transaction.atomic
    def delete_queryset(self, request, queryset) -> None:  # noqa: ANN001
        event_ids = sorted(set(queryset.values_list("event_id", flat=True)))
        super().delete_queryset(request, queryset)
        for event_id in event_ids:
            results_version_bump(event_id=event_id)

    def delete_model(self, request, obj) -> None:  # noqa: ANN001
        super().delete_model(request, obj)
        results_version_bump(event_id=obj.event_id)


class MatchInline(admin.TabularInline):
    model = Match
    extra = 0
    fields = ("table", "player_a", "player_b", "status", "a_wins", "b_wins", "draws",
              "is_ai_match", "engine_verified")
    readonly_fields = fields
    can_delete = False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("__str__", "stage", "status", "paired_at")
    list_filter = ("stage", "status")
    search_fields = ("event__name", "=number")
    list_select_related = ("event",)
    readonly_fields = ("event", "number", "stage", "status", "seed", "explanation",
                       "paired_by", "paired_at", "completed_at", "clock_minutes",
                       "clock_started_at", "clock_paused_at", "clock_paused_seconds",
                       "clock_added_minutes")
    inlines = [MatchInline]


@admin.register(ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    list_display = ("match", "action", "by", "at")
    list_filter = ("action",)
    search_fields = ("match__round__event__name", "by__username", "=match__round__number")
    list_select_related = ("match__round__event", "by")
    readonly_fields = ("match", "by", "action", "before", "after", "note", "at")

    def has_add_permission(self, request):  # noqa: ANN001, ANN201
        return False

    def has_change_permission(self, request, obj=None):  # noqa: ANN001, ANN201
        return False


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows the services write (draft records, ratings, engine work): shown, never edited."""

    def has_add_permission(self, request) -> bool:  # noqa: ANN001
        return False

    def has_change_permission(self, request, obj=None) -> bool:  # noqa: ANN001
        return False


@admin.register(ClockChange)
class ClockChangeAdmin(ReadOnlyAdmin):
    """A round clock's audit trail: written by `services.clock` only."""

    list_display = ("__str__", "match", "action", "minutes", "by", "at")
    list_filter = ("action",)
    search_fields = ("round__event__name", "by__username", "=round__number")
    list_select_related = ("round__event", "match", "by")


@admin.register(DeckCheck)
class DeckCheckAdmin(ReadOnlyAdmin):
    """The event's audit trail of deck checks: written by `deck_check_record` only."""

    list_display = ("__str__", "event", "round_number", "outcome", "by", "at")
    list_filter = ("outcome",)
    search_fields = ("event__name", "registration__player__username", "=round_number")
    list_select_related = ("event", "registration__player", "by")


@admin.register(Announcement)
class AnnouncementAdmin(ReadOnlyAdmin):
    """The organizers' announcements, live and withdrawn: posted and withdrawn through the
    services only (who and when are on the row)."""

    list_display = ("__str__", "event", "posted_by", "posted_at", "withdrawn_by",
                    "withdrawn_at")
    list_filter = (("withdrawn_at", admin.EmptyFieldListFilter),)
    search_fields = ("event__name", "posted_by__username", "text")
    list_select_related = ("event", "posted_by", "withdrawn_by")


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyAdmin):
    """Infractions, live and withdrawn: recorded and withdrawn through services.penalties
    only, since a loss changes a result through the result writer."""

    list_display = ("__str__", "event", "round_number", "kind", "by", "at", "withdrawn_at")
    list_filter = ("kind", ("withdrawn_at", admin.EmptyFieldListFilter))
    search_fields = ("event__name", "registration__player__username",
                     "registration__guest_name", "note")
    list_select_related = ("event", "registration__player", "by")


@admin.register(KeptApart)
class KeptApartAdmin(ReadOnlyAdmin):
    """The pairings that must not happen: added and removed through services.constraints only
    (each change is in the event's EventChange trail)."""

    list_display = ("__str__", "event", "note", "by", "at")
    search_fields = ("event__name", "first__player__username", "second__player__username",
                     "first__guest_name", "second__guest_name", "note")
    list_select_related = ("event", "first__player", "second__player", "by")


@admin.register(Correction)
class CorrectionAdmin(ReadOnlyAdmin):
    """The organizers' corrections (a drop undone, a pairing undone, a swap): written by
    services.corrections only."""

    list_display = ("__str__", "event", "action", "round_number", "by", "at")
    list_filter = ("action",)
    search_fields = ("event__name", "by__username", "=round_number")
    list_select_related = ("event", "by")


@admin.register(EventChange)
class EventChangeAdmin(ReadOnlyAdmin):
    """Each change of an event's settings after it was created: written by
    services.event_edit only."""

    list_display = ("__str__", "event", "by", "at")
    search_fields = ("event__name", "by__username")
    list_select_related = ("event", "by")


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    """Results change through the services (reports, the organizer's results, the engine)."""

    list_display = ("__str__", "player_a", "player_b", "status", "a_wins", "b_wins", "draws",
                    "is_ai_match", "engine_verified")
    list_filter = ("status", "round__stage", "is_ai_match", "engine_verified")
    search_fields = ("round__event__name", "player_a__player__username",
                     "player_b__player__username", "player_a__ai_name", "player_b__ai_name",
                     "=round__number")
    list_select_related = ("round__event", "player_a__player", "player_b__player")


@admin.register(SquadCheck)
class SquadCheckAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "game_number", "ok", "created_at")
    list_filter = ("ok",)
    search_fields = ("match__round__event__name", "registration__player__username",
                     "=match__round__number")
    list_select_related = ("match__round__event", "registration__player")


@admin.register(EventStandings)
class EventStandingsAdmin(ReadOnlyAdmin):
    list_display = ("event", "version", "frozen_at")
    search_fields = ("event__name",)
    list_select_related = ("event",)


@admin.register(Pod)
class PodAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "event", "number")
    search_fields = ("event__name",)
    list_select_related = ("event",)


@admin.register(PodSeat)
class PodSeatAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "registration", "pair", "side")
    list_filter = ("side",)
    search_fields = ("pod__event__name", "registration__player__username",
                     "registration__ai_name")
    list_select_related = ("pod__event", "pair", "registration__player")


@admin.register(DraftPair)
class DraftPairAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "pod", "number", "status")
    list_filter = ("status",)
    search_fields = ("pod__event__name",)
    list_select_related = ("pod__event",)


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ("player", "game", "format", "ordinal", "mu", "sigma", "matches", "events")
    list_filter = ("game", "format")
    search_fields = ("player__username",)
    list_select_related = ("player", "game")


@admin.register(RatedEvent)
class RatedEventAdmin(ReadOnlyAdmin):
    list_display = ("event", "matches", "applied_at")
    search_fields = ("event__name",)
    list_select_related = ("event",)


@admin.register(MatchJob)
class MatchJobAdmin(ReadOnlyAdmin):
    list_display = ("match", "status", "attempts", "queued_at", "started_at", "finished_at")
    list_filter = ("status",)
    search_fields = ("match__round__event__name", "=match__round__number")
    list_select_related = ("match__round__event",)


@admin.register(EngineGame)
class EngineGameAdmin(ReadOnlyAdmin):
    list_display = ("match", "number", "mode", "winner", "verified", "divergent_turn")
    list_filter = ("mode", "verified")
    search_fields = ("match__round__event__name", "=match__round__number")
    list_select_related = ("match__round__event",)


@admin.register(GameUpload)
class GameUploadAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "status", "uploaded_by", "uploaded_at", "checked_at")
    list_filter = ("status",)
    search_fields = ("game__match__round__event__name", "uploaded_by__username",
                     "=game__match__round__number")
    list_select_related = ("game", "uploaded_by")
