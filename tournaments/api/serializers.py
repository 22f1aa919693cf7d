"""Input and output serializers of the tournaments API.

Inputs (`...In`) check the shape of a request: types, ranges, which fields go together, that
a named player or game exists. The rules (who may do what, in which state, which decklist a
format takes) live in the services, which answer with domain errors. A result's game counts
are checked here too, against the match's format (`ResultIn`, given it as context), with the
services' own check and error (`results.score_check`: rule C-7.5b).
Outputs (`...Out`) only present what the selectors let the user see.
"""

from __future__ import annotations

import functools

from django.contrib.auth import get_user_model
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from decks.models import DecklistKind, Game
from engine.clash.match_rules import MatchFormat
from tournaments.models import (
    DeckCheckOutcome,
    EventFormat,
    EventStatus,
    LatePlayerGets,
    MatchLength,
    MatchStatus,
    ResultAction,
    RoundStage,
    RoundStatus,
    TopCut,
)
from tournaments.selectors.explanations import explanation_codes
from tournaments.selectors.rounds import round_explanation, round_label
from tournaments.services.events import (
    DEFAULT_NO_SHOW_MINUTES,
    DEFAULT_ROUND_MINUTES,
    MAX_NO_SHOW_MINUTES,
    MAX_ROUND_MINUTES,
)
from tournaments.services.results import score_check
from tournaments.swiss.standings import METRICS

# Per count: the most games a match of any length the events offer plays (the cap of rule
# C-7.5b); the match's own format is checked in ResultIn.validate.
MAX_GAMES = max(MatchFormat(best_of=n).max_games for n in MatchLength.values)
MAX_NOTE = 200


@functools.cache
def _status_field_class(choices: type[models.TextChoices]) -> type[serializers.ChoiceField]:
    # One class per choice set: the schema registers the component by the class.
    @extend_schema_field({"type": "string", "enum": list(choices.values)},
                         component_name=f"{choices.__name__}Enum")
    class StatusField(serializers.ChoiceField):
        pass

    return StatusField


def _status_field(choices: type[models.TextChoices], **kwargs) -> serializers.ChoiceField:  # noqa: ANN003
    """A status with its own schema component (EventStatusEnum, ...): several models have a
    `status` with their own states, and components named after the field would collide."""
    return _status_field_class(choices)(choices=choices.choices, **kwargs)


def _player_field(**kwargs) -> serializers.SlugRelatedField:  # noqa: ANN003
    return serializers.SlugRelatedField(
        slug_field="username", queryset=get_user_model().objects.all(),
        error_messages={"does_not_exist": "no player {value}"}, **kwargs)


# Events ---------------------------------------------------------------------------------


class EventFilterIn(serializers.Serializer):
    status = _status_field(EventStatus, required=False)
    format = serializers.ChoiceField(choices=EventFormat.choices, required=False)
    game = serializers.SlugRelatedField(
        slug_field="slug", queryset=Game.objects.all(), required=False,
        help_text="a game's slug, e.g. clash",
        error_messages={"does_not_exist": "no game {slug_name} {value}"})


SEED_FIELDS = ("seed", "seed_nonce", "seed_hash")
SEED_REFUSED = ("the event's seed is drawn by the server and cannot be chosen; its SHA-256 "
                "commitment is published when the event starts and the seed when it ends")


