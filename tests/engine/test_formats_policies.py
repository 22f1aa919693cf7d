"""Policies: AI players drive the draft and the ban-two procedure through the same calls."""

import json

import pytest

from engine.clash.cards import load_catalogue
from engine.clash.errors import CatalogueError
from engine.clash.formats import (
    BanPolicy,
    BanState,
    DraftPolicy,
    DraftState,
    RandomPolicy,
    ValuePolicy,
    replay_bans,
    replay_draft,
    run_bans,
    run_draft,
)
from engine.clash.formats.values import VALUES_FILE, load_card_values
from engine.clash.rng import Rng

CAT = load_catalogue()
LIST_A = CAT.deck(2) + ["BRUTE", "ZOMBIE"]
LIST_B = CAT.deck(4) + ["OGRE", "BARON"]


def test_both_policies_follow_the_protocols():
    for policy in (RandomPolicy(), ValuePolicy({})):
        assert isinstance(policy, DraftPolicy) and isinstance(policy, BanPolicy)


def test_value_policy_picks_the_highest_valued_revealed_card():
    view = DraftState(3).view()
    values = {card: float(i) for i, card in enumerate(view.revealed)}
    values[view.revealed[1]] = 99.0
    values[view.unseen[0]] = 1000.0  # not on the table
    assert ValuePolicy(values).choose_pick(view, "A", Rng(1)) == view.revealed[1]


def test_value_policy_bans_the_opponents_highest_valued_remaining_card():
    state = BanState(LIST_A, LIST_B)
    policy = ValuePolicy({"ZOMBIE": 5.0, "OGRE": 3.0, "ALPHA": 9.0, "MUTANT": 1.0})
    # B bans from A's list: ALPHA (9) beats ZOMBIE (5); B's own ZOMBIE is no target.
    assert policy.choose_ban(state.view(), "B", Rng(1)) == "ALPHA"
    state.ban("B", "ALPHA")
    # A bans from B's list: ZOMBIE (5) beats OGRE (3) and MUTANT (1).
    assert policy.choose_ban(state.view(), "A", Rng(1)) == "ZOMBIE"
    state.ban("A", "ZOMBIE")
    assert policy.choose_ban(state.view(), "A", Rng(1)) == "OGRE"


def test_value_policy_breaks_ties_with_the_seeded_generator():
    view = DraftState(3).view()
    flat = ValuePolicy({})  # every card worth 0: a four-way tie
    picks = [flat.choose_pick(view, "A", Rng.stream(seed, "t")) for seed in range(40)]
    assert set(picks) == set(view.revealed)
    again = [flat.choose_pick(view, "A", Rng.stream(seed, "t")) for seed in range(40)]
    assert picks == again


def test_policies_drive_whole_drafts_through_the_same_pick_calls():
    value = ValuePolicy.from_file()
    for seed in range(100):
        state = run_draft(seed, (value, RandomPolicy()) if seed % 2 else (RandomPolicy(), value))
        assert state.done and all(len(deck) == 8 for deck in state.decks())
        assert replay_draft(state.record()).ok


def test_a_value_player_takes_the_best_card_of_each_reveal_it_opens():
    values = load_card_values().values
    state = run_draft(21, (ValuePolicy(values), ValuePolicy(values)))
    picks = state.picks
    for reveal in range(4):
        first_seat, first_card = picks[4 * reveal]
        table = [card for _, card in picks[4 * reveal:4 * reveal + 4]]
        assert values[first_card] == max(values[c] for c in table)
        assert first_seat == ("A" if reveal % 2 == 0 else "B")


def test_policies_drive_whole_ban_procedures():
    value = ValuePolicy.from_file()
    for seed in range(30):
        state = run_bans(LIST_A, LIST_B, seed, (value, RandomPolicy()))
        assert state.done and all(len(deck) == 8 for deck in state.decks())
        assert replay_bans(state.record()).ok
    values = load_card_values().values
    both = run_bans(LIST_A, LIST_B, 0, (value, value))
    best_of_a = sorted(LIST_A, key=values.__getitem__, reverse=True)[:2]
    best_of_b = sorted(LIST_B, key=values.__getitem__, reverse=True)[:2]
    assert sorted(both.banned["A"]) == sorted(best_of_a)
    assert sorted(both.banned["B"]) == sorted(best_of_b)


def test_the_same_seed_gives_the_same_draft_with_random_players():
    policies = (RandomPolicy(), RandomPolicy())
    assert run_draft(5, policies).picks == run_draft(5, policies).picks
    assert run_draft(5, policies).picks != run_draft(6, policies).picks


def test_the_stored_card_values_fit_the_current_catalogue():
    stored = load_card_values()
    assert stored.catalogue == CAT.version
    assert set(stored.values) == {card.name for card in CAT.cards}
    assert all(-0.5 <= v <= 0.5 for v in stored.values.values())
    assert stored.games >= 1000 and stored.method
    assert json.loads(VALUES_FILE.read_text())["values"] == stored.values


def test_values_measured_with_another_catalogue_are_refused(tmp_path):
    data = json.loads(VALUES_FILE.read_text())
    data["catalogue"] = "starter-kit@000000000000"
    stale = tmp_path / "values.json"
    stale.write_text(json.dumps(data))
    with pytest.raises(CatalogueError, match="measure it again"):
        ValuePolicy.from_file(stale)
    (tmp_path / "broken.json").write_text("{}")
    with pytest.raises(CatalogueError, match="not a card values file"):
        load_card_values(tmp_path / "broken.json")
