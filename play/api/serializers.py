"""Input and output serializers of the online-play API. A game's state is what its seat may
see: the board from the seat's Observation (own hand, public board, the opponent's hand size),
never the opponent's hand or any deck order."""

from __future__ import annotations

from rest_framework import serializers

from engine.clash import events as ev
from engine.clash.ai import LEVELS as AI_LEVELS
from engine.clash.solo import LEVELS, QUICK, SOLO_DRAFT, SOLO_PRECONSTRUCTED
from engine.clash.solo.options import CHOICES

DECKS = [1, 2, 3, 4]


class DuelIn(serializers.Serializer):
    deck = serializers.ChoiceField(choices=DECKS, help_text="your preconstructed deck")
    ai_level = serializers.ChoiceField(choices=list(AI_LEVELS), default="greedy")


class SoloOptionsIn(serializers.Serializer):
    """The automaton's options (rule C-8.9); an option left out takes its 0-point choice."""

    fixed_mana = serializers.ChoiceField(choices=[c for c, _ in CHOICES["fixed_mana"]],
                                         required=False, help_text="6 (0), 7 (+1) ... 10 (+4)")
    mana_per_creature = serializers.ChoiceField(
        choices=[c for c, _ in CHOICES["mana_per_creature"]], required=False,
        help_text="per creature of yours: 1 (0) or 2 (+2)")
    first = serializers.ChoiceField(choices=[c for c, _ in CHOICES["first"]], required=False,
                                    help_text="player (0) or ai (+1)")
    endurance = serializers.ChoiceField(choices=[c for c, _ in CHOICES["endurance"]],
                                        required=False, help_text="bastion (0) or fort (-1)")
    resistance = serializers.BooleanField(required=False,
                                          help_text="each attack on the AI deals 1 less (+2)")
    ability = serializers.ChoiceField(
        choices=[c for c, _ in CHOICES["ability"] if c is not None], required=False,
        allow_null=True, help_text="given to every AI creature (+1), or null (0)")


class SoloIn(serializers.Serializer):
    fmt = serializers.ChoiceField(choices=[SOLO_DRAFT, SOLO_PRECONSTRUCTED],
                                  default=SOLO_DRAFT,
                                  help_text="the solo draft (keep 1 of each 4 revealed) or a "
                                            "preconstructed deck (rule C-8.1)")
    deck = serializers.ChoiceField(choices=DECKS, required=False, allow_null=True,
                                   help_text="your deck, for preconstructed solo")
    level = serializers.ChoiceField(choices=[QUICK, *LEVELS], default=QUICK,
                                    help_text="0: a quick game; 1-5: a custom game whose "
                                              "options add up to exactly the level")
    options = SoloOptionsIn(required=False, help_text="the custom game's options")


class SoloPickIn(serializers.Serializer):
    card = serializers.CharField(max_length=60, help_text="one of the four revealed cards")
    seen = serializers.IntegerField(min_value=0, help_text="the `seen` count (picks so far)")


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


class SoloOut(serializers.Serializer):
    format = serializers.CharField()
    deck = serializers.IntegerField(allow_null=True)
    level = serializers.IntegerField(help_text="0: a quick game")
    level_name = serializers.CharField()
    options = serializers.JSONField()


class DraftOut(serializers.Serializer):
    pick = serializers.IntegerField(help_text="the pick to make, 1 to 8")
    revealed = serializers.ListField(child=serializers.JSONField(),
                                     help_text="the four cards to choose from")
    picks = serializers.ListField(child=serializers.CharField(), help_text="kept so far")


class GameEventOut(serializers.Serializer):
    """One event of the game's log in no language (engine/clash/events.py lists the codes
    and their fields); `log` holds the same events as sentences in the request's language."""

    code = serializers.ChoiceField(choices=ev.CODES, help_text=(
        'what happened: "mana", "play", "cast", "attack", "destroyed", ... (docs/play.md)'))
    params = serializers.DictField(help_text=(
        "the event's values by name: seats as \"A\"/\"B\" (seat, caster, owner, first), "
        "lanes as \"top\"/\"bottom\", cards by name (card, target, attacker; cards: a "
        "list of names), the rest whole numbers (turn, mana, damage, count, position, ...)"))


