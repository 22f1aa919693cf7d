"""The AI seats' moves (engine.clash.ai.turns): the same bans, picks and actions as the loops
the ban sessions, draft pods and online games ran before, and the idempotency rule."""

import pytest

from engine.clash.actions import decode, encode
from engine.clash.ai import make_agent
from engine.clash.ai.turns import BAN, PICK, PLAY, AiMove, ai_turns
from engine.clash.cards import load_catalogue
from engine.clash.formats import BanState, DraftState, ValuePolicy
from engine.clash.game import new_game
from engine.clash.observation import Observation
from engine.clash.rng import Rng

CAT = load_catalogue()
LIST_A = CAT.deck(1) + ["OGRE", "ALPHA"]
LIST_B = CAT.deck(4) + ["BRUTE", "GNOME"]
# Every card worth the same: each choice is a tie the seeded generator breaks, so a stream
# named differently would show.
FLAT = ValuePolicy({})
SEEDS = (0, 1, 7, 42, 2**40 + 3)


# The loops as the services wrote them, the reference the function must match.

def old_bans(state: BanState, seed: int, ai: set[str], policy) -> None:
    while not state.done and state.to_ban in ai:
        seat = state.to_ban
        rng = Rng.stream(seed, f"ban-ai-{seat}-{len(state.bans)}")
        state.ban(seat, policy.choose_ban(state.view(), seat, rng))


def old_picks(state: DraftState, seed: int, ai: set[str], policy) -> None:
    while not state.done and state.to_pick in ai:
        side = state.to_pick
        rng = Rng.stream(seed, f"draft-ai-{side}-{len(state.picks)}")
        state.pick(side, policy.choose_pick(state.view(), side, rng))


def old_actions(game, seed: int, seat: int, level: str, actions: list[str]) -> None:
    while game.winner is None and game.to_move == seat:
        agent = make_agent(level, Rng.stream(seed, f"ai-{len(actions)}").next_u64() >> 1)
        token = encode(tuple(agent.act(Observation(game, seat))))
        (action,) = decode(token)
        game.apply(action)
        actions.append(token)


def apply_bans(state: BanState, moves: list[AiMove]) -> None:
    for move in moves:
        assert (state.to_ban, len(state.bans)) == (move.seat, move.step)
        state.ban(move.seat, move.choice)


def apply_picks(state: DraftState, moves: list[AiMove]) -> None:
    for move in moves:
        assert (state.to_pick, len(state.picks)) == (move.seat, move.step)
        state.pick(move.seat, move.choice)


# Bans ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("policy", [FLAT, ValuePolicy.from_file()], ids=["flat", "values"])
@pytest.mark.parametrize("seed", SEEDS)
def test_two_ai_seats_ban_as_the_old_loop(seed, policy):
    old, new = BanState(LIST_A, LIST_B), BanState(LIST_A, LIST_B)
    old_bans(old, seed, {"A", "B"}, policy)
    moves = ai_turns(BAN, new, seed=seed, ai={"A", "B"}, policy=policy)
    assert new.bans == ()  # the function works on a copy
    apply_bans(new, moves)
    assert new.done and new.bans == old.bans
    assert [m.step for m in moves] == [0, 1, 2, 3]


@pytest.mark.parametrize("seed", SEEDS)
def test_one_ai_seat_bans_as_the_old_loop_around_a_persons_bans(seed):
    old, new = BanState(LIST_A, LIST_B), BanState(LIST_A, LIST_B)
    old_bans(old, seed, {"B"}, FLAT)  # B bans first (C-2.5)
    apply_bans(new, ai_turns(BAN, new, seed=seed, ai={"B"}, policy=FLAT))
    assert new.bans == old.bans and len(new.bans) == 1
    for state in (old, new):  # the person at seat A bans twice
        state.ban("A", state.remaining("B")[0])
        state.ban("A", state.remaining("B")[-1])
    old_bans(old, seed, {"B"}, FLAT)
    apply_bans(new, ai_turns(BAN, new, seed=seed, ai={"B"}, policy=FLAT))
    assert new.done and new.bans == old.bans


def test_the_default_ban_policy_is_the_value_policy():
    old, new = BanState(LIST_A, LIST_B), BanState(LIST_A, LIST_B)
    old_bans(old, 3, {"A", "B"}, ValuePolicy.from_file())
    apply_bans(new, ai_turns(BAN, new, seed=3, ai={"A", "B"}))
    assert new.bans == old.bans


# Picks --------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_two_ai_seats_draft_as_the_old_loop(seed):
    old, new = DraftState(seed), DraftState(seed)
    old_picks(old, seed, {"A", "B"}, FLAT)
    apply_picks(new, ai_turns(PICK, new, seed=seed, ai={"A", "B"}, policy=FLAT))
    assert new.done and new.picks == old.picks


@pytest.mark.parametrize("ai", ["A", "B"])
@pytest.mark.parametrize("seed", SEEDS)
def test_one_ai_seat_drafts_as_the_old_loop_against_a_person(seed, ai):
    old, new = DraftState(seed), DraftState(seed)
    policy = ValuePolicy.from_file()
    while not new.done:
        old_picks(old, seed, {ai}, policy)
        apply_picks(new, ai_turns(PICK, new, seed=seed, ai={ai}, policy=policy))
        assert new.picks == old.picks
        if not new.done:  # the person takes the last revealed card
            for state in (old, new):
                state.pick(state.to_pick, state.revealed[-1])
    assert old.done and new.picks == old.picks


