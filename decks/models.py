"""Deck models. Business logic lives in services/, selectors/ and rules.py, not here.

- The catalogue (`CardGame`, `CardSet`, `Card`) is data loaded from the engine's card files; a
  card's game-specific numbers sit in `data` (JSON) so one model holds Clash of Decks, The Spoils
  and Berserk cards.
- A player's collection is one `CollectionEntry` per card they own, with a count.
- A `Decklist` is a named list of one kind; each change makes a new immutable
  `DecklistVersion`, so a version registered for an event is never touched again. A list
  without an owner is a walk-in guest's, held by their seat until the seat is claimed.
- A `BanSession` is the ban-two procedure (rule C-2.5) between two constructed versions.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class CardGame(models.Model):
    """A card game's title (Clash of Decks, The Spoils, Berserk); not the engine's `Game`,
    which is a position of a game being played."""

    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=100)

    class Meta:
        # The table kept its name when the model was renamed from Game (migration 0006).
        db_table = "decks_game"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class CardSet(models.Model):
    game = models.ForeignKey(CardGame, on_delete=models.CASCADE, related_name="sets")
    code = models.SlugField()
    name = models.CharField(max_length=100)
    # The engine catalogue version the cards were loaded from (see engine/clash/cards.py).
    catalogue_version = models.CharField(max_length=100, blank=True)
    loaded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game__name", "name"]
        constraints = [
            models.UniqueConstraint(fields=["game", "code"], name="unique_set_code_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.game})"


class Card(models.Model):
    card_set = models.ForeignKey(CardSet, on_delete=models.CASCADE, related_name="cards")
    name = models.CharField(max_length=100)
    kind = models.CharField(max_length=40)  # e.g. creature / incantation for Clash of Decks
    cost = models.PositiveIntegerField(null=True, blank=True)
    # Game-specific fields: for Clash of Decks attack, health, abilities, aura, damage, deck.
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["card_set", "name"]
        constraints = [
            models.UniqueConstraint(fields=["card_set", "name"], name="unique_card_name_per_set"),
        ]

    def __str__(self) -> str:
        return self.name


class CollectionEntry(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="collection")
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="+")
    count = models.PositiveIntegerField()

    class Meta:
        ordering = ["card__card_set", "card__name"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "card"], name="one_entry_per_card"),
            models.CheckConstraint(condition=models.Q(count__gte=1), name="owned_at_least_one"),
        ]


class DecklistKind(models.TextChoices):
    PRECONSTRUCTED = "preconstructed", _("Preconstructed")
    CONSTRUCTED = "constructed", _("Constructed")
    DRAFTED = "drafted", _("Drafted")


class Decklist(models.Model):
    # None for a walk-in guest's list, which an organizer entered for a seat without an
    # account (decks/services/guest_lists.py); the person who claims the seat becomes its
    # owner. Who sees a list without an owner is decided by the seat that holds it
    # (selectors/visibility.py).
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                              on_delete=models.CASCADE, related_name="decklists")
    game = models.ForeignKey(CardGame, on_delete=models.PROTECT, related_name="+")
    name = models.CharField(max_length=100)
    kind = models.CharField(max_length=20, choices=DecklistKind.choices)
    # The game's own deck format where it has several: The Spoils' "constructed" or
    # "limited" (rule S-8). Empty for the games with one.
    deck_format = models.CharField(max_length=20, blank=True, default="")
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name

    @property
    def current(self) -> DecklistVersion | None:
        return self.versions.order_by("-number").first()


class DecklistVersion(models.Model):
    """An immutable snapshot of a decklist; every change makes the next number."""

    decklist = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    # The list's name when this version was saved: a registered version shows the name it was
    # registered under beside its cards, whatever the list is called later.
    name = models.CharField(max_length=100)
    cards = models.JSONField(default=list)  # card names, in the order the player gave
    preconstructed_deck = models.PositiveSmallIntegerField(null=True, blank=True)
    # Entered by an organizer for a walk-in guest (decks/services/guest_lists.py): its cards
    # are the ones the guest brings, vouched for by the organizer (rule C-2.5 for a guest),
    # so it is not checked against a collection, even once the seat's claimer owns the list.
    entered_for_guest = models.BooleanField(default=False)
    # Who entered it then (an organizer of the guest's event), for the event's record.
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["decklist", "number"]
        constraints = [
            models.UniqueConstraint(fields=["decklist", "number"],
                                    name="unique_version_number"),
        ]

    def __str__(self) -> str:
        return f"{self.decklist} v{self.number}"


class BanStatus(models.TextChoices):
    BANNING = "banning", _("Banning")
    DONE = "done", _("Done")


class BanSession(models.Model):
    """Rule C-2.5 between two constructed lists. `record` is the engine's BanRecord JSON:
    the state is rebuilt from it, so the database row is the single truth."""

    event = models.ForeignKey("tournaments.Event", null=True, blank=True,
                              on_delete=models.CASCADE, related_name="ban_sessions")
    list_a = models.ForeignKey(DecklistVersion, on_delete=models.PROTECT, related_name="+")
    list_b = models.ForeignKey(DecklistVersion, on_delete=models.PROTECT, related_name="+")
    # A seat without a player is an AI seat, banning by the engine's ban policy.
    player_a = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                 on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                 on_delete=models.PROTECT, related_name="+")
    seed = models.BigIntegerField(default=0)
    status = models.CharField(max_length=10, choices=BanStatus.choices,
                              default=BanStatus.BANNING)
    record = models.JSONField(default=dict)
    result_a = models.JSONField(default=list, blank=True)  # A's 8 cards when done
    result_b = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField()
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"ban session {self.pk}"