class GameStateOut(GameBriefOut):
    seen = serializers.IntegerField(help_text="send it back with your action")
    your_turn = serializers.BooleanField()
    ai_thinking = serializers.BooleanField()
    board = serializers.JSONField(allow_null=True, help_text="the position from your seat")
    moves = MoveOut(many=True, help_text="your legal actions (empty when not your turn)")
    bans = BansOut(allow_null=True, help_text="the ban-two step of a constructed match game")
    solo = SoloOut(allow_null=True, help_text="a solo game's format, level and options")
    draft = DraftOut(allow_null=True, help_text="the solo draft's pick step, while drafting")
    log = serializers.ListField(child=serializers.CharField(), help_text=(
        "latest events last, as sentences in the request's language"))
    events = GameEventOut(many=True, help_text="the same events as `log`, as codes and values")
    turn_cap = serializers.IntegerField(
        help_text="the turn after which a game nobody has won is drawn (ruling C-7.5a); a "
                  "match game at time plays on to the turn in progress plus two (C-7.5c)")
    time_called_at = serializers.DateTimeField(
        allow_null=True, help_text="when time was called for this match game (C-7.5c)")
    turns_left = serializers.IntegerField(
        allow_null=True, help_text="once time is called: the turns left, the one in progress "
                                   "included (1: the last turn)")


class SoloLevelOut(serializers.Serializer):
    level = serializers.IntegerField(help_text="0: a quick game")
    name = serializers.CharField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()


class SoloResultOut(serializers.Serializer):
    game = serializers.IntegerField()
    level = serializers.IntegerField()
    won = serializers.BooleanField()
    result = serializers.CharField(help_text='"A" (you), "B" (the automaton) or "draw"')
    turns = serializers.IntegerField()
    finished_at = serializers.DateTimeField()


class SoloRecordOut(serializers.Serializer):
    by_level = SoloLevelOut(many=True)
    results = SoloResultOut(many=True, help_text="your latest solo games, newest first")


class InvitationOut(serializers.Serializer):
    code = serializers.CharField()
    created_by = serializers.CharField()
    deck = serializers.IntegerField()
    status = serializers.CharField()
    game = serializers.IntegerField(allow_null=True, help_text="for its two players")


class ReplayIn(serializers.Serializer):
    step = serializers.IntegerField(min_value=0, default=0, help_text=(
        "entries of the record applied: 0 is the setup; past the last, the last"))


class VerificationOut(serializers.Serializer):
    ok = serializers.BooleanField(help_text="the engine's replay of the whole record agrees")
    result = serializers.CharField(allow_null=True, help_text="the outcome the replay reached")
    turn = serializers.IntegerField(allow_null=True, help_text="the first turn that differs")
    reason = serializers.CharField(allow_blank=True)


class ReplayOut(serializers.Serializer):
    title = serializers.CharField()
    names = serializers.DictField(child=serializers.CharField(), help_text="seat A and B")
    step = serializers.IntegerField()
    total = serializers.IntegerField(help_text="the record's entries (turns)")
    previous = serializers.IntegerField(allow_null=True)
    next = serializers.IntegerField(allow_null=True)
    solo = serializers.BooleanField()
    tokens = serializers.CharField(allow_blank=True, help_text="this step's action tokens")
    board = serializers.JSONField(help_text="the position after this step, both hands shown")
    log = serializers.ListField(child=serializers.CharField(), help_text=(
        "what this step did, as sentences in the request's language"))
    events = GameEventOut(many=True, help_text="the same events as `log`, as codes and values")
    error = serializers.CharField(allow_blank=True)
    verification = VerificationOut()
    record = serializers.JSONField(help_text="the game record (engine format)")
