"""Events: their format, status machine and settings, and the results version and frozen
standings of each (`EventStandings`)."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.seeds import new_seed
from tournaments.swiss import DEFAULT_ORDER


class EventFormat(models.TextChoices):
    PRECONSTRUCTED = "preconstructed", _("Preconstructed")
    DRAFT = "draft", _("Draft")
    CONSTRUCTED = "constructed", _("Constructed")


class EventStatus(models.TextChoices):
    # "Running" has its own context here and on a lab run: languages word them apart.
    REGISTRATION = "registration", _("Registration")
    RUNNING = "running", pgettext_lazy("event status", "Running")
    TOP_CUT = "top_cut", _("Top cut")
    COMPLETE = "complete", _("Complete")


EVENT_TRANSITIONS: dict[str, tuple[str, ...]] = {
    EventStatus.REGISTRATION: (EventStatus.RUNNING,),
    EventStatus.RUNNING: (EventStatus.TOP_CUT, EventStatus.COMPLETE),
    EventStatus.TOP_CUT: (EventStatus.COMPLETE,),
    EventStatus.COMPLETE: (),
}


class MatchLength(models.IntegerChoices):
    BEST_OF_1 = 1, _("Best of 1")
    BEST_OF_3 = 3, _("Best of 3")


class TopCut(models.IntegerChoices):
    NONE = 0, _("No top cut")
    TOP_2 = 2, _("Top 2")
    TOP_4 = 4, _("Top 4")
    TOP_8 = 8, _("Top 8")
    TOP_16 = 16, _("Top 16")
    TOP_32 = 32, _("Top 32")
    TOP_64 = 64, _("Top 64")


def default_tiebreakers() -> list[str]:
    """The Magic Tournament Rules order: match points, OMW%, GW%, OGW%."""
    return list(DEFAULT_ORDER)


class EventStructure(models.TextChoices):
    """The structure of an event's first phase (tournaments.models.phases.PhaseStructure's
    values): Swiss rounds, a round robin in groups, or a single (services.knockout) or double
    (services.double_elimination) elimination of the whole field."""

    SWISS = "swiss", _("Swiss")
    ROUND_ROBIN = "round_robin", _("Round robin in groups")
    SINGLE_ELIMINATION = "single_elimination", _("Single elimination")
    DOUBLE_ELIMINATION = "double_elimination", _("Double elimination")


class LatePlayerGets(models.TextChoices):
    BYE = "bye", _("A bye")
    AI_MATCH = "ai_match", _("A match against an AI seat")


class Event(models.Model):
    name = models.CharField(max_length=120)
    game = models.ForeignKey("decks.CardGame", on_delete=models.PROTECT, related_name="events")
    format = models.CharField(max_length=20, choices=EventFormat.choices)
    match_length = models.PositiveSmallIntegerField(choices=MatchLength.choices,
                                                    default=MatchLength.BEST_OF_3)
    # Swiss rounds; None until the event starts, then rounds_for(players) unless set.
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    top_cut = models.PositiveSmallIntegerField(choices=TopCut.choices, default=TopCut.NONE)
    # The top cut's semifinal losers play for third place (else they share it).
    third_place = models.BooleanField(default=False)
    # A double elimination: a second final when the losers bracket's champion wins the first
    # (so the winners bracket's champion is out at their second loss too).
    grand_final_reset = models.BooleanField(default=True)
    # A two-day event: after the `rounds` Swiss rounds of day 1, the players with at least
    # `day2_points` match points play `day2_rounds` more Swiss rounds, their points and who
    # they met carried over (None: a one-day event). Then the top cut, if any, from them.
    day2_points = models.PositiveSmallIntegerField(null=True, blank=True)
    day2_rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    # The first phase: Swiss, or a round robin in `groups` groups (drawn by snake order at
    # the start), each pair meeting once or twice (`cycles`), head-to-head breaking ties on
    # match points first when asked. A round robin's top cut takes the same number from each
    # group (`top_cut` / `groups`); its `rounds` are set at the start from the largest group.
    structure = models.CharField(max_length=20, choices=EventStructure.choices,
                                 default=EventStructure.SWISS)
    groups = models.PositiveSmallIntegerField(null=True, blank=True)
    cycles = models.PositiveSmallIntegerField(default=1)
    head_to_head = models.BooleanField(default=False)
    # Players per team: 1 an individual event; 2 or 3 a team event (models.teams), its teams
    # paired by the team Swiss. Set when the event is made.
    team_size = models.PositiveSmallIntegerField(default=1)
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="organized_events")
    # People the organizers name as the event's judges: they record penalties, grant a table
    # extra time and read the event's lists for deck checks, and do nothing else an organizer
    # does (services.penalties, selectors.access.is_judge).
    judges = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="judged_events",
                                    blank=True)
    registration_opens = models.DateTimeField(null=True, blank=True)
    registration_closes = models.DateTimeField(null=True, blank=True)
    decklist_deadline = models.DateTimeField(null=True, blank=True)
    lists_published = models.BooleanField(default=False)
    # Who published the registered lists and when (decklists.event_lists_publish).
    lists_published_at = models.DateTimeField(null=True, blank=True)
    lists_published_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                           on_delete=models.SET_NULL, related_name="+")
    # Players may still register while the event runs, until this round is paired (0: no
    # late entry). They start with 0 points and get nothing for the rounds they missed.
    late_entry_until_round = models.PositiveSmallIntegerField(default=0)
    check_in_required = models.BooleanField(default=False)  # no check-in: dropped at start
    fill_with_ai = models.BooleanField(default=False)  # an AI seat instead of a bye
    # Whether AI seats may take a place in the top cut; when not, the next player in the
    # standings takes an AI seat's place (topcut.topcut_start). Set when the event is made.
    ai_in_top_cut = models.BooleanField(default=False)
    exclude_ai_from_ratings = models.BooleanField(default=True)
    # Berserk only: before reporting, each player submits their squad of each game for the
    # rules check (B-4, B-5); see SquadCheck.
    check_squads = models.BooleanField(default=False)
    # A player added after a round is paired gets a bye for it, or a match against a new AI
    # seat (services.corrections).
    late_player_gets = models.CharField(max_length=10, choices=LatePlayerGets.choices,
                                        default=LatePlayerGets.BYE)
    # A player absent this many minutes into the round clock may be given a match loss.
    no_show_minutes = models.PositiveSmallIntegerField(default=10)
    # Set on an event made from an event file (eventfile.services.event_file): where it came
    # from and when. An imported event never feeds the ratings (a file can be forged).
    imported_at = models.DateTimeField(null=True, blank=True)
    imported_from = models.CharField(max_length=200, blank=True)
    # The SHA-256 of the file's canonical JSON (eventfile.services.event_file.event_file_digest): a
    # second import of the same file by one of the event's organizers answers this event.
    imported_digest = models.CharField(max_length=64, blank=True, db_index=True)
    # The round clock: each round's length, and whether pairing a round starts its clock
    # (else the organizer starts it from the dashboard).
    round_minutes = models.PositiveSmallIntegerField(default=50)
    clock_starts_at_pairing = models.BooleanField(default=True)
    # A draft event's pick timer: seconds each seat has for each pick, after which the AI's
    # draft policy picks for it (services.pods); None: no timer (casual events).
    pick_seconds = models.PositiveSmallIntegerField(null=True, blank=True)
    # Metric names of tournaments.swiss.standings.METRICS, in the order they decide.
    tiebreakers = models.JSONField(default=default_tiebreakers)
    # When and where it happens. Every time on the event's pages is shown in `time_zone`
    # (an IANA name, checked by core.zones.time_zone_problem), with the zone named.
    starts_at = models.DateTimeField(null=True, blank=True)
    time_zone = models.CharField(max_length=64, default="UTC")
    venue = models.CharField(max_length=200, blank=True)
    description = models.TextField(blank=True)  # plain text: shown escaped, lines kept
    # Seats for players (AI seats aside); None: no limit. Players past it wait in line
    # (WaitlistEntry) and take a freed seat before the start, first come first served.
    capacity = models.PositiveIntegerField(null=True, blank=True)
    # Drives every draw of the event (pods, drafts, pairings, engine games): drawn on the
    # server (core.seeds), never chosen by nor shown to anyone until the event is complete.
    seed = models.BigIntegerField(default=new_seed)
    # Published when the event starts: SHA-256 of the seed and the nonce (core.seeds), so
    # the seed revealed at the end can be checked against it.
    seed_nonce = models.CharField(max_length=32, blank=True)
    seed_hash = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=20, choices=EventStatus.choices,
                              default=EventStatus.REGISTRATION)
    created_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(match_length__in=MatchLength.values),
                                   name="event_match_length_1_or_3"),
            models.CheckConstraint(condition=Q(top_cut__in=TopCut.values),
                                   name="event_top_cut_a_power_of_two"),
            models.CheckConstraint(condition=Q(day2_points__isnull=True, day2_rounds__isnull=True)
                                   | Q(day2_points__isnull=False, day2_rounds__gte=1),
                                   name="a_day_2_has_its_rounds"),
            models.CheckConstraint(condition=Q(structure__in=("swiss", "single_elimination",
                                                              "double_elimination"),
                                                 groups__isnull=True)
                                   | Q(structure="round_robin", groups__gte=1),
                                   name="a_round_robin_has_its_groups"),
            models.CheckConstraint(condition=Q(team_size__gte=1, team_size__lte=3),
                                   name="event_team_size_1_to_3"),
            models.CheckConstraint(condition=Q(cycles__gte=1, cycles__lte=2),
                                   name="event_cycles_1_or_2"),
            models.CheckConstraint(condition=~Q(structure="double_elimination", third_place=True),
                                   name="a_double_elimination_has_no_third_place"),
            models.CheckConstraint(condition=Q(round_minutes__gte=1, round_minutes__lte=600),
                                   name="event_round_minutes_1_to_600"),
            models.CheckConstraint(condition=Q(no_show_minutes__gte=1,
                                               no_show_minutes__lte=600),
                                   name="event_no_show_minutes_1_to_600"),
            models.CheckConstraint(condition=Q(pick_seconds__isnull=True)
                                   | Q(pick_seconds__gte=10, pick_seconds__lte=600),
                                   name="event_pick_seconds_10_to_600"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def round_robin(self) -> bool:
        return self.structure == EventStructure.ROUND_ROBIN

    @property
    def teams_play(self) -> bool:
        """A team event: teams of `team_size` players are paired, not players."""
        return self.team_size > 1

    @property
    def single_elimination(self) -> bool:
        """The whole field plays a knockout from the start (services.knockout)."""
        return self.structure == EventStructure.SINGLE_ELIMINATION

    @property
    def double_elimination(self) -> bool:
        """The whole field plays a double elimination from the start
        (services.double_elimination)."""
        return self.structure == EventStructure.DOUBLE_ELIMINATION

    @property
    def elimination(self) -> bool:
        """The whole field plays one bracket from the start (single or double elimination):
        no Swiss rounds, no top cut, its places are the bracket's."""
        return self.structure in (EventStructure.SINGLE_ELIMINATION,
                                  EventStructure.DOUBLE_ELIMINATION)

    @property
    def swiss_rounds(self) -> int | None:
        """Every Swiss round of the event: day 1's, and day 2's for a two-day event (None
        until day 1's number is known)."""
        if self.rounds is None:
            return None
        return self.rounds + (self.day2_rounds or 0 if self.day2_points is not None else 0)

    @property
    def seed_public(self) -> bool:
        """Whether the seed may be shown (to anyone, organizers too): once the event is
        complete. Before, whoever knows it foresees every draw of the event, so every page,
        answer and file that could carry it (a round's seed is the event's, and an undone
        pairing's correction keeps it) leaves it out."""
        return self.status == EventStatus.COMPLETE

    def lists_fixed(self, now: datetime) -> bool:
        """Whether the registered decklist versions are fixed: from the start, or from the
        decklist deadline when that comes first. Until then a registration follows its
        player's edits; after, an edit makes a version this event never sees."""
        return self.status != EventStatus.REGISTRATION or (
            self.decklist_deadline is not None and self.decklist_deadline <= now)


