"""Party combat by speed (rules S-1, S-4, S-6) and the seed's worked example (S-7)."""

import pytest

from engine.spoils.combat import (
    ATTACKER,
    BLOCKER,
    DEFAULT,
    GIVEN,
    Assignment,
    Character,
    Faction,
    Location,
    Response,
    resolve_combat,
    token,
)
from engine.spoils.errors import IllegalCombat

FACTION = Faction(20)


def ch(cid: str, strength: int, life: int, speed: int, covert: bool = False) -> Character:
    return Character(cid, strength, life, speed, covert)


def ids(characters) -> list[str]:
    return [c.id for c in characters]


def refused(reason: str, **battle) -> IllegalCombat:
    battle.setdefault("target", FACTION)
    with pytest.raises(IllegalCombat) as caught:
        resolve_combat(**battle)
    assert caught.value.reason == reason and caught.value.code == "illegal"
    return caught.value


# S-7: the worked example --------------------------------------------------------------------

S7_ATTACKERS = [ch("a1", 2, 3, 4), ch("a2", 2, 2, 4), ch("a3", 2, 2, 3), ch("a4", 1, 1, 2),
                ch("a5", 1, 1, 2)]
S7_BLOCKERS = [ch("b1", 1, 4, 4), ch("b2", 2, 2, 3)]
# The seed's narrative, step by step: 4 on the 1/4/4 blocker, its 1 on the last attacker;
# the 2/2/3 attacker and the 2/2/3 blocker destroy each other.
S7_SEED_CHOICES = [Assignment(4, ATTACKER, {"b1": 4}), Assignment(4, BLOCKER, {"a5": 1}),
                   Assignment(3, ATTACKER, {"b2": 2}), Assignment(3, BLOCKER, {"a3": 2})]


def check_s7(result, chosen: str) -> None:
    assert result.target_damage == 1
    assert [(c.strength, c.life, c.speed) for c in result.survivors(ATTACKER)] == [
        (2, 3, 4), (2, 2, 4), (1, 1, 2)]
    assert ids(result.survivors(ATTACKER)) == ["a1", "a2", "a4"]
    assert result.survivors(BLOCKER) == []
    assert [(s.speed, {k.side: k.to for k in s.strikes}, s.destroyed) for s in result.steps] == [
        (4, {ATTACKER: {"b1": 4}, BLOCKER: {"a5": 1}}, ("a5", "b1")),
        (3, {ATTACKER: {"b2": 2}, BLOCKER: {"a3": 2}}, ("a3", "b2"))]
    assert {k.chosen for s in result.steps for k in s.strikes} == {chosen}
    assert result.hit.by == ("a4",)
    assert result.influence_left == 19


def test_s7_the_worked_example_reproduces_with_the_default_policy():
    check_s7(resolve_combat(target=FACTION, attackers=S7_ATTACKERS, blockers=S7_BLOCKERS),
             DEFAULT)


def test_s7_the_worked_example_reproduces_with_the_seeds_own_assignments():
    check_s7(resolve_combat(target=FACTION, attackers=S7_ATTACKERS, blockers=S7_BLOCKERS,
                            assign=S7_SEED_CHOICES), GIVEN)


def test_s7_the_blocking_party_saved_the_faction_from_8_of_the_damage():
    unblocked = resolve_combat(target=FACTION, attackers=S7_ATTACKERS)
    assert unblocked.target_damage == 8
    assert resolve_combat(target=FACTION, attackers=S7_ATTACKERS,
                          blockers=S7_BLOCKERS).target_damage == 1


# S-6: the steps -----------------------------------------------------------------------------

def test_s6_speed_steps_go_from_the_highest_speed_down():
    result = resolve_combat(target=FACTION,
                            attackers=[ch("slow", 1, 5, 1), ch("fast", 1, 5, 6)],
                            blockers=[ch("mid", 1, 9, 3)])
    assert [s.speed for s in result.steps] == [6, 3, 1]
    assert [[k.by for k in s.strikes] for s in result.steps] == [
        [("fast",)], [("mid",)], [("slow",)]]


