"""Admin registrations for the decks app: what staff look up when a player asks.

The catalogue and collections can be corrected here. Decklists, their versions and ban
sessions are read-only: a version is immutable once made (a registered one is what an event
plays), a list changes through `decklist_update` (which makes the new version and lets the
registrations follow), and a ban session's status and record change only through its services.
"""

from django.contrib import admin

from decks.models import (
    BanSession,
    Card,
    CardGame,
    CardSet,
    CollectionEntry,
    Decklist,
    DecklistVersion,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Shown, searched and filtered; never added, changed or deleted here."""

    def has_add_permission(self, request, obj=None) -> bool:  # noqa: ANN001, ARG002
        return False

    def has_change_permission(self, request, obj=None) -> bool:  # noqa: ANN001, ARG002
        return False

    def has_delete_permission(self, request, obj=None) -> bool:  # noqa: ANN001, ARG002
        return False


@admin.register(CardGame)
class CardGameAdmin(admin.ModelAdmin):
    list_display = ("name", "slug")
    search_fields = ("name", "slug")


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ("name", "code", "game", "catalogue_version", "loaded_at")
    list_filter = ("game",)
    search_fields = ("name", "code")
    list_select_related = ("game",)


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "cost", "card_set")
    list_filter = ("card_set__game", "card_set", "kind")
    search_fields = ("name",)
    list_select_related = ("card_set__game",)


@admin.register(CollectionEntry)
class CollectionEntryAdmin(admin.ModelAdmin):
    list_display = ("owner", "card", "count")
    list_filter = ("card__card_set__game", "card__card_set")
    search_fields = ("owner__username", "card__name")
    list_select_related = ("owner", "card__card_set__game")
    raw_id_fields = ("owner", "card")


class DecklistVersionInline(admin.TabularInline):
    model = DecklistVersion
    extra = 0
    fields = ("number", "cards", "preconstructed_deck", "created_at")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:  # noqa: ANN001, ARG002
        return False


@admin.register(Decklist)
class DecklistAdmin(ReadOnlyAdmin):
    list_display = ("name", "owner", "game", "kind", "deck_format", "created_at")
    list_filter = ("game", "kind", "deck_format")
    search_fields = ("name", "owner__username")
    list_select_related = ("owner", "game")
    date_hierarchy = "created_at"
    inlines = [DecklistVersionInline]


@admin.register(DecklistVersion)
class DecklistVersionAdmin(ReadOnlyAdmin):
    list_display = ("decklist", "number", "owner", "created_at")
    list_filter = ("decklist__game", "decklist__kind")
    search_fields = ("decklist__name", "decklist__owner__username")
    list_select_related = ("decklist__owner",)

    @admin.display(ordering="decklist__owner__username")
    def owner(self, version: DecklistVersion) -> str:
        owner = version.decklist.owner
        return owner.get_username() if owner is not None else "(a guest's list)"


@admin.register(BanSession)
class BanSessionAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "status", "event", "player_a", "player_b", "created_at",
                    "updated_at")
    list_filter = ("status",)
    search_fields = ("player_a__username", "player_b__username", "event__name",
                     "list_a__decklist__name", "list_b__decklist__name")
    list_select_related = ("event", "player_a", "player_b")
    date_hierarchy = "created_at"
