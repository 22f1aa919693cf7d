"""A match's page: the result a player reports or an organizer sets, and a Berserk squad."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.forms import AccessibleForm
from decks.forms import SquadCheckForm
from engine.clash.match_rules import MatchFormat
from tournaments.models import MatchLength
from tournaments.presenters.score_problems import score_problems


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
