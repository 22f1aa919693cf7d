"""The API's events: filters, creation, edits, the event as its reader may see it, and a new
organizer."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from decks.models import CardGame
from tournaments.api.serializers.fields import player_field, status_field
from tournaments.models import (
    EventFormat,
    EventStatus,
    EventStructure,
    LatePlayerGets,
    MatchLength,
    TopCut,
)
from tournaments.services.events import (
    DEFAULT_NO_SHOW_MINUTES,
    DEFAULT_ROUND_MINUTES,
    MAX_NO_SHOW_MINUTES,
    MAX_PICK_SECONDS,
    MAX_ROUND_MINUTES,
    MIN_PICK_SECONDS,
)
from tournaments.services.round_robin import MAX_GROUPS
from tournaments.swiss.standings import METRICS


class EventFilterIn(serializers.Serializer):
    status = status_field(EventStatus, required=False)
    format = serializers.ChoiceField(choices=EventFormat.choices, required=False)
    game = serializers.SlugRelatedField(
        slug_field="slug", queryset=CardGame.objects.all(), required=False,
        help_text="a game's slug, e.g. clash",
        error_messages={"does_not_exist": "no game {slug_name} {value}"})


SEED_FIELDS = ("seed", "seed_nonce", "seed_hash")
SEED_REFUSED = ("the event's seed is drawn by the server and cannot be chosen; its SHA-256 "
                "commitment is published when the event starts and the seed when it ends")


class EventCreateIn(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    format = serializers.ChoiceField(choices=EventFormat.choices)
    game = serializers.SlugRelatedField(
        slug_field="slug", queryset=CardGame.objects.all(), required=False, default=None,
        allow_null=True, help_text="a game's slug; Clash of Decks when empty",
        error_messages={"does_not_exist": "no game {slug_name} {value}"})
    match_length = serializers.ChoiceField(choices=MatchLength.choices,
                                           default=MatchLength.BEST_OF_3)
    structure = serializers.ChoiceField(
        choices=EventStructure.choices, default=EventStructure.SWISS,
        help_text="the first phase: Swiss rounds, a round robin in groups, or a single "
                  "elimination of the whole field (2 to 128 players, no Swiss rounds and no "
                  "top cut), or a double elimination of the whole field (3 to 64 players)")
    groups = serializers.IntegerField(
        min_value=1, max_value=MAX_GROUPS, required=False, allow_null=True, default=None,
        help_text="a round robin's groups (3 to 16 players each, drawn by snake order at the "
                  "start); with a top cut, its size / groups go on from each group")
    cycles = serializers.IntegerField(min_value=1, max_value=2, default=1,
                                      help_text="a round robin: each pair meets once or twice")
    head_to_head = serializers.BooleanField(
        default=False, help_text="a round robin: head-to-head breaks ties on match points "
                                 "first")
    team_size = serializers.IntegerField(
        min_value=1, max_value=3, default=1,
        help_text="players per team: 1 an individual event; 2 or 3 a team event (Swiss "
                  "only, no top cut), fixed once made")
    rounds = serializers.IntegerField(
        min_value=1, max_value=30, required=False, allow_null=True, default=None,
        help_text="Swiss rounds; empty: from the player count when the event starts")
    top_cut = serializers.ChoiceField(choices=TopCut.choices, default=TopCut.NONE)
    third_place = serializers.BooleanField(
        default=False, help_text="the semifinals' losers play for third place (a top cut of "
                                 "4 or more)")
    grand_final_reset = serializers.BooleanField(
        default=True, help_text="a double elimination: a second grand final when the losers "
                                "bracket's champion wins the first")
    day2_points = serializers.IntegerField(
        min_value=0, max_value=90, required=False, allow_null=True, default=None,
        help_text="a two-day event: the match points after day 1 that make day 2; empty: a "
                  "one-day event")
    day2_rounds = serializers.IntegerField(
        min_value=1, max_value=20, required=False, allow_null=True, default=None,
        help_text="a two-day event: day 2's Swiss rounds (points and opponents carry over)")
    registration_opens = serializers.DateTimeField(required=False, allow_null=True,
                                                   default=None)
    registration_closes = serializers.DateTimeField(required=False, allow_null=True,
                                                    default=None)
    decklist_deadline = serializers.DateTimeField(
        required=False, allow_null=True, default=None,
        help_text="from this time each registered decklist version is fixed (a later edit "
                  "makes a version the event does not see); empty: the lists are fixed when "
                  "the event starts, and the start fixes them too if it comes first")
    late_entry_until_round = serializers.IntegerField(
        min_value=0, max_value=30, default=0,
        help_text="players may enter until this round is paired (0: no late entry)")
    check_in_required = serializers.BooleanField(default=False)
    fill_with_ai = serializers.BooleanField(default=False,
                                            help_text="an AI seat instead of a bye")
    ai_in_top_cut = serializers.BooleanField(
        default=False, help_text="AI seats may take a place in the top cut (when not, the "
                                 "next player in the standings takes it)")
    exclude_ai_from_ratings = serializers.BooleanField(default=True)
    check_squads = serializers.BooleanField(
        default=False, help_text="Berserk only: each player submits the squad of each game "
                                 "for the rules check (B-4, B-5) before reporting")
    tiebreakers = serializers.ListField(
        child=serializers.ChoiceField(choices=list(METRICS)), required=False, min_length=1,
        max_length=len(METRICS), help_text="metric names in the order they decide")
    round_minutes = serializers.IntegerField(
        min_value=1, max_value=MAX_ROUND_MINUTES, default=DEFAULT_ROUND_MINUTES,
        help_text="the length of each round's clock")
    clock_starts_at_pairing = serializers.BooleanField(
        default=True, help_text="pairing a round starts its clock (else the organizer does)")
    late_player_gets = serializers.ChoiceField(
        choices=LatePlayerGets.choices, default=LatePlayerGets.BYE,
        help_text="what a player added after a round is paired gets for that round: a bye, "
                  "or a match against a new AI seat (games with AI players only)")
    no_show_minutes = serializers.IntegerField(
        min_value=1, max_value=MAX_NO_SHOW_MINUTES, default=DEFAULT_NO_SHOW_MINUTES,
        help_text="how long the round clock runs (pauses not counted) before an absent "
                  "player may be given a match loss")
    pick_seconds = serializers.IntegerField(
        min_value=MIN_PICK_SECONDS, max_value=MAX_PICK_SECONDS, required=False, allow_null=True,
        default=None, help_text="draft events: seconds each seat has for each pick, after "
                                "which the AI's draft policy picks for it (marked as such); "
                                "null: no timer")
    starts_at = serializers.DateTimeField(
        required=False, allow_null=True, default=None,
        help_text="the date and start time (ISO 8601 with an offset)")
    time_zone = serializers.CharField(
        max_length=64, default="UTC",
        help_text="an IANA time zone name (Europe/Paris): the event's pages show every time "
                  "in it; an unknown name is refused (400) and nothing is saved")
    venue = serializers.CharField(max_length=200, default="", allow_blank=True)
    description = serializers.CharField(max_length=5000, default="", allow_blank=True,
                                        help_text="plain text (shown escaped, lines kept)")
    capacity = serializers.IntegerField(
        min_value=1, max_value=10000, required=False, allow_null=True, default=None,
        help_text="the most players (AI seats aside); later ones join the waitlist "
                  "on the event's page and take a seat freed before "
                  "the start, first come first served; empty: no limit")

    def validate(self, attrs: dict) -> dict:
        # Whoever knows or picks the seed foresees or steers every draw: refuse it out loud
        # rather than ignore it, so a client that used to send one learns why.
        chosen = [k for k in SEED_FIELDS if k in self.initial_data]
        if chosen:
            raise serializers.ValidationError({k: SEED_REFUSED for k in chosen})
        return attrs


class EventUpdateIn(serializers.Serializer):
    """The settings to change, each optional (PATCH): which may change when is the service's
    rule (services.event_edit); a setting not listed here never changes after creation."""

    name = serializers.CharField(max_length=120, required=False)
    description = serializers.CharField(max_length=5000, allow_blank=True, required=False)
    venue = serializers.CharField(max_length=200, allow_blank=True, required=False)
    starts_at = serializers.DateTimeField(required=False, allow_null=True,
                                          help_text="ISO 8601 with an offset")
    time_zone = serializers.CharField(max_length=64, required=False,
                                      help_text="an IANA time zone name (Europe/Paris)")
    round_minutes = serializers.IntegerField(
        min_value=1, max_value=MAX_ROUND_MINUTES, required=False,
        help_text="the length of the rounds whose clock has not started yet")
    clock_starts_at_pairing = serializers.BooleanField(required=False)
    no_show_minutes = serializers.IntegerField(min_value=1, max_value=MAX_NO_SHOW_MINUTES,
                                               required=False)
    late_player_gets = serializers.ChoiceField(choices=LatePlayerGets.choices, required=False)
    late_entry_until_round = serializers.IntegerField(
        min_value=0, max_value=30, required=False,
        help_text="not below a round already paired")
    format = serializers.ChoiceField(choices=EventFormat.choices, required=False,
                                     help_text="during registration, before anyone registers")
    match_length = serializers.ChoiceField(choices=MatchLength.choices, required=False)
    structure = serializers.ChoiceField(choices=EventStructure.choices, required=False)
    groups = serializers.IntegerField(min_value=1, max_value=MAX_GROUPS, required=False,
                                      allow_null=True)
    cycles = serializers.IntegerField(min_value=1, max_value=2, required=False)
    head_to_head = serializers.BooleanField(required=False)
    rounds = serializers.IntegerField(min_value=1, max_value=30, required=False,
                                      allow_null=True)
    top_cut = serializers.ChoiceField(choices=TopCut.choices, required=False)
    third_place = serializers.BooleanField(required=False)
    day2_points = serializers.IntegerField(min_value=0, max_value=90, required=False,
                                           allow_null=True)
    day2_rounds = serializers.IntegerField(min_value=1, max_value=20, required=False,
                                           allow_null=True)
    tiebreakers = serializers.ListField(
        child=serializers.ChoiceField(choices=list(METRICS)), required=False, min_length=1,
        max_length=len(METRICS))
    check_in_required = serializers.BooleanField(required=False)
    fill_with_ai = serializers.BooleanField(required=False)
    ai_in_top_cut = serializers.BooleanField(required=False)
    registration_opens = serializers.DateTimeField(required=False, allow_null=True)
    registration_closes = serializers.DateTimeField(required=False, allow_null=True)
    decklist_deadline = serializers.DateTimeField(required=False, allow_null=True)
    capacity = serializers.IntegerField(
        min_value=1, max_value=10000, required=False, allow_null=True,
        help_text="during registration; not below the seats taken; a larger one (or null) "
                  "seats the waitlisted players in order")
    pick_seconds = serializers.IntegerField(
        min_value=MIN_PICK_SECONDS, max_value=MAX_PICK_SECONDS, required=False,
        allow_null=True, help_text="during registration: the draft's pick timer (null: none)")

    def validate(self, attrs: dict) -> dict:
        # A setting that never changes (the game, the squad checks, the seed) is refused by
        # name rather than ignored, so a client learns it was not applied.
        fixed = [k for k in self.initial_data if k not in self.fields]
        if fixed:
            raise serializers.ValidationError(
                {k: SEED_REFUSED if k in SEED_FIELDS
                 else f"{k} cannot be changed after the event is created" for k in fixed})
        if not attrs:
            raise serializers.ValidationError(gettext("Send at least one setting to change."))
        return attrs


class EventYouOut(serializers.Serializer):
    organizer = serializers.BooleanField()
    registration = serializers.IntegerField(allow_null=True, help_text="your seat's id")


class EventOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField(source="game.slug")
    format = serializers.ChoiceField(choices=EventFormat.choices)
    status = status_field(EventStatus)
    match_length = serializers.IntegerField()
    rounds = serializers.IntegerField(allow_null=True)
    structure = serializers.ChoiceField(
        choices=EventStructure.choices,
        help_text="the first phase: swiss, round_robin, single_elimination or "
                  "double_elimination")
    groups = serializers.IntegerField(allow_null=True, help_text="a round robin's groups")
    cycles = serializers.IntegerField(help_text="a round robin: each pair meets this often")
    head_to_head = serializers.BooleanField(
        help_text="a round robin: head-to-head breaks ties on match points first")
    team_size = serializers.IntegerField(
        help_text="players per team: 1 an individual event; 2 or 3 a team event, whose team "
                  "standings are at /api/events/{id}/team-standings/")
    top_cut = serializers.IntegerField()
    third_place = serializers.BooleanField(
        help_text="the semifinals' losers play for third place (a top cut of 4 or "
                  "more, or a single elimination of 4 players or more)")
    grand_final_reset = serializers.BooleanField(
        help_text="a double elimination: a second grand final when the losers bracket's "
                  "champion wins the first")
    day2_points = serializers.IntegerField(
        allow_null=True, help_text="a two-day event: the match points that make day 2")
    day2_rounds = serializers.IntegerField(allow_null=True,
                                           help_text="a two-day event: day 2's Swiss rounds")
    organizers = serializers.SerializerMethodField()
    players = serializers.IntegerField(help_text="registered players (AI seats aside)")
    registration_opens = serializers.DateTimeField(allow_null=True)
    registration_closes = serializers.DateTimeField(allow_null=True)
    decklist_deadline = serializers.DateTimeField(
        allow_null=True, help_text="empty: the lists are fixed when the event starts")
    lists_fixed = serializers.SerializerMethodField(
        help_text="the registered versions are fixed: the event has started or its decklist "
                  "deadline has passed")
    lists_published = serializers.BooleanField(
        help_text="the organizers published the registered lists: everyone sees them")
    late_entry_until_round = serializers.IntegerField()
    check_in_required = serializers.BooleanField()
    fill_with_ai = serializers.BooleanField()
    ai_in_top_cut = serializers.BooleanField(
        help_text="AI seats may take a place in the top cut")
    exclude_ai_from_ratings = serializers.BooleanField()
    check_squads = serializers.BooleanField(help_text="Berserk: squads are checked")
    round_minutes = serializers.IntegerField(help_text="the length of each round's clock")
    clock_starts_at_pairing = serializers.BooleanField(
        help_text="pairing a round starts its clock")
    late_player_gets = serializers.ChoiceField(
        choices=LatePlayerGets.choices,
        help_text="a player added after a round is paired gets a bye or an AI match")
    no_show_minutes = serializers.IntegerField(
        help_text="minutes of the round clock before a no-show may be given")
    pick_seconds = serializers.IntegerField(
        allow_null=True, help_text="draft events: seconds each seat has for each pick before "
                                   "the AI's draft policy picks for it; null: no timer")
    starts_at = serializers.DateTimeField(allow_null=True)
    time_zone = serializers.CharField(help_text="the IANA time zone the event's pages use")
    venue = serializers.CharField()
    description = serializers.CharField(help_text="plain text")
    capacity = serializers.IntegerField(allow_null=True, help_text="empty: no limit")
    waitlisted = serializers.SerializerMethodField(help_text="players waiting for a seat")
    tiebreakers = serializers.ListField(child=serializers.CharField())
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    completed_at = serializers.DateTimeField(allow_null=True)

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_organizers(self, event) -> list[str]:  # noqa: ANN001
        return sorted(user.get_username() for user in event.organizers.all())

    def get_lists_fixed(self, event) -> bool:  # noqa: ANN001
        return event.lists_fixed(timezone.now())

    def get_waitlisted(self, event) -> int:  # noqa: ANN001
        return event.waitlist.count() if event.capacity else 0


class EventDetailOut(EventOut):
    """An event with `viewer` (selectors.events.Viewer) set on it."""

    you = serializers.SerializerMethodField()
    seed_hash = serializers.SerializerMethodField(help_text=(
        "published when the event starts: SHA-256 of `clash-event-seed:v1:<seed>:<nonce>` "
        "(UTF-8), to check the seed revealed at the end"))
    seed = serializers.SerializerMethodField(help_text=(
        "drives every draw of the event (pods, drafts, pairings, engine games): revealed "
        "to everyone once the event is complete, hidden from everyone (organizers too) "
        "before"))
    seed_nonce = serializers.SerializerMethodField(
        help_text="revealed with the seed: the other half of what `seed_hash` hashes")

    @extend_schema_field(EventYouOut)
    def get_you(self, event) -> dict:  # noqa: ANN001
        return {"organizer": event.viewer.organizer,
                "registration": event.viewer.registration_id}

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_seed_hash(self, event) -> str | None:  # noqa: ANN001
        return event.seed_hash or None

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_seed(self, event) -> int | None:  # noqa: ANN001
        # Whoever knows the seed while the event runs foresees its draws: an organizer too.
        return event.seed if event.seed_public else None

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_seed_nonce(self, event) -> str | None:  # noqa: ANN001
        return (event.seed_nonce or None) if event.seed_public else None


class OrganizerAddIn(serializers.Serializer):
    username = player_field(help_text="the user who becomes an organizer too")


class EventStartIn(serializers.Serializer):
    """The answers to what the start asks (a 409 names it first, see the endpoint)."""

    drop_without_list = serializers.ListField(
        child=serializers.IntegerField(min_value=1), required=False, max_length=10000,
        help_text="the ids of exactly the seats the 409 `seats_without_list` named: they are "
                  "dropped and the event starts without them")
    ai_in_empty_seats = serializers.IntegerField(
        min_value=1, required=False,
        help_text="a draft: the number of empty pod seats the 409 `pods_empty_seats` named; "
                  "AI players take them")
