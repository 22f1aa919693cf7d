"""Tournament models. Business logic lives in services/ and selectors.py, not here.

- An `Event` runs one format with its own organizers; its status moves registration ->
  running -> top_cut -> complete (or running -> complete without a top cut). The legal moves
  are `EVENT_TRANSITIONS`; services/ has one function per move.
- A `Registration` is a seat: a player with the decklist the format needs (only ever the
  player's own, attached by the player: an organizer adds a seat without one), or an AI seat
  (`is_ai`, no player) that fills an odd count when the event asks for it.
- A `Round` is one Swiss or top-cut round; its `Match`es carry both players' reports and the
  confirmed result. A `ResultChange` keeps who changed a result, when, and what it was before
  and after.
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from core.seeds import new_seed
from tournaments.swiss import DEFAULT_ORDER


class EventFormat(models.TextChoices):
    PRECONSTRUCTED = "preconstructed", "Preconstructed"
    DRAFT = "draft", "Draft"
    CONSTRUCTED = "constructed", "Constructed"


class EventStatus(models.TextChoices):
    REGISTRATION = "registration", "Registration"
    RUNNING = "running", "Running"
    TOP_CUT = "top_cut", "Top cut"
    COMPLETE = "complete", "Complete"


EVENT_TRANSITIONS: dict[str, tuple[str, ...]] = {
    EventStatus.REGISTRATION: (EventStatus.RUNNING,),
    EventStatus.RUNNING: (EventStatus.TOP_CUT, EventStatus.COMPLETE),
    EventStatus.TOP_CUT: (EventStatus.COMPLETE,),
    EventStatus.COMPLETE: (),
}


class MatchLength(models.IntegerChoices):
    BEST_OF_1 = 1, "Best of 1"
    BEST_OF_3 = 3, "Best of 3"


class TopCut(models.IntegerChoices):
    NONE = 0, "No top cut"
    TOP_4 = 4, "Top 4"
    TOP_8 = 8, "Top 8"


def default_tiebreakers() -> list[str]:
    """The Magic Tournament Rules order: match points, OMW%, GW%, OGW%."""
    return list(DEFAULT_ORDER)


class Event(models.Model):
    name = models.CharField(max_length=120)
    game = models.ForeignKey("decks.Game", on_delete=models.PROTECT, related_name="events")
    format = models.CharField(max_length=20, choices=EventFormat.choices)
    match_length = models.PositiveSmallIntegerField(choices=MatchLength.choices,
                                                    default=MatchLength.BEST_OF_3)
    # Swiss rounds; None until the event starts, then rounds_for(players) unless set.
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    top_cut = models.PositiveSmallIntegerField(choices=TopCut.choices, default=TopCut.NONE)
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="organized_events")
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
    # Metric names of tournaments.swiss.standings.METRICS, in the order they decide.
    tiebreakers = models.JSONField(default=default_tiebreakers)
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
                                   name="event_top_cut_0_4_or_8"),
        ]

    def __str__(self) -> str:
        return self.name

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


class Registration(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    # None for an AI seat.
    player = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                               on_delete=models.CASCADE, related_name="registrations")
    is_ai = models.BooleanField(default=False)
    ai_name = models.CharField(max_length=60, blank=True)
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

    class Meta:
        ordering = ["event", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_registration_per_player"),
            # Draft pods may seat several AI players; each has its own name in the event.
            models.UniqueConstraint(fields=["event", "ai_name"], condition=Q(is_ai=True),
                                    name="ai_seat_names_unique_per_event"),
            models.CheckConstraint(
                condition=(Q(is_ai=True, player__isnull=True) & ~Q(ai_name=""))
                | Q(is_ai=False, player__isnull=False),
                name="a_seat_is_a_player_or_a_named_ai"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return self.ai_name if self.is_ai else self.player.get_username()


class RoundStage(models.TextChoices):
    SWISS = "swiss", "Swiss"
    TOP_CUT = "top_cut", "Top cut"


class RoundStatus(models.TextChoices):
    PLAYING = "playing", "Playing"
    COMPLETE = "complete", "Complete"  # every result confirmed


class Round(models.Model):
    # No related_name "rounds": Event.rounds is the number of Swiss rounds.
    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField()  # 1.. over Swiss and top-cut rounds
    stage = models.CharField(max_length=10, choices=RoundStage.choices, default=RoundStage.SWISS)
    status = models.CharField(max_length=10, choices=RoundStatus.choices,
                              default=RoundStatus.PLAYING)
    seed = models.BigIntegerField(default=0)  # the seed the pairing used, to replay it
    # {"lines": [...], "players": {"R12": "alice", ...}}: the pairing's own explanation, whose
    # lines name players by id, and the names those ids stood for.
    explanation = models.JSONField(default=dict, blank=True)
    paired_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                  on_delete=models.SET_NULL, related_name="+")
    paired_at = models.DateTimeField()
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            # With the event row lock, this makes pairing a round happen once.
            models.UniqueConstraint(fields=["event", "number"], name="one_round_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"


class MatchStatus(models.TextChoices):
    PENDING = "pending", "Pending"  # no report yet
    REPORTED = "reported", "Reported"  # one report, waiting for the other side
    # The two reports disagree, or the engine's result was refused: the organizer settles it.
    DISPUTED = "disputed", "Disputed"
    CONFIRMED = "confirmed", "Confirmed"


MATCH_TRANSITIONS: dict[str, tuple[str, ...]] = {
    # pending -> disputed: the engine's result of online games was refused (a top-cut match
    # level at the cap on games, rule C-7.5b): the organizer settles it.
    MatchStatus.PENDING: (MatchStatus.REPORTED, MatchStatus.CONFIRMED, MatchStatus.DISPUTED),
    MatchStatus.REPORTED: (MatchStatus.REPORTED, MatchStatus.CONFIRMED, MatchStatus.DISPUTED),
    MatchStatus.DISPUTED: (MatchStatus.DISPUTED, MatchStatus.CONFIRMED),
    # Only the organizer changes a confirmed result (a correction stays confirmed).
    MatchStatus.CONFIRMED: (MatchStatus.CONFIRMED,),
}


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
    engine_verified = models.BooleanField(default=False)
    confirmed_at = models.DateTimeField(null=True, blank=True)

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
    # [{"code", "where", "message"}] from engine.berserk.squad_check; [] when ok.
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


class DeckCheckOutcome(models.TextChoices):
    MATCHES = "matches", "The deck matches the registered list"
    DIFFERS = "differs", "The deck differs from the registered list"


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


class ResultAction(models.TextChoices):
    BYE = "bye", "Bye"
    REPORT = "report", "Player report"
    ORGANIZER = "organizer", "Organizer"
    ENGINE = "engine", "Engine"


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
    at = models.DateTimeField()

    class Meta:
        ordering = ["match", "id"]  # the order the changes were made (see selectors)

    def __str__(self) -> str:
        return f"{self.match}: {self.action} at {self.at:%Y-%m-%d %H:%M}"


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


class JobStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"  # gave up after the attempt cap: the organizer decides


class MatchJob(models.Model):
    """Engine work for one match (AI seats playing it out), done by a Celery worker.

    The row is the truth, the broker only a doorbell: a task carries the job id, the worker
    locks the row, and a finished job is never redone, so a task delivered twice, or a late
    worker finishing an attempt already retried, changes nothing. The sweeper re-queues a job
    whose running worker stopped beating or whose message the broker no longer holds
    (clash/deliveries.py), up to a cap on messages per job."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="job")
    status = models.CharField(max_length=10, choices=JobStatus.choices,
                              default=JobStatus.QUEUED)
    seed = models.BigIntegerField()
    attempts = models.PositiveSmallIntegerField(default=0)  # runs started
    # The job's latest message: its token (the task id; a delivery carrying another token was
    # replaced and does nothing), how many messages were sent, and the queue they went to.
    delivery = models.CharField(max_length=36, blank=True)
    deliveries = models.PositiveSmallIntegerField(default=0)
    queue = models.CharField(max_length=200, blank=True)
    queued_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    # Stamped every few seconds by the worker running it (CLASH_JOB_HEARTBEAT_SECONDS).
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["status", "queued_at"])]