class EventCreateIn(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    format = serializers.ChoiceField(choices=EventFormat.choices)
    game = serializers.SlugRelatedField(
        slug_field="slug", queryset=Game.objects.all(), required=False, default=None,
        allow_null=True, help_text="a game's slug; Clash of Decks when empty",
        error_messages={"does_not_exist": "no game {slug_name} {value}"})
    match_length = serializers.ChoiceField(choices=MatchLength.choices,
                                           default=MatchLength.BEST_OF_3)
    rounds = serializers.IntegerField(
        min_value=1, max_value=30, required=False, allow_null=True, default=None,
        help_text="Swiss rounds; empty: from the player count when the event starts")
    top_cut = serializers.ChoiceField(choices=TopCut.choices, default=TopCut.NONE)
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
    rounds = serializers.IntegerField(min_value=1, max_value=30, required=False,
                                      allow_null=True)
    top_cut = serializers.ChoiceField(choices=TopCut.choices, required=False)
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
    status = _status_field(EventStatus)
    match_length = serializers.IntegerField()
    rounds = serializers.IntegerField(allow_null=True)
    top_cut = serializers.IntegerField()
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
    username = _player_field(help_text="the user who becomes an organizer too")


# Registrations --------------------------------------------------------------------------


class RegistrationIn(serializers.Serializer):
    """Register yourself, or (organizers) `player`, who gets a seat without a list and
    attaches their own (`.../decklist/`). Preconstructed events take a deck number or one of
    your preconstructed list versions; constructed events one of your constructed list
    versions; draft events nothing."""

    player = _player_field(required=False, allow_null=True, default=None,
                           help_text="organizers: the player to enter, without a list (the "
                                     "player attaches their own); empty: yourself")
    preconstructed_deck = serializers.IntegerField(min_value=1, max_value=99, required=False,
                                                   allow_null=True, default=None)
    decklist_version = serializers.IntegerField(min_value=1, required=False, allow_null=True,
                                                default=None,
                                                help_text="a decklist version id")

    def validate(self, attrs: dict) -> dict:
        if attrs["preconstructed_deck"] is not None and attrs["decklist_version"] is not None:
            raise serializers.ValidationError(
                {"decklist_version": "give a decklist version or a deck number, not both"})
        return attrs


class RegistrationDecklistIn(serializers.Serializer):
    """Your own list for your seat: a deck number or one of your preconstructed list versions
    (preconstructed events), one of your constructed list versions (constructed events)."""

    preconstructed_deck = serializers.IntegerField(min_value=1, max_value=99, required=False,
                                                   allow_null=True, default=None)
    decklist_version = serializers.IntegerField(min_value=1, required=False, allow_null=True,
                                                default=None,
                                                help_text="one of your decklist version ids")

    def validate(self, attrs: dict) -> dict:
        if attrs["preconstructed_deck"] is not None and attrs["decklist_version"] is not None:
            raise serializers.ValidationError(
                {"decklist_version": "give a decklist version or a deck number, not both"})
        return attrs


class RegisteredDecklistOut(serializers.Serializer):
    decklist = serializers.IntegerField(source="decklist_id")
    version = serializers.IntegerField(source="pk")
    name = serializers.CharField(source="decklist.name")
    kind = serializers.ChoiceField(choices=DecklistKind.choices, source="decklist.kind")
    preconstructed_deck = serializers.IntegerField(allow_null=True)
    cards = serializers.ListField(child=serializers.CharField())


class RegistrationOut(serializers.Serializer):
    """A registration with `seen_version` set on it (selectors.registrations.registrations_seen)."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    is_ai = serializers.BooleanField()
    checked_in = serializers.BooleanField()
    dropped = serializers.BooleanField()
    late_entry = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    decklist = RegisteredDecklistOut(
        source="seen_version", allow_null=True,
        help_text="only if you may see it: yours, as an organizer, or once lists are "
                  "published")


# Deck checks ----------------------------------------------------------------------------


class DeckCheckIn(serializers.Serializer):
    registration = serializers.IntegerField(min_value=1, help_text="the seat checked")
    round = serializers.IntegerField(
        min_value=1, max_value=100, required=False, allow_null=True, default=None,
        help_text="the round the check was made in; empty: the round being played")
    outcome = serializers.ChoiceField(choices=DeckCheckOutcome.choices)
    note = serializers.CharField(max_length=MAX_NOTE, required=False, default="",
                                 allow_blank=True)


class DeckCheckOut(serializers.Serializer):
    id = serializers.IntegerField()
    registration = serializers.IntegerField(source="registration_id")
    name = serializers.CharField(source="registration.name")
    decklist_version = serializers.IntegerField(source="decklist_version_id",
                                                help_text="the version checked against")
    round = serializers.IntegerField(source="round_number", allow_null=True)
    outcome = serializers.ChoiceField(choices=DeckCheckOutcome.choices)
    note = serializers.CharField()
    by = serializers.CharField(source="by.get_username", allow_null=True, default=None)
    at = serializers.DateTimeField()


# Rounds ---------------------------------------------------------------------------------


class RoundPairIn(serializers.Serializer):
    number = serializers.IntegerField(
        min_value=1, max_value=100,
        help_text="the round you mean to pair (the next one): sending it twice pairs it once")


class RoundSwapIn(serializers.Serializer):
    first = serializers.IntegerField(min_value=1, help_text="a player's registration id")
    second = serializers.IntegerField(min_value=1, help_text="the player to swap tables with")


class TopCutAdvanceIn(RoundPairIn):
    number = serializers.IntegerField(
        min_value=1, max_value=100,
        help_text="the bracket round you mean to pair: sending it twice pairs it once")


class SeatOut(serializers.Serializer):
    registration = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    is_ai = serializers.BooleanField()


class ResultOut(serializers.Serializer):
    a_wins = serializers.IntegerField()
    b_wins = serializers.IntegerField()
    draws = serializers.IntegerField()


class MatchOut(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True, help_text="empty for a bye")
    player_a = SeatOut()
    player_b = SeatOut(allow_null=True, help_text="empty for a bye")
    status = _status_field(MatchStatus)
    result = serializers.SerializerMethodField(help_text="games from A's side, once confirmed")
    is_ai_match = serializers.BooleanField()
    engine_verified = serializers.BooleanField()

    @extend_schema_field(ResultOut(allow_null=True))
    def get_result(self, match) -> dict | None:  # noqa: ANN001
        if match.status != MatchStatus.CONFIRMED:
            return None
        return {"a_wins": match.a_wins, "b_wins": match.b_wins, "draws": match.draws}


class MatchDetailOut(MatchOut):
    event = serializers.IntegerField(source="round.event_id")
    round = serializers.IntegerField(source="round.number")


class RoundOut(serializers.Serializer):
    number = serializers.IntegerField()
    label = serializers.SerializerMethodField(help_text="Round 3, Semifinals, Final, ...")
    stage = serializers.ChoiceField(choices=RoundStage.choices)
    status = _status_field(RoundStatus)
    paired_at = serializers.DateTimeField()
    completed_at = serializers.DateTimeField(allow_null=True)
    matches = MatchOut(many=True, help_text="by table number, the bye last")

    def get_label(self, rnd) -> str:  # noqa: ANN001
        return round_label(rnd)


class RoundDetailOut(RoundOut):
    explanation = serializers.SerializerMethodField(
        help_text="how the round was paired, in the request's language (Accept-Language)")
    explanation_codes = serializers.SerializerMethodField(
        help_text="each line of `explanation` as a stable code and its params (a player is "
                  "R and the registration's id), or null for a line stored as text")

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_explanation(self, rnd) -> list[str]:  # noqa: ANN001
        return round_explanation(rnd)

    @extend_schema_field(serializers.ListField(child=serializers.DictField(allow_null=True)))
    def get_explanation_codes(self, rnd) -> list[dict | None]:  # noqa: ANN001
        return explanation_codes(rnd.explanation)


# Results --------------------------------------------------------------------------------


class ResultIn(serializers.Serializer):
    """Games from player A's side, whoever sends them. With the match's `format` (a
    MatchFormat) in the context, a score it does not allow is refused with the services' error
    (code invalid_result, every reason in its problems)."""

    a_wins = serializers.IntegerField(min_value=0, max_value=MAX_GAMES)
    b_wins = serializers.IntegerField(min_value=0, max_value=MAX_GAMES)
    draws = serializers.IntegerField(min_value=0, max_value=MAX_GAMES, default=0)

    def validate(self, data: dict) -> dict:
        fmt = self.context.get("format")
        if fmt is not None:
            score_check(fmt, **{k: data[k] for k in ("a_wins", "b_wins", "draws")})
        return data


class ResultSetIn(ResultIn):
    note = serializers.CharField(max_length=MAX_NOTE, required=False, default="",
                                 allow_blank=True, help_text="why it was entered or corrected")


class ResultChangeOut(serializers.Serializer):
    at = serializers.DateTimeField()
    by = serializers.CharField(source="by.get_username", allow_null=True, default=None,
                               help_text="empty for a bye or the engine")
    action = serializers.ChoiceField(choices=ResultAction.choices)
    before = serializers.DictField()
    after = serializers.DictField()
    note = serializers.CharField()


# Standings ------------------------------------------------------------------------------


class StandingOut(serializers.Serializer):
    rank = serializers.IntegerField()
    registration = serializers.IntegerField(source="registration_id")
    name = serializers.CharField()
    match_points = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    # Every metric, whatever the event's order; the answer lists the event's tiebreakers
    # first, in its configured order (the event's `tiebreakers`).
    omw = serializers.FloatField(help_text="opponents' match-win %, 0 to 1")
    gw = serializers.FloatField(help_text="game-win %, 0 to 1")
    ogw = serializers.FloatField(help_text="opponents' game-win %, 0 to 1")
    dropped = serializers.BooleanField()
    is_ai = serializers.BooleanField()
    cut = serializers.BooleanField(
        help_text="labelled for the top cut, as on the standings page: once the cut is made, "
                  "seeded into it; before, would make it if the Swiss rounds ended now")


class WaitlistIn(serializers.Serializer):
    """Wait for a seat in a full event with the list you would register with (as for a
    registration: a deck number or a decklist version of yours, nothing in a draft)."""

    preconstructed_deck = serializers.IntegerField(min_value=1, max_value=99, required=False,
                                                   allow_null=True, default=None)
    decklist_version = serializers.IntegerField(min_value=1, required=False, allow_null=True,
                                                default=None,
                                                help_text="a decklist version id")


class WaitlistOut(serializers.Serializer):
    position = serializers.IntegerField(
        help_text="your place on the waitlist: 1 takes the next seat freed before the start")
    waiting = serializers.IntegerField(help_text="how many players wait")
