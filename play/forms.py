"""Forms of the play pages: a duel against an AI seat or a person, a solo game (quick or
custom)."""

from __future__ import annotations

from typing import Any

from django import forms

from clash.domain import DomainError
from engine.clash.ai import LEVELS as AI_LEVELS
from engine.clash.solo import LEVELS, QUICK, SOLO_DRAFT, SOLO_PRECONSTRUCTED
from engine.clash.solo.options import CHOICES

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


def _option_field(option: str, label: str) -> forms.TypedChoiceField:
    choices = [(_choice(value), f"{_choice(value)} ({points:+d})" if points else
                f"{_choice(value)} (0)") for value, points in CHOICES[option]]
    values = {_choice(value): value for value, _ in CHOICES[option]}
    return forms.TypedChoiceField(label=label, choices=choices, coerce=values.__getitem__,
                                  initial=choices[0][0], required=False,
                                  empty_value=CHOICES[option][0][0])


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

    def add_domain_error(self, error: DomainError) -> None:
        self.add_error(None, error.message)