def test_s6_the_strength_of_a_speed_is_summed_and_distributed_by_its_controller():
    result = resolve_combat(
        target=FACTION, attackers=[ch("a1", 2, 5, 4), ch("a2", 3, 5, 4)],
        blockers=[ch("b1", 1, 9, 1), ch("b2", 1, 9, 1)],
        assign=[Assignment(4, ATTACKER, {"b1": 1, "b2": 4})])
    [strike] = result.steps[0].strikes
    assert (strike.by, strike.strength, strike.to, strike.chosen) == (
        ("a1", "a2"), 5, {"b1": 1, "b2": 4}, GIVEN)


def test_s6_damage_within_a_step_is_simultaneous():
    # Both die at speed 3: the blocker destroyed at the step still deals its damage there.
    result = resolve_combat(target=FACTION, attackers=[ch("a", 3, 2, 3)],
                            blockers=[ch("b", 2, 3, 3)])
    assert result.steps[0].destroyed == ("a", "b")
    assert result.survivors(ATTACKER) == result.survivors(BLOCKER) == []
    assert result.target_damage == 0


def test_s6_a_faster_character_destroys_a_slower_one_before_it_deals_damage():
    result = resolve_combat(target=FACTION, attackers=[ch("a", 3, 1, 5)],
                            blockers=[ch("b", 9, 3, 2)])
    assert [s.speed for s in result.steps] == [5]
    assert ids(result.survivors(ATTACKER)) == ["a"]
    assert result.attackers[0].damage == 0


def test_s6_damage_is_locked_in_for_the_rest_of_the_combat():
    # 2 at speed 4 and 2 at speed 2 destroy a blocker of life 4.
    result = resolve_combat(target=FACTION,
                            attackers=[ch("a1", 2, 9, 4), ch("a2", 2, 9, 2)],
                            blockers=[ch("b", 1, 4, 1)])
    assert result.steps[0].destroyed == ()
    assert result.steps[1].destroyed == ("b",)
    assert result.blockers[0].damage == 4 and result.blockers[0].destroyed_at == 2


def test_s6_a_character_that_dealt_damage_deals_no_more():
    # The speed-4 attacker destroys the blocker; it does not hit the faction afterwards,
    # the speed-2 attacker that never dealt damage does.
    result = resolve_combat(target=FACTION, attackers=[ch("a1", 5, 3, 4), ch("a2", 1, 1, 2)],
                            blockers=[ch("b", 1, 1, 1)])
    assert result.hit.by == ("a2",) and result.target_damage == 1
    assert result.attackers[0].dealt_damage and not result.attackers[1].dealt_damage


def test_s6_attackers_that_never_dealt_damage_hit_the_target_once_the_blocking_party_is_gone():
    result = resolve_combat(target=FACTION,
                            attackers=[ch("a1", 3, 3, 5), ch("a2", 2, 2, 3), ch("a3", 4, 1, 1)],
                            blockers=[ch("b", 1, 3, 4)])
    assert [(s.speed, s.destroyed) for s in result.steps] == [(5, ("b",))]
    assert result.hit.by == ("a2", "a3") and result.target_damage == 6


def test_s6_an_unblocked_party_hits_with_everything():
    result = resolve_combat(target=FACTION, attackers=[ch("a1", 2, 1, 1), ch("a2", 3, 1, 9)])
    assert result.steps == ()
    assert result.hit.by == ("a1", "a2") and result.target_damage == 5


def test_s6_a_destroyed_attacking_party_deals_nothing_to_the_target():
    result = resolve_combat(target=FACTION, attackers=[ch("a", 1, 1, 1)],
                            blockers=[ch("b", 1, 1, 2)])
    assert result.hit is None and result.target_damage == 0
    assert ids(result.survivors(BLOCKER)) == ["b"]


def test_s6_blockers_slower_than_every_remaining_attacker_still_strike_at_their_speed():
    result = resolve_combat(target=FACTION, attackers=[ch("a", 1, 2, 3)],
                            blockers=[ch("b", 2, 5, 1)])
    assert [s.speed for s in result.steps] == [3, 1]
    assert result.survivors(ATTACKER) == []


