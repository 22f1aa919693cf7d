"""Admin registrations for the tournaments app.

Results and statuses are read-only here: they change through the services, which check the
state machines and keep the audit trail.
"""

from django.contrib import admin
from django.db import transaction

from tournaments.models import (
    DeckCheck,
    DraftPair,
    EngineGame,
    Event,
    Match,
    MatchJob,
    Pod,
    Rating,
    Registration,
    ResultChange,
    Round,
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
    fields = ("player", "is_ai", "ai_name", "decklist_version", "checked_in", "dropped",
              "late_entry")
    readonly_fields = fields
    can_delete = False


@admin.register(Event)
class EventAdmin(BumpsResultsVersion, admin.ModelAdmin):
    list_display = ("name", "game", "format", "status", "rounds", "top_cut", "created_at")
    list_filter = ("status", "format", "game")
    search_fields = ("name",)
    filter_horizontal = ("organizers",)
    readonly_fields = ("status", "seed", "seed_nonce", "seed_hash", "started_at",
                       "completed_at", "lists_published", "lists_published_at",
                       "lists_published_by")
    inlines = [RegistrationInline]


@admin.register(Registration)
class RegistrationAdmin(BumpsResultsVersion, admin.ModelAdmin):
    list_display = ("__str__", "event", "is_ai", "checked_in", "dropped", "late_entry")
    list_filter = ("is_ai", "dropped", "checked_in")
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
    readonly_fields = ("event", "number", "stage", "status", "seed", "explanation",
                       "paired_by", "paired_at", "completed_at")
    inlines = [MatchInline]


@admin.register(ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    list_display = ("match", "action", "by", "at")
    list_filter = ("action",)
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


@admin.register(DeckCheck)
class DeckCheckAdmin(ReadOnlyAdmin):
    """The event's audit trail of deck checks: written by `deck_check_record` only."""

    list_display = ("__str__", "event", "round_number", "outcome", "by", "at")
    list_filter = ("outcome",)


@admin.register(Pod)
class PodAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "event", "number")


@admin.register(DraftPair)
class DraftPairAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "pod", "number", "status")
    list_filter = ("status",)


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ("player", "game", "format", "ordinal", "mu", "sigma", "matches", "events")
    list_filter = ("game", "format")


@admin.register(MatchJob)
class MatchJobAdmin(ReadOnlyAdmin):
    list_display = ("match", "status", "attempts", "queued_at", "started_at", "finished_at")
    list_filter = ("status",)


@admin.register(EngineGame)
class EngineGameAdmin(ReadOnlyAdmin):
    list_display = ("match", "number", "mode", "winner", "verified", "divergent_turn")
    list_filter = ("mode", "verified")
