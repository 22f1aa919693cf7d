"""Seats of an event (a player with their decklist, or an AI seat) and the deck checks made
against their registered lists."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.selectors.profiles import shown_name
from tournaments.models.events import Event


class Registration(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    # None for an AI seat, and for the seat of a person who deleted their account
    # (`former_player`): their results stay, under an anonymised name.
    player = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                               on_delete=models.SET_NULL, related_name="registrations")
    former_player = models.BooleanField(default=False)
    # A walk-in without an account (issue 16): the organizer names the seat, and the person
    # attaches it to an account later with the claim code, keeping every result. Only the
    # code's SHA-256 is kept (the code is random, so no salt is needed); both are cleared
    # once the seat is claimed, so a used code reads like a wrong one.
    guest_name = models.CharField(max_length=60, blank=True)
    claim_code_hash = models.CharField(max_length=64, blank=True, db_index=True)
    is_ai = models.BooleanField(default=False)
    ai_name = models.CharField(max_length=60, blank=True)
    # An AI seat's engine level (engine.clash.ai.LEVELS) as the organizer chose it; empty: the
    # CLASH_AI_SEAT_LEVEL setting's (the odd-seat, pod and late-player AI seats).
    ai_level = models.CharField(max_length=20, blank=True)
    # The decklist version the player plays; it follows their edits until the event fixes
    # its lists (Event.lists_fixed). None in draft events (the pod builds the deck), for AI
    # seats, and for a seat an organizer added until its player attaches their list.
    decklist_version = models.ForeignKey("decks.DecklistVersion", null=True, blank=True,
                                         on_delete=models.PROTECT, related_name="registrations")
    dropped = models.BooleanField(default=False)
    dropped_at = models.DateTimeField(null=True, blank=True)
    checked_in = models.BooleanField(default=False)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    late_entry = models.BooleanField(default=False)
    created_at = models.DateTimeField()
    # When the seat came from the event's waitlist (a seat freed before the start): the
    # player's pages say so until the event starts, and a mail told them.
    moved_up_at = models.DateTimeField(null=True, blank=True)
    # Byes the organizer awarded for the first rounds (0 to MAX_AWARDED_BYES): in each round
    # up to this number the seat has a bye and stays out of the pairing (services.constraints).
    awarded_byes = models.PositiveSmallIntegerField(default=0)
    # The table the player always plays at (accessibility); the others are numbered around
    # it (services.rounds.match_tables). None: any table.
    fixed_table = models.PositiveSmallIntegerField(null=True, blank=True)
    # A team event's seat: the player's team and their seat in it, "A", "B" or "C"
    # (models.teams); empty otherwise, and until the player joins a team.
    team = models.ForeignKey("tournaments.Team", null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="members")
    seat = models.CharField(max_length=1, blank=True)

    class Meta:
        ordering = ["event", "created_at", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(awarded_byes__lte=3),
                                   name="awarded_byes_at_most_three"),
            models.CheckConstraint(condition=Q(fixed_table__isnull=True) | Q(fixed_table__gte=1),
                                   name="fixed_table_from_one"),
            models.UniqueConstraint(fields=["event", "fixed_table"],
                                    condition=Q(fixed_table__isnull=False),
                                    name="one_fixed_table_per_seat"),
            models.UniqueConstraint(fields=["event", "player"], name="one_registration_per_player"),
            models.UniqueConstraint(fields=["team", "seat"], condition=Q(team__isnull=False),
                                    name="one_player_per_team_seat"),
            models.CheckConstraint(condition=Q(team__isnull=True, seat="")
                                   | Q(team__isnull=False, seat__in=("A", "B", "C")),
                                   name="a_team_member_has_a_seat"),
            # Draft pods may seat several AI players; each has its own name in the event.
            models.UniqueConstraint(fields=["event", "ai_name"], condition=Q(is_ai=True),
                                    name="ai_seat_names_unique_per_event"),
            models.CheckConstraint(
                condition=(Q(is_ai=True, player__isnull=True) & ~Q(ai_name=""))
                | Q(is_ai=False, player__isnull=False, former_player=False)
                | Q(is_ai=False, player__isnull=True, former_player=True)
                | (Q(is_ai=False, player__isnull=True, former_player=False)
                   & ~Q(guest_name="")),
                name="a_seat_is_a_player_or_a_named_ai_or_guest"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        """The name pairings and standings show: the AI seat's, the player's display name
        (else username), a guest's name, or a former player's anonymised name."""
        if self.is_ai or self.player_id is None:
            return registration_shown_name(self.pk, self.is_ai, self.ai_name, None, self.guest_name)
        return shown_name(self.player)

    @property
    def is_guest(self) -> bool:
        return not self.is_ai and self.player_id is None and not self.former_player


def registration_shown_name(pk: int, is_ai: bool, ai_name: str, shown: str | None,
              guest_name: str = "") -> str:
    """A seat's name from its values (`shown`: the player's shown name, None without one,
    read with `accounts.selectors.profiles.shown_name_of("player")`; `guest_name`: a walk-in
    seat's). A former player's name is numbered by the seat, so it stays the same on every
    page and in every export."""
    if is_ai:
        return ai_name
    if shown is None and guest_name:
        return guest_name
    if shown is None:
        return gettext("Former player %(number)d") % {"number": pk}
    return shown


class KeptApart(models.Model):
    """Two seats of an event the organizer listed as a pairing that must not happen
    (siblings, teammates, a parent and child): the Swiss pairing avoids it just below a
    rematch (tournaments.swiss.pairing). The lower registration id first, once per pair."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="kept_apart")
    first = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    note = models.CharField(max_length=200, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                           related_name="+")
    at = models.DateTimeField()

    class Meta:
        ordering = ["event", "id"]
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="a_pair_kept_apart_once"),
            models.CheckConstraint(condition=Q(first__lt=F("second")),
                                   name="kept_apart_lower_seat_first"),
        ]

    def __str__(self) -> str:
        return f"{self.first} and {self.second} kept apart in {self.event}"


class WaitlistEntry(models.Model):
    """A player waiting for a seat in a full event, with the list they entered with (checked
    like a registration's). The earliest entry takes the next seat freed before the start
    (services.registrations); the entry goes when its player gets a seat or leaves."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="waitlist")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="waitlist_entries")
    decklist_version = models.ForeignKey("decks.DecklistVersion", null=True, blank=True,
                                         on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["event", "id"]  # first come first served
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_waitlist_entry_each"),
        ]

    def __str__(self) -> str:
        return f"{self.player} waiting for {self.event}"


class DeckCheckOutcome(models.TextChoices):
    MATCHES = "matches", _("The deck matches the registered list")
    DIFFERS = "differs", _("The deck differs from the registered list")


class DeckCheck(models.Model):
    """A deck check during the event: an organizer compared a player's deck at the table with
    the version their seat has registered. Part of the event's audit trail: one row per
    check, never edited; seen by the event's organizers only."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="deck_checks")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE,
                                     related_name="deck_checks")
    # The version checked against: the seat's registered one when the check was made.
    decklist_version = models.ForeignKey("decks.DecklistVersion", on_delete=models.PROTECT,
                                         related_name="+")
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)  # None: between
    outcome = models.CharField(max_length=10, choices=DeckCheckOutcome.choices)
    note = models.CharField(max_length=200, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                           related_name="+")
    at = models.DateTimeField()

    class Meta:
        ordering = ["event", "at", "id"]

    def __str__(self) -> str:
        return f"deck check of {self.registration} at {self.at:%Y-%m-%d %H:%M}"
