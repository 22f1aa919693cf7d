"""The stack (rule B-1): simultaneous triggers and die rolls."""

import pytest

from engine.berserk.errors import IllegalStep
from engine.berserk.stack import (
    DieRoll,
    Stack,
    Trigger,
    TriggerWindow,
    roll_die,
    simultaneous_order,
)
from engine.clash.rng import Rng

A1, A2, A3 = Trigger("elf-1", "A"), Trigger("elf-2", "A"), Trigger("elf-3", "A")
B1, B2 = Trigger("troll", "B", "at the start of the turn"), Trigger("ogre", "B", "when opened")


def test_b1_the_active_players_triggers_go_on_the_stack_first_in_the_order_they_choose():
    assert simultaneous_order("A", {"B": [B2, B1], "A": [A3, A1, A2]}) == [A3, A1, A2, B2, B1]
    assert simultaneous_order("B", {"A": [A1, A2], "B": [B1, B2]}) == [B1, B2, A1, A2]


def test_b1_so_the_non_active_players_triggers_resolve_first():
    stack = Stack()
    stack.push_simultaneous("A", {"A": [A1, A2], "B": [B1]})
    assert [stack.resolve(), stack.resolve(), stack.resolve()] == [B1, A2, A1]


def test_b1_even_triggers_with_different_conditions_keep_the_active_player_first():
    assert simultaneous_order("B", {"A": [A1], "B": [B1, B2]}) == [B1, B2, A1]


def test_b1_a_player_orders_only_their_own_triggers():
    with pytest.raises(IllegalStep) as caught:
        simultaneous_order("A", {"A": [A1, B1]})
    assert caught.value.reason == "not_your_trigger"


def test_b1_a_die_roll_is_a_stack_item_valued_1_to_6():
    rng = Rng.stream(5, "test-die")
    values = {roll_die(rng, controller="A").raw for _ in range(300)}
    assert values == {1, 2, 3, 4, 5, 6}
    with pytest.raises(ValueError):
        DieRoll("A", 7)


def test_b1_die_rolls_are_the_same_for_the_same_seed():
    def rolls(seed):
        rng = Rng.stream(seed, "test-die")
        return [roll_die(rng, controller="A").raw for _ in range(20)]

    assert rolls(11) == rolls(11)
    assert rolls(11) != rolls(12)


def test_b1_modifiers_apply_to_a_die_roll_when_it_resolves():
    stack = Stack()
    roll = DieRoll("A", 4, card="berserker")
    stack.push(roll)
    modifiers = []
    stack.push(Trigger("blessing", "B"))   # resolves first and adds +1 while the roll waits
    assert stack.resolve() == Trigger("blessing", "B")
    modifiers.append(1)
    resolved = stack.resolve(modifiers)
    assert (resolved.roll.raw, resolved.modifiers, resolved.value) == (4, (1,), 5)
    assert stack.top is None


def test_b1_the_cards_controller_rolls_unless_another_roller_is_named():
    rng = Rng.stream(1, "test-die")
    assert roll_die(rng, controller="B", card="x").roller == "B"
    assert roll_die(rng, controller="B", card="x", roller="A").roller == "A"


def test_b1_an_empty_stack_has_nothing_to_resolve():
    with pytest.raises(IllegalStep) as caught:
        Stack().resolve()
    assert caught.value.reason == "empty_stack"


# B-8: abilities that trigger together are declared together ---------------------------------

MOVED = "a creature moved"
SCOUTS = [Trigger(f"elf-scout-{i}", "A", "look at a card", MOVED) for i in (1, 2, 3)]
TROLL = Trigger("troll", "B", "strike", MOVED)


def window() -> TriggerWindow:
    return TriggerWindow("A", MOVED, {"B": [TROLL], "A": SCOUTS})


def refused(reason: str, step, *args) -> IllegalStep:
    with pytest.raises(IllegalStep) as caught:
        step(*args)
    assert caught.value.reason == reason
    return caught.value


def test_b8_the_active_player_declares_all_their_abilities_before_the_other_player():
    w = window()
    assert w.declaring == "A"
    refused("not_declaring_now", w.declare, "B", TROLL)
    w.declare("A", SCOUTS[2])
    w.declare("A", SCOUTS[0])
    w.declare("A", SCOUTS[1])
    assert w.declaring == "B"  # A has nothing left: the turn goes to B without a pass
    w.declare("B", TROLL)
    assert w.closed
    stack = Stack()
    stack.push_window(w)
    assert stack.items == [SCOUTS[2], SCOUTS[0], SCOUTS[1], TROLL]  # B-1: the active first


def test_b8_a_player_who_passes_gives_up_the_rest():
    w = window()
    w.declare("A", SCOUTS[0])
    w.pass_("A")
    assert w.given_up["A"] == [SCOUTS[1], SCOUTS[2]] and w.declaring == "B"
    refused("not_declaring_now", w.declare, "A", SCOUTS[1])
    w.pass_("B")
    assert w.closed and w.pushed() == [SCOUTS[0]] and w.given_up["B"] == [TROLL]
    refused("declarations_over", w.declare, "A", SCOUTS[1])


def test_b8_declaring_an_ability_of_another_condition_gives_up_the_rest_too():
    w = window()
    w.declare("A", SCOUTS[0])
    w.declare("A", Trigger("elf-scout-2", "A", "heal", "at the start of the turn"))
    assert w.declaring == "B" and w.given_up["A"] == [SCOUTS[1], SCOUTS[2]]
    assert w.pushed() == [SCOUTS[0]]


def test_b8_only_the_abilities_this_condition_triggered_are_declared_once_each():
    w = window()
    w.declare("A", SCOUTS[0])
    error = refused("trigger_declared", w.declare, "A", SCOUTS[0])
    assert error.params == {"card": "elf-scout-1"}
    refused("not_offered", w.declare, "A", Trigger("elf-scout-9", "A", "look at a card", MOVED))
    refused("not_your_trigger", w.declare, "A", Trigger("ogre", "B", "x", "another"))
    refused("declarations_open", Stack().push_window, w)
    with pytest.raises(ValueError, match="triggers on"):
        TriggerWindow("A", MOVED, {"A": [Trigger("x", "A", "", "another")]})


def test_b8_a_player_with_nothing_triggered_does_not_declare():
    w = TriggerWindow("B", MOVED, {"A": SCOUTS, "B": []})
    assert w.declaring == "A"
    w.pass_("A")
    assert w.closed and w.pushed() == []
