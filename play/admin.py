"""Admin registrations for online play: staff look games, invitations and solo results up
(by player, status, seed, invitation code) to answer a player's question or replay a report.

Everything is read-only here: a game's truth is its seed and action tokens, and its status,
record and result change only through the services (play/services/), which rebuild the game
with the engine and keep the state machine; a hand-edited row would no longer replay.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from play.models import Invitation, OnlineGame, SoloResult


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class InvitationInline(admin.StackedInline):
    model = Invitation
    fields = ("code", "created_by", "deck", "status", "created_at", "taken_at")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(OnlineGame)
class OnlineGameAdmin(ReadOnlyAdmin):
    list_display = ("pk", "kind", "status", "player_a", "player_b", "ai_level", "match",
                    "game_number", "winner", "last_activity_at")
    list_filter = ("status", "kind", "ai_level", "solo_format", "level")
    # "=seed" and "=match__id": exact numbers (a seed a player quotes, a match's number).
    search_fields = ("=id", "player_a__username", "player_b__username", "=seed", "=match__id",
                     "invitation__code")
    list_select_related = ("player_a", "player_b", "match")
    date_hierarchy = "last_activity_at"
    raw_id_fields = ("player_a", "player_b", "match")
    inlines = [InvitationInline]


@admin.register(Invitation)
class InvitationAdmin(ReadOnlyAdmin):
    list_display = ("code", "status", "created_by", "deck", "game", "created_at", "taken_at",
                    "cancelled_at")
    list_filter = ("status", "deck")
    search_fields = ("code", "created_by__username", "=game__id")
    list_select_related = ("created_by", "game")
    date_hierarchy = "created_at"
    raw_id_fields = ("created_by", "game")


@admin.register(SoloResult)
class SoloResultAdmin(ReadOnlyAdmin):
    list_display = ("game", "player", "level", "won", "result", "turns", "finished_at")
    list_filter = ("level", "won", "result")
    search_fields = ("player__username", "=game__id", "=game__seed")
    list_select_related = ("player", "game")
    date_hierarchy = "finished_at"
    raw_id_fields = ("player", "game")
