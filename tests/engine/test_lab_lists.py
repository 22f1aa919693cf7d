"""The deck lab with a constructed list (rule C-2.5): each game plays the list's 8 cards left
after the opponent's AI has made its two bans with the AI's ban policy, the same for the same
seed however the run is cut into chunks."""

from __future__ import annotations

import pytest

from engine.clash.cards import load_catalogue
from engine.clash.errors import SetupError
from engine.clash.formats import BanState, ValuePolicy, run_bans
from engine.clash.lab import lab_chunk
from engine.clash.lab_lists import (
    check_lab_deck,
    lab_game_decks,
    lab_games,
    lab_list_chunk,
    list_after_bans,
)
from engine.clash.rng import Rng
from tests.factories.decklists import LIST_A, LIST_C


def field() -> list[list[str]]:
    catalogue = load_catalogue()
    return [catalogue.deck(2), catalogue.deck(3)]


def test_every_game_of_a_list_plays_eight_of_its_cards_against_the_whole_field_deck():
    for k in range(12):
        (a, b), mine, opponent = lab_game_decks(LIST_A, field(), 7, k)
        tested, other = (a, b) if mine == 0 else (b, a)
        assert len(tested) == 8 and set(tested) < set(LIST_A)
        assert other == field()[opponent]
        assert mine == k % 2 and opponent == (k // 2) % 2


def test_the_opponent_bans_the_lists_two_most_valued_cards_with_the_ai_ban_policy():
    policy = ValuePolicy.from_file()
    values = policy.card_values
    kept = list_after_bans(LIST_A, "A", 11, policy)
    banned = [c for c in LIST_A if c not in kept]
    ranked = sorted(LIST_A, key=lambda c: values.get(c, 0.0), reverse=True)
    assert len(banned) == 2
    assert sorted(values.get(c, 0.0) for c in banned) == sorted(
        values.get(c, 0.0) for c in ranked[:2])


def test_the_bans_are_those_of_the_ban_two_procedure_between_two_lists():
    # The list's own two bans (of the opponent's list) aside, the opponent's two bans of the
    # list are the ones run_bans makes with the same policy and seed: B's at steps 1 and 4.
    policy = ValuePolicy.from_file()
    state = run_bans(LIST_A, LIST_C, 5, (policy, policy))
    assert list_after_bans(LIST_A, "A", 5, policy) == state.decks()[0]
    state = run_bans(LIST_C, LIST_A, 5, (policy, policy))
    assert list_after_bans(LIST_A, "B", 5, policy) == state.decks()[1]
    assert isinstance(state, BanState)


def test_a_list_run_is_a_function_of_its_seed_however_it_is_chunked():
    whole = lab_list_chunk(LIST_A, field(), 42, 0, 30, "random")
    parts = lab_list_chunk(LIST_A, field(), 42, 0, 11, "random").merge(
        lab_list_chunk(LIST_A, field(), 42, 11, 19, "random"))
    assert whole.to_json() == parts.to_json() and whole.games == 30
    assert whole.to_json() == lab_games(LIST_A, field(), 42, 0, 30, "random").to_json()


def test_an_eight_card_deck_plays_as_the_lab_always_played_it():
    deck = load_catalogue().deck(1)
    assert lab_games(deck, field(), 3, 0, 20, "random").to_json() == lab_chunk(
        deck, field(), 3, 0, 20, "random").to_json()
    (a, b), _, _ = lab_game_decks(deck, field(), 3, 0)
    assert a == deck


def test_a_list_game_is_the_game_of_its_banned_decks():
    # Game k of a list run is the game lab_chunk would play between the decks left after bans.
    decks, mine, _ = lab_game_decks(LIST_A, field(), 9, 4)
    seed = Rng.stream(9, "lab-4").next_u64() >> 1
    assert seed > 0 and mine == 0
    alone = lab_list_chunk(LIST_A, field(), 9, 4, 1, "random")
    assert alone.games == 1 and sum(alone.by_opponent[0]) == 1


def test_a_list_with_a_problem_is_refused_with_every_problem_named():
    with pytest.raises(SetupError) as refused:
        check_lab_deck(LIST_A[:9] + [LIST_A[0]], field(), "nobody")
    message = refused.value.message
    assert "the list: BARON appears twice" not in message  # LIST_A[0] is ANNIHILATION
    assert "ANNIHILATION appears twice" in message and "unknown AI level" in message
    with pytest.raises(SetupError, match="9 cards, 8 needed"):
        check_lab_deck(LIST_A[:9], field(), "random")
    check_lab_deck(LIST_A, field(), "random")  # a legal list and field: no error
