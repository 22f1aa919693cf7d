"""Forms of the play pages: a duel against an AI seat or a person, a solo game (quick or
custom)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError
from decks.templatetags.words import WORDS, word
from engine.clash.ai import LEVELS as AI_LEVELS
from engine.clash.solo import LEVELS, QUICK, SOLO_DRAFT, SOLO_PRECONSTRUCTED
from engine.clash.solo.options import (
    CHOICES,
    SoloOptions,
    SoloOptionsError,
    check_level,
)
from play.selectors.records import LEVEL_NAMES, level_name

DECKS = [(n, format_lazy(_("Deck {number}"), number=n)) for n in range(1, 5)]
AI_LEVEL_NAMES = {"random": _("Random (weakest)"), "scripted": _("Scripted"),
                  "greedy": _("Greedy"), "search": _("Search"),
                  "expert": _("Expert (strongest)")}
class DuelForm(forms.Form):
    deck = forms.TypedChoiceField(label=_("Your deck"), choices=DECKS, coerce=int, initial=1)
    ai_level = forms.ChoiceField(label=_("AI player"), initial="greedy",
                                 choices=[(lv, AI_LEVEL_NAMES.get(lv, lv)) for lv in AI_LEVELS])

    def add_domain_error(self, error: DomainError) -> None:
        self.add_error(None, error.message)


class InvitationForm(forms.Form):
    """A duel against a person: the creator's deck, or the deck of the one who joins."""

    deck = forms.TypedChoiceField(label=_("Your deck"), choices=DECKS, coerce=int, initial=1)

    def add_domain_error(self, error: DomainError) -> None:
        self.add_error(None, error.message)


def _choice(value: Any) -> str:
    return "none" if value is None else str(value).lower()


# What the player reads for each option and choice (rule C-8.9), instead of the engine's
# names (`fixed_mana`, `true`): the choices' labels and the "what fits" advice use these.
OPTION_WORDS = {
    "fixed_mana": _("the automaton's fixed mana"),
    "mana_per_creature": _("the mana per creature of yours"),
    "first": _("who goes first"),
    "endurance": _("what the automaton starts on"),
    "resistance": _("resistance"),
    "ability": _("the ability every AI creature has"),
}
CHOICE_WORDS = {
    "first": {"player": _("you"), "ai": _("the automaton")},
    "endurance": {"bastion": _("the Bastion"), "fort": _("the Fort")},
}


def choice_words(option: str, value: Any) -> str:
    """A choice as the player reads it: "yes", "no", "none", "you", "the Fort", "Splash"."""
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if value is None:
        return gettext("none")
    if option == "ability":
        return word(value) if value in WORDS else str(value).capitalize()
    return str(CHOICE_WORDS.get(option, {}).get(value, str(value)))


def _option_label(option: str, value: Any, points: int) -> str:
    words = choice_words(option, value)
    return f"{words[:1].upper()}{words[1:]} ({points:+d})" if points else (
        f"{words[:1].upper()}{words[1:]} (0)")


def _option_field(option: str, label: str) -> forms.TypedChoiceField:
    def choices() -> list[tuple[str, str]]:
        # Built when the form is shown, so the labels are in the reader's language.
        return [(_choice(value), _option_label(option, value, points))
                for value, points in CHOICES[option]]

    values = {_choice(value): value for value, _points in CHOICES[option]}
    return forms.TypedChoiceField(label=label, choices=choices, coerce=values.__getitem__,
                                  initial=_choice(CHOICES[option][0][0]), required=False,
                                  empty_value=CHOICES[option][0][0])


def _points_text(points: int) -> str:
    return ngettext("%(n)d difficulty point", "%(n)d difficulty points", abs(points)) % {
        "n": points}


def _changes_text(changes: dict[str, Any]) -> str:
    return gettext(" and ").join(
        gettext("%(option)s to %(choice)s") % {"option": OPTION_WORDS[option],
                                               "choice": choice_words(option, value)}
        for option, value in changes.items())


def level_problem(options: SoloOptions, level: int) -> str | None:
    """Why these options do not make `level`, in the player's words (None when they do).
    The engine's `check_level` decides; its `fits` give the smallest changes that would."""
    try:
        check_level(options, level)
    except SoloOptionsError as exc:
        fits = exc.fits
    else:
        return None
    if not fits:
        return None  # a level the form does not offer: the service refuses it
    if level == QUICK:
        return gettext("A quick game takes every option at 0 points (rule C-8.9): change "
                       "%(changes)s; or choose a custom level from 1 to 5 for these options "
                       "(%(points)s).") % {"changes": _changes_text(fits[0]),
                                           "points": _points_text(options.points)}
    shown = gettext("; or ").join(_changes_text(f) for f in fits[:8])
    more = len(fits) - 8
    if more > 0:
        return ngettext(
            "The options add up to %(points)s, but level %(level)d (%(name)s) needs exactly "
            "%(needed)s (rule C-8.9). To fit, change %(changes)s (and %(n)d more way).",
            "The options add up to %(points)s, but level %(level)d (%(name)s) needs exactly "
            "%(needed)s (rule C-8.9). To fit, change %(changes)s (and %(n)d more ways).",
            more) % {"points": _points_text(options.points), "level": level,
                     "name": level_name(level), "needed": _points_text(level),
                     "changes": shown, "n": more}
    return gettext(
        "The options add up to %(points)s, but level %(level)d (%(name)s) needs exactly "
        "%(needed)s (rule C-8.9). To fit, change %(changes)s.") % {
        "points": _points_text(options.points), "level": level, "name": level_name(level),
        "needed": _points_text(level), "changes": shown}


class SoloForm(forms.Form):
    """Rule C-8.9: a quick game (level 0) or a custom level 1-5 whose options add up to it;
    the engine's `check_level` checks and says what would fit (the service raises it)."""

    fmt = forms.ChoiceField(label=_("Cards"), initial=SOLO_DRAFT, choices=[
        (SOLO_DRAFT, _("Solo draft: keep 1 of each 4 revealed")),
        (SOLO_PRECONSTRUCTED, _("A preconstructed deck"))])
    deck = forms.TypedChoiceField(label=_("Preconstructed deck"), choices=DECKS, coerce=int,
                                  initial=1, required=False, empty_value=None)
    level = forms.TypedChoiceField(
        label=_("Difficulty"), coerce=int, initial=QUICK,
        choices=[(QUICK, _("Quick game (every option at 0 points)"))]
        + [(n, format_lazy("{}: {}", n, LEVEL_NAMES[n])) for n in LEVELS])
    fixed_mana = _option_field("fixed_mana", _("Automaton's fixed mana"))
    mana_per_creature = _option_field("mana_per_creature", _("Mana per creature of yours"))
    first = _option_field("first", _("Who goes first"))
    endurance = _option_field("endurance", _("Automaton starts on"))
    resistance = _option_field("resistance", _("Resistance (1 less damage per attack)"))
    ability = _option_field("ability", _("Ability every AI creature has"))

    OPTIONS = ("fixed_mana", "mana_per_creature", "first", "endurance", "resistance", "ability")

    def options(self) -> dict[str, Any]:
        return {name: self.cleaned_data[name] for name in self.OPTIONS}

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors or not all(name in data for name in (*self.OPTIONS, "level")):
            return data
        problem = level_problem(SoloOptions(**self.options()), data["level"])
        if problem:
            raise forms.ValidationError(problem)
        return data

    def add_domain_error(self, error: DomainError) -> None:
        self.add_error(None, error.message)