# Actions ------------------------------------------------------------------------------------

@pytest.mark.parametrize("level", ["random", "scripted", "greedy"])
@pytest.mark.parametrize("seed", (0, 5, 42))
def test_an_ai_seat_plays_as_the_old_loop_against_a_person(seed, level):
    decks = (CAT.deck(1), CAT.deck(3))
    old, new = new_game(decks, seed), new_game(decks, seed)
    old_tokens: list[str] = []
    new_tokens: list[str] = []
    person = Rng(seed)
    while new.winner is None and len(new_tokens) < 400:
        old_actions(old, seed, 1, level, old_tokens)
        before = new.state_hash()
        moves = ai_turns(PLAY, new, seed=seed, ai={1}, level=level, made=len(new_tokens))
        assert new.state_hash() == before  # the function works on a copy
        for move in moves:
            assert (move.seat, move.step) == (1, len(new_tokens))
            (action,) = decode(move.choice)
            new.apply(action)
            new_tokens.append(move.choice)
        assert new_tokens == old_tokens and new.state_hash() == old.state_hash()
        if new.winner is None:  # the person at seat 0 plays any legal action
            action = person.choice(Observation(new, 0).legal_actions())
            for game, tokens in ((old, old_tokens), (new, new_tokens)):
                game.apply(action)
                tokens.append(encode(action))
    assert new_tokens == old_tokens


def test_a_game_needs_its_level_and_its_count_of_actions():
    game = new_game((CAT.deck(1), CAT.deck(2)), 1)
    with pytest.raises(ValueError):
        ai_turns(PLAY, game, seed=1, ai={0, 1}, level="random")
    with pytest.raises(ValueError):
        ai_turns("dance", game, seed=1, ai={0, 1})


def test_ai_seats_that_never_hand_over_stop_at_the_limit():
    game = new_game((CAT.deck(1), CAT.deck(2)), 1)
    with pytest.raises(RuntimeError):
        ai_turns(PLAY, game, seed=1, ai={0, 1}, level="random", made=0, limit=5)


# The rule -----------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_applying_the_moves_then_asking_again_gives_nothing(seed):
    bans = BanState(LIST_A, LIST_B)
    apply_bans(bans, ai_turns(BAN, bans, seed=seed, ai={"B"}))
    assert ai_turns(BAN, bans, seed=seed, ai={"B"}) == []  # A's step now
    draft = DraftState(seed)
    apply_picks(draft, ai_turns(PICK, draft, seed=seed, ai={"A", "B"}))
    assert draft.done and ai_turns(PICK, draft, seed=seed, ai={"A", "B"}) == []
    game = new_game((CAT.deck(2), CAT.deck(4)), seed)
    ai = game.to_move
    moves = ai_turns(PLAY, game, seed=seed, ai={ai}, level="greedy", made=0)
    for move in moves:
        game.apply(decode(move.choice)[0])
    assert moves and ai_turns(PLAY, game, seed=seed, ai={ai}, level="greedy",
                              made=len(moves)) == []


@pytest.mark.parametrize("seed", SEEDS)
def test_the_same_step_gives_the_same_move_whoever_computes_it(seed):
    draft = DraftState(seed)
    first = ai_turns(PICK, draft, seed=seed, ai={"A", "B"})
    assert ai_turns(PICK, draft, seed=seed, ai={"A", "B"}) == first
    # Half-way through, the rest is the rest of the whole.
    apply_picks(draft, first[:5])
    assert ai_turns(PICK, draft, seed=seed, ai={"A", "B"}) == first[5:]


def test_the_streams_stay_as_recorded():
    """Stored sessions, pods and games replay only while these moves stay the same."""
    bans = ai_turns(BAN, BanState(LIST_A, LIST_B), seed=11, ai={"A", "B"}, policy=FLAT)
    assert [m.choice for m in bans] == GOLDEN_BANS
    picks = ai_turns(PICK, DraftState(11), seed=11, ai={"A", "B"}, policy=FLAT)
    assert [m.choice for m in picks] == GOLDEN_PICKS
    game = new_game((CAT.deck(1), CAT.deck(3)), 11)
    moves = ai_turns(PLAY, game, seed=11, ai={game.to_move}, level="random", made=0)
    assert [m.choice for m in moves] == GOLDEN_ACTIONS


# Made by the loops above on main before they became one function.
GOLDEN_BANS = ["BOOM!", "ASSASSIN", "BRUTE", "OGRE"]
GOLDEN_PICKS = ["ASSASSIN", "METEORITE", "CYCLONE", "BRUTE", "ABERRATION", "GRRR", "MICROCTOPUS",
                "TROLL", "LIEUTENANT", "CARAPACE", "OGRE", "SHAMAN", "MUTANT", "REVENANT",
                "CARNIVORE", "BOOM!"]
GOLDEN_ACTIONS = ["P0t", "N", "E"]
