"""The forms of an event's settings: creating an event, and editing one that exists."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django import forms
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from core.forms import AccessibleForm
from decks.models import CardGame
from decks.rules import CLASH, GAME_NAMES
from tournaments.models import (
    Event,
    EventFormat,
    EventStatus,
    EventStructure,
    LatePlayerGets,
    MatchLength,
    TopCut,
)
from tournaments.services.event_edit import BEFORE_START, EDITABLE
from tournaments.services.event_edit import TIMES as TIME_FIELDS
from tournaments.services.events import (
    DEFAULT_NO_SHOW_MINUTES,
    DEFAULT_ROUND_MINUTES,
    MAX_CAPACITY,
    MAX_DESCRIPTION,
    MAX_NAME,
    MAX_NO_SHOW_MINUTES,
    MAX_PICK_SECONDS,
    MAX_ROUND_MINUTES,
    MAX_VENUE,
    MIN_PICK_SECONDS,
    time_zone_problem,
)
from tournaments.services.round_robin import MAX_GROUPS
from tournaments.swiss.standings import METRICS

from .shapes import ShapeFormMixin, shape_check, shape_field, shape_of


class GameChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: CardGame) -> str:
        return obj.name


class EventForm(ShapeFormMixin, AccessibleForm):
    name = forms.CharField(label=_("Name"), max_length=MAX_NAME)
    game = GameChoiceField(
        label=_("Game"), queryset=CardGame.objects.none(), to_field_name="slug", required=False,
        empty_label=None, widget=forms.RadioSelect,
        help_text=_("The Spoils and Berserk events are constructed and have no AI players: "
                    "their matches are played at the table and the players report the "
                    "results."))
    format = forms.ChoiceField(label=_("Format"), choices=EventFormat.choices,
                               initial=EventFormat.CONSTRUCTED, widget=forms.RadioSelect)
    match_length = forms.TypedChoiceField(label=_("Matches"), coerce=int,
                                          choices=MatchLength.choices,
                                          initial=MatchLength.BEST_OF_3)
    shape = shape_field()
    structure = forms.ChoiceField(
        label=_("First phase"), choices=EventStructure.choices, initial=EventStructure.SWISS,
        widget=forms.RadioSelect, required=False,
        help_text=_("Swiss rounds; a round robin in groups: every player of a group plays "
                    "every other, and the top cut (if any) takes the same number from each "
                    "group; or a single elimination of the whole field (2 to 128 players, "
                    "seeded by rating, byes to the top seeds): no Swiss rounds and no top "
                    "cut."))
    groups = forms.IntegerField(
        label=_("Round robin: groups"), required=False, min_value=1, max_value=MAX_GROUPS,
        help_text=_("Players are drawn into the groups by snake order at the start (by rating, "
                    "else by the event's seed); each group has 3 to 16 players. With a top "
                    "cut, its size divided by the groups is how many go on from each group."))
    cycles = forms.TypedChoiceField(
        label=_("Round robin: each pair meets"), coerce=int, initial=1, required=False,
        choices=[(1, _("Once")), (2, _("Twice (who goes first swapped)"))])
    head_to_head = forms.BooleanField(
        label=_("Round robin: head-to-head breaks ties on match points first"), required=False)
    team_size = forms.TypedChoiceField(
        label=_("Players per team"), coerce=int, initial=1, required=False,
        choices=[(1, _("1 (an individual event)")), (2, "2"), (3, "3")],
        help_text=_("Teams of 2 or 3 play Swiss rounds, seat A against seat A; no top cut."))
    rounds = forms.IntegerField(label=_("Swiss rounds"), required=False, min_value=1,
                                max_value=20,
                                help_text=_("Leave empty to set it from the number of players "
                                            "when the event starts."))
    top_cut = forms.TypedChoiceField(label=_("Top cut"), coerce=int, choices=TopCut.choices,
                                     initial=TopCut.NONE, required=False,
                                     empty_value=TopCut.NONE)
    day2_points = forms.IntegerField(
        label=_("Match points to play day 2"), required=False, min_value=0, max_value=90,
        help_text=_("For a two-day event: after day 1's Swiss rounds, the players with at least "
                    "this many match points play day 2. Leave empty for a one-day event."))
    day2_rounds = forms.IntegerField(
        label=_("Rounds on day 2"), required=False, min_value=1, max_value=20,
        help_text=_("How many Swiss rounds day 2 plays; points and opponents carry over from "
                    "day 1."))
    third_place = forms.BooleanField(
        label=_("The semifinals' losers play a match for third place"), required=False)
    grand_final_reset = forms.BooleanField(
        label=_("Double elimination: a second grand final when the losers bracket's champion "
                "wins the first"), required=False, initial=True)
    late_entry_until_round = forms.IntegerField(
        label=_("Late entry until round"), min_value=0, max_value=20, initial=0,
        help_text=_("Players may still register until this round is paired; 0 for no late "
                    "entry."))
    decklist_deadline = forms.DateTimeField(
        label=_("Decklist deadline"), required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text=_("From this time each player's registered version is fixed: a later edit "
                    "makes a new version this event does not see. Leave empty and the lists "
                    "are fixed when the event starts (the start also fixes them when it comes "
                    "before the deadline)."))
    check_in_required = forms.BooleanField(
        label=_("Players must check in (those who do not are dropped at the start)"),
        required=False)
    fill_with_ai = forms.BooleanField(
        label=_("Fill an odd seat with an AI player instead of giving a bye"), required=False)
    ai_in_top_cut = forms.BooleanField(
        label=_("AI seats may take a place in the top cut (otherwise the next player in the "
                "standings takes it)"), required=False)
    check_squads = forms.BooleanField(
        label=_("Check squads: before reporting, each player submits the squad and "
                "placement of each game for the rules check (rules B-4, B-5)"), required=False)
    round_minutes = forms.IntegerField(
        label=gettext_lazy("Round length (minutes)"), min_value=1, max_value=MAX_ROUND_MINUTES,
        initial=DEFAULT_ROUND_MINUTES, required=False,
        help_text=gettext_lazy("The round clock's length; the organizer can pause it and add "
                               "minutes."))
    clock_starts_at_pairing = forms.BooleanField(
        label=gettext_lazy("Pairing a round starts its clock"), required=False, initial=True)
    late_player_gets = forms.ChoiceField(
        label=gettext_lazy("A player added after a round is paired gets"),
        choices=LatePlayerGets.choices, initial=LatePlayerGets.BYE, required=False,
        help_text=gettext_lazy("For that round: a bye (a 2-0 win), or a match against a new "
                               "AI seat (Clash of Decks only)."))
    no_show_minutes = forms.IntegerField(
        label=gettext_lazy("No-show after (minutes)"), min_value=1,
        max_value=MAX_NO_SHOW_MINUTES, initial=DEFAULT_NO_SHOW_MINUTES, required=False,
        help_text=gettext_lazy("How long the round clock runs (pauses not counted) before a "
                               "player absent from their match may be given a match loss."))
    pick_seconds = forms.IntegerField(
        label=gettext_lazy("Draft pick timer (seconds)"), required=False,
        min_value=MIN_PICK_SECONDS, max_value=MAX_PICK_SECONDS,
        help_text=gettext_lazy("Draft events: how long each seat has for each pick; when it "
                               "runs out, the AI picks for the seat. Leave empty for no timer "
                               "(casual events)."))
    time_zone = forms.CharField(
        label=gettext_lazy("Time zone"), max_length=64, initial="UTC", required=False,
        help_text=gettext_lazy("An IANA name such as Europe/Paris or America/New_York: the "
                               "start, the deadline and every time on the event's pages are "
                               "in it."))
    starts_at = forms.DateTimeField(
        label=gettext_lazy("Starts at"), required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text=gettext_lazy("The date and time in the event's time zone."))
    venue = forms.CharField(label=gettext_lazy("Venue"), max_length=MAX_VENUE, required=False)
    description = forms.CharField(
        label=gettext_lazy("Description"), max_length=MAX_DESCRIPTION, required=False,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text=gettext_lazy("Plain text; line breaks are kept."))
    capacity = forms.IntegerField(
        label=gettext_lazy("Capacity"), required=False, min_value=1, max_value=MAX_CAPACITY,
        help_text=gettext_lazy("The most players; later ones wait on a waitlist and take a "
                               "seat freed before the start. Leave empty for no limit."))

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, **kwargs)
        # Clash of Decks and the games whose decklists a rules module checks.
        games = CardGame.objects.filter(slug__in=[CLASH, *GAME_NAMES]).order_by("id")
        self.fields["game"].queryset = games
        if not any(g.slug != CLASH for g in games):
            del self.fields["game"]  # only Clash of Decks: nothing to choose
        else:
            self.fields["game"].initial = CLASH

    def clean_structure(self) -> str:
        return self.cleaned_data["structure"] or self._unset("structure", EventStructure.SWISS)

    def clean_cycles(self) -> int:
        return self.cleaned_data["cycles"] or self._unset("cycles", 1)

    def _unset(self, name: str, default: object) -> object:
        """A setting left out of the form: as it is (an edit), else its default."""
        return default

    def clean_time_zone(self) -> str:
        zone = self.cleaned_data["time_zone"].strip() or "UTC"  # left empty: UTC
        problem = time_zone_problem(zone)
        if problem:
            raise forms.ValidationError(problem)
        return zone

    def clean(self) -> dict:
        """The times typed are wall-clock times in the event's zone, not the server's."""
        data = super().clean()
        shape_check(self, data)
        if "grand_final_reset" in self.fields and (
                data.get("structure") != EventStructure.DOUBLE_ELIMINATION):
            data["grand_final_reset"] = True  # a double elimination's only: kept at its default
        zone = data.get("time_zone")
        for key in ("starts_at", "decklist_deadline"):
            if data.get(key) and zone:
                data[key] = timezone.make_naive(data[key]).replace(tzinfo=ZoneInfo(zone))
        return data

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        arguments = {key: data[key] for key in (
            "name", "format", "match_length", "structure", "groups", "head_to_head", "rounds",
            "day2_points", "day2_rounds", "top_cut", "third_place",
            "late_entry_until_round",
            "decklist_deadline", "check_in_required", "fill_with_ai", "ai_in_top_cut",
            "check_squads", "clock_starts_at_pairing", "time_zone", "starts_at", "venue",
            "description", "capacity", "pick_seconds", "grand_final_reset")}
        return {**arguments, "game": data.get("game"), "cycles": data["cycles"],
                "team_size": data.get("team_size") or 1,
                "round_minutes": data.get("round_minutes") or DEFAULT_ROUND_MINUTES,
                "late_player_gets": data.get("late_player_gets") or LatePlayerGets.BYE,
                "no_show_minutes": data.get("no_show_minutes") or DEFAULT_NO_SHOW_MINUTES}


def _wall_clock(value, zone: str):  # noqa: ANN001, ANN202
    """A stored time as the event's wall clock (what a datetime-local field shows)."""
    return None if value is None else value.astimezone(ZoneInfo(zone)).replace(tzinfo=None)


