"""Matches, their status machine and audit trail (`ResultChange`), and Berserk squad checks."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.registrations import Registration
from tournaments.models.rounds import Round


class MatchStatus(models.TextChoices):
    PENDING = "pending", _("Pending")  # no report yet
    REPORTED = "reported", _("Reported")  # one report, waiting for the other side
    # The two reports disagree, or the engine's result was refused: the organizer settles it.
    DISPUTED = "disputed", _("Disputed")
    CONFIRMED = "confirmed", _("Confirmed")


MATCH_TRANSITIONS: dict[str, tuple[str, ...]] = {
    # pending -> disputed: the engine's result of online games was refused (a top-cut match
    # level at the cap on games, rule C-7.5b): the organizer settles it.
    MatchStatus.PENDING: (MatchStatus.REPORTED, MatchStatus.CONFIRMED, MatchStatus.DISPUTED),
    MatchStatus.REPORTED: (MatchStatus.REPORTED, MatchStatus.CONFIRMED, MatchStatus.DISPUTED),
    MatchStatus.DISPUTED: (MatchStatus.DISPUTED, MatchStatus.CONFIRMED),
    # Only the organizer changes a confirmed result (a correction stays confirmed).
    MatchStatus.CONFIRMED: (MatchStatus.CONFIRMED,),
}


class MatchBracket(models.TextChoices):
    """Where a match stands in its phase's bracket, when that is more than its round says."""
    MAIN = "", _("Main")  # a Swiss, round-robin or single-elimination match
    THIRD_PLACE = "third_place", _("Third place")  # the semifinals' losers (beside the final)
    # A double elimination's (services.double_elimination): its two brackets and the grand
    # final (the reset is the final's second round).
    WINNERS = "winners", _("Winners bracket")
    LOSERS = "losers", _("Losers bracket")
    FINAL = "final", _("Grand final")


class Match(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField(null=True, blank=True)  # None for a bye
    player_a = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(Registration, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="+")  # None: a bye
    status = models.CharField(max_length=10, choices=MatchStatus.choices,
                              default=MatchStatus.PENDING)
    # The confirmed result, in games, from A's side; None until confirmed.
    a_wins = models.PositiveSmallIntegerField(null=True, blank=True)
    b_wins = models.PositiveSmallIntegerField(null=True, blank=True)
    draws = models.PositiveSmallIntegerField(null=True, blank=True)
    # Each player's report {"a_wins", "b_wins", "draws"}, also from A's side.
    report_a = models.JSONField(null=True, blank=True)
    report_b = models.JSONField(null=True, blank=True)
    is_ai_match = models.BooleanField(default=False)
    bracket = models.CharField(max_length=12, choices=MatchBracket.choices, blank=True,
                               default=MatchBracket.MAIN)
    engine_verified = models.BooleanField(default=False)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # Extra time for this table only (a judge call, a deck check), on top of the round's
    # clock (services.clock.match_time_extend; each grant is a ClockChange).
    extra_minutes = models.PositiveSmallIntegerField(default=0)
    # A team event's seat match: the team match it belongs to (models.teams); None otherwise.
    team_match = models.ForeignKey("tournaments.TeamMatch", null=True, blank=True,
                                   on_delete=models.CASCADE, related_name="seat_matches")

    class Meta:
        ordering = ["round", "table", "id"]
        verbose_name_plural = "matches"
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], condition=Q(table__isnull=False),
                                    name="one_match_per_table"),
            models.UniqueConstraint(fields=["round", "player_a"], name="player_a_once_a_round"),
            models.UniqueConstraint(fields=["round", "player_b"], name="player_b_once_a_round"),
            models.CheckConstraint(condition=~Q(player_a=F("player_b")),
                                   name="no_match_against_oneself"),
            models.CheckConstraint(
                condition=Q(player_b__isnull=False) | Q(status=MatchStatus.CONFIRMED,
                                                        table__isnull=True),
                name="a_bye_is_confirmed_and_has_no_table"),
            models.CheckConstraint(
                condition=~Q(status=MatchStatus.CONFIRMED)
                | Q(a_wins__isnull=False, b_wins__isnull=False, draws__isnull=False),
                name="a_confirmed_match_has_a_result"),
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.table or 'bye'}"

    @property
    def bye(self) -> bool:
        return self.player_b_id is None


class SquadCheck(models.Model):
    """The squad a player recruited and placed for one game of a match of a Berserk event
    that checks squads, and what the rules check (B-4, B-5) found in it. A player may
    resubmit while the match is open: the row is replaced, never duplicated."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="squad_checks")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    game_number = models.PositiveSmallIntegerField()  # 1, 2, 3
    squad = models.JSONField()  # as submitted: player, deal (names), squad, placement
    # [{"code", "where", "message", "params"}] from engine.berserk.squad_check; [] when ok.
    problems = models.JSONField(default=list, blank=True)
    ok = models.BooleanField()
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["match", "game_number", "registration"]
        constraints = [
            models.UniqueConstraint(fields=["match", "registration", "game_number"],
                                    name="one_squad_check_per_game_and_player"),
            models.CheckConstraint(condition=Q(game_number__gte=1, game_number__lte=3),
                                   name="squad_check_game_1_to_3"),
        ]

    def __str__(self) -> str:
        return f"squad of {self.registration} for game {self.game_number} of {self.match}"


class ResultAction(models.TextChoices):
    BYE = "bye", _("Bye")
    REPORT = "report", _("Player report")
    ORGANIZER = "organizer", _("Organizer")
    ENGINE = "engine", _("Engine")
    # A game loss or match loss (models.penalties): the one change of an engine-verified
    # result that is not the engine's.
    PENALTY = "penalty", _("Penalty")
    NO_SHOW = "no_show", _("No-show")  # a match loss for a player absent past the set minutes


class ResultChange(models.Model):
    """The audit trail of a match result: one row per change, never edited."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="changes")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                           on_delete=models.SET_NULL, related_name="+")  # None: bye or engine
    action = models.CharField(max_length=10, choices=ResultAction.choices)
    # Snapshots {"status", "a_wins", "b_wins", "draws", "report_a", "report_b"}; before is
    # {} when the match was created with its result (a bye).
    before = models.JSONField(default=dict)
    after = models.JSONField()
    note = models.CharField(max_length=200, blank=True)
    # A note the site wrote itself (time was called, ...): its code and values, put into words
    # in the reader's language when read (tournaments.presenters.result_notes). `note` keeps
    # its English, as the API and the event file give it; a person's note has no code.
    note_code = models.CharField(max_length=40, blank=True, default="")
    note_params = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField()

    class Meta:
        ordering = ["match", "id"]  # the order the changes were made (see selectors)

    def __str__(self) -> str:
        return f"{self.match}: {self.action} at {self.at:%Y-%m-%d %H:%M}"
