"""Input and output serializers of the draft pod and rating API.

Inputs only check the shape of a request; whose pick it is and which cards are on the table
are the draft service's rules (domain errors). Outputs only present.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from decks.models import CardGame
from tournaments.models import DraftPair, EventFormat, Pod, PodSeat, Rating
from tournaments.selectors.pods import auto_pick_count, pair_seed_shown, pair_to_pick, policy_picks

MAX_NAME = 100


class PickIn(serializers.Serializer):
    card = serializers.CharField(max_length=MAX_NAME, help_text="a card of your pair's "
                                                                "revealed cards")


class SeatHandIn(serializers.Serializer):
    ai = serializers.BooleanField(help_text=(
        "true: the AI's draft policy picks for the seat for the rest of its draft (an absent "
        "player); false: the seat is handed back and its player picks again"))


class RatingFilterIn(serializers.Serializer):
    # Not `format`: DRF reads that query parameter as the response format.
    event_format = serializers.ChoiceField(choices=EventFormat.choices)
    game = serializers.SlugRelatedField(slug_field="slug", queryset=CardGame.objects.all(),
                                        required=False, help_text="a game's slug (default: "
                                                                  "Clash of Decks)")


# Pods ------------------------------------------------------------------------------------


class PodSeatOut(serializers.ModelSerializer):
    pair = serializers.IntegerField(source="pair.number")
    side = serializers.CharField(help_text="A or B in the pair's draft")
    name = serializers.CharField(source="registration.name")
    is_ai = serializers.BooleanField(source="registration.is_ai")
    registration = serializers.IntegerField(source="registration_id")
    ai_picks = serializers.SerializerMethodField(help_text=(
        "the AI's draft policy picks for this seat: an AI seat, a dropped player, or a seat an "
        "organizer handed to the AI"))
    ai_picks_since = serializers.DateTimeField(
        allow_null=True, help_text="when an organizer handed the seat to the AI (null: not)")

    class Meta:
        model = PodSeat
        fields = ["id", "number", "pair", "side", "registration", "name", "is_ai", "ai_picks",
                  "ai_picks_since"]

    def get_ai_picks(self, seat: PodSeat) -> bool:
        return policy_picks(seat)


class DraftPairOut(serializers.ModelSerializer):
    status = serializers.CharField(help_text="picking or done")
    picks_made = serializers.SerializerMethodField()
    to_pick = serializers.SerializerMethodField(help_text="the side to pick, A or B")
    seed = serializers.SerializerMethodField(
        help_text="the seed of the pair's shuffle: null until the event is complete")

    pick_due_at = serializers.DateTimeField(
        allow_null=True, help_text="when the pick in progress runs out and the AI picks for "
                                   "its seat (the event's pick timer); null: no timer runs")
    auto_picks = serializers.SerializerMethodField(help_text=(
        "how many picks the AI made for a person's seat: by the timer, and for a seat an "
        "organizer handed over"))

    class Meta:
        model = DraftPair
        fields = ["number", "status", "seed", "picks_made", "to_pick", "pick_due_at",
                  "auto_picks"]

    @extend_schema_field(serializers.DictField(child=serializers.IntegerField()))
    def get_auto_picks(self, pair: DraftPair) -> dict[str, int]:
        counts = auto_pick_count(pair)
        return {"timer": counts.get("timer", 0), "organizer": counts.get("organizer", 0)}

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_seed(self, pair: DraftPair) -> int | None:
        return pair_seed_shown(pair, pair.pod.event)

    def get_picks_made(self, pair: DraftPair) -> int:
        return len(pair.record.get("picks", []))

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_to_pick(self, pair: DraftPair) -> str | None:
        return pair_to_pick(pair)


class PodOut(serializers.ModelSerializer):
    seats = PodSeatOut(many=True)
    pairs = DraftPairOut(many=True)

    class Meta:
        model = Pod
        fields = ["id", "event", "number", "seats", "pairs"]


# A seat's draft ------------------------------------------------------------------------


class DraftSeatOut(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    side = serializers.CharField()
    name = serializers.CharField()
    is_ai = serializers.BooleanField()
    ai_picks = serializers.BooleanField(help_text="the AI's draft policy picks for this seat")


class AutoPickOut(serializers.Serializer):
    pick = serializers.IntegerField(help_text="the pick's number, 1 to 16")
    side = serializers.CharField()
    card = serializers.CharField()
    by = serializers.ChoiceField(choices=["timer", "organizer"], help_text=(
        "timer: the seat's time ran out; organizer: an organizer handed the seat to the AI"))


class DraftRecordOut(serializers.Serializer):
    v = serializers.IntegerField()
    procedure = serializers.CharField()
    catalogue = serializers.CharField()
    seed = serializers.IntegerField()
    picks = serializers.ListField(child=serializers.CharField())
    auto = serializers.ListField(
        child=serializers.ListField(child=serializers.JSONField()), required=False,
        help_text="[pick index from 0, timer or organizer] for each pick the AI's draft policy "
                  "made for a person's seat; the replay checks each is the policy's pick")


class DraftStateOut(serializers.Serializer):
    """One seat's view of its pair's draft (`DraftSeatView.to_json()`)."""

    seat = DraftSeatOut()
    partner = DraftSeatOut()
    pod = serializers.IntegerField()
    pair = serializers.IntegerField()
    status = serializers.CharField(help_text="picking or done")
    your_turn = serializers.BooleanField()
    to_pick = serializers.CharField(allow_null=True, help_text="the side to pick, A or B")
    to_pick_name = serializers.CharField(allow_null=True)
    picks_left_now = serializers.IntegerField(help_text="cards the picker takes before the "
                                                        "other side picks")
    reveal = serializers.IntegerField(allow_null=True, help_text="1 to 4 while picking")
    revealed = serializers.ListField(child=serializers.CharField(),
                                     help_text="the revealed cards still on the table")
    my_cards = serializers.ListField(child=serializers.CharField())
    partner_cards = serializers.ListField(child=serializers.CharField())
    picks = serializers.ListField(child=serializers.ListField(child=serializers.CharField()),
                                  help_text="[side, card] in the order they were made")
    picks_made = serializers.IntegerField()
    order = serializers.ListField(child=serializers.CharField(),
                                  help_text="who takes each card of this reveal (C-2.4)")
    record = DraftRecordOut(allow_null=True, help_text=(
        "the engine's draft record (it replays the draft): null until the pair's draft is "
        "done, as its seed would tell the cards still to be revealed"))
    decklist_version = serializers.IntegerField(allow_null=True,
                                                help_text="the drafted decklist, once done")
    pick_due_at = serializers.DateTimeField(
        allow_null=True, help_text="when the pick in progress runs out and the AI picks for "
                                   "its seat (the event's pick timer); null: no timer runs")
    auto_picks = AutoPickOut(many=True, help_text="the picks the AI made for a person's seat")


# Ratings ---------------------------------------------------------------------------------


class RatingOut(serializers.ModelSerializer):
    rank = serializers.IntegerField()
    player = serializers.CharField(
        source="player_name", help_text="the name shown for the player, as on pairings and "
                                        "standings: their display name where set, else their "
                                        "username")
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Rating
        fields = ["rank", "player", "game", "format", "mu", "sigma", "ordinal", "matches",
                  "events"]
