"""Forms of the tournament pages. They parse and check input; the services decide and write.

A domain error from a service goes back on the form next to the field it is about (see
`decks.forms.AccessibleForm`), so the page shows each problem where it can be fixed.
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django import forms
from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.utils.translation import gettext_lazy as _

from core.forms import AccessibleForm
from decks.forms import SquadCheckForm
from decks.models import Decklist, DecklistKind, Game
from decks.services.catalogue import CLASH
from decks.services.game_rules import GAME_NAMES
from engine.clash.match_rules import MatchFormat
from tournaments.models import (
    MAX_ANNOUNCEMENT,
    MAX_PENALTY_NOTE,
    DeckCheckOutcome,
    Event,
    EventFormat,
    EventStatus,
    LatePlayerGets,
    MatchLength,
    PenaltyKind,
    TopCut,
)
from tournaments.selectors.score_problems import score_problems
from tournaments.services.event_edit import BEFORE_START, EDITABLE
from tournaments.services.event_edit import TIMES as TIME_FIELDS
from tournaments.services.events import (
    DEFAULT_NO_SHOW_MINUTES,
    DEFAULT_ROUND_MINUTES,
    MAX_CAPACITY,
    MAX_DESCRIPTION,
    MAX_NAME,
    MAX_NO_SHOW_MINUTES,
    MAX_ROUND_MINUTES,
    MAX_VENUE,
    time_zone_problem,
)
from tournaments.services.round_clock import MAX_MINUTES as MAX_CLOCK_MINUTES
from tournaments.swiss.standings import METRICS

# The preconstructed decks a player may pick; the labels are written in the reader's language
# when the form is made (RegistrationForm).
DECK_NUMBERS = [(n, str(n)) for n in range(1, 5)]


def _deck_choices() -> list[tuple[int, str]]:
    return [(n, gettext("Preconstructed deck %(number)d") % {"number": n})
            for n, _label in DECK_NUMBERS]


class GameChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Game) -> str:
        return obj.name


class EventForm(AccessibleForm):
    name = forms.CharField(label=_("Name"), max_length=MAX_NAME)
    game = GameChoiceField(
        label=_("Game"), queryset=Game.objects.none(), to_field_name="slug", required=False,
        empty_label=None, widget=forms.RadioSelect,
        help_text=_("The Spoils and Berserk events are constructed and have no AI players: "
                    "their matches are played at the table and the players report the "
                    "results."))
    format = forms.ChoiceField(label=_("Format"), choices=EventFormat.choices,
                               initial=EventFormat.CONSTRUCTED, widget=forms.RadioSelect)
    match_length = forms.TypedChoiceField(label=_("Matches"), coerce=int,
                                          choices=MatchLength.choices,
                                          initial=MatchLength.BEST_OF_3)
    rounds = forms.IntegerField(label=_("Swiss rounds"), required=False, min_value=1,
                                max_value=20,
                                help_text=_("Leave empty to set it from the number of players "
                                            "when the event starts."))
    top_cut = forms.TypedChoiceField(label=_("Top cut"), coerce=int, choices=TopCut.choices,
                                     initial=TopCut.NONE)
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
        games = Game.objects.filter(slug__in=[CLASH, *GAME_NAMES]).order_by("id")
        self.fields["game"].queryset = games
        if not any(g.slug != CLASH for g in games):
            del self.fields["game"]  # only Clash of Decks: nothing to choose
        else:
            self.fields["game"].initial = CLASH

    def clean_time_zone(self) -> str:
        zone = self.cleaned_data["time_zone"].strip() or "UTC"  # left empty: UTC
        problem = time_zone_problem(zone)
        if problem:
            raise forms.ValidationError(problem)
        return zone

    def clean(self) -> dict:
        """The times typed are wall-clock times in the event's zone, not the server's."""
        data = super().clean()
        zone = data.get("time_zone")
        for key in ("starts_at", "decklist_deadline"):
            if data.get(key) and zone:
                data[key] = timezone.make_naive(data[key]).replace(tzinfo=ZoneInfo(zone))
        return data

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        arguments = {key: data[key] for key in (
            "name", "format", "match_length", "rounds", "top_cut", "late_entry_until_round",
            "decklist_deadline", "check_in_required", "fill_with_ai", "ai_in_top_cut",
            "check_squads", "clock_starts_at_pairing", "time_zone", "starts_at", "venue",
            "description", "capacity")}
        return {**arguments, "game": data.get("game"),
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
        if event.status != EventStatus.REGISTRATION:
            for name in BEFORE_START:
                field = self.fields[name]
                field.disabled = True
                field.help_text = _("Fixed since the event started.")
                # The bound fields made by the base class read the old help text.
                self._bound_fields_cache.pop(name, None)
                field.widget.attrs["aria-describedby"] = (
                    f"{self[name].auto_id}-errors {self[name].auto_id}-help")

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


class RegistrationForm(AccessibleForm):
    """The decklist the event's format needs (issue: registration): a preconstructed deck by
    number, or one of the player's constructed lists; nothing for a draft."""

    preconstructed_deck = forms.TypedChoiceField(
        label=_("Your deck"), coerce=int, choices=DECK_NUMBERS, widget=forms.RadioSelect)
    decklist = forms.ModelChoiceField(
        label=_("Your constructed list"), queryset=Decklist.objects.none(),
        empty_label=_("Choose a list"), widget=forms.RadioSelect,
        help_text=_("You play its current version; your edits follow until the event starts "
                    "or its decklist deadline passes, whichever comes first."))

    def __init__(self, *args, event: Event, user, **kwargs) -> None:  # noqa: ANN001, ANN002, ANN003
        super().__init__(*args, **kwargs)
        self.event = event
        if event.format != EventFormat.PRECONSTRUCTED:
            del self.fields["preconstructed_deck"]
        else:
            self.fields["preconstructed_deck"].choices = _deck_choices()
        if event.format != EventFormat.CONSTRUCTED:
            del self.fields["decklist"]
        else:
            self.fields["decklist"].queryset = (
                Decklist.objects.filter(owner=user, kind=DecklistKind.CONSTRUCTED,
                                        game_id=event.game_id).order_by("name"))

    @property
    def deck_field(self) -> str | None:
        return next(iter(self.fields), None)

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        if "decklist" in data:
            return {"decklist_version_id": data["decklist"].current.pk}
        if "preconstructed_deck" in data:
            return {"preconstructed_deck": data["preconstructed_deck"]}
        return {}

    def add_domain_error(self, error, field: str | None = None) -> None:  # noqa: ANN001
        for problem in error.problems or [error.message]:
            self.add_error(field or self.deck_field, problem)


