"""Admin registration for the deck lab: staff look runs up by owner, deck and status.

Everything is read-only: a run's status and result are written by its chord's callbacks
(lab/tasks.py), never by hand.
"""

from django.contrib import admin

from lab.models import LabRun


@admin.register(LabRun)
class LabRunAdmin(admin.ModelAdmin):
    list_display = ("id", "owner", "deck_label", "games", "ai", "status", "created_at",
                    "finished_at")
    list_filter = ("status", "ai")
    search_fields = ("deck_label", "owner__username")
    date_hierarchy = "created_at"
    list_select_related = ("owner",)
    readonly_fields = ("owner", "deck_label", "deck", "field", "games", "ai", "seed", "status",
                       "result_id", "chunk_ids", "result", "error", "created_at",
                       "finished_at")

    def has_add_permission(self, request) -> bool:  # noqa: ANN001
        return False
