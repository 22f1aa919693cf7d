"""The moves the game page offers come from the engine's legal actions, and only those that
do something: no attack button when no creature would attack (the engine allows ATTACK_NEXT
in the Summon phase even then: it only enters the Attack phase), "Attack with all" only when
more than one creature is left to attack, and a warning before ending the turn while cards
are still playable with the mana left. "End the turn" then asks first: in place with the
page's script, and as a server step without it."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse
from django.utils import timezone

from engine.clash import events as ev
from engine.clash.actions import CAST, PLAY, decode
from engine.clash.solo import SoloOptions
from play.models import OnlineGame
from play.presenters.boards import board, moves
from play.selectors.positions import SoloSetup, legal_moves_of, rebuild, to_move
from play.services import solo_start
from tests.play.conftest import legal_tokens, seen
from tests.web import html

NEXT, ALL, END = "Attack with the next creature", "Attack with all", "End the turn"


def solo_setup(seed: int) -> SoloSetup:
    return SoloSetup(seed=seed, fmt="solo-preconstructed", level=0,
                     options=SoloOptions().to_json(), deck=1)


def offered(setup: SoloSetup, tokens: list[str]) -> dict:
    game = rebuild(setup, tokens).game
    return moves(game, 0, board(game, 0))


def labels(offer: dict) -> list[str]:
    return [t["label"] for t in offer["turn"]]


def activations(setup: SoloSetup, tokens: list[str], token: str) -> list[tuple]:
    """What the event log says happened when `token` was applied after `tokens`, besides
    entering the Attack phase."""
    before = len(rebuild(setup, tokens).log)
    after = rebuild(setup, [*tokens, token]).log[before:]
    return [event for event in after if event[0] != ev.ATTACK_PHASE]


def walk(seed: int, steps: int = 120):
    """(tokens, legal tokens) of the positions a seeded random player meets in a solo game."""
    setup = solo_setup(seed)
    rng = random.Random(seed)
    tokens: list[str] = []
    for _ in range(steps):
        game = rebuild(setup, tokens).game
        if to_move(game) != 0:
            return
        legal = legal_moves_of(game, 0)
        yield setup, list(tokens), legal
        tokens.append(rng.choice(legal))


def test_an_attack_was_offered_with_no_creature_that_can_attack():
    setup = solo_setup(2)
    game = rebuild(setup, []).game
    assert "N" in legal_moves_of(game, 0)  # the engine allows it: it only changes the phase
    assert activations(setup, [], "N") == []  # and nothing attacks
    assert labels(offered(setup, [])) == [END]


def test_an_attack_is_offered_once_a_creature_can_attack():
    setup = solo_setup(2)
    tokens = ["P0t", "E"]  # TROLL to the top lane; two turns later it may attack (C-4.2)
    assert labels(offered(setup, tokens)) == [NEXT, END]
    assert activations(setup, tokens, "N")


def check_walk(seed: int) -> dict[str, int]:
    """Every offered turn move is legal, "Attack with the next creature" is offered exactly
    when applying it makes a creature attack, and "Attack with all" exactly when another is
    left after that one. Returns how often each case came up."""
    checked = {"next": 0, "all": 0, "none": 0}
    for setup, tokens, legal in walk(seed):
        offer = offered(setup, tokens)
        if offer["returns"]:
            continue
        shown = labels(offer)
        for move in offer["turn"]:
            assert move["token"] in legal or move["token"] == "X"
        if "N" not in legal:
            assert NEXT not in shown and ALL not in shown
            continue
        attacked = activations(setup, tokens, "N")
        assert (NEXT in shown) == bool(attacked), (tokens, shown, attacked)
        if NEXT not in shown:
            checked["none"] += 1
            assert ALL not in shown
            continue
        checked["next"] += 1
        after = rebuild(setup, [*tokens, "N"]).game
        more = after.winner is None and (after.pending is not None
                                         or "N" in legal_moves_of(after, 0))
        assert (ALL in shown) == more, (tokens, shown)
        checked["all"] += ALL in shown
    return checked


@pytest.mark.parametrize("seed", range(1, 9))
def test_every_offered_move_is_legal_and_every_offered_attack_attacks(seed):
    assert check_walk(seed)["none"]  # the walk met the case the page used to get wrong


def test_the_walks_meet_attack_with_all_offered_and_not():
    counts = [check_walk(seed) for seed in range(1, 9)]
    assert sum(c["all"] for c in counts) and sum(c["next"] - c["all"] for c in counts)


@pytest.mark.parametrize("seed", range(1, 5))
def test_the_end_turn_warning_names_exactly_the_cards_still_playable(seed):
    warned = quiet = 0
    for setup, tokens, legal in walk(seed):
        offer = offered(setup, tokens)
        if offer["returns"]:
            assert offer["end_warning"] is None
            continue
        game = rebuild(setup, tokens).game
        indexes = sorted({a[1] for t in legal for a in decode(t) if a[0] in (PLAY, CAST)})
        if not indexes:
            assert offer["end_warning"] is None
            quiet += 1
            continue
        warned += 1
        hand = game.players[0].cards
        assert offer["end_warning"] == {"cards": len(indexes), "mana": game.mana,
                                        "names": [game.catalogue.name(hand[i])
                                                  for i in indexes]}
    assert warned and quiet


# The page -----------------------------------------------------------------------------------

@pytest.fixture
def first_turn(db, player) -> OnlineGame:  # noqa: ARG001
    return solo_start(player=player, fmt="solo-preconstructed", deck=1, level=0, options={},
                      seed=2, now=timezone.now())


def test_the_page_offered_attack_buttons_with_no_creature_that_can_attack(client, first_turn):
    page = client.get(reverse("play:game", args=[first_turn.pk]))
    text = html(page)
    assert NEXT not in text and ALL not in text
    assert "N" not in legal_tokens(page) and "X" not in legal_tokens(page)


def test_end_the_turn_with_cards_left_posts_a_question_not_the_action(client, first_turn):
    url = reverse("play:game", args=[first_turn.pk])
    page = client.get(url)
    text = html(page)
    # Closed until asked: the script opens it in place, the server when posted.
    assert '<div class="play-confirm" id="play-end-confirm" role="group" ' \
           'aria-labelledby="play-end-confirm-text" hidden>' in text
    assert 'name="confirm_end" value="1"' in text
    assert ("You can still play 2 cards (TROLL, REVENANT) with 6 mana left.") in text

    asked = client.post(url, {"confirm_end": "1", "n": seen(page)})
    assert asked.status_code == 200
    text = html(asked)
    assert 'aria-labelledby="play-end-confirm-text">' in text  # open: no hidden
    assert "End the turn now?" in text and "Yes, end the turn" in text
    first_turn.refresh_from_db()
    assert first_turn.actions == []  # nothing applied

    done = client.post(url, {"action": "E", "n": seen(asked)})
    assert done.status_code == 302
    first_turn.refresh_from_db()
    assert first_turn.actions == ["E"]


def test_the_question_from_a_stale_page_is_not_asked(client, first_turn):
    url = reverse("play:game", args=[first_turn.pk])
    stale = client.post(url, {"confirm_end": "1", "n": 5})
    assert stale.status_code == 409
    assert "the game has moved on since this page was built" in html(stale)
    first_turn.refresh_from_db()
    assert first_turn.actions == []