class UsernameField(forms.CharField):
    def clean(self, value):  # noqa: ANN001, ANN201
        name = super().clean(value)
        user = get_user_model().objects.filter(username=name).first()
        if user is None:
            raise forms.ValidationError(gettext("There is no player called %(name)s.")
                                        % {"name": repr(name)})
        return user


class PlayerAddForm(AccessibleForm):
    """The organizer enters a player by username, without a list: a person's list enters an
    event only when they attach it themselves, so this form asks for none (and says nothing
    about the lists a player has)."""

    player = UsernameField(
        label=_("Player's username"), max_length=150,
        help_text=_("The player is added without a list: they attach their own on the "
                    "event's page (a draft needs none)."))

    def __init__(self, *args, event: Event, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="add", **kwargs)
        self.event = event

    def service_arguments(self) -> dict:
        return {"player": self.cleaned_data["player"]}

    def add_domain_error(self, error, field: str | None = None) -> None:  # noqa: ANN001
        for problem in error.problems or [error.message]:
            self.add_error(field or "player", problem)


class GuestAddForm(AccessibleForm):
    """A walk-in without an account (issue 16): a seat under a name, with a claim code."""

    name = forms.CharField(
        label=gettext_lazy("Guest's name"), max_length=60,
        help_text=gettext_lazy("For a person without an account. You get a claim code to "
                               "hand them: with it they attach the seat, and its results, "
                               "to their account later."))

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="guest", **kwargs)


class ClaimForm(AccessibleForm):
    code = forms.CharField(label=gettext_lazy("Claim code"), max_length=40,
                           help_text=gettext_lazy("The code the organizer gave you, like "
                                                  "ABCD-EFGH-JKMN."))


class OrganizerAddForm(AccessibleForm):
    user = UsernameField(label=_("Username of the new organizer"), max_length=150)

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="org", **kwargs)


def _games(most: int) -> list[tuple[int, str]]:
    return [(n, str(n)) for n in range(most + 1)]


# The most games of a match of any length the events offer (the cap of rule C-7.5b).
GAMES = _games(max(MatchFormat(best_of=n).max_games for n in MatchLength.values))