class GameMode(models.TextChoices):
    ONLINE = "online", "Played online"
    AUTO = "auto", "Auto-played"
    REPORTED = "reported", "Reported"


class EngineGame(models.Model):
    """One game of a match, with what replays it: its seed and the engine's game record."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()  # 1, 2, 3
    mode = models.CharField(max_length=10, choices=GameMode.choices)
    seed = models.BigIntegerField()
    record = models.JSONField(null=True, blank=True)
    winner = models.CharField(max_length=4, blank=True)  # "A", "B", "draw" or "" (unfinished)
    verified = models.BooleanField(default=False)  # the engine produced or replayed it
    divergent_turn = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_game_per_number"),
        ]


# Draft pods (rule C-2.4) ---------------------------------------------------------------------


class Pod(models.Model):
    """Up to 8 seats of a draft event: they draft in pairs (seats 1 and 2, 3 and 4, ...),
    then play their Swiss rounds among themselves."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pods")
    number = models.PositiveSmallIntegerField()  # 1, 2, ... within the event
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_pod_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.event} pod {self.number}"


class DraftStatus(models.TextChoices):
    PICKING = "picking", "Picking"
    DONE = "done", "Done"  # 16 picks: each seat of the pair has its 8 cards


class DraftPair(models.Model):
    """Two seats of a pod drafting from their own shuffled Starter Kit. `record` (the engine's
    DraftRecord JSON: seed, catalogue, picks) is the truth; every pick rebuilds the draft from
    it under this row's lock."""

    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="pairs")
    number = models.PositiveSmallIntegerField()  # pair n: seats 2n-1 (A) and 2n (B)
    seed = models.BigIntegerField()
    status = models.CharField(max_length=10, choices=DraftStatus.choices,
                              default=DraftStatus.PICKING)
    record = models.JSONField()
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["pod", "number"]
        constraints = [
            models.UniqueConstraint(fields=["pod", "number"], name="one_draft_pair_per_number"),
            models.CheckConstraint(condition=Q(seed__gte=0), name="draft_seed_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.pod} pair {self.number}"


class DraftSide(models.TextChoices):
    A = "A", "A"
    B = "B", "B"


class PodSeat(models.Model):
    """A registration's place in its pod (a registration belongs to one pod) and its side in
    its pair's draft."""

    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()  # 1 to 8
    pair = models.ForeignKey(DraftPair, on_delete=models.CASCADE, related_name="seats")
    side = models.CharField(max_length=1, choices=DraftSide.choices)
    registration = models.OneToOneField(Registration, on_delete=models.CASCADE,
                                        related_name="pod_seat")
    # The seat's 8 cards once its pair's draft is done; a player's also become their drafted
    # decklist (Registration.decklist_version), an AI seat keeps them here.
    cards = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["pod", "number"]
        constraints = [
            models.UniqueConstraint(fields=["pod", "number"], name="one_pod_seat_per_number"),
            models.UniqueConstraint(fields=["pair", "side"], name="one_pod_seat_per_side"),
        ]

    def __str__(self) -> str:
        return f"{self.pod} seat {self.number}"


# Ratings ---------------------------------------------------------------------------------------


class Rating(models.Model):
    """A player's OpenSkill (Plackett-Luce) rating in one game and format."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="ratings")
    game = models.ForeignKey("decks.Game", on_delete=models.PROTECT, related_name="+")
    format = models.CharField(max_length=20, choices=EventFormat.choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()  # mu - 3 sigma: the leaderboard's order
    matches = models.PositiveIntegerField(default=0)
    events = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["game", "format", "-ordinal", "id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "game", "format"],
                                    name="one_rating_per_game_and_format"),
        ]
        indexes = [models.Index(fields=["game", "format", "-ordinal"],
                                name="rating_leaderboard")]

    def __str__(self) -> str:
        return f"{self.player} {self.format}: {self.ordinal:.2f}"


class RatedEvent(models.Model):
    """A completed event whose matches were applied to the ratings: each applies once."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="rated")
    matches = models.PositiveIntegerField()  # the matches that counted
    applied_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.event} rated"


# Uploaded game records -------------------------------------------------------------------------


class UploadStatus(models.TextChoices):
    PENDING = "pending", "Waiting for a worker"
    VERIFIED = "verified", "Verified by the engine"
    DIVERGENT = "divergent", "Differs from the replay"


class GameUpload(models.Model):
    """Who uploaded the record of a reported game (an `EngineGame` in mode reported), and what
    the engine's replay made of it. A worker checks it once: pending -> verified or
    divergent; a divergent record may be replaced by a new upload, which is pending again."""

    game = models.OneToOneField(EngineGame, on_delete=models.CASCADE, related_name="upload")
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                    related_name="+")
    status = models.CharField(max_length=10, choices=UploadStatus.choices,
                              default=UploadStatus.PENDING)
    note = models.CharField(max_length=200, blank=True)  # what the replay found
    uploaded_at = models.DateTimeField()
    checked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game"]

    def __str__(self) -> str:
        return f"record of game {self.game.number} of match {self.game.match_id}"
