"""Input and output serializers of the online-play API. A game's state is what its seat may
see: the board from the seat's Observation (own hand, public board, the opponent's hand size),
never the opponent's hand or any deck order."""

from __future__ import annotations

from rest_framework import serializers

from engine.clash.ai import LEVELS as AI_LEVELS

DECKS = [1, 2, 3, 4]


class DuelIn(serializers.Serializer):
    deck = serializers.ChoiceField(choices=DECKS, help_text="your preconstructed deck")
    ai_level = serializers.ChoiceField(choices=list(AI_LEVELS), default="greedy")


class InvitationIn(serializers.Serializer):
    deck = serializers.ChoiceField(choices=DECKS, help_text="your preconstructed deck")


class JoinIn(serializers.Serializer):
    deck = serializers.ChoiceField(choices=DECKS, help_text="your preconstructed deck")


class ActionIn(serializers.Serializer):
    action = serializers.CharField(max_length=40, help_text="one action token, as listed in "
                                                            "`moves` of the game's state")
    seen = serializers.IntegerField(min_value=0, help_text="the `seen` count of the state "
                                                           "you decided on (409 if stale)")


class GameBanIn(serializers.Serializer):
    card = serializers.CharField(max_length=60, help_text="a card of the opponent's list")
    seen = serializers.IntegerField(min_value=0, help_text="the `seen` count (bans so far)")


class GameBriefOut(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    status = serializers.CharField()
    seat = serializers.CharField(help_text="your seat, A or B")
    opponent = serializers.CharField()
    match = serializers.IntegerField(allow_null=True)
    game_number = serializers.IntegerField(allow_null=True)
    actions = serializers.IntegerField(help_text="actions applied so far")
    winner = serializers.CharField(help_text='"A", "B", "draw", or "" while it runs')
    last_activity_at = serializers.DateTimeField()


class MoveOut(serializers.Serializer):
    token = serializers.CharField()
    label = serializers.CharField()


class BansOut(serializers.Serializer):
    step = serializers.IntegerField(allow_null=True)
    to_ban = serializers.CharField(allow_null=True)
    lists = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))
    banned = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))
    remaining = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()))


class GameStateOut(GameBriefOut):
    seen = serializers.IntegerField(help_text="send it back with your action")
    your_turn = serializers.BooleanField()
    ai_thinking = serializers.BooleanField()
    board = serializers.JSONField(allow_null=True, help_text="the position from your seat")
    moves = MoveOut(many=True, help_text="your legal actions (empty when not your turn)")
    bans = BansOut(allow_null=True, help_text="the ban-two step of a constructed match game")
    log = serializers.ListField(child=serializers.CharField(), help_text="latest events last")


class InvitationOut(serializers.Serializer):
    code = serializers.CharField()
    created_by = serializers.CharField()
    deck = serializers.IntegerField()
    status = serializers.CharField()
    game = serializers.IntegerField(allow_null=True, help_text="for its two players")
