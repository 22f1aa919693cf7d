"""Properties of every solo game (rule C-8): a random player (and, so that the player wins
often enough to reach the automaton's last turn, sometimes the greedy one) against the
automaton at random options, checked after every action, each game's record then replayed."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.clash.ai import make_agent
from engine.clash.cards import load_catalogue
from engine.clash.rng import Rng
from engine.clash.rules import hand_names
from engine.clash.solo import (
    AI,
    HUMAN,
    SOLO_DRAFT,
    SOLO_PRECONSTRUCTED,
    SoloGame,
    SoloOptions,
    SoloRecord,
    options_for_level,
    play_solo_game,
    replay_solo,
)

CATALOGUE = load_catalogue()
STARTER_KIT = Counter(CATALOGUE.id(name) for n in CATALOGUE.deck_numbers
                      for name in CATALOGUE.deck(n))
# A quick game and every custom combination of levels 1-5 (rule C-8.9).
LEVELLED = [(0, SoloOptions())] + [(level, o) for level in range(1, 6)
                                   for o in options_for_level(level)]


class Watcher:
    """Checks the invariants after every action and remembers what must only move one way."""

    def __init__(self) -> None:
        self.ai_fort = False

    def __call__(self, game: SoloGame) -> None:
        # Every card is in exactly one place: the player's hand or lanes, the AI deck, discard
        # pile or lanes, or waiting to return.
        places = Counter(game.players[HUMAN].cards) + Counter(game.deck) + Counter(game.discard)
        for p in game.players:
            for lane in p.lanes:
                places.update(c.card for c in lane)
        if game.pending is not None:
            places.update(game.pending[1])
            if game.pending[2] is not None:
                places[game.pending[2][1]] += 1
        assert places == STARTER_KIT, places - STARTER_KIT or STARTER_KIT - places
        human, ai = game.players
        # Only the player ever moves; the automaton's turn never waits (rule C-8).
        assert game.to_move == HUMAN
        if game.winner is None and game.pending is None:
            assert game.active == HUMAN
        # The AI deck lies over its Bastion/Fort (bpos 0); its Bastion turns once (C-8.7).
        assert ai.bpos == 0 and ai.health == len(game.deck)
        assert ai.fort or not self.ai_fort
        self.ai_fort = ai.fort
        # A Bastion never stays exposed: an empty deck is over the Fort (C-8.7), except while
        # the last revealed card waits for the player's return order to finish resolving.
        assert game.deck or ai.fort or (game.pending is not None and game.active == AI)
        # The player's hand as in a duel (C-1.5, C-7.4).
        names = hand_names(game, HUMAN)
        assert human.health == len(names) - 1 - names.index("BASTION")
        assert len(human.cards) >= 1
        assert 0 <= human.bpos < len(human.cards) or (game.winner == AI and human.fort)
        assert game.mana >= 0
        for p in game.players:
            for lane in p.lanes:
                for c in lane:
                    assert 0 <= c.damage < c.health


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(min_value=0, max_value=2**40),
       levelled=st.sampled_from(LEVELLED),
       fmt=st.sampled_from([SOLO_DRAFT, SOLO_PRECONSTRUCTED]),
       deck=st.integers(min_value=1, max_value=4),
       chooses_returns=st.booleans(),
       turn_cap=st.sampled_from([200, 200, 200, 12, 1]),
       player=st.sampled_from(["random", "random", "greedy"]))
def test_random_solo_games_keep_every_invariant_end_and_replay(seed, levelled, fmt, deck,
                                                                chooses_returns, turn_cap,
                                                                player):
    level, options = levelled
    chooser = Rng.stream(seed, "test-draft")
    watcher = Watcher()
    game, record = play_solo_game(
        seed, make_agent(player, seed), fmt=fmt, deck=deck,
        draft=lambda shown: shown[chooser.below(len(shown))], options=options, level=level,
        catalogue=CATALOGUE, turn_cap=turn_cap, chooses_returns=chooses_returns,
        after_action=watcher)
    # Every game ends (rule C-8.8, or the turn cap of ruling C-7.5a).
    assert game.winner is not None
    human, ai = game.players
    if game.winner == HUMAN:  # the player survived the automaton's last turn
        assert game.active == AI and ai.fort and not game.deck
    elif game.winner == AI:  # the player's Fort reached the rightmost position
        assert human.fort and human.bpos == len(human.cards)
    else:
        assert game.turn == turn_cap
    assert len(record.turns) <= turn_cap
    verdict = replay_solo(SoloRecord.loads(record.dumps()), CATALOGUE)
    assert verdict.ok, verdict.reason
    assert verdict.result == record.result