def lists_open(now: datetime, *, via: str = "event__") -> Q:
    """`Event.lists_fixed` as a filter, negated: the events (reached through `via`) whose
    registrations still follow their players' edits."""
    return Q(**{f"{via}status": EventStatus.REGISTRATION}) & (
        Q(**{f"{via}decklist_deadline__isnull": True})
        | Q(**{f"{via}decklist_deadline__gt": now}))


class EventStandings(models.Model):
    """An event's results version, and its final standings once it completes.

    `version` goes up with every change to what the standings or pairings show (a report or
    a result, a drop, an entry, a round paired, a status move): the pages keep what they
    computed under (event, version), so a version they have seen is never computed twice.
    It is a row of its own rather than a column of Event so that a result writer, which
    locks the round and the match but not the event, can bump it as its last write without
    waiting on the event's lock: organizer services hold that lock while they wait for a
    round's, and the two would deadlock. `tournaments.services.standings` writes it.

    `final` is the standings as they stood when the event completed, row by row; the
    pages show them from then on, so a later change to the tiebreakers' code never
    reorders a finished event."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, primary_key=True,
                                 related_name="standings_state")
    version = models.PositiveBigIntegerField(default=0)
    final = models.JSONField(null=True, blank=True)
    frozen_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "event standings"

    def __str__(self) -> str:
        return f"{self.event}: results version {self.version}"
