"""Engine-decided matches and the deck lab."""

import pytest

from engine.clash.ai import make_agent
from engine.clash.cards import load_catalogue
from engine.clash.errors import SetupError
from engine.clash.game import new_game, play_game, run_to_end
from engine.clash.lab import LabResult, chunks, lab_chunk
from engine.clash.match import game_seed, play_match
from engine.clash.record import replay
from engine.clash.rng import Rng

CAT = load_catalogue()


def test_a_best_of_three_stops_at_two_wins_and_every_game_replays():
    for seed in range(6):
        result = play_match((CAT.deck(1), CAT.deck(2)), seed, ("greedy", "scripted"))
        assert 2 <= len(result.games) <= 3
        assert max(result.a_wins, result.b_wins) == 2 or result.draws
        for index, record in enumerate(result.games):
            assert record.seed == game_seed(seed, index)
            assert replay(record).ok


def test_a_best_of_one_is_one_game_and_the_same_seed_gives_the_same_match():
    one = play_match((CAT.deck(3), CAT.deck(4)), 9, ("random", "random"), best_of=1)
    assert len(one.games) == 1
    again = play_match((CAT.deck(3), CAT.deck(4)), 9, ("random", "random"), best_of=1)
    assert [g.dumps() for g in again.games] == [g.dumps() for g in one.games]
    with pytest.raises(SetupError):
        play_match((CAT.deck(3), CAT.deck(4)), 9, ("random", "random"), best_of=2)


def test_lab_results_do_not_depend_on_how_the_games_are_split():
    deck, field = CAT.deck(1), [CAT.deck(2), CAT.deck(3)]
    whole = lab_chunk(deck, field, 5, 0, 40, "random")
    parts = LabResult()
    for start, count in chunks(40, 7):
        parts.merge(lab_chunk(deck, field, 5, start, count, "random"))
    assert parts.to_json() == whole.to_json()
    assert whole.games == 40 == whole.wins + whole.losses + whole.draws
    assert sum(sum(v) for v in whole.by_opponent.values()) == 40
    assert LabResult.from_json(whole.to_json()).to_json() == whole.to_json()


def test_lab_input_is_checked_with_every_problem_named():
    with pytest.raises(SetupError) as err:
        lab_chunk(["OGRE"], [CAT.deck(2), ["NOPE"] * 8], 1, 0, 1, "genius")
    message = err.value.message
    assert "the deck: 1 cards, 8 needed" in message
    assert "field deck 2: NOPE" in message
    assert "unknown AI level 'genius'" in message


@pytest.mark.parametrize("level", ["random", "scripted", "greedy"])
def test_an_unrecorded_game_ends_exactly_as_the_recorded_one(level):
    for seed in range(4):
        decks = (CAT.deck(seed % 4 + 1), CAT.deck((seed + 1) % 4 + 1))
        agents = (make_agent(level, seed), make_agent(level, seed + 1))
        recorded, record = play_game(decks, seed, agents, catalogue=CAT)
        game = new_game(decks, seed, catalogue=CAT)
        agents = (make_agent(level, seed), make_agent(level, seed + 1))
        assert run_to_end(game, agents, recorded=False) == ([], [])
        assert game.state_hash() == recorded.state_hash() == record.hashes[-1]


def test_a_lab_game_counts_the_winner_its_recorded_game_has():
    """Game k of a lab run: field deck (k // 2) mod n, the tested deck in seat A when k is
    even, the seed from (seed, k) (engine.clash.lab)."""
    deck, field = CAT.deck(1), [CAT.deck(2), CAT.deck(3)]
    for k in range(6):
        part = lab_chunk(deck, field, 11, k, 1, "scripted")
        seed = Rng.stream(11, f"lab-{k}").next_u64() >> 1
        mine = k % 2
        decks = [field[(k // 2) % 2]] * 2
        decks[mine] = deck
        _, record = play_game(decks, seed, (make_agent("scripted", seed),
                                            make_agent("scripted", seed + 1)), catalogue=CAT)
        expected = ("wins" if record.result == "AB"[mine] else
                    "draws" if record.result == "draw" else "losses")
        assert getattr(part, expected) == 1 == part.games