def test_s6_steps_a_side_leaves_out_are_assigned_by_the_policy():
    result = resolve_combat(target=FACTION, attackers=S7_ATTACKERS, blockers=S7_BLOCKERS,
                            assign=[Assignment(4, BLOCKER, {"a1": 1})])
    chosen = {(s.speed, k.side): k.chosen for s in result.steps for k in s.strikes}
    assert chosen[(4, BLOCKER)] == GIVEN and chosen[(4, ATTACKER)] == DEFAULT


# Covert (the seed's keyword) ----------------------------------------------------------------

def test_s6_a_covert_party_can_be_blocked_only_by_covert_characters():
    covert = [ch("a1", 2, 2, 3, covert=True), ch("a2", 1, 1, 2, covert=True)]
    result = resolve_combat(target=FACTION, attackers=covert,
                            blockers=[ch("b", 1, 1, 1, covert=True)])
    assert result.covert and result.steps
    error = refused("covert_party", attackers=covert,
                    blockers=[ch("b1", 1, 1, 1, covert=True), ch("b2", 1, 1, 1)])
    assert error.message.startswith("blockers[1]: b2 is not covert")


def test_s6_covert_characters_cannot_block_a_party_that_is_not_covert():
    error = refused("covert_blocker", attackers=[ch("a", 1, 1, 1)],
                    blockers=[ch("b", 1, 1, 1, covert=True)])
    assert error.message.startswith("blockers[0]: b is covert")


def test_s6_one_attacker_that_is_not_covert_uncovers_the_whole_party():
    result = resolve_combat(target=FACTION,
                            attackers=[ch("a1", 1, 1, 1, covert=True), ch("a2", 1, 1, 1)],
                            blockers=[ch("b", 1, 5, 1)])
    assert not result.covert


# S-1 and S-4: the targets -------------------------------------------------------------------

def test_s1_an_attack_reduces_the_factions_influence():
    result = resolve_combat(target=Faction(25), attackers=[ch("a", 3, 1, 1)])
    assert result.influence_left == 22 and not result.defeated


def test_s1_a_faction_brought_to_0_influence_loses_and_never_goes_below_0():
    result = resolve_combat(target=Faction(2), attackers=[ch("a", 3, 1, 1)])
    assert result.influence_left == 0 and result.defeated
    refused("target_defeated", target=Faction(0), attackers=[ch("a", 1, 1, 1)])


def test_s4_a_location_keeps_its_damage_against_its_structure():
    result = resolve_combat(target=Location(6, damage=3), attackers=[ch("a", 2, 1, 1)])
    assert result.target_damage == 2 and not result.defeated
    result = resolve_combat(target=Location(6, damage=4), attackers=[ch("a", 2, 1, 1)])
    assert result.defeated
    assert result.influence_left is None


def test_s4_a_location_with_damage_at_its_structure_is_already_destroyed():
    refused("target_defeated", target=Location(6, damage=6), attackers=[ch("a", 1, 1, 1)])


# S-6: assignments the rules refuse ----------------------------------------------------------

BATTLE = {"attackers": [ch("a1", 2, 2, 4), ch("a2", 2, 2, 4), ch("a3", 1, 1, 2)],
          "blockers": [ch("b1", 1, 4, 4), ch("b2", 1, 1, 3)]}


def test_s6_an_assignment_may_not_deal_more_than_the_speeds_strength():
    error = refused("over_assigned", **BATTLE,
                    assign=[Assignment(4, ATTACKER, {"b1": 4, "b2": 1})])
    assert error.message == ("assign[0]: assigns 5 damage but the attackers of speed 4 have "
                             "strength 4")


def test_s6_an_assignment_distributes_the_whole_strength():
    error = refused("under_assigned", **BATTLE, assign=[Assignment(4, ATTACKER, {"b1": 3})])
    assert "3 of the 4" in error.message