class ResultForm(AccessibleForm):
    """Games from player A's side, as the services store them; the labels name the players.
    With the match's `fmt`, the counts offered go up to its cap on games and a score it does
    not allow is refused here with the services' reasons (engine.clash.match_rules)."""

    a_wins = forms.TypedChoiceField(label=_("Games won by A"), coerce=int, choices=GAMES)
    b_wins = forms.TypedChoiceField(label=_("Games won by B"), coerce=int, choices=GAMES)
    draws = forms.TypedChoiceField(label=_("Drawn games"), coerce=int, choices=GAMES,
                                   initial=0)

    def __init__(self, *args, a: str, b: str, fmt: MatchFormat | None = None, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, **kwargs)
        self.fmt = fmt
        # The bound fields were made (and their labels copied) by AccessibleForm already.
        for name, player in (("a_wins", a), ("b_wins", b)):
            self.fields[name].label = self[name].label = (
                gettext("Games won by %(player)s") % {"player": player})
        if fmt is not None:
            for name in ("a_wins", "b_wins", "draws"):
                self.fields[name].choices = _games(fmt.max_games)

    def clean(self) -> dict:
        data = super().clean()
        counts = [data.get(k) for k in ("a_wins", "b_wins", "draws")]
        if self.fmt is not None and None not in counts:
            for problem in score_problems(self.fmt, *counts):
                self.add_error(None, problem)
        return data

    def service_arguments(self) -> dict:
        return {k: self.cleaned_data[k] for k in ("a_wins", "b_wins", "draws")}

    def add_domain_error(self, error, field: str | None = None) -> None:  # noqa: ANN001
        for problem in error.problems or [error.message]:
            self.add_error(field, problem)


class ResultSetForm(ResultForm):
    note = forms.CharField(label=_("Note for the record"), max_length=200, required=False,
                           help_text=_("Why the result is set or corrected, e.g. 'both "
                                       "players agreed at the table'."))


class SquadSubmitForm(SquadCheckForm):
    """A player's squad and placement for one game of a match of a Berserk event that checks
    squads; the deal is given by card name, from the list they registered."""

    game_number = forms.TypedChoiceField(label=_("Game"), coerce=int, choices=[])

    field_order = ["game_number", "squad"]

    def __init__(self, *args, games: int, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="squad", **kwargs)
        self.fields["game_number"].choices = [
            (n, gettext("Game %(number)d") % {"number": n}) for n in range(1, games + 1)]

    def service_arguments(self) -> dict:
        return {"game_number": self.cleaned_data["game_number"],
                "data": self.cleaned_data["squad"]}

    def add_domain_error(self, error, field: str | None = None) -> None:  # noqa: ANN001
        target = field or ("game_number" if error.code == "no_such_game" else "squad")
        for problem in error.problems or [error.message]:
            self.add_error(target, problem)


class DeckCheckForm(AccessibleForm):
    """A deck check of one seat: the round it was made in, what it found, a note."""

    round_number = forms.TypedChoiceField(label=_("Round"), coerce=int, choices=[])
    outcome = forms.ChoiceField(label=_("Outcome"), choices=DeckCheckOutcome.choices,
                                widget=forms.RadioSelect)
    note = forms.CharField(label=_("Note for the record"), max_length=200, required=False,
                           help_text=_("What was checked or found, e.g. 'one card sleeved "
                                       "differently, no penalty'."))

    def __init__(self, *args, rounds: list[int], **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="check", **kwargs)
        self.fields["round_number"].choices = [
            (n, gettext("Round %(round)d") % {"round": n}) for n in reversed(rounds)]

    def service_arguments(self) -> dict:
        return {k: self.cleaned_data[k] for k in ("round_number", "outcome", "note")}



class AnnouncementForm(AccessibleForm):
    """A message to the event's players. The service checks it (empty, too long), so the
    page and the API say the same; the browser is told the limit too."""

    text = forms.CharField(
        label=_("Message"), required=False, strip=False,
        widget=forms.Textarea(attrs={"rows": 2, "maxlength": MAX_ANNOUNCEMENT}))

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="news", **kwargs)
        # Here, not on the field: a count's sentence is chosen in the reader's language.
        self.fields["text"].help_text = ngettext(
            "Plain text, up to %(limit)d character, e.g. “Round 3 starts at 14:30, tables "
            "1-20 in the back room”. It shows at the top of the event's page and pairings and "
            "on each player's Me page until you withdraw it.",
            "Plain text, up to %(limit)d characters, e.g. “Round 3 starts at 14:30, tables "
            "1-20 in the back room”. It shows at the top of the event's page and pairings and "
            "on each player's Me page until you withdraw it.", MAX_ANNOUNCEMENT) % {
                "limit": MAX_ANNOUNCEMENT}


class RoundNumberForm(forms.Form):
    """The round number the page showed: posting it twice pairs that round once."""

    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class SwapForm(forms.Form):
    """Two players (seat ids) of the round the page showed, to swap between their tables."""

    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    first = forms.IntegerField(min_value=1, label=gettext_lazy("Player"))
    second = forms.IntegerField(min_value=1, label=gettext_lazy("Swap with"))


