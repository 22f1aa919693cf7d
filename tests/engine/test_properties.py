"""Properties that hold in every game: checked after every action of seeded games between
random players, each game's record then replayed. The suite plays 2,000 games (about 10 s);
`CLASH_PROPERTY_GAMES=10000` (or more) runs a deeper check of the same properties."""

import os
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.clash.ai import RandomAgent
from engine.clash.cards import load_catalogue
from engine.clash.game import play_game
from engine.clash.record import replay
from engine.clash.rules import Game, hand_names

CATALOGUE = load_catalogue()
GAMES = int(os.environ.get("CLASH_PROPERTY_GAMES", "2000"))


def check_invariants(game: Game, decks: list[Counter]) -> None:
    for seat, p in enumerate(game.players):
        # Every card is in exactly one place: the hand, a lane, or waiting to return.
        places = Counter(p.cards)
        for lane in p.lanes:
            places.update(c.card for c in lane)
        if game.pending is not None:
            if game.pending[0] == seat:
                places.update(game.pending[1])
            tail = game.pending[2]
            if tail is not None and tail[0] == seat:
                places[tail[1]] += 1
        assert places == decks[seat], (seat, places, decks[seat])
        # Health is the number of cards right of the Bastion/Fort (rule C-1.5).
        names = hand_names(game, seat)
        assert p.health == len(names) - 1 - names.index("BASTION")
        # A player keeps at least one card besides the Bastion/Fort (rule C-7.4).
        assert len(p.cards) >= 1
        # Only a decided game has a Bastion/Fort at the rightmost position (C-7.2, C-7.3).
        assert 0 <= p.bpos < len(p.cards) or (game.winner is not None and p.fort)
        # No creature survives with damage at least its health (rule C-4.5).
        for lane in p.lanes:
            for c in lane:
                assert c.damage < c.health
                assert c.damage >= 0


@settings(max_examples=GAMES, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(min_value=0, max_value=2**40),
       deck_a=st.integers(min_value=1, max_value=4),
       deck_b=st.integers(min_value=1, max_value=4),
       turn_cap=st.sampled_from([200, 200, 200, 12, 1]))
def test_random_games_keep_every_invariant_end_and_replay(seed, deck_a, deck_b, turn_cap):
    decks = (CATALOGUE.deck(deck_a), CATALOGUE.deck(deck_b))
    counts = [Counter(CATALOGUE.id(n) for n in deck) for deck in decks]
    agents = (RandomAgent(seed), RandomAgent(seed + 1))
    game, record = play_game(decks, seed, agents, catalogue=CATALOGUE, turn_cap=turn_cap,
                             after_action=lambda g: check_invariants(g, counts))
    # Every game ends: a win, or a draw at the turn cap (ruling C-7.5a).
    assert game.winner is not None
    if game.winner == 2:
        assert game.turn == turn_cap
    else:
        loser = game.players[game.winner ^ 1]
        assert loser.fort and loser.bpos == len(loser.cards)
    assert len(record.turns) <= turn_cap
    verdict = replay(record, CATALOGUE)
    assert verdict.ok, verdict.reason
    assert verdict.result == record.result