def test_s6_damage_goes_only_to_the_opposing_party():
    error = refused("not_in_opposing_party", **BATTLE,
                    assign=[Assignment(4, ATTACKER, {"a3": 4})])
    assert error.message.startswith("assign[0].to.a3: a3 is not in the blocking party")
    refused("not_in_opposing_party", **BATTLE, assign=[Assignment(4, BLOCKER, {"zz": 1})])


def test_s6_damage_cannot_go_to_a_character_destroyed_at_an_earlier_step():
    error = refused("already_destroyed", **BATTLE,
                    assign=[Assignment(4, ATTACKER, {"b1": 2, "b2": 2}),
                            Assignment(4, BLOCKER, {"a1": 1}),
                            Assignment(2, ATTACKER, {"b2": 1})])
    assert error.message == "assign[2].to.b2: b2 was destroyed at speed 4, before speed 2"


def test_s6_a_step_is_assigned_once():
    refused("duplicate_step", **BATTLE, assign=[Assignment(4, ATTACKER, {"b1": 4}),
                                               Assignment(4, ATTACKER, {"b1": 4})])


def test_s6_an_assignment_for_a_step_that_does_not_happen_is_refused():
    # Nobody of speed 7; and in the worked example no blocker is left at speed 2.
    refused("no_such_step", **BATTLE, assign=[Assignment(7, ATTACKER, {"b1": 1})])
    error = refused("no_such_step", attackers=S7_ATTACKERS, blockers=S7_BLOCKERS,
                    assign=[Assignment(2, ATTACKER, {"b1": 1})])
    assert error.message.startswith("assign[0]: no attacker of speed 2")


def test_s6_an_assignment_deals_whole_positive_amounts():
    refused("bad_amount", **BATTLE, assign=[Assignment(4, ATTACKER, {"b1": 4, "b2": 0})])


def test_s6_a_party_names_each_character_once_and_attacks_with_someone():
    refused("duplicate_id", attackers=[ch("x", 1, 1, 1)], blockers=[ch("x", 1, 1, 1)])
    refused("empty_party", attackers=[])


# S-11 and S-12 through the Python API (the battle files of battles/ show the rest) ---------

def test_s12_a_micromagic_token_is_a_1_1_3_character():
    m1 = token("m1", "micromagic")
    assert (m1.strength, m1.life, m1.speed, m1.token) == (1, 1, 3, "micromagic")
    with pytest.raises(ValueError, match="a token is one of micromagic"):
        token("g1", "goblin")


def test_s11_responses_of_one_window_resolve_last_in_first_out():
    a1 = Character("a1", 2, 2, 3)
    b1 = Character("b1", 1, 5, 1)
    # r1 gives a1 +3 strength, r2 answers by destroying a1: r2 resolves first, r1 does nothing.
    first_in = Response("r1", "after_blocks", "attacker", strength={"a1": 3})
    answer = Response("r2", "after_blocks", "defender", destroy=("a1",))
    result = resolve_combat(target=Faction(20), attackers=[a1], blockers=[b1],
                            responses=[first_in, answer])
    assert [(r.response.id, r.destroyed, r.no_effect) for r in result.responses] == [
        ("r2", ("a1",), ()), ("r1", (), ("a1",))]
    assert result.steps == () and result.hit is None
    # Played the other way round, the strength comes too late to matter and a1 is still gone.
    swapped = resolve_combat(target=Faction(20), attackers=[a1], blockers=[b1],
                             responses=[answer, first_in])
    assert [r.response.id for r in swapped.responses] == ["r1", "r2"]
    assert swapped.attackers[0].strength_change == 3 and not swapped.attackers[0].survived


def test_s11_a_response_is_played_in_one_of_the_two_windows():
    with pytest.raises(IllegalCombat) as caught:
        resolve_combat(target=Faction(20), attackers=[Character("a1", 1, 1, 1)],
                       responses=[Response("r1", "end_of_turn", "attacker", destroy=("a1",))])
    assert caught.value.reason == "no_such_window" and caught.value.params == {"response": "r1"}