class ClockAddForm(forms.Form):
    """Minutes added to a round's clock (or a table's), with the total the page showed:
    posting it twice adds them once."""

    minutes = forms.IntegerField(label=gettext_lazy("Minutes"), min_value=1,
                                 max_value=MAX_CLOCK_MINUTES, initial=5)
    seen = forms.IntegerField(min_value=0, required=False, widget=forms.HiddenInput)


class MatchTimeForm(ClockAddForm):
    note = forms.CharField(label=gettext_lazy("Why"), max_length=200, required=False,
                           help_text=gettext_lazy("A judge call, a deck check."))


class LatePlayerForm(AccessibleForm):
    """A late player for the round the page showed (`number`): one of the event's seats with
    no match in it (`waiting`, (id, name) pairs), a username, or a walk-in's name."""

    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    seat = forms.TypedChoiceField(
        label=gettext_lazy("A seat of the event"), coerce=int, required=False,
        empty_value=None, choices=[],
        help_text=gettext_lazy("A player who entered after the pairing, or was added since."))
    player = forms.CharField(
        label=gettext_lazy("Or a player's username"), max_length=150, required=False,
        help_text=gettext_lazy("A new seat without a list: they attach their own."))
    guest_name = forms.CharField(
        label=gettext_lazy("Or a guest's name"), max_length=60, required=False,
        help_text=gettext_lazy("A walk-in without an account: you get their claim code."))

    def __init__(self, *args, waiting: list[tuple[int, str]], **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="late", **kwargs)
        self.fields["seat"].choices = [("", _("Choose a seat"))] + waiting
        if not waiting:
            del self.fields["seat"]

    def clean(self) -> dict:
        data = super().clean()
        username = (data.get("player") or "").strip()
        data["player"] = None
        if username:
            data["player"] = get_user_model().objects.filter(username=username).first()
            if data["player"] is None:
                self.add_error("player", _("There is no player called %(name)s.")
                               % {"name": username})
        given = [k for k in ("seat", "guest_name") if data.get(k)] + (
            ["player"] if username else [])
        if len(given) != 1 and not self.errors:
            self.add_error(None, _("Give one late player: a seat, a username or a guest's "
                                   "name."))
        return data

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        return {"number": data["number"], "registration_id": data.get("seat"),
                "player": data["player"], "guest_name": data.get("guest_name") or None}

    def add_domain_error(self, error, field: str | None = None) -> None:  # noqa: ANN001
        target = field or {"guest_name_taken": "guest_name", "guest_name_too_long":
                           "guest_name"}.get(error.code)
        for problem in error.problems or [error.message]:
            self.add_error(target, problem)


class NoShowForm(forms.Form):
    """The absent player (a seat id) at an open table of the round the page showed."""

    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    absent = forms.IntegerField(min_value=1, label=gettext_lazy("Absent player"))


class JudgeAddForm(AccessibleForm):
    user = UsernameField(label=_("Username of the judge"), max_length=150,
                         help_text=_("A judge records penalties, gives a table extra time and "
                                     "reads the players' lists for deck checks."))

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="judge", **kwargs)


class PenaltyForm(AccessibleForm):
    """A penalty: the player (a seat of the event), the kind, the round (the latest by
    default) and a note. The service checks it all again and says what is wrong."""

    registration = forms.TypedChoiceField(label=_("Player"), coerce=int, choices=[])
    kind = forms.ChoiceField(label=_("Penalty"), choices=PenaltyKind.choices,
                             widget=forms.RadioSelect, initial=PenaltyKind.WARNING)
    round_number = forms.TypedChoiceField(label=_("Round"), coerce=int, empty_value=None,
                                          choices=[], required=False)
    note = forms.CharField(label=_("What happened"), required=False,
                           widget=forms.Textarea(attrs={"rows": 2,
                                                        "maxlength": MAX_PENALTY_NOTE}),
                           help_text=_("Required, for the record: the player sees it."))
    # The number of the event's penalties the page showed (a double click records one).
    seen = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0)

    input_fields = {"registration_id": "registration"}

    def __init__(self, *args, seats: list, rounds: list[int], **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="penalty", **kwargs)
        self.fields["registration"].choices = [(s.pk, s.name) for s in seats]
        latest = [("", _("The latest round"))] if rounds else [("", _("Before round 1"))]
        self.fields["round_number"].choices = latest + [
            (n, gettext_lazy("Round %(round)d") % {"round": n}) for n in reversed(rounds)]

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        return {"registration_id": data["registration"], "kind": data["kind"],
                "round_number": data["round_number"], "note": data["note"],
                "seen": data["seen"]}