# What a datetime-local field reads back.
LOCAL_TIME_FORMAT = "%Y-%m-%dT%H:%M"


def _local_time() -> forms.DateTimeInput:
    return forms.DateTimeInput(attrs={"type": "datetime-local"}, format=LOCAL_TIME_FORMAT)


class EventEditForm(EventForm):
    """The creation form's fields for an event that exists, filled with its settings, with
    the registration window and the tiebreakers besides; the settings that change during
    registration only are shown disabled once the event has started (services.event_edit has
    the last word). The game and the squad checks stay as the event was made."""

    registration_opens = forms.DateTimeField(
        label=gettext_lazy("Registration opens"), required=False, widget=_local_time(),
        help_text=gettext_lazy("Leave empty: open from now on."))
    registration_closes = forms.DateTimeField(
        label=gettext_lazy("Registration closes"), required=False, widget=_local_time(),
        help_text=gettext_lazy("Leave empty: open until the event starts."))
    tiebreakers = forms.CharField(
        label=gettext_lazy("Tiebreakers, in order"), max_length=200,
        help_text=format_lazy(gettext_lazy("Names separated by commas, each once: {names}."),
                              names=", ".join(METRICS)))

    def __init__(self, *args, event: Event, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, **kwargs)
        self.event = event
        self.fields.pop("game", None)
        self.fields.pop("check_squads", None)
        self.fields.pop("grand_final_reset", None)  # set when the event is made
        self.fields.pop("team_size", None)  # teams or not is fixed when the event is made
        for name in ("starts_at", "decklist_deadline"):
            self.fields[name].widget.format = LOCAL_TIME_FORMAT
        for name in ("round_minutes", "no_show_minutes", "late_player_gets"):
            self.fields[name].required = True
        for name in EDITABLE:
            if name in TIME_FIELDS:
                self.initial[name] = _wall_clock(getattr(event, name), event.time_zone)
            elif name == "tiebreakers":
                self.initial[name] = ", ".join(event.tiebreakers)
            else:
                self.initial[name] = getattr(event, name)
        self.initial["shape"] = shape_of(structure=event.structure, top_cut=event.top_cut,
                                         day2_points=event.day2_points,
                                         day2_rounds=event.day2_rounds).key
        if event.status != EventStatus.REGISTRATION:
            self.fields["shape"].disabled = True
            self.fields["shape"].help_text = _(
                "Fixed since the event started: its phases were written from this shape at "
                "the start, and its rounds follow them.")
            self._bound_fields_cache.pop("shape", None)
            for name in BEFORE_START:
                field = self.fields[name]
                field.disabled = True
                field.help_text = _("Fixed since the event started.")
                # The bound fields made by the base class read the old help text.
                self._bound_fields_cache.pop(name, None)
                field.widget.attrs["aria-describedby"] = (
                    f"{self[name].auto_id}-errors {self[name].auto_id}-help")

    def _unset(self, name: str, default: object) -> object:
        return getattr(self.event, name)

    def clean_tiebreakers(self) -> list[str]:
        return [t.strip() for t in self.cleaned_data["tiebreakers"].split(",") if t.strip()]

    def clean(self) -> dict:
        data = super().clean()
        zone = data.get("time_zone")
        for key in ("registration_opens", "registration_closes"):
            if data.get(key) and zone:
                data[key] = timezone.make_naive(data[key]).replace(tzinfo=ZoneInfo(zone))
        return data

    def service_arguments(self) -> dict:
        """The settings as typed; a disabled one is not sent (it cannot change now)."""
        return {name: self.cleaned_data[name] for name in EDITABLE
                if name in self.cleaned_data and not self.fields[name].disabled}
