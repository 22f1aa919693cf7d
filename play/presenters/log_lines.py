"""The game's event log in the reader's language: one whole sentence per engine event
(engine/clash/events.py), for the game page, the replay page and their API answers.

The engine's events hold codes and plain values; here each code has its sentence, marked for
translation with named placeholders, so a translator can put the card, the seat and the
amount where their language wants them. In English the sentences are the engine's own
(`engine.clash.events.render`), word for word. Card names stay as printed (docs/glossary.md);
seat letters are written as the game page writes them (the `letter` filter: А and Б in
Serbian and Russian). A sentence that names a lane comes in two, one per lane, since the
lane's word takes the sentence's grammar. The API gives the events too, as their code and
their values by name (`event_data`), the same in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.utils.translation import gettext, ngettext

from engine.clash import events as ev
from engine.clash.cards import Catalogue
from engine.clash.state import TOP
from engine.seats import SEAT_A, SEAT_B, letter
from play.templatetags.seats import letter as seat_letter


def _seat(seat: int) -> str:
    return seat_letter(letter(seat))


def _cards(catalogue: Catalogue, cards: Iterable[int]) -> str:
    return ", ".join(catalogue.name(c) for c in cards)


# One function per code: (the event's values, the catalogue) -> the sentence.
Sentence = Callable[[tuple, Catalogue], str]


def _coin(v: tuple, cat: Catalogue) -> str:
    return gettext("the coin gives the first turn to %(seat)s") % {"seat": _seat(v[0])}


def _solo_start(v: tuple, cat: Catalogue) -> str:
    if v[0] == SEAT_B:
        return gettext("solo game: the automaton goes first")
    return gettext("solo game: the player goes first")


def _mana(v: tuple, cat: Catalogue) -> str:
    turn, seat, mana = v
    return ngettext("turn %(turn)d: %(seat)s gains %(mana)d mana",
                    "turn %(turn)d: %(seat)s gains %(mana)d mana", mana) % {
        "turn": turn, "seat": _seat(seat), "mana": mana}


def _end_turn(v: tuple, cat: Catalogue) -> str:
    return gettext("turn %(turn)d: %(seat)s ends the turn") % {
        "turn": v[0], "seat": _seat(v[1])}


def _turn_cap(v: tuple, cat: Catalogue) -> str:
    return ngettext("the turn cap of %(turns)d turns is reached: a draw",
                    "the turn cap of %(turns)d turns is reached: a draw", v[0]) % {
        "turns": v[0]}


def _play(v: tuple, cat: Catalogue) -> str:
    seat, card, lane, mana = v
    values = {"seat": _seat(seat), "card": cat.name(card), "mana": mana}
    if lane == TOP:
        return ngettext("%(seat)s plays %(card)s to top (%(mana)d mana left)",
                        "%(seat)s plays %(card)s to top (%(mana)d mana left)", mana) % values
    return ngettext("%(seat)s plays %(card)s to bottom (%(mana)d mana left)",
                    "%(seat)s plays %(card)s to bottom (%(mana)d mana left)", mana) % values


def _cast(v: tuple, cat: Catalogue) -> str:
    caster, card, target, owner, lane, position = v
    values = {"caster": _seat(caster), "card": cat.name(card), "target": cat.name(target),
              "owner": _seat(owner), "position": position}
    if lane == TOP:
        return gettext("%(caster)s casts %(card)s at %(target)s (%(owner)s top "
                       "%(position)d)") % values
    return gettext("%(caster)s casts %(card)s at %(target)s (%(owner)s bottom "
                   "%(position)d)") % values


def _indestructible(v: tuple, cat: Catalogue) -> str:
    return gettext("%(card)s is Indestructible: nothing happens") % {"card": cat.name(v[0])}


def _takes(v: tuple, cat: Catalogue) -> str:
    return ngettext("%(card)s takes %(damage)d damage", "%(card)s takes %(damage)d damage",
                    v[1]) % {"card": cat.name(v[0]), "damage": v[1]}


def _attack_phase(v: tuple, cat: Catalogue) -> str:
    return gettext("%(seat)s enters the Attack phase") % {"seat": _seat(v[0])}


def _sprint(v: tuple, cat: Catalogue) -> str:
    return ngettext("%(card)s sprints past %(count)d creature: +%(count)d damage this phase",
                    "%(card)s sprints past %(count)d creatures: +%(count)d damage this phase",
                    v[1]) % {"card": cat.name(v[0]), "count": v[1]}


def _hits_bastion(v: tuple, cat: Catalogue) -> str:
    card, seat, lane, damage = v
    values = {"card": cat.name(card), "seat": _seat(seat), "damage": damage}
    if lane == TOP:
        return ngettext("%(card)s (%(seat)s top) hits the Bastion for %(damage)d",
                        "%(card)s (%(seat)s top) hits the Bastion for %(damage)d",
                        damage) % values
    return ngettext("%(card)s (%(seat)s bottom) hits the Bastion for %(damage)d",
                    "%(card)s (%(seat)s bottom) hits the Bastion for %(damage)d",
                    damage) % values


def _hits_fort(v: tuple, cat: Catalogue) -> str:
    card, seat, lane, damage = v
    values = {"card": cat.name(card), "seat": _seat(seat), "damage": damage}
    if lane == TOP:
        return ngettext("%(card)s (%(seat)s top) hits the Fort for %(damage)d",
                        "%(card)s (%(seat)s top) hits the Fort for %(damage)d",
                        damage) % values
    return ngettext("%(card)s (%(seat)s bottom) hits the Fort for %(damage)d",
                    "%(card)s (%(seat)s bottom) hits the Fort for %(damage)d",
                    damage) % values


def _protection(v: tuple, cat: Catalogue) -> str:
    return gettext("%(attacker)s attacks %(target)s: Protection absorbs it") % {
        "attacker": cat.name(v[0]), "target": cat.name(v[1])}


def _attack(v: tuple, cat: Catalogue) -> str:
    return ngettext("%(attacker)s attacks %(target)s for %(damage)d",
                    "%(attacker)s attacks %(target)s for %(damage)d", v[2]) % {
        "attacker": cat.name(v[0]), "target": cat.name(v[1]), "damage": v[2]}


def _splash(v: tuple, cat: Catalogue) -> str:
    return ngettext("splash hits %(card)s for %(damage)d",
                    "splash hits %(card)s for %(damage)d", v[1]) % {
        "card": cat.name(v[0]), "damage": v[1]}


def _pierce(v: tuple, cat: Catalogue) -> str:
    return ngettext("pierce hits %(card)s for %(damage)d",
                    "pierce hits %(card)s for %(damage)d", v[1]) % {
        "card": cat.name(v[0]), "damage": v[1]}


def _frenzy(v: tuple, cat: Catalogue) -> str:
    return gettext("%(card)s's Frenzy: it attacks again") % {"card": cat.name(v[0])}


def _destroyed(v: tuple, cat: Catalogue) -> str:
    return ngettext("destroyed: %(cards)s", "destroyed: %(cards)s", len(v[0])) % {
        "cards": _cards(cat, v[0])}


def _fort_destroyed(v: tuple, cat: Catalogue) -> str:
    return gettext("%(seat)s's Fort is destroyed: %(winner)s wins") % {
        "seat": _seat(v[0]), "winner": _seat(v[0] ^ 1)}


def _bastion_destroyed(v: tuple, cat: Catalogue) -> str:
    return gettext("%(seat)s's Bastion is destroyed and becomes a Fort") % {
        "seat": _seat(v[0])}


# The automaton is seat B and the player seat A in every solo game (rule C-8.1).
def _solo(values: dict[str, Any]) -> dict[str, Any]:
    return {"ai": _seat(SEAT_B), "player": _seat(SEAT_A), **values}


def _ai_mana(v: tuple, cat: Catalogue) -> str:
    turn, mana, fixed, per_creature, creatures = v
    return ngettext(
        "turn %(turn)d: %(ai)s (the automaton) gains %(mana)d mana (%(fixed)d + "
        "%(per_creature)d x %(creatures)d creature of %(player)s)",
        "turn %(turn)d: %(ai)s (the automaton) gains %(mana)d mana (%(fixed)d + "
        "%(per_creature)d x %(creatures)d creatures of %(player)s)", creatures) % _solo({
            "turn": turn, "mana": mana, "fixed": fixed, "per_creature": per_creature,
            "creatures": creatures})


def _solo_won(v: tuple, cat: Catalogue) -> str:
    return gettext("turn %(turn)d: %(player)s survives the automaton's last turn and "
                   "wins") % _solo({"turn": v[0]})


def _ai_place(v: tuple, cat: Catalogue) -> str:
    card, lane, mana = v
    values = _solo({"card": cat.name(card), "mana": mana})
    if lane == TOP:
        return ngettext(
            "%(ai)s reveals %(card)s and places it in the top lane (%(mana)d mana left)",
            "%(ai)s reveals %(card)s and places it in the top lane (%(mana)d mana left)",
            mana) % values
    return ngettext(
        "%(ai)s reveals %(card)s and places it in the bottom lane (%(mana)d mana left)",
        "%(ai)s reveals %(card)s and places it in the bottom lane (%(mana)d mana left)",
        mana) % values


def _ai_discard(v: tuple, cat: Catalogue) -> str:
    values = _solo({"card": cat.name(v[0])})
    if v[1] == TOP:
        return gettext("%(ai)s reveals %(card)s: no creature of %(player)s in the top lane, "
                       "so it is discarded at no cost") % values
    return gettext("%(ai)s reveals %(card)s: no creature of %(player)s in the bottom lane, "
                   "so it is discarded at no cost") % values


def _ai_cast(v: tuple, cat: Catalogue) -> str:
    card, target, lane, mana = v
    values = _solo({"card": cat.name(card), "target": cat.name(target), "mana": mana})
    if lane == TOP:
        return ngettext(
            "%(ai)s reveals %(card)s and casts it at %(target)s (%(player)s top 0; "
            "%(mana)d mana left)",
            "%(ai)s reveals %(card)s and casts it at %(target)s (%(player)s top 0; "
            "%(mana)d mana left)", mana) % values
    return ngettext(
        "%(ai)s reveals %(card)s and casts it at %(target)s (%(player)s bottom 0; "
        "%(mana)d mana left)",
        "%(ai)s reveals %(card)s and casts it at %(target)s (%(player)s bottom 0; "
        "%(mana)d mana left)", mana) % values


def _ai_mill(v: tuple, cat: Catalogue) -> str:
    damage, cards = v
    if not cards:
        return ngettext(
            "%(ai)s takes %(damage)d damage: nothing from the AI deck to its discard pile",
            "%(ai)s takes %(damage)d damage: nothing from the AI deck to its discard pile",
            damage) % _solo({"damage": damage})
    return ngettext(
        "%(ai)s takes %(damage)d damage: %(cards)s from the AI deck to its discard pile",
        "%(ai)s takes %(damage)d damage: %(cards)s from the AI deck to its discard pile",
        damage) % _solo({"damage": damage, "cards": _cards(cat, cards)})


def _ai_reshuffle(v: tuple, cat: Catalogue) -> str:
    return ngettext(
        "%(ai)s's Bastion is exposed: it turns to its Fort and the discard pile, shuffled, is "
        "the new AI deck (%(count)d cards)",
        "%(ai)s's Bastion is exposed: it turns to its Fort and the discard pile, shuffled, is "
        "the new AI deck (%(count)d cards)", v[0]) % _solo({"count": v[0]})


def _ai_last_turn(v: tuple, cat: Catalogue) -> str:
    return gettext("%(ai)s's Fort is exposed with no card left: this turn is its last "
                   "(rule C-8.8)") % _solo({})


def _ai_one_more_turn(v: tuple, cat: Catalogue) -> str:
    return gettext("%(ai)s's Fort is exposed with no card left: it plays one last turn "
                   "(rule C-8.8)") % _solo({})


SENTENCES: dict[str, Sentence] = {
    ev.COIN: _coin, ev.SOLO_START: _solo_start, ev.MANA: _mana, ev.END_TURN: _end_turn,
    ev.TURN_CAP: _turn_cap, ev.PLAY: _play, ev.CAST: _cast,
    ev.INDESTRUCTIBLE: _indestructible, ev.TAKES: _takes, ev.ATTACK_PHASE: _attack_phase,
    ev.SPRINT: _sprint, ev.HITS_BASTION: _hits_bastion, ev.HITS_FORT: _hits_fort,
    ev.PROTECTION: _protection, ev.ATTACK: _attack, ev.SPLASH: _splash, ev.PIERCE: _pierce,
    ev.FRENZY: _frenzy, ev.DESTROYED: _destroyed, ev.FORT_DESTROYED: _fort_destroyed,
    ev.BASTION_DESTROYED: _bastion_destroyed, ev.AI_MANA: _ai_mana, ev.SOLO_WON: _solo_won,
    ev.AI_PLACE: _ai_place, ev.AI_DISCARD: _ai_discard, ev.AI_CAST: _ai_cast,
    ev.AI_MILL: _ai_mill, ev.AI_RESHUFFLE: _ai_reshuffle, ev.AI_LAST_TURN: _ai_last_turn,
    ev.AI_ONE_MORE_TURN: _ai_one_more_turn,
}


def log_line(event: tuple, catalogue: Catalogue) -> str:
    """One event as a sentence in the active language."""
    return SENTENCES[event[0]](event[1:], catalogue)


def log_lines(events: Iterable[tuple], catalogue: Catalogue) -> list[str]:
    """Events as sentences in the active language, in their order."""
    return [SENTENCES[e[0]](e[1:], catalogue) for e in events]


def event_data(events: Iterable[tuple], catalogue: Catalogue) -> list[dict[str, Any]]:
    """Events for an API: each its code and its values by name, in no language."""
    return [{"code": e[0], "params": ev.params(e, catalogue)} for e in events]


def move_label(action: tuple, catalogue: Catalogue, hand: list[int] | None = None) -> str:
    """A person's reading of a legal action ("Play BRUTE to top") in the reader's language:
    the web side's `engine.clash.actions.describe`, which stays English for the command-line
    tools. Without the hand, a card is named by its place in it."""
    from engine.clash.actions import ATTACK_ALL, ATTACK_NEXT, CAST, END_TURN, PLAY, RETURN_ORDER

    def card_at(index: int) -> str:
        if hand is not None and 0 <= index < len(hand):
            return catalogue.name(hand[index])
        return gettext("card #%(number)d") % {"number": index + 1}

    kind = action[0]
    if kind == PLAY:
        if action[2] == TOP:
            return gettext("Play %(card)s to top") % {"card": card_at(action[1])}
        return gettext("Play %(card)s to bottom") % {"card": card_at(action[1])}
    if kind == CAST:
        values = {"card": card_at(action[1]), "seat": _seat(action[2]), "position": action[4]}
        if action[3] == TOP:
            return gettext("Cast %(card)s at %(seat)s top, position %(position)d") % values
        return gettext("Cast %(card)s at %(seat)s bottom, position %(position)d") % values
    if kind == ATTACK_NEXT:
        return gettext("Attack with the next creature")
    if kind == ATTACK_ALL:
        return gettext("Attack with every remaining creature")
    if kind == END_TURN:
        return gettext("End the turn")
    if kind == RETURN_ORDER:
        return gettext("Return %(cards)s") % {"cards": _cards(catalogue, action[1])}
    return repr(action)
