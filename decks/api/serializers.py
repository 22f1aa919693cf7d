"""Input and output serializers of the decks API.

Inputs (`...In`) only check the shape of a request: types, lengths, which fields go together,
that referenced rows exist. The rules (a legal decklist, who may change what, whose ban it
is) live in the services, which answer with domain errors. Outputs (`...Out`) only present.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.api.responses import ProblemDetailOut
from core.inputs import MAX_CSV_BYTES, InputError, read_text_upload
from decks.models import (
    BanSession,
    BanStatus,
    Card,
    CardGame,
    CardSet,
    DecklistKind,
    DecklistVersion,
)
from decks.rules import MAX_COUNT
from engine.seats import LETTER_A, LETTER_B

MAX_NAME = 100
MAX_CARDS = 500  # far above any list size (a Spoils deck has 76 or more): the services
# name the exact size rule
# A ban session's event is the model its foreign key names ("tournaments.Event"): decks sits
# below tournaments and reaches it only through that key, never by an import.
Event = BanSession._meta.get_field("event").related_model


# Catalogue ------------------------------------------------------------------------------


class CardGameOut(serializers.ModelSerializer):
    class Meta:
        model = CardGame
        fields = ["id", "slug", "name"]


class CardSetOut(serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = CardSet
        fields = ["id", "game", "code", "name", "catalogue_version", "loaded_at"]


class CardSetBriefOut(serializers.ModelSerializer):
    class Meta:
        model = CardSet
        fields = ["id", "code", "name"]


class CardOut(serializers.ModelSerializer):
    game = serializers.CharField(source="card_set.game.slug")
    set = CardSetBriefOut(source="card_set")
    abilities = serializers.SerializerMethodField()
    stats = serializers.SerializerMethodField()

    class Meta:
        model = Card
        fields = ["id", "name", "game", "set", "kind", "cost", "abilities", "stats"]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_abilities(self, card: Card) -> list[str]:
        return list((card.data or {}).get("abilities", []))

    @extend_schema_field(serializers.DictField(
        help_text="The game's other card fields, e.g. attack, health, aura, damage, deck; "
                  "for staff also notes (how the import read the card's printed codes)"))
    def get_stats(self, card: Card) -> dict:
        request = self.context.get("request")
        hidden = {"abilities"} if request is not None and request.user.is_staff else {
            "abilities", "notes"}
        return {k: v for k, v in (card.data or {}).items() if k not in hidden}


class SetFilterIn(serializers.Serializer):
    game = serializers.SlugRelatedField(
        slug_field="slug", queryset=CardGame.objects.all(), required=False,
        help_text="a game's slug, e.g. clash",
        error_messages={"does_not_exist": _("no game {slug_name} {value}")})


class CardFilterIn(SetFilterIn):
    set = serializers.PrimaryKeyRelatedField(
        queryset=CardSet.objects.all(), required=False, help_text="a card set's id",
        error_messages={"does_not_exist": _("no card set {pk_value}"),
                        "incorrect_type": _("a card set is given by its id (a number)")})
    kind = serializers.CharField(required=False, max_length=40,
                                 help_text="e.g. creature or incantation")
    ability = serializers.CharField(required=False, max_length=40, help_text="e.g. pierce")
    cost = serializers.IntegerField(required=False, min_value=0)


# Collections ----------------------------------------------------------------------------


class CollectionEntryOut(serializers.Serializer):
    card = CardOut()
    count = serializers.IntegerField()


class CollectionCountIn(serializers.Serializer):
    count = serializers.IntegerField(min_value=0, max_value=MAX_COUNT,
                                     help_text="how many you own; 0 removes the card")


class CollectionAddSetIn(serializers.Serializer):
    set = serializers.PrimaryKeyRelatedField(
        queryset=CardSet.objects.all(), help_text="a card set's id",
        error_messages={"does_not_exist": _("no card set {pk_value}"),
                        "incorrect_type": _("a card set is given by its id (a number)")})
    copies = serializers.IntegerField(min_value=1, max_value=MAX_COUNT, default=1)


class CollectionAddSetOut(serializers.Serializer):
    set = serializers.IntegerField()
    cards = serializers.IntegerField(help_text="how many different cards were added")


class CollectionImportIn(serializers.Serializer):
    """A CSV `set,card,count` as an uploaded `file` or as `text`; `replace` also removes the
    cards the CSV does not list."""

    file = serializers.FileField(required=False)
    text = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False,
                                 max_length=MAX_CSV_BYTES)
    replace = serializers.BooleanField(default=False)

    def validate_file(self, file) -> str:  # noqa: ANN001
        try:
            return read_text_upload(file, limit=MAX_CSV_BYTES)
        except InputError as exc:
            raise serializers.ValidationError(exc.message) from None

    def validate(self, attrs: dict) -> dict:
        if ("file" in attrs) == ("text" in attrs):
            raise serializers.ValidationError(gettext("send the CSV either as file or as text"))
        return {"text": attrs.get("file", attrs.get("text")), "replace": attrs["replace"]}


class CollectionImportQueryIn(serializers.Serializer):
    replace = serializers.BooleanField(
        default=False, help_text="with a text/csv body: also remove the cards not listed")


class CollectionImportOut(serializers.Serializer):
    imported = serializers.IntegerField(help_text="how many cards the CSV set")
    replace = serializers.BooleanField()


# Decklists ------------------------------------------------------------------------------


class VersionOut(serializers.ModelSerializer):
    cards = serializers.ListField(child=serializers.CharField())

    class Meta:
        model = DecklistVersion
        fields = ["id", "number", "cards", "preconstructed_deck", "created_at"]


class DecklistOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=DecklistKind.choices)
    game = serializers.CharField(source="game.slug")
    deck_format = serializers.CharField(
        help_text="The Spoils: constructed or limited (S-8); empty for the other games")
    owner = serializers.CharField(
        source="owner.get_username", allow_null=True,
        help_text="null for a walk-in guest's list, entered by an organizer of its event")
    created_at = serializers.DateTimeField()
    version = serializers.SerializerMethodField(
        help_text="the latest version you may see (for an organizer: the registered one)")

    @extend_schema_field(VersionOut(allow_null=True))
    def get_version(self, decklist) -> dict | None:  # noqa: ANN001
        seen = decklist.seen_versions
        return VersionOut(seen[-1]).data if seen else None


def _card_names(**kwargs) -> serializers.ListField:  # noqa: ANN003
    return serializers.ListField(child=serializers.CharField(max_length=MAX_NAME),
                                 max_length=MAX_CARDS, **kwargs)


class _KindFieldsMixin:
    """A preconstructed list is chosen by deck number; the others are lists of cards."""

    def check_kind_fields(self, kind: str | None, attrs: dict) -> None:
        if kind == DecklistKind.PRECONSTRUCTED and attrs.get("cards"):
            raise serializers.ValidationError(
                {"cards": gettext("a preconstructed list takes preconstructed_deck, not cards")})
        if kind in (DecklistKind.CONSTRUCTED, DecklistKind.DRAFTED) and (
                attrs.get("preconstructed_deck") is not None):
            raise serializers.ValidationError(
                {"preconstructed_deck": gettext("a %(kind)s list takes cards, not a deck number")
                 % {"kind": kind}})


class DecklistCreateIn(_KindFieldsMixin, serializers.Serializer):
    name = serializers.CharField(max_length=MAX_NAME)
    kind = serializers.ChoiceField(choices=DecklistKind.choices)
    game = serializers.SlugRelatedField(
        slug_field="slug", queryset=CardGame.objects.all(), required=False, allow_null=True,
        default=None, help_text="a game's slug (clash, spoils, berserk); Clash of Decks when "
                                "empty",
        error_messages={"does_not_exist": _("no game {slug_name} {value}")})
    deck_format = serializers.CharField(
        max_length=20, required=False, allow_null=True, default=None,
        help_text="The Spoils: constructed (the default) or limited (S-8)")
    cards = _card_names(default=list, help_text="card names, one per copy (Clash of Decks "
                                                "constructed: 10 different cards you own)")
    preconstructed_deck = serializers.IntegerField(
        required=False, allow_null=True, default=None, help_text="preconstructed: 1 to 4")

    def validate(self, attrs: dict) -> dict:
        self.check_kind_fields(attrs["kind"], attrs)
        return attrs


class DecklistValidateIn(DecklistCreateIn):
    # A blank name is one of the problems the answer lists, not a malformed request.
    name = serializers.CharField(max_length=MAX_NAME, required=False, default=None,
                                 allow_null=True, allow_blank=True)


class DecklistValidateOut(serializers.Serializer):
    valid = serializers.BooleanField()
    problems = serializers.ListField(child=serializers.CharField())
    details = ProblemDetailOut(many=True, help_text=(
        "Each of `problems`, in the same order, with its code (The Spoils' S-8 and Berserk's "
        "B-6 checks; null for the others) and the values it names"))


class DecklistUpdateIn(_KindFieldsMixin, serializers.Serializer):
    """Any of the fields; the list gets a new version. Context: `kind` of the list."""

    name = serializers.CharField(max_length=MAX_NAME, required=False)
    cards = _card_names(required=False)
    preconstructed_deck = serializers.IntegerField(required=False)
    deck_format = serializers.CharField(max_length=20, required=False,
                                        help_text="The Spoils: constructed or limited (S-8)")

    def validate(self, attrs: dict) -> dict:
        if not attrs:
            raise serializers.ValidationError(
                gettext("send at least one of name, cards, preconstructed_deck, deck_format"))
        self.check_kind_fields(self.context.get("kind"), attrs)
        return attrs


# Ban sessions ---------------------------------------------------------------------------


class BanSessionCreateIn(serializers.Serializer):
    list_a = serializers.IntegerField(min_value=1, help_text="seat A's decklist version id")
    list_b = serializers.IntegerField(min_value=1, help_text="seat B's decklist version id")
    player_b = serializers.SlugRelatedField(
        slug_field="username", queryset=get_user_model().objects.all(), required=False,
        allow_null=True, default=None,
        help_text="the owner of list B by username; empty for an AI seat",
        error_messages={"does_not_exist": _("no player {value}")})
    event = serializers.PrimaryKeyRelatedField(
        queryset=Event.objects.all(), required=False, allow_null=True, default=None,
        help_text="the event whose registered lists these are",
        error_messages={"does_not_exist": _("no event {pk_value}"),
                        "incorrect_type": _("an event is given by its id (a number)")})


class BanIn(serializers.Serializer):
    card = serializers.CharField(max_length=MAX_NAME,
                                 help_text="a card of the opponent's remaining list")


class SeatsOut(serializers.Serializer):
    A = serializers.CharField(allow_null=True)
    B = serializers.CharField(allow_null=True)


class SeatListsOut(serializers.Serializer):
    A = serializers.ListField(child=serializers.CharField())
    B = serializers.ListField(child=serializers.CharField())


class BanSessionBriefOut(serializers.Serializer):
    id = serializers.IntegerField()
    event = serializers.IntegerField(source="event_id", allow_null=True)
    status = serializers.ChoiceField(choices=BanStatus.choices)
    players = serializers.SerializerMethodField(help_text="usernames; null is an AI seat")
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()

    @extend_schema_field(SeatsOut)
    def get_players(self, session) -> dict:  # noqa: ANN001
        return {seat: player.get_username() if player else None
                for seat, player in ((LETTER_A, session.player_a), (LETTER_B, session.player_b))}


class BanSessionOut(BanSessionBriefOut):
    """A session with `state`, the dict of decks.services.bans.ban_session_view, set on it."""

    step = serializers.IntegerField(source="state.step", allow_null=True,
                                    help_text="1 to 4 while banning")
    to_ban = serializers.CharField(source="state.to_ban", allow_null=True,
                                   help_text="the seat whose ban it is")
    you = serializers.CharField(source="state.you", allow_null=True,
                                help_text="your seat, if you play")
    ai_seats = serializers.ListField(source="state.ai_seats", child=serializers.CharField())
    lists = SeatListsOut(source="state.lists", help_text="both lists as submitted")
    banned = SeatListsOut(source="state.banned",
                          help_text="per seat, the cards banned from that seat's list")
    remaining = SeatListsOut(source="state.remaining")
    results = serializers.SerializerMethodField(help_text="each seat's 8 cards once done")

    @extend_schema_field(SeatListsOut(allow_null=True))
    def get_results(self, session) -> dict | None:  # noqa: ANN001
        if session.status != BanStatus.DONE:
            return None
        return {LETTER_A: session.result_a, LETTER_B: session.result_b}
