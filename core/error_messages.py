"""The reader's-language messages of the engine's errors, by code.

The engine stays free of Django and writes its messages in English (its command-line tools
print them). Each of its errors carries a stable `code` (`engine.errors.EngineError.code`:
"setup", "record", "deck", ...) and, for an action the rules refuse, a stable `reason`
("not_enough_mana", "cell_taken", ...), with the values its message names in `params`. This
module holds one translatable sentence per reason and per code (msgids, marked with
gettext_noop and translated when used); `core.errors.from_engine`
picks the sentence of the error's reason (else of its code), fills in the params, and uses it
when the active language's catalogue translates it. Otherwise (English, or a catalogue that
lacks the sentence) the engine's own English message is kept: it is the more precise one.

Every reason and code the engine raises has an entry here; tests/test_error_messages.py scans
the engine and fails on one that is missing (or on an entry nothing raises any more).
A sentence names a `%(param)s` only if every error with that reason gives the param.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.utils.translation import gettext
from django.utils.translation import gettext_noop as _

# The reasons of refused actions, steps, choices, combats and openings (IllegalAction and its
# kinds in the three games). Several games share a reason: the sentence fits each of them.
ENGINE_REASONS: dict[str, str] = {
    # Clash of Decks: the game (engine.clash.rules, engine.clash.solo)
    "game_over": _("The game is over."),
    "return_order_pending": _("The order in which the destroyed creatures return to hand "
                              "must be chosen first (rule C-4.6)."),
    "not_playable": _("That card is not among your four playable cards (rule C-3.2)."),
    "not_a_creature": _("%(card)s is an incantation: cast it at a creature."),
    "not_an_incantation": _("%(card)s is a creature: play it to a lane."),
    "not_enough_mana": _("You do not have enough mana for that card."),
    "last_card": _("%(card)s is your last card besides the Bastion or the Fort: you must keep "
                   "it (rule C-7.4)."),
    "wrong_phase": _("Creatures are played only in the Summon phase (rule C-3.2)."),
    "bad_lane": _("The lane must be top or bottom."),
    "no_target": _("The target must be a creature in play."),
    "no_return_pending": _("No destroyed creatures wait to return to hand."),
    "bad_return_order": _("The order must name each destroyed creature exactly once."),
    "unknown_action": _("That action does not exist."),
    "not_your_turn": _("It is not your turn."),
    # Clash of Decks: the draft, the ban-two procedure, the preconstructed decks
    "unknown_seat": _("That is not a seat: the seats are A and B."),
    "unknown_card": _("That is not a card of this game's catalogue."),
    "already_picked": _("That card is already picked."),
    "not_your_pick": _("It is the other player's pick."),
    "not_revealed": _("That card is not among the revealed cards."),
    "draft_over": _("The draft is over: each player has their eight cards."),
    "not_in_list": _("That card is not in the list."),
    "already_banned": _("That card is already banned from the list."),
    "not_your_ban": _("It is the other player's ban."),
    "bans_over": _("The ban-two procedure is over: each player has their eight cards."),
    "unknown_deck": _("That is not a preconstructed deck: choose one deck number for each "
                      "player."),
    "same_deck": _("Both players cannot take the same deck from one Starter Kit."),
    # The Spoils: combat (S-6) and the opening (S-5)
    "no_such_step": _("No damage is dealt at that speed in this combat, so there is nothing "
                      "to assign."),
    "target_defeated": _("The target has already lost or been destroyed."),
    "bad_target": _("The target's structure must be at least 1."),
    "empty_party": _("An attacking party has at least one character."),
    "duplicate_id": _("A character is named twice: an id names one character."),
    "covert_party": _("Every attacker is covert: only covert characters can block."),
    "covert_blocker": _("A covert character cannot block a party that is not covert."),
    "bad_side": _("A damage step belongs to the attackers or to the blockers."),
    "duplicate_step": _("That damage step is already assigned."),
    "bad_amount": _("Damage is a whole number of at least 1."),
    "not_in_opposing_party": _("Damage goes to the opposing party only (S-6)."),
    "already_destroyed": _("That character was already destroyed at an earlier speed."),
    "over_assigned": _("More damage is assigned than the party's strength."),
    "under_assigned": _("The whole strength must be assigned as damage (S-6)."),
    "no_such_zone": _("That is not a zone (S-5)."),
    "no_such_card": _("That card is in none of the zones."),
    "mulligan_used": _("The opening is over: there is one mulligan only, of the opening hand "
                       "(S-5)."),
    "same_card_twice": _("A card is put back twice: name each card once."),
    "not_in_hand": _("Only cards of the opening hand go back (S-5)."),
    # The Spoils: the opening's starting resources (S-9), responses in combat (S-11) and the
    # resources in play (S-10)
    "starting_resource_twice": _("A starting resource is named twice: name each card once."),
    "not_in_deck": _("The starting resources are found in the player's own deck (S-9)."),
    "not_a_resource": _("Only resource cards are starting resources (S-9)."),
    "wrong_starting_count": _("The number of starting resources must be the number the "
                              "faction names (S-9)."),
    "no_such_window": _("Responses are played after the blocks or before the attackers hit "
                        "the target, and only when that moment comes (S-11)."),
    "not_in_combat": _("A response names a character that is in neither party."),
    "resource_play_used": _("This turn's resource play is used already; a card played face "
                            "down is that play too (S-10)."),
    "already_a_resource": _("That card is a resource in play already."),
    "no_such_resource": _("That card is not one of your resources in play."),
    "not_face_down": _("Only a resource played face down is turned face up (S-10)."),
    "cannot_flip_up": _("That resource cannot be turned face up: its threshold or its cost "
                        "cannot be met (S-10)."),
    "bad_payment": _("Name as many undepleted resources as the cost, each once (S-10)."),
    # Berserk: the pre-game (B-2 to B-5), recruitment and the stack
    "not_the_roll_winner": _("The player who rolled higher chooses who goes first (B-2)."),
    "mulligan_right_lost": _("A player who declined a mulligan may not take one later (B-3)."),
    "already_declared": _("You have already declared in this round."),
    "not_your_declaration": _("The first player declares before the second (B-3)."),
    "mulligan_needs_gold": _("A mulligan costs 1 gold in this edition and you have none "
                             "left."),
    "not_in_deal": _("That card is not in your deal."),
    "no_such_ability": _("That card has no “before recruitment” ability."),
    "ability_used": _("A “before recruitment” ability is used once per game (B-4)."),
    "recruitment_finished": _("You have finished recruiting."),
    "already_recruited": _("That card is already in your squad."),
    "not_your_placement": _("The first player places the whole squad first (B-5)."),
    "not_in_squad": _("That card is not in your squad."),
    "already_placed": _("That card is already on the field."),
    "no_such_cell": _("That is not a cell: r1c1 to r3c5, row 1 in front."),
    "cell_blocked": _("That cell is not free."),
    "cell_taken": _("That cell already holds a card: one card a cell."),
    "cell_priority": _("Cards are placed on the free cells in their order of priority (B-5)."),
    "cards_left_to_place": _("Every squad card goes on the field while a cell is free (B-5)."),
    "not_placed": _("Every squad card goes on the field while a cell is free (B-5)."),
    "wrong_step": _("That step is not possible at this point of the pre-game."),
    "no_gold_for_element": _("A new element costs 1 gold and no gold is left (B-4)."),
    "payment_not_cost": _("The payment must be exactly the card's cost."),
    "elite_needs_gold": _("An elite card is recruited with gold only (B-4)."),
    "not_enough_gold": _("There is not enough gold left for that elite card."),
    "not_enough_crystals": _("There are not enough crystals left for that card."),
    "not_your_trigger": _("That trigger is the other player's to order."),
    "empty_stack": _("The stack is empty: nothing to resolve."),
    "once_per_turn_in_pregame": _("A “once per turn” ability cannot be used in the pre-game "
                                  "(B-7)."),
    "unique_ability_used": _("The “before recruitment” ability of a unique card is used up "
                             "for every card of that name (B-7)."),
    "no_actions_in_pregame": _("No actions are declared in the pre-game (B-7)."),
    "pregame_over": _("The pre-game is over: pre-game abilities do nothing for cards taken "
                      "later (B-7)."),
    "not_declaring_now": _("The active player declares every ability that triggered together "
                           "before the other player (B-8)."),
    "trigger_declared": _("That ability is already declared."),
    "not_offered": _("That ability did not trigger here, or it was given up (B-8)."),
    "declarations_over": _("Every ability that triggered together is declared or given up."),
    "declarations_open": _("The abilities that triggered together are still being declared "
                           "(B-8)."),
}

# The codes of the engine's error classes, for an error without a reason of its own.
ENGINE_CODES: dict[str, str] = {
    "error": _("The game refused this input."),
    "illegal": _("The rules do not allow that."),
    "deck": _("The deck breaks the game's deck rules."),
    "decklist": _("The list cannot enter the ban-two procedure (rule C-2.5)."),
    "catalogue": _("The card catalogue cannot be read."),
    "setup": _("These decks, seeds or options cannot start a game."),
    "record": _("The game record cannot be read."),
}


def catalogue_message(code: str | None, reason: str | None = None) -> str | None:
    """The table's sentence for an engine error with this reason (first) or code."""
    if reason and reason in ENGINE_REASONS:
        return ENGINE_REASONS[reason]
    if code and code in ENGINE_CODES:
        return ENGINE_CODES[code]
    return None


def engine_message(english: str, code: str | None, reason: str | None = None,
                   params: Mapping[str, Any] | None = None) -> str:
    """The message of an engine error in the active language: the table's sentence with its
    params filled in when the active language's catalogue translates it, else `english`
    (the engine's own message). A sentence whose params are not all given is not used."""
    entry = catalogue_message(code, reason)
    if entry is None or not settings.configured:  # a command-line tool stays in English
        return english
    # The table holds msgids (marked with gettext_noop for the catalogues), read here.
    source = entry
    translated = gettext(source)  # msgids marked with gettext_noop
    if translated == source:
        return english
    try:
        return translated % dict(params or {}) if "%" in translated else translated
    except (KeyError, TypeError, ValueError):
        return english
