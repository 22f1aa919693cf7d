"""Forms of the play pages: a duel against an AI seat or a person, a solo game (quick or
custom)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import ngettext

from core.errors import DomainError
from engine.clash.ai import LEVELS as AI_LEVELS
from engine.clash.solo import LEVELS, QUICK, SOLO_DRAFT, SOLO_PRECONSTRUCTED
from engine.clash.solo.options import (
    CHOICES,
    SoloOptions,
    SoloOptionsError,
    check_level,
)

DECKS = [(1, "Deck 1"), (2, "Deck 2"), (3, "Deck 3"), (4, "Deck 4")]
AI_LEVEL_NAMES = {"random": "Random (weakest)", "scripted": "Scripted", "greedy": "Greedy",
                  "search": "Search (strongest)"}


class DuelForm(forms.Form):
    deck = forms.TypedChoiceField(label="Your deck", choices=DECKS, coerce=int, initial=1)
    ai_level = forms.ChoiceField(label="AI player", initial="greedy",
                                 choices=[(lv, AI_LEVEL_NAMES.get(lv, lv)) for lv in AI_LEVELS])

    def add_domain_error(self, error: DomainError) -> None:
        self.add_error(None, error.message)


class InvitationForm(forms.Form):
    """A duel against a person: the creator's deck, or the deck of the one who joins."""

    deck = forms.TypedChoiceField(label="Your deck", choices=DECKS, coerce=int, initial=1)

    def add_domain_error(self, error: DomainError) -> None:
        self.add_error(None, error.message)


def _choice(value: Any) -> str:
    return "none" if value is None else str(value).lower()


# What the player reads for each option and choice (rule C-8.9), instead of the engine's
# names (`fixed_mana`, `true`): the choices' labels and the "what fits" advice use these.
OPTION_WORDS = {
    "fixed_mana": "the automaton's fixed mana",
    "mana_per_creature": "the mana per creature of yours",
    "first": "who goes first",
    "endurance": "what the automaton starts on",
    "resistance": "resistance",
    "ability": "the ability every AI creature has",
}
CHOICE_WORDS = {
    "first": {"player": "you", "ai": "the automaton"},
    "endurance": {"bastion": "the Bastion", "fort": "the Fort"},
}


def choice_words(option: str, value: Any) -> str:
    """A choice as the player reads it: "yes", "no", "none", "you", "the Fort", "Splash"."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if option == "ability":
        return str(value).capitalize()
    return CHOICE_WORDS.get(option, {}).get(value, str(value))


def _option_label(option: str, value: Any, points: int) -> str:
    words = choice_words(option, value)
    return f"{words[:1].upper()}{words[1:]} ({points:+d})" if points else (
        f"{words[:1].upper()}{words[1:]} (0)")


def _option_field(option: str, label: str) -> forms.TypedChoiceField:
    choices = [(_choice(value), _option_label(option, value, points))
               for value, points in CHOICES[option]]
    values = {_choice(value): value for value, _ in CHOICES[option]}
    return forms.TypedChoiceField(label=label, choices=choices, coerce=values.__getitem__,
                                  initial=choices[0][0], required=False,
                                  empty_value=CHOICES[option][0][0])


def _points_text(points: int) -> str:
    return ngettext("%(n)d difficulty point", "%(n)d difficulty points", abs(points)) % {
        "n": points}


def _changes_text(changes: dict[str, Any]) -> str:
    return " and ".join(f"{OPTION_WORDS[option]} to {choice_words(option, value)}"
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
        return (f"A quick game takes every option at 0 points (rule C-8.9): change "
                f"{_changes_text(fits[0])}; or choose a custom level from 1 to 5 for these "
                f"options ({_points_text(options.points)}).")
    shown = "; or ".join(_changes_text(f) for f in fits[:8])
    more = len(fits) - 8
    tail = ngettext(" (and %(n)d more way)", " (and %(n)d more ways)", more) % {
        "n": more} if more > 0 else ""
    return (f"The options add up to {_points_text(options.points)}, but level {level} "
            f"({LEVELS[level]}) needs exactly {_points_text(level)} (rule C-8.9). To fit, "
            f"change {shown}{tail}.")


class SoloForm(forms.Form):
    """Rule C-8.9: a quick game (level 0) or a custom level 1-5 whose options add up to it;
    the engine's `check_level` checks and says what would fit (the service raises it)."""

    fmt = forms.ChoiceField(label="Cards", initial=SOLO_DRAFT, choices=[
        (SOLO_DRAFT, "Solo draft: keep 1 of each 4 revealed"),
        (SOLO_PRECONSTRUCTED, "A preconstructed deck")])
    deck = forms.TypedChoiceField(label="Preconstructed deck", choices=DECKS, coerce=int,
                                  initial=1, required=False, empty_value=None)
    level = forms.TypedChoiceField(
        label="Difficulty", coerce=int, initial=QUICK,
        choices=[(QUICK, "Quick game (every option at 0 points)")]
        + [(n, f"{n}: {name}") for n, name in LEVELS.items()])
    fixed_mana = _option_field("fixed_mana", "Automaton's fixed mana")
    mana_per_creature = _option_field("mana_per_creature", "Mana per creature of yours")
    first = _option_field("first", "Who goes first")
    endurance = _option_field("endurance", "Automaton starts on")
    resistance = _option_field("resistance", "Resistance (1 less damage per attack)")
    ability = _option_field("ability", "Ability every AI creature has")

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
